"""A body past REQUEST_BODY_MAX_BYTES (1 MiB) is refused before it is stored (scorekeeper/body_limit.py):
Django writes a whole body, file parts included, to a temporary file before any view runs, so one
POST of gigabytes filled the disk of the machine `make run` serves from. Both servers refuse: the
ASGI app around Django (`make serve`'s uvicorn, and the ASGI tests here) and daphne's request
(`make run`, a real daphne below); a body under it, a paper log a little too long, still reaches
the app and gets its own sentence."""

from __future__ import annotations

import asyncio
import json

import pytest
from django.conf import settings

from rounds.models import Session
from scorekeeper.asgi import application
from tests.servers import daphne, raw_post

pytestmark = pytest.mark.django_db(transaction=True)

MOST = settings.REQUEST_BODY_MAX_BYTES
TOO_LARGE = "What was sent is too large (at most 1024 KB); nothing was changed"


def scope(path: str, headers: list[tuple[bytes, bytes]]) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }


async def post(path: str, chunks: list[bytes], headers: list[tuple[bytes, bytes]]) -> tuple[int, dict, int]:
    """Through the application as a server hands it a request: (status, JSON body, chunks read)."""
    status, _kind, body, read = await sent_through(path, chunks, headers)
    return status, json.loads(body), read


async def sent_through(
    path: str, chunks: list[bytes], headers: list[tuple[bytes, bytes]]
) -> tuple[int, bytes, bytes, int]:
    """(status, content type, body, chunks read)."""
    pending = list(chunks)
    read = 0
    sent: list[dict] = []

    async def receive() -> dict:
        nonlocal read
        if not pending:
            await asyncio.Event().wait()  # the phone waits for its answer: no disconnect
        read += 1
        chunk = pending.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(pending)}

    async def send(message: dict) -> None:
        sent.append(message)

    await application(scope(path, headers), receive, send)
    start = next(message for message in sent if message["type"] == "http.response.start")
    body = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    kind = next(value for name, value in start["headers"] if name.lower() == b"content-type")
    return start["status"], kind, body, read


async def sessions() -> int:
    return await Session.objects.acount()


async def test_a_body_declared_past_the_limit_is_refused_unread():
    status, reply, read = await post(
        "/api/sessions", [b"x" * 1024] * 4, [(b"content-length", str(MOST + 1).encode())]
    )
    assert (status, reply) == (413, {"error": TOO_LARGE, "field": None, "player": None})
    assert read == 0


async def test_a_body_that_passes_the_limit_as_it_comes_is_refused_at_that_chunk():
    chunk = b"x" * (256 * 1024)
    status, reply, read = await post("/api/sessions", [chunk] * 10, [])  # no length declared
    assert (status, reply["error"]) == (413, TOO_LARGE)
    assert read == MOST // len(chunk) + 1  # the fifth chunk passes 1 MiB: nothing after it is read
    assert await sessions() == 0


async def test_a_page_is_answered_with_a_page_of_its_sentence():
    """A photo chosen for a paper log on the import page: a page saying why, not the API's JSON."""
    status, kind, body, read = await sent_through(
        "/g/somegroup/import", [b"x"], [(b"content-length", str(5 * MOST).encode())]
    )
    assert (status, kind, read) == (413, b"text/html; charset=utf-8", 0)
    assert f"<p>{TOO_LARGE}</p>".encode() in body


async def test_a_body_under_the_limit_reaches_the_app():
    body = json.dumps({"players": ["Ann", "Ben", "Cat", "Dan"]}).encode()
    status, reply, _read = await post(
        "/api/sessions", [body[:10], body[10:]], [(b"content-length", str(len(body)).encode())]
    )
    assert status == 201, reply
    assert await sessions() == 1


@pytest.mark.long
def test_make_runs_daphne_refuses_a_large_body_before_storing_it():
    with daphne() as base:
        declared = raw_post(
            base,
            f"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {1024**3}",  # a gigabyte declared: answered before any of it is sent
        )
        assert declared.startswith(b"HTTP/1.1 413 Payload Too Large\r\n")
        assert json.loads(declared.split(b"\r\n\r\n", 1)[1])["error"] == TOO_LARGE

        chunk = b"x" * (256 * 1024)
        chunked = b"".join(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" for _ in range(8)) + b"0\r\n\r\n"
        streamed = raw_post(
            base,
            "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked",
            chunked,
        )
        assert streamed.startswith(b"HTTP/1.1 413 Payload Too Large\r\n")
        page = raw_post(
            base, f"POST /g/somegroup/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {5 * MOST}"
        )
        assert b"Content-Type: text/html; charset=utf-8\r\n" in page
        assert f"<p>{TOO_LARGE}</p>".encode() in page

        log = b"2025-01-02\nAnn Ben Cat Dan\n" + b"0 2 5 7\n" * 40_000  # 320 KB: past a log's 256 KB
        group = raw_post(
            base,
            "POST /api/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: 17\r\nConnection: close",
            b'{"name": "Club"}\n',
        )
        key = json.loads(group.split(b"\r\n\r\n", 1)[1])["id"]
        imported = raw_post(
            base,
            f"POST /api/groups/{key}/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(log)}\r\nConnection: close",
            log,
        )
        assert imported.startswith(b"HTTP/1.1 413")
        assert "256 KB" in json.loads(imported.split(b"\r\n\r\n", 1)[1])["error"]  # the app's own sentence
