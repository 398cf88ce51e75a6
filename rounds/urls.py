from django.urls import path

from rounds.web import api, recap, views

app_name = "rounds"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("s/<str:key>/", views.session_page, name="session"),
    path("s/<str:key>/table/", views.table_page, name="table"),
    path("s/<str:key>/settle/", views.settle_page, name="settle"),
    path("s/<str:key>/settle/partial", views.settle_partial, name="settle-partial"),
    path("s/<str:key>/settle/paid", views.settle_paid, name="settle-paid"),
    path("s/<str:key>/rounds/add", views.form_add_round, name="form-add-round"),
    path("s/<str:key>/settings", views.session_settings, name="session-settings"),
    path("api/sessions", api.sessions, name="api-sessions"),
    path("api/presets", api.presets, name="api-presets"),
    path("api/sessions/<str:key>", api.session_detail, name="api-session"),
    path("api/sessions/<str:key>/lock", api.lock, name="api-lock"),
    path("api/sessions/<str:key>/rounds", api.rounds, name="api-rounds"),
    path("api/sessions/<str:key>/preview", api.preview, name="api-preview"),
    path("api/sessions/<str:key>/rematch", api.rematch, name="api-rematch"),
    path("api/sessions/<str:key>/transfers/paid", api.transfer_paid, name="api-transfer-paid"),
    path("api/sessions/<str:key>/export.csv", api.export_csv, name="api-export-csv"),
    path("api/sessions/<str:key>/export.json", api.export_json, name="api-export-json"),
    path("api/sessions/<str:key>/recap.png", recap.recap_image, name="api-recap-png"),
    path("api/sessions/<str:key>/recap.txt", recap.recap_txt, name="api-recap-txt"),
    path("api/sessions/<str:key>/rounds/<int:number>", api.round_detail, name="api-round"),
    path("api/sessions/<str:key>/rounds/<int:number>/history", api.history, name="api-history"),
    path("api/sessions/<str:key>/requests", api.requests_stored, name="api-requests"),
    path("api/sessions/<str:key>/history", api.session_versions, name="api-session-history"),
    path(
        "api/sessions/<str:key>/history/<int:version>/restore",
        api.version_write,
        {"action": "restore"},
        name="api-restore",
    ),
    path(
        "api/sessions/<str:key>/history/<int:version>/undo",
        api.version_write,
        {"action": "undo"},
        name="api-undo",
    ),
]
