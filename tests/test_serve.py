"""`make serve`'s arrangement for real: gunicorn with 2 uvicorn workers on PostgreSQL + Redis.

One session end to end over HTTP and WebSockets, then a worker is killed with
SIGKILL mid-session: no round is lost, its followers reconnect and resync, the
other worker's followers keep their sockets, gunicorn replaces the worker, and
the lock its holder had lapses by its (short) lease. Then a graceful restart
(SIGHUP) replaces both workers without a refused request.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.served import HANDS, LEASE, PLAYERS, SOCKETS_PER_ADDRESS, Served, production_env, serving
from tests.servers import ROOT, raw_post


def test_serve_names_every_missing_variable_and_exits_non_zero():
    result = subprocess.run(
        [sys.executable, "scripts/serve.py"],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], "WORKERS": "two"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    for problem in (
        "DATABASE_URL is not set",
        "REDIS_URL is not set",
        "SECRET_KEY is not set",
        "WORKERS must be",
    ):
        assert problem in result.stderr
    sqlite = subprocess.run(
        [sys.executable, "scripts/serve.py"],
        cwd=ROOT,
        env={
            **production_env(1),
            "DATABASE_URL": "sqlite:///db.sqlite3",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        },
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert sqlite.returncode == 2
    assert "DATABASE_URL must be a PostgreSQL URL" in sqlite.stderr


@pytest.fixture(scope="module")
def served(django_db_setup, django_db_blocker) -> Iterator[Served]:
    with serving() as server:
        yield server


def next_state(socket: ClientConnection, where, timeout: float = 10) -> dict:
    """The state of the first message whose state passes `where` (replies are passed over);
    a lock change carries the lock alone, seen here as a state with only the lock."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        state = message.get("state") or ({"lock": message["lock"]} if "lock" in message else None)
        if message["type"] != "reply" and state is not None and where(state):
            return state


def request(socket: ClientConnection, message_id: int, kind: str, **fields: object) -> dict:
    socket.send(json.dumps({"type": kind, "id": message_id, **fields}))
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == "reply" and message["id"] == message_id:
            return message


def rounds_played(count: int):
    # A change carries the rounds from the first it touched (`rounds_from`) on.
    return lambda state: "rounds" in state and state.get("rounds_from", 1) - 1 + len(state["rounds"]) == count


def closed(socket: ClientConnection) -> bool:
    try:
        socket.recv(timeout=5)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return closed(socket)


