"""A request body past REQUEST_BODY_MAX_BYTES is refused (413) before it is stored anywhere.

Django reads a whole body, file parts included, into a temporary file before any view runs, and
counts only a form's fields against DATA_UPLOAD_MAX_MEMORY_SIZE: without this, one POST of a few
gigabytes from anybody on the network would fill the laptop's disk. The largest body the app takes
is a paper log sent as a file (groups/inputs.py MAX_LOG_BYTES, in its multipart envelope); the
limit leaves room above it, so a log a little too long still gets the import page's own sentence.

Two places refuse, one per server:
- `BodyLimit`, around Django in scorekeeper/asgi.py: `make serve`'s uvicorn hands a body on as it
  comes, so it is refused at its declared length, or at the chunk that passes the limit.
- `CappedRequest`, daphne's request (`make run`: scorekeeper/daphne_run.py): twisted takes the
  whole body before the application sees any of it, so the request itself refuses at the same
  points.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from html import escape
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def most() -> int:
    return settings.REQUEST_BODY_MAX_BYTES


def refusal(path: str) -> tuple[bytes, bytes]:
    """(content type, body), in the server's language (the request never reached the part of the
    app that knows the page's): under /api/ the API's refusal, one format for every refusal;
    elsewhere (a photo chosen for a paper log on the import page) a page of its one sentence."""
    sentence = too_large_sentence(most())
    if path.startswith("/api/"):
        return b"application/json", json.dumps({"error": sentence, "field": None, "player": None}).encode()
    page = (
        f'<!doctype html><html lang="{settings.LANGUAGE_CODE}"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(sentence)}</title><p>{escape(sentence)}</p></html>"
    )
    return b"text/html; charset=utf-8", page.encode()


def too_large_sentence(most_bytes: int) -> str:
    """What a body past a limit is told: any body here, a form's fields in scorekeeper/refusals.py.
    (This module imports nothing of the apps: `make run` loads it before Django is set up.)"""
    return _("What was sent is too large (at most %(most)s KB); nothing was changed") % {
        "most": most_bytes // 1024
    }


def declared_length(headers: list[tuple[bytes, bytes]]) -> int | None:
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """ASGI: an HTTP request whose body passes the limit gets the 413 and the app never reads it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = declared_length(scope.get("headers", []))
        if length is not None and length > most():
            await refuse(send, scope["path"])
            return
        received = 0
        passed = False
        started = False

        async def counted() -> Message:
            nonlocal received, passed
            message = await receive()
            received += len(message.get("body", b""))
            if received > most():
                passed = True
                return {"type": "http.disconnect"}  # Django drops the body it read and answers nothing
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counted, watched)
        if passed and not started:
            await refuse(send, scope["path"])


async def refuse(send: Send, path: str) -> None:
    kind, body = refusal(path)
    headers = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def refusal_bytes(path: str) -> bytes:
    """The 413 as daphne's connection writes it, whole, before it closes."""
    kind, body = refusal(path)
    head = (
        "HTTP/1.1 413 Payload Too Large\r\n"
        f"Content-Type: {kind.decode()}\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body
