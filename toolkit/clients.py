"""Who is asking: the caller's address, as rate limits and logs count it."""

from __future__ import annotations

from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The caller's address: the connection's own, or, behind a proxy trusted to say it
    (`make run PROXY=1`, `make serve`'s FORWARDED_ALLOW_IPS), the address it forwarded."""
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64]
