from django.urls import path

from groups.web import api, views

app_name = "groups"

urlpatterns = [
    path("g/new", views.group_new, name="new"),
    path("g/<str:group>/", views.group_page, name="group"),
    path("g/<str:group>/season", views.season_partial, name="season-partial"),
    path("g/<str:group>/evenings/new", views.evening_new, name="evening-new"),
    path("g/<str:group>/rules", views.rules_edit, name="rules"),
    path("g/<str:group>/players/rename", views.player_rename, name="player-rename"),
    path("g/<str:group>/players/add", views.players_add, name="players-add"),
    path("g/<str:group>/players/remove", views.player_remove, name="player-remove"),
    path("g/<str:group>/league", views.league_edit, name="league"),
    path("g/<str:group>/league/print", views.league_print, name="league-print"),
    path("g/<str:group>/import", views.import_page, name="import"),
    path("api/groups", api.groups, name="api-groups"),
    path("api/groups/<str:group>", api.group_detail, name="api-group"),
    path("api/groups/<str:group>/evenings", api.evenings, name="api-evenings"),
    path("api/groups/<str:group>/players", api.players, name="api-players"),
    path("api/groups/<str:group>/players/<int:player>", api.player_detail, name="api-player"),
    path("api/groups/<str:group>/season", api.season, name="api-season"),
    path("api/groups/<str:group>/league", api.league, name="api-league"),
    path("api/groups/<str:group>/league.csv", api.league_csv_export, name="api-league-csv"),
    path("api/groups/<str:group>/import", api.import_log, name="api-import"),
    path("api/groups/<str:group>/export.txt", api.export_log, name="api-export"),
]
