"""The cost of one round add against the length of the evening, in-process.

    python benchmarks/write_cost.py                 # scratch SQLite file, in-memory channel layer
    DATABASE_URL=postgres://… python benchmarks/write_cost.py   # a PostgreSQL database you own

Adds rounds through the JSON API (Django's test client: the view, the service, the
reply and the after-commit broadcast, without the network) to sessions that already
hold 1 and 500 rounds (each add is deleted again, untimed), and prints per add the median time, the SQL queries, the
reply's bytes and the broadcast's bytes, with the 500-round figures as a ratio to
the 1-round ones measured in the same run. Two followers (one per key) are in the
session's group, so the broadcast is really sent.
"""

from __future__ import annotations

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
from channels.layers import get_channel_layer  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from rounds import events, services  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.locking import lock_acquire  # noqa: E402
from rounds.models import Session  # noqa: E402
from rounds.scoring import RoundEntry  # noqa: E402

LENGTHS = (1, 500)
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


def measure(rounds: int) -> dict:
    session, token = session_with(rounds)
    client = Client()
    followers = Followers(session)
    path = f"/api/sessions/{session.edit_key}/rounds"
    times, queries, reply_bytes, sent_bytes = [], [], [], []
    for number in range(ADDS):
        body = json.dumps({"cards": list(HANDS[number % 4])})
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.post(
                path, body, content_type="application/json", headers={"X-Entry-Lock": token}
            )
            times.append(time.perf_counter() - started)
        assert response.status_code == 201, response.content
        queries.append(len(captured.captured_queries))
        reply_bytes.append(len(response.content))
        sent_bytes.append(followers.drain())
        # Back to the same length, untimed, so every add is measured at `rounds`.
        services.round_delete(session=session, token=token, number=rounds + 1)
        followers.drain()
    return {
        "ms": statistics.median(times) * 1000,
        "queries": statistics.median(queries),
        "reply": statistics.median(reply_bytes),
        "broadcast": statistics.median(sent_bytes),
    }


def main() -> None:
    call_command("migrate", verbosity=0)
    engine = connection.vendor
    results = {rounds: measure(rounds) for rounds in LENGTHS}
    base = results[LENGTHS[0]]
    print(f"one round add through the API, median of {ADDS}, {engine}, {os.cpu_count()} CPUs")
    for rounds, figures in results.items():
        print(
            f"{rounds:>4} rounds: {figures['ms']:7.2f} ms ({figures['ms'] / base['ms']:.2f}x)  "
            f"{figures['queries']:g} queries  reply {figures['reply'] / 1024:.1f} KB  "
            f"broadcast {figures['broadcast'] / 1024:.2f} KB per follower"
        )


if __name__ == "__main__":
    main()
