from django.urls import path

from events.web import api, new_event, print_views, seat_views, signup_views, views

app_name = "events"

urlpatterns = [
    path("e/new", new_event.event_new, name="new"),
    path("e/new/<str:group>", new_event.event_new, name="new-night"),
    path("e/<str:event>/", views.event_page, name="event"),
    path("e/<str:event>/screen", views.screen_page, name="screen"),
    path("e/<str:event>/ratings", views.ratings_page, name="ratings"),
    path("e/<str:event>/me", seat_views.my_table, name="my-table"),
    path("e/<str:event>/join/<str:round>/<str:table>", seat_views.join_page, name="join"),
    path("e/<str:event>/banner/<str:round>/<str:table>", seat_views.banner, name="banner"),
    path("e/<str:event>/draw", views.draw, name="draw"),
    path("e/<str:event>/end", views.end_round, name="end-round"),
    path("e/<str:event>/players", views.players, name="players"),
    path("e/<str:event>/signup", signup_views.sign_up, name="signup"),
    path("e/<str:event>/signup/switch", signup_views.switch, name="signup-switch"),
    path("e/<str:event>/swap", views.swap, name="swap"),
    path("e/<str:event>/print/tables", print_views.print_tables, name="print-tables"),
    path("e/<str:event>/print/standings", print_views.print_standings, name="print-standings"),
    path("e/<str:event>/print/slips", print_views.print_slips, name="print-slips"),
    path("api/events", api.events, name="api-events"),
    path("api/events/<str:event>", api.event_detail, name="api-event"),
    path("api/events/<str:event>/signup", api.signup, name="api-signup"),
    path("api/events/<str:event>/rounds", api.draw, name="api-draw"),
    path("api/events/<str:event>/rounds/end", api.end_round, name="api-end-round"),
    path("api/events/<str:event>/export.csv", api.export_csv, name="api-export"),
]
