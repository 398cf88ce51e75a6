"""Redis restarted mid-session: HTTP keeps serving (and writing), and live updates resume after.

The test runs its own redis-server on a free port (make test installs it if missing) and a
daphne that uses it as the channel layer.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from tests.reports import count
from tests.servers import daphne, free_port
from tests.test_cross_process import Server, create_session, next_event

# Redis is production's channel layer (make serve): on PostgreSQL, once; the Redis is its own.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@contextlib.contextmanager
def redis_server(port: int) -> Iterator[subprocess.Popen]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is missing: `make test` installs it (apt-get install -y redis-server)")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port, socket_connect_timeout=1)
    for _ in range(100):
        with contextlib.suppress(redis.RedisError):
            if client.ping():
                break
        time.sleep(0.1)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


def follow_when_ready(server: Server, key: str, timeout: float = 30):
    """Connect the way a phone does after a drop: again, with a pause, until the state arrives."""
    deadline = time.monotonic() + timeout
    attempts = 0
    while True:
        attempts += 1
        socket = None
        try:
            socket = server.socket(key)
            return socket, next_event(socket, "state"), attempts
        except Exception:
            if socket is not None:
                socket.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


def test_http_serves_through_a_redis_restart_and_live_updates_resume(django_db_setup):
    port = free_port()
    env = {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "CHANNELS_PREFIX": f"restart-{uuid.uuid4().hex[:8]}"}
    with contextlib.ExitStack() as stack:
        first_redis = stack.enter_context(redis_server(port))
        server = Server(stack.enter_context(daphne(**env)))
        key = create_session(server)["id"]
        status, grant = server.call("POST", f"/api/sessions/{key}/lock", {"device": "Ann's phone"})
        assert status == 200
        token = grant["token"]
        with server.socket(key) as follower:
            assert next_event(follower, "state")["state"]["rounds"] == []
            assert (
                server.call("POST", f"/api/sessions/{key}/rounds", {"cards": [5, 0, 11, 13]}, token)[0] == 201
            )
            assert next_event(follower, "round.added")["state"]["next"]["round"] == 2

        # Redis goes away mid-session: the same server still reads and writes over HTTP.
        first_redis.terminate()
        first_redis.wait(timeout=10)
        status, state = server.call("GET", f"/api/sessions/{key}")
        assert (status, len(state["rounds"])) == (200, 1)
        status, reply = server.call("POST", f"/api/sessions/{key}/rounds", {"cards": [0, 3, 2, 7]}, token)
        assert status == 201
        assert reply["state"]["totals"] == [5, 3, 24, 46]

        # Redis is back on the same port: a device that reconnects follows live again.
        stack.enter_context(redis_server(port))
        follower, first, attempts = follow_when_ready(server, key)
        with follower:
            assert len(first["state"]["rounds"]) == 2
            assert attempts <= 5
            count("socket connections tried after the Redis restart", attempts)
            assert (
                server.call("POST", f"/api/sessions/{key}/rounds", {"cards": [1, 1, 0, 1]}, token)[0] == 201
            )
            assert next_event(follower, "round.added")["state"]["next"]["round"] == 4
