from django.urls import path

from events import api, views

app_name = "events"

urlpatterns = [
    path("e/new", views.event_new, name="new"),
    path("e/<str:event>/", views.event_page, name="event"),
    path("e/<str:event>/screen", views.screen_page, name="screen"),
    path("e/<str:event>/ratings", views.ratings_page, name="ratings"),
    path("e/<str:event>/me", views.my_table, name="my-table"),
    path("e/<str:event>/draw", views.draw, name="draw"),
    path("e/<str:event>/players", views.players, name="players"),
    path("e/<str:event>/swap", views.swap, name="swap"),
    path("api/events", api.events, name="api-events"),
    path("api/events/<str:event>", api.event_detail, name="api-event"),
    path("api/events/<str:event>/rounds", api.draw, name="api-draw"),
    path("api/events/<str:event>/export.csv", api.export_csv, name="api-export"),
]
