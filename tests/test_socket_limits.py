"""What one stranger's sockets may take: a frame of at most 1 MiB (WEBSOCKET_MAX_BYTES) and at most
SOCKETS_PER_ADDRESS open sockets from one address, each refusal a close code with its reason.
`make serve`'s workers are checked in tests/test_serve.py."""

from __future__ import annotations

import contextlib
import json
import socket
import urllib.request
from urllib.parse import urlsplit

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from scorekeeper.socket_limits import CLOSE_TOO_MANY
from scorekeeper.workers import ScorekeeperWorker
from tests.factories import make_session
from tests.servers import daphne
from tests.sockets import WAIT, opened_socket

pytestmark = pytest.mark.django_db(transaction=True)
TWO_MIB = "x" * (2 * 1024 * 1024)
REFUSAL = "Too many open connections from this address; close some pages and try again"


async def test_past_the_cap_a_socket_from_the_same_address_is_closed_with_a_reason(settings):
    settings.SOCKETS_PER_ADDRESS = 3
    session = await database_sync_to_async(make_session)()
    path = f"/ws/sessions/{session.view_key}/"
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(3):
            socket, connected, _ = await stack.enter_async_context(opened_socket(path))
            assert connected
            assert (await socket.receive_json_from(WAIT))["type"] == "state"
        async with opened_socket(path) as (refused, connected, _):
            told = await refused.receive_json_from(WAIT)
            assert (told["type"], told["status"], told["field"]) == ("refused", 429, None)
            closing = await refused.receive_output(WAIT)
            assert closing["reason"] == told["error"]
            assert (closing["type"], closing["code"]) == ("websocket.close", CLOSE_TOO_MANY)
            assert closing["reason"] == REFUSAL
    # Closed sockets no longer count.
    async with opened_socket(path) as (socket, connected, _):
        assert (await socket.receive_json_from(WAIT))["type"] == "state"


def test_both_servers_allow_the_same_frame_size():
    assert ScorekeeperWorker.CONFIG_KWARGS["ws_max_size"] == settings.WEBSOCKET_MAX_BYTES == 1024 * 1024


@pytest.mark.long
def test_make_run_closes_a_2_mib_frame_and_caps_sockets_per_address():
    with daphne(SOCKETS_PER_ADDRESS="3") as base_url:
        created = create_session(base_url)

        def connected():
            """A socket from an address of this test's own: on the PostgreSQL + Redis pass the
            count is kept in Redis, where a worker another test killed may still count for a while."""
            address = urlsplit(base_url)
            raw = socket.create_connection(
                (address.hostname, address.port), timeout=10, source_address=("127.0.0.31", 0)
            )
            return connect(f"{base_url.replace('http', 'ws')}/ws/sessions/{created}/", **origin, sock=raw)

        origin = {"origin": base_url, "proxy": None, "open_timeout": 10}
        with connected() as phone:
            phone.recv(timeout=10)
            phone.send(TWO_MIB)
            with pytest.raises(ConnectionClosed) as closed:
                phone.recv(timeout=10)
            # daphne (autobahn) drops the connection without a closing handshake; were one to
            # arrive, it must say the message was too big.
            assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
        with contextlib.ExitStack() as stack:
            for _ in range(3):
                stack.enter_context(connected()).recv(timeout=10)
            with connected() as refused:
                told = json.loads(refused.recv(timeout=10))
                assert (told["status"], told["error"]) == (429, REFUSAL)
                with pytest.raises(ConnectionClosed) as closed:
                    refused.recv(timeout=10)
                assert closed.value.rcvd.code == CLOSE_TOO_MANY


def create_session(base_url: str) -> str:
    request = urllib.request.Request(
        f"{base_url}/api/sessions",
        data=json.dumps({"players": ["Ann", "Ben", "Cat", "Dan"]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["view_id"]


async def test_a_count_that_fails_lets_the_socket_in_with_one_log_line(monkeypatch, caplog):
    from redis.exceptions import ConnectionError as RedisDown

    from scorekeeper import socket_limits

    async def fails(self, address: str, limit: int) -> bool:
        raise RedisDown("No connection available.")

    monkeypatch.setattr(socket_limits.InProcessCount, "enter", fails)
    monkeypatch.setattr(socket_limits.RedisCount, "enter", fails)
    session = await database_sync_to_async(make_session)()
    with caplog.at_level("WARNING", logger="scorekeeper.socket_limits"):
        async with opened_socket(f"/ws/sessions/{session.view_key}/") as (socket, connected, _):
            assert connected
            assert (await socket.receive_json_from(WAIT))["type"] == "state"
    lines = [record.getMessage() for record in caplog.records if record.name == "scorekeeper.socket_limits"]
    assert lines == ["socket let in uncounted: the count failed (ConnectionError: No connection available.)"]


@pytest.mark.postgres
async def test_a_worker_refreshes_every_open_socket_it_counts_in_one_go():
    from channels.layers import get_channel_layer

    from scorekeeper import socket_limits

    layer = get_channel_layer()
    counts = [socket_limits.RedisCount(layer) for _ in range(3)]
    refresher = socket_limits.Refresher()
    for number, count in enumerate(counts):
        assert await count.enter(f"203.0.113.{number % 2}", 10)
        refresher.add(count, f"203.0.113.{number % 2}")
    refresher.discard(counts[2])  # closed: no longer refreshed, and not brought back either
    await counts[2].leave("203.0.113.0")
    redis = layer.connection(0)
    for number, count in enumerate(counts[:2]):
        await redis.zadd(count.key(f"203.0.113.{number}"), {count.member: 1.0}, xx=True)
    await refresher.refresh()
    for number, count in enumerate(counts):
        score = await redis.zscore(count.key(f"203.0.113.{number % 2}"), count.member)
        if number == 2:
            assert score is None
        else:
            assert score > socket_limits.time.time() + socket_limits.SOCKET_COUNT_TTL / 2
    refresher.task.cancel()
    for number, count in enumerate(counts[:2]):
        await count.leave(f"203.0.113.{number}")
