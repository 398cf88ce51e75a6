"""The database out of reach: a clear 503 (JSON under /api/, a page otherwise), never a 500.

Whatever was being written was not stored (the transaction never committed), so the answer
says to try again; Retry-After tells scripts when.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)
RETRY_AFTER = 5


class DatabaseOutageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.error("Database unavailable for %s %s: %s", request.method, request.path, exception)
        message = _("The scores cannot be reached right now; nothing was changed. Try again in a moment.")
        if request.path.startswith("/api/"):
            response: HttpResponse = JsonResponse(
                {"error": message, "field": None, "player": None}, status=503
            )
        else:
            response = HttpResponse(render_to_string("503.html", {"message": message}), status=503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response
