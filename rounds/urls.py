from django.urls import path

from rounds import api, views

app_name = "rounds"

urlpatterns = [
    path("", views.home, name="home"),
    path("s/<str:key>/", views.session_page, name="session"),
    path("s/<str:key>/table/", views.table_page, name="table"),
    path("api/sessions", api.sessions, name="api-sessions"),
    path("api/presets", api.presets, name="api-presets"),
    path("api/sessions/<str:key>", api.session_detail, name="api-session"),
    path("api/sessions/<str:key>/lock", api.lock, name="api-lock"),
    path("api/sessions/<str:key>/rounds", api.rounds, name="api-rounds"),
    path("api/sessions/<str:key>/rounds/<int:number>", api.round_detail, name="api-round"),
    path("api/sessions/<str:key>/rounds/<int:number>/history", api.history, name="api-history"),
]
