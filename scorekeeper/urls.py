from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.urls import include, path, re_path
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language

from scorekeeper.health import healthz
from scorekeeper.openapi import openapi
from scorekeeper.shell import ScriptCatalog, service_worker
from toolkit.jsonapi import refused
from toolkit.refusals import ProtocolError


@csrf_exempt
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Anything under /api/ that no endpoint answers: the contract's JSON 404, never the HTML page."""
    return refused(ProtocolError(404, _("There is no API endpoint at this address")))


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("sw.js", service_worker, name="service-worker"),
    path("api/openapi.json", openapi, name="api-openapi"),
    path("", include("events.urls")),
    path("", include("groups.urls")),
    path("", include("rounds.urls")),
    # Last: every other address under /api/ answers the JSON 404 of the contract, a newline (%0A)
    # in it or not (`.` would stop at one).
    re_path(r"^api/(?P<path>[\s\S]*)$", api_not_found, name="api-not-found"),
    # Django's language switch, as django.conf.urls.i18n routes it, naming the methods it takes.
    path("i18n/setlang/", require_http_methods(["GET", "POST"])(set_language), name="set_language"),
    path("jsi18n/", ScriptCatalog.as_view(), name="javascript-catalog"),
]
if settings.ADMIN:
    from django.contrib import admin

    urlpatterns.append(path("admin/", admin.site.urls))
handler400 = "scorekeeper.refusals.bad_request"
