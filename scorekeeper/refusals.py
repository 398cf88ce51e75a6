"""A request Django cannot read (a body past DATA_UPLOAD_MAX_MEMORY_SIZE, a malformed form) gets
a page or, under /api/, the API's JSON refusal: never Django's bare "Bad Request (400)"."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from groups.inputs import MAX_LOG_BYTES
from scorekeeper.body_limit import too_large_sentence


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's handler400."""
    too_large = isinstance(exception, RequestDataTooBig)
    if too_large and is_import_page(request):
        message = _(
            "This log is too long to send as pasted text: choose it as a .txt file instead (at most %(most)s KB)"
        ) % {"most": MAX_LOG_BYTES // 1024}
    elif too_large:
        message = too_large_sentence(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    else:
        message = _("The request could not be read; nothing was changed")
    status = 413 if too_large else 400
    if request.path.startswith("/api/"):
        return JsonResponse({"error": message, "field": None, "player": None}, status=status)
    return render(request, "400.html", {"message": message}, status=status)


def is_import_page(request: HttpRequest) -> bool:
    try:
        return resolve(request.path_info).view_name == "groups:import"
    except Resolver404:
        return False
