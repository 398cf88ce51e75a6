from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from rounds.shell import service_worker
from scorekeeper.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("sw.js", service_worker, name="service-worker"),
    path("", include("events.urls")),
    path("", include("groups.urls")),  # first: rounds ends with the catch-all JSON 404 under /api/
    path("", include("rounds.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
]
handler400 = "scorekeeper.refusals.bad_request"
