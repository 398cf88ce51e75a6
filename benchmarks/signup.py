"""What a sign-up (SPEC 13) costs, in-process, against the organizer adding the same player.

    python benchmarks/signup.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/signup.py

Two nights open for sign-up, filled in turn to 199 players: one by players signing up
(`POST /api/events/<follow key>/signup`), the other by the organizer adding each
(`PATCH /api/events/<edit key>` {"add"}: the baseline, the same kind of write). Each write is
timed through Django's test client, the two taking turns; the medians of the first and the last
20 writes of each, and their SQL statements. Then the organizer's page and the follow page of the
night of 199 sign-ups (its live list of sign-ups, its "I'm in" form) against those of the night
whose players were added, medians of REPEATS rounds taking turns.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import inprocess  # noqa: E402

inprocess.setup("signup-")

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from events import services  # noqa: E402
from events.inputs import clean_event  # noqa: E402

PLAYERS = 199  # the 200th would be the cap's last place
EDGE = 20
REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))


def night(name: str):
    plan = clean_event({"name": name, "players": [], "rounds": 1, "hands": 1, "signup": True})
    return services.event_create(plan=plan)


def timed(client: Client, method: str, path: str, body: dict) -> tuple[float, int]:
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        reply = client.generic(method, path, json.dumps(body), "application/json")
        spent = (time.perf_counter() - started) * 1000
    assert reply.status_code in (200, 201), reply.content
    return spent, len(queries)


def main() -> None:
    inprocess.prepare()
    settings.RATE_LIMITS = {scope: (10**9, 3600) for scope in settings.RATE_LIMITS}
    signed, added = night("Signed up"), night("Added")
    client = Client(HTTP_HOST="127.0.0.1")
    times: dict[str, list[tuple[float, int]]] = {"sign-up": [], "organizer's add": []}
    for number in range(1, PLAYERS + 1):
        name = f"Player {number}"
        times["sign-up"].append(
            timed(client, "POST", f"/api/events/{signed.view_key}/signup", {"name": name})
        )
        times["organizer's add"].append(
            timed(client, "PATCH", f"/api/events/{added.edit_key}", {"add": [name]})
        )
    print(
        f"{PLAYERS} players each way; {connection.vendor}; {os.cpu_count()} CPUs; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    for label, samples in times.items():
        for part, chosen in (("first", samples[:EDGE]), ("last", samples[-EDGE:])):
            milliseconds = statistics.median(spent for spent, _ in chosen)
            queries = statistics.median(count for _, count in chosen)
            print(
                f"{label:<16} {part} {EDGE} writes: median {milliseconds:6.2f} ms, {queries:.0f} SQL statements"
            )
    pages = inprocess.taking_turns(
        {
            "organizer's page, 199 sign-ups listed": (lambda: client.get(f"/e/{signed.edit_key}/"), None),
            "organizer's page, 199 players added": (lambda: client.get(f"/e/{added.edit_key}/"), None),
            "follow page, sign-up open, 199 signed up": (lambda: client.get(f"/e/{signed.view_key}/"), None),
            "follow page, sign-up closed, 199 added": (
                lambda: client.get(f"/e/{added.view_key}/"),
                lambda: type(added).objects.filter(pk=added.pk).update(signup=False),
            ),
        },
        REPEATS,
    )
    for label, milliseconds in pages.items():
        print(f"{label:<44} {milliseconds:8.1f} ms")


if __name__ == "__main__":
    main()
