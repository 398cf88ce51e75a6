"""The cost of one round add against the length of the evening, in-process.

    python benchmarks/write_cost.py                 # scratch SQLite file, in-memory channel layer
    DATABASE_URL=postgres://… python benchmarks/write_cost.py   # a PostgreSQL database you own
    python benchmarks/write_cost.py --floor         # only the add against the floor write

Adds rounds through the JSON API (Django's test client: the view, the service, the
reply and the after-commit broadcast, without the network) to sessions that already
hold 1, 20 and 500 rounds (each add is deleted again, untimed; the lengths take turns,
so a change in the machine's load hits them alike), and prints per add the median
wall time and CPU time of this process, the SQL queries, the reply's bytes (the full
state) and the broadcast's bytes per follower, with ratios to the 1-round session
measured in the same run. Two channels sit in the session's group, so the broadcast is
really sent (counted on the in-memory layer only).

Then (issue 20) the add against a floor: the same process drives the ASGI application
(`scorekeeper.asgi`, every middleware, the request on a worker thread as daphne and uvicorn
run it) with, taking turns, a round add at round 20 and a floor write (one INSERT in a
transaction, the same JSON body parsed, the same middleware), and prints the median of each,
their ratio; then the same through Django's handler alone (the test client), and the SQL
statements per add.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if not os.environ.get("DATABASE_URL"):
    SCRATCH = Path(tempfile.mkdtemp(prefix="write-cost-")) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{SCRATCH}"
os.environ.update(
    {"HTTPS": "0", "ALLOWED_HOSTS": "testserver", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
)

import django

django.setup()

from asgiref.sync import async_to_sync  # noqa: E402
from asgiref.testing import ApplicationCommunicator  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import HttpRequest, JsonResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import path  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402

from rounds import channels as events  # noqa: E402
from rounds import services  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.models import Session  # noqa: E402
from rounds.rules.scoring import RoundEntry  # noqa: E402
from rounds.services.locking import lock_acquire  # noqa: E402

LENGTHS = (1, 20, 500)
ADDS = 25
HANDS = [(5, 0, 11, 13), (0, 10, 2, 7), (3, 4, 0, 13), (1, 1, 1, 0)]


def session_with(rounds: int) -> tuple[Session, str]:
    session = services.session_create(
        players=["Ann", "Ben", "Cat", "Dan"], settings=clean_settings({"value_per_point": "0.50"})
    )
    token = lock_acquire(session=session, device="bench").token
    for number in range(rounds):
        services.round_add(session=session, token=token, entry=RoundEntry(cards=HANDS[number % 4]))
    return Session.objects.get(pk=session.pk), token


class Followers:
    """Two channels in the session's group, drained after each add; counts the bytes they get."""

    def __init__(self, session: Session) -> None:
        self.layer = get_channel_layer()
        self.group = events.group_name(session.pk)
        self.channels = [async_to_sync(self.layer.new_channel)() for _ in range(2)]
        for channel in self.channels:
            async_to_sync(self.layer.group_add)(self.group, channel)

    def drain(self) -> int:
        received = 0
        for channel in self.channels:
            while self.pending(channel):
                received += len(json.dumps(async_to_sync(self.layer.receive)(channel), default=str))
        return received // len(self.channels)

    def pending(self, channel: str) -> bool:
        # Only the in-memory layer can be peeked at; with Redis the broadcast is not counted.
        queue = getattr(self.layer, "channels", {}).get(channel)
        return queue is not None and not queue.empty()


class Evening:
    """A session of a given length, and one add to it measured (then deleted again, untimed)."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        self.session, self.token = session_with(rounds)
        self.client = Client()
        self.followers = Followers(self.session)
        self.path = f"/api/sessions/{self.session.edit_key}/rounds"
        self.figures: dict[str, list[float]] = {
            "ms": [],
            "cpu_ms": [],
            "queries": [],
            "reply": [],
            "broadcast": [],
        }

    def add_once(self, number: int) -> None:
        body = json.dumps({"cards": list(HANDS[number % 4])})
        with CaptureQueriesContext(connection) as captured:
            started, cpu_started = time.perf_counter(), time.process_time()
            response = self.client.post(
                self.path, body, content_type="application/json", headers={"X-Entry-Lock": self.token}
            )
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        assert response.status_code == 201, response.content
        self.figures["ms"].append(wall * 1000)
        self.figures["cpu_ms"].append(cpu * 1000)
        self.figures["queries"].append(len(captured.captured_queries))
        self.figures["reply"].append(len(response.content))
        self.figures["broadcast"].append(self.followers.drain())
        self.undo_add()

    def undo_add(self) -> None:
        """Back to the same length, untimed, so every add is measured at `rounds`."""
        services.round_delete(session=self.session, token=self.token, number=self.rounds + 1)
        self.followers.drain()

    def median(self, name: str) -> float:
        return statistics.median(self.figures[name])


def measure(lengths: tuple[int, ...] = LENGTHS, adds: int = ADDS) -> dict[int, dict[str, float]]:
    """Per length, the medians of `adds` adds: wall and CPU ms, queries, reply and broadcast bytes."""
    evenings = [Evening(rounds) for rounds in lengths]
    for evening in evenings:  # building the long evening may outlast the first one's lease
        evening.token = lock_acquire(session=evening.session, device="bench", token=evening.token).token
    # Interleaved, so a change in the machine's load hits every length alike.
    for number in range(adds):
        for evening in evenings:
            evening.add_once(number)
    return {evening.rounds: {name: evening.median(name) for name in evening.figures} for evening in evenings}


FLOOR_PATH = "/bench/floor"
FLOOR_LENGTH = 20
FLOOR_PAIRS = 200


@csrf_exempt
def floor(request: HttpRequest) -> JsonResponse:
    """The least a write can cost through this stack: the body parsed, one INSERT, one commit."""
    body = json.loads(request.body)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_floor (body) VALUES (%s)", [json.dumps(body)])
    return JsonResponse({"stored": True}, status=201)


def floor_urls() -> list:
    """The site's own routes with the floor in front (this module serves as ROOT_URLCONF)."""
    from scorekeeper.urls import urlpatterns as site

    return [path(FLOOR_PATH.lstrip("/"), floor), *site]


