"""How the state payload scales with the length of an evening, in-process on a scratch SQLite file.

    python benchmarks/state_build.py

Builds table_state() for sessions of 1, 50, 200 and 500 rounds, many times each,
and prints the median time, the SQL queries per build, and the ratio to the
1-round session measured in the same run. Queries must stay constant; time grows
with the rounds scored.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
SCRATCH = Path(tempfile.mkdtemp(prefix="state-build-")) / "bench.sqlite3"
os.environ.update(
    {"DATABASE_URL": f"sqlite:///{SCRATCH}", "HTTPS": "0", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from rounds import services  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.models import Session  # noqa: E402
from rounds.reads.selectors import Viewer  # noqa: E402
from rounds.reads.state import table_state  # noqa: E402
from rounds.rules.scoring import RoundEntry  # noqa: E402
from rounds.services.locking import lock_acquire  # noqa: E402

LENGTHS = (1, 50, 200, 500)
REPEATS = 30


def session_with(rounds: int) -> Session:
    session = services.session_create(
        players=["Ann", "Ben", "Cat", "Dan"], settings=clean_settings({"value_per_point": "0.50"})
    )
    token = lock_acquire(session=session, device="bench").token
    hands = [(5, 0, 11, 13), (0, 10, 2, 7), (3, 4, 0, 13), (1, 1, 1, 0)]
    for number in range(rounds):
        services.round_add(session=session, token=token, entry=RoundEntry(cards=hands[number % 4]))
    return Session.objects.get(pk=session.pk)


def main() -> None:
    call_command("migrate", verbosity=0)
    results = {}
    for rounds in LENGTHS:
        session = session_with(rounds)
        with CaptureQueriesContext(connection) as queries:
            table_state(session, viewer=Viewer.EDITOR)
        times = []
        for _ in range(REPEATS):
            started = time.perf_counter()
            table_state(session, viewer=Viewer.EDITOR)
            times.append(time.perf_counter() - started)
        results[rounds] = (statistics.median(times) * 1000, len(queries))
    baseline = results[LENGTHS[0]][0]
    print(f"table_state() median of {REPEATS} builds, SQLite, {os.cpu_count()} CPUs")
    for rounds, (milliseconds, query_count) in results.items():
        print(
            f"{rounds:>4} rounds: {milliseconds:7.2f} ms  {query_count} queries  {milliseconds / baseline:6.1f}x the 1-round build"
        )


if __name__ == "__main__":
    main()
