"""Security headers on every response: a Content-Security-Policy with no inline script or style,
a Permissions-Policy that switches off what a scorekeeper never needs, and `Cache-Control:
private, no-store` on every answer that carries a key (a keyed address, or a write, whose reply
may hold new keys): no shared cache and no disk keeps a capability. A phone's service worker
keeps its own copy of the pages opened on it, which no-store does not touch.

(Cross-Origin-Opener-Policy, X-Content-Type-Options and Referrer-Policy come from Django's
SecurityMiddleware; tests/test_headers.py checks them all.)
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from scorekeeper.logs import KEY

# 'self' also covers the page's own WebSocket (ws: / wss: on the same host, CSP Level 3).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "camera",
        "microphone",
        "geolocation",
        "payment",
        "usb",
        "serial",
        "hid",
        "midi",
        "magnetometer",
        "gyroscope",
        "accelerometer",
        "display-capture",
        "browsing-topics",
    )
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        if carries_key(request):
            response.headers["Cache-Control"] = "private, no-store"
        return response


def carries_key(request: HttpRequest) -> bool:
    if request.path.startswith(settings.STATIC_URL):  # hashed names, no keys: kept a year
        return False
    return request.method not in ("GET", "HEAD") or KEY.search(request.path) is not None
