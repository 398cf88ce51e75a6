"""Two daphne processes on one PostgreSQL and one Redis behave as one server (SPEC 8).

The servers read and write the test database themselves, so everything here is
made through their HTTP API and the data is committed for real (transaction=True).
"""

from __future__ import annotations

import http.client
import json
import statistics
import threading
import time
from collections import Counter
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.servers import ROOT, daphne

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.long]

TRIALS = 200
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


class Server:
    """One daphne process, spoken to over one kept-alive HTTP connection (one thread at a time)."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.port = urlsplit(base_url).port
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Entry-Lock"] = token
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")

    def socket(self, key: str) -> ClientConnection:
        return connect(
            f"ws://127.0.0.1:{self.port}/ws/sessions/{key}/",
            origin=f"http://127.0.0.1:{self.port}",
            proxy=None,
            open_timeout=10,
        )


@pytest.fixture(scope="module")
def servers(django_db_setup) -> Iterator[tuple[Server, Server]]:
    with daphne() as first, daphne() as second:
        pair = (Server(first), Server(second))
        yield pair
        for server in pair:
            server.connection.close()


def create_session(server: Server) -> dict:
    status, state = server.call("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201, state
    return state


def next_event(socket: ClientConnection, kind: str, timeout: float = 10) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def test_a_round_added_through_one_process_reaches_a_follower_on_the_other(servers):
    one, two = servers
    state = create_session(one)
    key, view_key = state["id"], state["view_id"]
    with one.socket(view_key) as near, two.socket(view_key) as far:
        assert json.loads(far.recv(timeout=10))["state"]["totals"] == [0, 0, 0, 0]
        assert json.loads(near.recv(timeout=10))["type"] == "state"

        status, grant = one.call("POST", f"/api/sessions/{key}/lock", {"device": "Ann's phone"})
        assert status == 200, grant
        assert next_event(far, "lock.changed")["lock"]["holder"] == "Ann's phone"

        status, reply = one.call(
            "POST", f"/api/sessions/{key}/rounds", {"cards": [5, 0, 11, 13]}, token=grant["token"]
        )
        assert status == 201, reply
        added = next_event(far, "round.added")
        assert added["state"]["totals"] == [5, 0, 22, 39]
        assert added["state"]["rounds"][0]["penalties"] == [5, 0, 22, 39]
        assert added["state"]["can_edit"] is False
        assert next_event(near, "round.added")["state"]["totals"] == [5, 0, 22, 39]

        status, refused = two.call("POST", f"/api/sessions/{key}/lock", {"device": "Ben's phone"})
        assert (status, refused["holder"]) == (409, "Ann's phone")


def test_an_unknown_key_is_closed_with_4404_by_a_real_server(servers):
    one, _ = servers
    with one.socket("no-such-key") as socket, pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=10)
    assert closed.value.rcvd.code == 4404


Outcome = tuple[int, dict, float]  # status, body, seconds


def grab_at_once(key: str, devices: list[tuple[Server, str]]) -> list[Outcome]:
    """Every device asks its own process for the lock at the same instant (behind a barrier)."""
    barrier = threading.Barrier(len(devices))
    outcomes: list[Outcome] = [(0, {}, 0.0)] * len(devices)

    def grab(slot: int, server: Server, device: str) -> None:
        barrier.wait()
        started = time.perf_counter()
        status, body = server.call("POST", f"/api/sessions/{key}/lock", {"device": device})
        outcomes[slot] = (status, body, time.perf_counter() - started)

    threads = [
        threading.Thread(target=grab, args=(slot, server, device))
        for slot, (server, device) in enumerate(devices)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_exactly_one_of_two_devices_on_different_processes_wins_every_grab(servers):
    one, two = servers
    key = create_session(one)["id"]
    devices = [(one, "Ann's phone"), (two, "Ben's phone")]
    wins: Counter[str] = Counter()
    latencies: list[float] = []
    exactly_one = 0
    for trial in range(TRIALS):
        outcomes = grab_at_once(key, devices)
        statuses = sorted(outcome[0] for outcome in outcomes)
        assert statuses == [200, 409], (trial, outcomes)
        exactly_one += 1
        winner = next(slot for slot, outcome in enumerate(outcomes) if outcome[0] == 200)
        loser = outcomes[1 - winner][1]
        assert loser["holder"] == devices[winner][1], (trial, outcomes)
        wins[devices[winner][1]] += 1
        latencies += [outcome[2] for outcome in outcomes]
        server = devices[winner][0]
        status, released = server.call(
            "DELETE", f"/api/sessions/{key}/lock", token=outcomes[winner][1]["token"]
        )
        assert (status, released["released"]) == (200, True)

    summary = (
        f"lock race, 2 daphne processes on PostgreSQL + Redis: {exactly_one}/{TRIALS} trials exactly one winner "
        f"({', '.join(f'{device} {count}' for device, count in sorted(wins.items()))}); "
        f"median grab {statistics.median(latencies) * 1000:.1f} ms"
    )
    print(summary)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "lock-race.txt").write_text(summary + "\n")
    assert exactly_one == TRIALS
