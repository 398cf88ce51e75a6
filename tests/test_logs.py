"""Production logs: one JSON line per request and per socket event, session keys cut short."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from scorekeeper.asgi import application
from scorekeeper.logs import JsonFormatter, access, redacted
from tests.factories import make_session


class Lines(logging.Handler):
    """What the access logger would print, as parsed JSON lines."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(JsonFormatter())
        self.lines: list[dict] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


@pytest.fixture
def access_lines() -> Iterator[list[dict]]:
    """Requests (the access logger) and socket events (the consumer's own logger)."""
    handler, loggers = Lines(), [access, logging.getLogger("rounds.live.consumers")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    yield handler.lines
    for logger, level in zip(loggers, levels, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_access_lines_are_off_unless_json_logs_is_set():
    assert not access.isEnabledFor(logging.INFO)


def test_a_key_in_a_path_is_cut_to_its_first_characters():
    assert redacted("/s/HLh_fsCCEjN3535a-Zk8_B8_/settle/") == "/s/HLh_…/settle/"
    assert redacted("/api/sessions/HLh_fsCCEjN3535a-Zk8_B8_/rounds") == "/api/sessions/HLh_…/rounds"
    assert redacted("/api/presets") == "/api/presets"


@pytest.mark.django_db
def test_one_json_line_per_request(client, access_lines):
    session = make_session()
    assert client.get(f"/api/sessions/{session.edit_key}").status_code == 200
    assert client.get("/api/sessions/no-such-key").status_code == 404
    assert [(line["event"], line["method"], line["status"]) for line in access_lines] == [
        ("request", "GET", 200),
        ("request", "GET", 404),
    ]
    first = access_lines[0]
    assert first["path"] == f"/api/sessions/{session.edit_key[:4]}…"
    assert session.edit_key not in json.dumps(access_lines)
    assert first["level"] == "info"
    assert first["ms"] >= 0
    assert first["worker"] == first["pid"]


@pytest.mark.django_db(transaction=True)
async def test_one_json_line_per_socket_event(access_lines):
    session = await database_sync_to_async(make_session)()
    communicator = WebsocketCommunicator(
        application, f"/ws/sessions/{session.view_key}/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    try:
        assert (await communicator.connect(5))[0]
        assert (await communicator.receive_json_from(5))["type"] == "state"
        await communicator.send_json_to({"type": "lock.acquire", "id": 1, "device": "Ann's phone"})
        assert (await communicator.receive_json_from(5))["status"] == 403
    finally:
        await communicator.disconnect(timeout=5)
    events = [(line["event"], line.get("type"), line.get("status")) for line in access_lines]
    assert events == [
        ("socket.connect", None, 200),
        ("socket.message", "lock.acquire", 403),
        ("socket.close", None, None),
    ]
    assert all(line["path"] == f"/ws/sessions/{session.view_key[:4]}…/" for line in access_lines)
