"""Keys never logged (issue 19): one redaction in both formatters, for every logger (access lines,
django.request's 4xx lines, socket events), for session, group and future event keys alike. Each
test configures logging as `make serve` (JSON) or `make run` (plain) would, provokes what writes
keyed paths to the log, and greps everything written for the keys."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from groups.services.group_writes import group_create
from scorekeeper.asgi import application
from scorekeeper.settings import logging_config
from tests.factories import grab_lock, make_session

# Key-shaped, for the club nights to come (/e/<key>/, /api/events/<key>/): 404 today.
EVENT_KEY = "EvNt9xQ2-kLm_8RtZp4WcY7s"


@pytest.fixture(params=[True, False], ids=["make-serve-json", "make-run-plain"])
def log(request) -> Iterator[io.StringIO]:
    """Everything the configured handlers write, into one buffer."""
    written = io.StringIO()
    logging.config.dictConfig(logging_config(json_logs=request.param, access_log=True))
    handlers = {
        handler for name in ("", "scorekeeper.access") for handler in logging.getLogger(name).handlers
    }
    assert handlers
    for handler in handlers:
        handler.setStream(written)
    yield written
    logging.config.dictConfig(settings.LOGGING)


def assert_no_key(text: str, keys: list[str]) -> None:
    for key in keys:
        assert key not in text
        assert f"{key[:4]}…" in text, f"nothing logged for {key[:4]}…"


@pytest.mark.django_db
def test_no_key_in_the_log_of_404_405_413_429_and_403(client, api, log, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "import": (0, 3600), "rematch": (0, 3600)}
    session, group = make_session(), group_create(name="Keys")
    token = grab_lock(session)
    wrong = session.edit_key[:-1] + ("A" if session.edit_key[-1] != "A" else "B")
    statuses = {
        "404 page": client.get(f"/s/{wrong}/").status_code,
        "404 api": client.get(f"/api/sessions/{session.edit_key}/nope").status_code,
        "404 event page": client.get(f"/e/{EVENT_KEY}/").status_code,
        "404 event api": client.get(f"/api/events/{EVENT_KEY}/standings?key={EVENT_KEY}").status_code,
        "405": client.delete(f"/api/sessions/{session.edit_key}/rounds").status_code,
        "413 json": api.post(
            f"/api/sessions/{session.edit_key}/rounds", {"cards": "x" * 70_000}, token=token
        ).status_code,
        "413 log": api.call(
            "post", f"/api/groups/{group.edit_key}/import", b"#" * 300_000, content_type="text/plain"
        ).status_code,
        "429 import": api.call(
            "post",
            f"/api/groups/{group.edit_key}/import",
            b"2013-01-03\nAnn Ben\n0 5\n",
            content_type="text/plain",
        ).status_code,
        "429 rematch": api.post(f"/api/sessions/{session.edit_key}/rematch").status_code,
        "403": api.post(f"/api/sessions/{session.view_key}/rounds", {"cards": [0, 5, 5, 5]}).status_code,
        "200 season": client.get(f"/g/{group.view_key}/season?range=all").status_code,
    }
    assert statuses == {
        "404 page": 404,
        "404 api": 404,
        "404 event page": 404,
        "404 event api": 404,
        "405": 405,
        "413 json": 413,
        "413 log": 413,
        "429 import": 429,
        "429 rematch": 429,
        "403": 403,
        "200 season": 200,
    }
    written = log.getvalue()
    assert_no_key(
        written, [wrong, session.edit_key, session.view_key, group.edit_key, group.view_key, EVENT_KEY]
    )
    assert "Not Found: /s/" in written  # django.request's own lines are there, cut
    assert "Too Many Requests: /api/groups/" in written
    assert "Method Not Allowed: /api/sessions/" in written
    assert written.count("request") >= len(statuses)  # one access line each


@pytest.mark.django_db
@pytest.mark.parametrize("beside", ["~", "!", "*", "]", ">", "+", "%20", "%2F", "(", "@", "$", "'", "|"])
def test_a_key_is_cut_whatever_stands_beside_it_in_a_path(client, log, beside):
    session = make_session()
    key = session.edit_key
    for path in (
        f"/s/{key}{beside}",
        f"/s/{key}{beside}/",
        f"/api/sessions/{beside}{key}",
        f"/x{beside}{key}{beside}y",
    ):
        client.get(path)
    assert_no_key(log.getvalue(), [key])


@pytest.mark.django_db(transaction=True)
async def test_no_key_in_the_log_of_socket_events(log):
    session = await database_sync_to_async(make_session)()
    group = await database_sync_to_async(group_create)(name="Sockets")
    paths = [
        f"/ws/sessions/{session.view_key}/",
        f"/ws/groups/{group.edit_key}/",
        f"/ws/sessions/{EVENT_KEY}/",
    ]
    for path in paths:
        communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
        try:
            await communicator.connect(5)
            await communicator.receive_nothing(0.2)
        finally:
            await communicator.disconnect(timeout=5)
    written = log.getvalue()
    assert_no_key(written, [session.view_key, group.edit_key, EVENT_KEY])
    events = [line for line in written.splitlines() if "socket.connect" in line]
    assert len(events) == len(paths)
    if events[0].startswith("{"):
        assert [json.loads(line)["path"] for line in events] == [
            f"/ws/sessions/{session.view_key[:4]}…/",
            f"/ws/groups/{group.edit_key[:4]}…/",
            f"/ws/sessions/{EVENT_KEY[:4]}…/",
        ]


@pytest.mark.django_db
def test_control_characters_in_a_path_cannot_forge_a_line(client, log):
    # %0A newline, %0D carriage return, %1B ESC (a terminal colour), %00 NUL, %C2%85 NEL, %E2%80%A8 the
    # line separator: each would start a line of its own, or rewrite the terminal, if written raw.
    forged = "request event=request method=GET path=/ status=200"
    client.get(f"/x%0A{forged.replace(' ', '%20')}%0D%1B[31mred%00%C2%85%E2%80%A8end")
    written = log.getvalue()
    lines = sorted(written.splitlines())  # the access line after django.request's, or before
    assert len(lines) == 2  # those two, nothing forged between them
    assert not {"\x1b", "\x00", "\r", "\x85", "\u2028"} & set(written)
    if lines[0].startswith("{"):
        assert sorted(json.loads(line).get("status", 0) for line in lines) == [0, 404]  # JSON escapes them
        return
    path = "/x\\nrequest event=request method=GET path=/ status=200\\r\\x1b[31mred\\x00\\x85\\u2028end"
    assert lines[0] == f"Not Found: {path}"
    assert lines[1].startswith(f"request event=request method=GET path={path} status=404 ms=")
