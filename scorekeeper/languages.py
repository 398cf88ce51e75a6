"""The page's language on its socket too: a refusal sent over the WebSocket reads like the page.

HTTP requests get their language from Django's LocaleMiddleware (the language cookie the footer's
switch sets, then Accept-Language); a WebSocket has no such middleware, so its consumers spoke the
default language. This ASGI middleware makes the same choice from the handshake's headers and
keeps it active for the socket's whole life, database calls included (asgiref carries it into
their threads).
"""

from __future__ import annotations

from django.http import HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation


def language_of(scope: dict) -> str:
    """The language Django would pick for an HTTP request with this handshake's headers."""
    headers = {
        name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])
    }
    request = HttpRequest()
    request.COOKIES = parse_cookie(headers.get("cookie", ""))
    request.META["HTTP_ACCEPT_LANGUAGE"] = headers.get("accept-language", "")
    return translation.get_language_from_request(request)


class SocketLanguage:
    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        with translation.override(language_of(scope)):
            return await self.application(scope, receive, send)