def __getattr__(name: str) -> object:
    if name == "urlpatterns":  # read by Django's resolver once settings.ROOT_URLCONF names this module
        return floor_urls()
    raise AttributeError(name)


async def asgi_post(application: object, route: str, body: bytes, headers: list) -> tuple[int, bytes]:
    """One POST through the ASGI application, as a server hands it over; the status and body."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": route,
        "raw_path": route.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    talk = ApplicationCommunicator(application, scope)
    await talk.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await talk.receive_output(10)
    reply = b""
    while True:
        part = await talk.receive_output(10)
        reply += part.get("body", b"")
        if not part.get("more_body"):
            break
    await talk.wait(10)
    return start["status"], reply


def versus_floor(pairs: int = FLOOR_PAIRS, length: int = FLOOR_LENGTH) -> dict[str, float]:
    """A round add (at `length` rounds) against the floor write, taking turns, median ms of each:
    over ASGI (every middleware, the view on a worker thread, a connection per request, as daphne
    and uvicorn run it) and through Django's handler alone (the test client: the same middleware
    and view in this thread, on one kept connection); and the SQL statements of one add (BEGIN and COMMIT included)."""
    settings.ROOT_URLCONF = __name__
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, body TEXT)")
    from scorekeeper.asgi import application

    evening = Evening(length)
    route = f"/api/sessions/{evening.session.edit_key}/rounds"
    lock = [(b"x-entry-lock", evening.token.encode())]
    took: dict[str, list[float]] = {"asgi_add": [], "asgi_floor": [], "add": [], "floor": []}
    statements: list[int] = []

    async def run() -> None:
        for number in range(pairs + 5):
            body = json.dumps({"cards": list(HANDS[number % 4])}).encode()
            started = time.perf_counter()
            status, _ = await asgi_post(application, FLOOR_PATH, body, [])
            floor_took = time.perf_counter() - started
            assert status == 201, status
            started = time.perf_counter()
            status, reply = await asgi_post(application, route, body, lock)
            add_took = time.perf_counter() - started
            assert status == 201, reply[:300]
            if number >= 5:
                took["asgi_floor"].append(floor_took * 1000)
                took["asgi_add"].append(add_took * 1000)
            await asyncio.to_thread(evening.undo_add)

    asyncio.run(run())
    client = Client()
    for number in range(pairs + 5):
        body = json.dumps({"cards": list(HANDS[number % 4])})
        started = time.perf_counter()
        response = client.post(FLOOR_PATH, body, content_type="application/json")
        floor_took = time.perf_counter() - started
        assert response.status_code == 201
        with CaptureQueriesContext(connection) as captured:  # BEGIN and COMMIT count too
            started = time.perf_counter()
            response = client.post(
                route, body, content_type="application/json", headers={"X-Entry-Lock": evening.token}
            )
            add_took = time.perf_counter() - started
        assert response.status_code == 201, response.content[:300]
        if number >= 5:
            took["floor"].append(floor_took * 1000)
            took["add"].append(add_took * 1000)
            statements.append(len(captured.captured_queries))
        evening.undo_add()
    medians = {name: statistics.median(values) for name, values in took.items()}
    return {
        **medians,
        "asgi_ratio": medians["asgi_add"] / medians["asgi_floor"],
        "ratio": medians["add"] / medians["floor"],
        "statements": max(statements),
    }


def main() -> None:
    call_command("migrate", verbosity=0)
    cost = versus_floor()
    print(
        f"round add at round {FLOOR_LENGTH + 1} against the floor write (one INSERT in a transaction), "
        f"median of {FLOOR_PAIRS} each, taking turns, {connection.vendor}, {os.cpu_count()} CPUs:\n"
        f"  over ASGI:          add {cost['asgi_add']:6.2f} ms, floor {cost['asgi_floor']:6.2f} ms, "
        f"{cost['asgi_ratio']:.1f}x the floor\n"
        f"  Django's handler:   add {cost['add']:6.2f} ms, floor {cost['floor']:6.2f} ms, "
        f"{cost['ratio']:.1f}x the floor\n"
        f"  SQL statements per add (the whole request): {cost['statements']:g}"
    )
    if "--floor" in sys.argv:
        return
    figures = measure()
    base = figures[LENGTHS[0]]
    print(f"one round add through the API, median of {ADDS}, {connection.vendor}, {os.cpu_count()} CPUs")
    for rounds, figure in figures.items():
        print(
            f"{rounds:>4} rounds: {figure['ms']:7.2f} ms ({figure['ms'] / base['ms']:.2f}x)  "
            f"CPU {figure['cpu_ms']:6.2f} ms ({figure['cpu_ms'] / base['cpu_ms']:.2f}x)  "
            f"{figure['queries']:g} queries  reply {figure['reply'] / 1024:.1f} KB  "
            f"broadcast {figure['broadcast'] / 1024:.2f} KB per follower"
        )


if __name__ == "__main__":
    main()