@pytest.mark.postgres
@pytest.mark.long
@pytest.mark.django_db(transaction=True)
def test_a_session_survives_a_worker_killed_mid_session(served):
    assert served.call("GET", "/healthz") == (200, {"database": "ok", "channel_layer": "ok"})
    status, state = served.call("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201, state
    key, view_key = state["id"], state["view_id"]

    holder = served.socket(key)
    assert next_state(holder, rounds_played(0))["can_edit"] is True
    followers: list[ClientConnection] = []
    while len(followers) < 24 and not (
        len(followers) >= 4 and {served.worker_of(f) for f in followers} == served.workers()
    ):
        followers.append(served.socket(view_key))
        next_state(followers[-1], rounds_played(0))
    victim = served.worker_of(holder)
    on_victim = [f for f in followers if served.worker_of(f) == victim]
    elsewhere = [f for f in followers if f not in on_victim]
    assert on_victim, "a follower on the holder's worker"
    assert elsewhere, "a follower on the other worker"

    grant = request(holder, 1, "lock.acquire", device="Ann's phone")
    assert grant["ok"], grant
    for number, cards in enumerate(HANDS[:3], start=1):
        reply = request(holder, 1 + number, "round.add", cards=cards, token=grant["token"])
        assert reply["ok"], reply
    before = [next_state(follower, rounds_played(3)) for follower in followers]
    assert {tuple(state["totals"]) for state in before} == {(8, 24, 24, 85)}

    os.kill(victim, signal.SIGKILL)
    assert closed(holder)
    assert all(closed(follower) for follower in on_victim)
    # The other worker serves on: every round is there, and the dead holder's lock still holds.
    status, state = served.call("GET", f"/api/sessions/{view_key}")
    assert status == 200
    assert len(state["rounds"]) == 3
    assert state["totals"] == [8, 24, 24, 85]
    assert state["lock"]["holder"] == "Ann's phone"
    status, refused = served.call("POST", f"/api/sessions/{key}/lock", {"device": "Ben's phone"})
    assert (status, refused.get("holder")) == (409, "Ann's phone")

    # Its followers reconnect and resync from the full state.
    reconnected = [served.socket(view_key) for _ in on_victim]
    for socket in reconnected:
        assert next_state(socket, lambda state: True)["totals"] == [8, 24, 24, 85]
    served.wait_for(lambda: len(served.workers()) == 2 and victim not in served.workers(), "a new worker")

    # The lease lapses without anyone saying so: the other worker's followers are told it is free.
    for follower in elsewhere:
        assert next_state(follower, lambda state: state["lock"] is None, timeout=LEASE + 30) == {"lock": None}
    status, grant = served.call("POST", f"/api/sessions/{key}/lock", {"device": "Ben's phone"})
    assert status == 200, grant
    status, reply = served.call(
        "POST", f"/api/sessions/{key}/rounds", {"cards": HANDS[3]}, token=grant["token"]
    )
    assert status == 201, reply
    for socket in [*elsewhere, *reconnected]:
        assert next_state(socket, rounds_played(4))["totals"] == [9, 25, 25, 85]
    for socket in [*elsewhere, *reconnected]:
        socket.close()

    # The pages a phone opens, with their static files from collectstatic (DEBUG=0).
    status, kind, html = served.page(f"/s/{view_key}/")
    assert (status, kind.split(";")[0]) == (200, "text/html")
    assert "Ann" in html
    stylesheet = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', html)
    assert stylesheet, "a hashed stylesheet from the manifest"
    status, kind, css = served.page(stylesheet.group(1))
    assert (status, kind.split(";")[0]) == (200, "text/css")
    assert css.strip()
    status, kind, settle = served.page(f"/s/{key}/settle/")
    assert (status, kind.split(";")[0]) == (200, "text/html")
    assert "Dan" in settle


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_graceful_restart_replaces_every_worker_without_refusing_a_request(served):
    # Phones at an evening keep their sockets open, one of them holding the entry lock: the old
    # workers close them when the graceful timeout is up (uvicorn alone waited on, past 30 s).
    status, state = served.call("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201, state
    phones = [served.socket(state["view_id"]) for _ in range(4)]
    for phone in phones:
        next_state(phone, rounds_played(0))
    holder = served.socket(state["id"])
    grant = request(holder, 1, "lock.acquire", device="Ann's phone")
    assert request(holder, 2, "round.add", cards=HANDS[0], token=grant["token"])["ok"]
    phones.append(holder)
    old = served.workers()
    assert {served.worker_of(phone) for phone in phones} <= old
    served.process.send_signal(signal.SIGHUP)
    answers, dropped = [], 0

    def ask() -> int:
        """A GET as a browser or proxy sends it: once more if an old worker closed the connection
        it had just accepted as it drained (uvicorn's shutdown closes connections not yet read)."""
        nonlocal dropped
        try:
            return served.call("GET", "/api/presets")[0]
        except (http.client.RemoteDisconnected, ConnectionResetError):
            dropped += 1
            return served.call("GET", "/api/presets")[0]

    # The phones keep their sockets open: without the graceful timeout the old workers would wait
    # for them for ever. How soon they go is a benchmark's figure; that they go is this test's.
    deadline = time.monotonic() + 30
    while not (len(served.workers()) == 2 and not served.workers() & old):
        assert time.monotonic() < deadline, (
            "the workers were not replaced: an old one outlived the graceful timeout"
        )
        answers.append(ask())
        time.sleep(0.02)
    answers.append(ask())
    assert all(closed(phone) for phone in phones)  # they reconnect, to the new workers
    # The listening socket stays open in gunicorn's master: a request that arrives while the new
    # workers boot waits in the backlog rather than being refused.
    assert len(answers) >= 2
    assert set(answers) == {200}
    assert dropped <= 2, f"{dropped} of {len(answers)} connections were closed unanswered"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_2_mib_frame_is_closed_and_sockets_are_capped_per_address_across_workers(served):
    status, created = served.call("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201
    socket = served.socket(created["view_id"])
    socket.recv(timeout=10)
    with pytest.raises(ConnectionClosed) as closed:
        send_and_read(socket, "x" * (2 * 1024 * 1024))
    # uvicorn answers 1009 (message too big); the client may be cut off while still sending it.
    assert closed.value.rcvd is None or closed.value.rcvd.code == 1009

    stranger = "127.0.0.29"  # an address of its own: no other test's sockets count against it
    with contextlib.ExitStack() as stack:
        opened = [
            stack.enter_context(served.socket(created["view_id"], stranger))
            for _ in range(SOCKETS_PER_ADDRESS)
        ]
        for socket in opened:
            socket.recv(timeout=10)
        assert {served.worker_of(socket) for socket in opened} == served.workers()  # both workers count
        assert served.socket(created["view_id"]).recv(timeout=10)  # another address is not refused
        with served.socket(created["view_id"], stranger) as refused:
            told = json.loads(refused.recv(timeout=10))
            assert (told["type"], told["status"]) == ("refused", 429)
            with pytest.raises(ConnectionClosed) as closed:
                refused.recv(timeout=10)
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (4429, told["error"])


def send_and_read(socket: ClientConnection, text: str) -> str:
    socket.send(text)
    return socket.recv(timeout=10)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_body_past_1_mib_is_refused_unread_by_the_workers(served):
    """uvicorn hands a body on as it comes and Django would write it all to a temporary file
    first: the workers refuse it at its declared length (scorekeeper/body_limit.py)."""
    answer = raw_post(
        f"http://127.0.0.1:{served.port}",
        f"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {1024**3}",
    )
    assert answer.startswith(b"HTTP/1.1 413")
    assert b"at most 1024 KB" in answer
