"""How long a group's season page takes with a year of weekly evenings, in-process.

    python benchmarks/season.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/season.py

Builds one group with WEEKS weekly evenings of ROUNDS rounds (four of five friends each week,
pay the difference, covering on, a wager), stored the way a paper-log import stores them,
then times GET of the season page (/g/<key>/), its live fragment, the season JSON, and the
home page as the light page of the same run: median of REPEATS, through Django's test client
(URL routing, the view, the queries, the templates; no network). Target: the season page
under 300 ms on this machine.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
SCRATCH = Path(tempfile.mkdtemp(prefix="season-")) / "bench.sqlite3"
os.environ.update(
    {
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{SCRATCH}"),
        "HTTPS": "0",
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from groups import services  # noqa: E402
from groups.models import Group  # noqa: E402
from groups.paper import log_export, log_import  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.scoring import RoundEntry  # noqa: E402
from rounds.services.imports import scored_entries, session_import  # noqa: E402

WEEKS = int(os.environ.get("BENCH_WEEKS", "52"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS_PER_EVENING", "24"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "20"))
FRIENDS = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def a_round(draw: random.Random) -> RoundEntry:
    cards = [draw.randint(1, 13) for _ in range(4)]
    winner = draw.randrange(4)
    cards[winner] = 0
    covering = draw.choice([index for index in range(4) if index != winner]) if draw.random() < 0.1 else None
    return RoundEntry(cards=tuple(cards), covering=covering)


def a_year(group: Group) -> int:
    draw = random.Random(2026)
    settings = clean_settings(
        {"preset": "pay-difference", "covering_rule": True, "value_per_point": "0.20", "currency": "HKD"}
    )
    first = date(2025, 1, 2)
    for week in range(WEEKS):
        names = draw.sample(FRIENDS, 4)
        members = services.group_players_for(group, names)
        rounds = scored_entries(names, settings, [a_round(draw) for _ in range(ROUNDS)])
        day = first + timedelta(weeks=week)
        played_at = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)
        session = session_import(
            players=names, settings=settings, rounds=rounds, played_at=played_at, device="benchmark"
        )
        services.link_evening(group=group, session=session, players=members, played_on=day, imported=True)
    return WEEKS * ROUNDS


def timed(client: Client, path: str) -> tuple[float, int]:
    """Median milliseconds of REPEATS GETs, and the SQL queries of one."""
    queries: list[str] = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        assert client.get(path).status_code == 200, path
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        client.get(path)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, len(queries)


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    group = services.group_create(name="A year of Thursdays")
    rounds = a_year(group)
    client = Client(HTTP_HOST="127.0.0.1")
    pages = {
        "home page (the light page)": "/",
        "season page /g/<key>/": f"/g/{group.edit_key}/",
        "season fragment (live refresh)": f"/g/{group.view_key}/season",
        "season JSON": f"/api/groups/{group.view_key}/season",
        "season page, half the year": f"/g/{group.edit_key}/?range=custom&from=2025-01-01&to=2025-06-30",
    }
    results = {label: timed(client, path) for label, path in pages.items()}
    started = time.perf_counter()
    log = log_export(group)
    exported = time.perf_counter() - started
    copy = services.group_create(name="The year again")
    started = time.perf_counter()
    log_import(group=copy, text=log, dry_run=False)
    imported = time.perf_counter() - started
    light = results["home page (the light page)"][0]
    print(
        f"{WEEKS} evenings, {rounds} rounds, {len(FRIENDS)} players; {connection.vendor}; "
        f"median of {REPEATS}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}"
    )
    for label, (milliseconds, queries) in results.items():
        print(
            f"{label:<32} {milliseconds:8.1f} ms  {queries:>2} queries  {milliseconds / light:5.1f}x the light page"
        )
    print(
        f"export.txt of the year: {exported * 1000:.0f} ms ({len(log):,} bytes); importing it: {imported * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
