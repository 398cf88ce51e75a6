"""How long a group's season page takes with a year of weekly evenings, in-process.

    python benchmarks/season.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/season.py

Builds one group with WEEKS weekly evenings of ROUNDS rounds (four of five friends each week,
pay the difference, covering on, a wager), stored the way a paper-log import stores them,
then times GET of the season page (/g/<key>/), its live fragment, the season JSON, and the
home page as the light page of the same run: median of REPEATS, through Django's test client
(URL routing, the view, the queries, the templates; no network). Target: the season page
under 300 ms on this machine.

Then two groups of one shape each (issue 19): a 2013-sized group (20 players, 46 evenings of
24 rounds: 1,104 rounds) and a wide one (400 players met once each at 200 two-player tables of
one round), stored the same way; the wide one's pages are timed against the 2013 one's, in the
same run, the GETs of the two taking turns. Target: the wide group's page within 3x the 2013 group's.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import inprocess

inprocess.setup("season-")

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from groups import services  # noqa: E402
from groups.models import Group, GroupPlayer  # noqa: E402
from groups.reads.paper_export import log_export  # noqa: E402
from groups.services.paper_import import log_import  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.rules.names import name_key  # noqa: E402
from rounds.rules.scoring import RoundEntry  # noqa: E402
from rounds.services.imports import scored_entries, session_import  # noqa: E402

WEEKS = int(os.environ.get("BENCH_WEEKS", "52"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS_PER_EVENING", "24"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "20"))
FRIENDS = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def a_round(draw: random.Random, seats: int = 4) -> RoundEntry:
    cards = [draw.randint(1, 13) for _ in range(seats)]
    winner = draw.randrange(seats)
    cards[winner] = 0
    losers = [index for index in range(seats) if index != winner]
    covering = draw.choice(losers) if seats > 2 and draw.random() < 0.1 else None
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


def a_season(group: Group, *, evenings: int, rounds: int, friends: list[str], seats: int) -> int:
    """`evenings` weekly evenings of `rounds` rounds, `seats` of `friends` each, drawn at random."""
    draw = random.Random(2013)
    settings = clean_settings({"preset": "pay-difference", "covering_rule": True})
    first = date(2013, 1, 3)
    for week in range(evenings):
        names = draw.sample(friends, seats)
        members = services.group_players_for(group, names)
        entries = [a_round(draw, seats) for _ in range(rounds)]
        day = first + timedelta(weeks=week % 52, days=week // 52)
        played_at = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)
        session = session_import(
            players=names,
            settings=settings,
            rounds=scored_entries(names, settings, entries),
            played_at=played_at,
            device="benchmark",
        )
        services.link_evening(group=group, session=session, players=members, played_on=day, imported=True)
    return evenings * rounds


def a_wide_group(group: Group, *, players: int) -> int:
    """`players` players, each at one two-player table of one round: the evenings are added below
    the import's cap, as a group made before the cap may hold them."""
    names = [f"P{number:03d}" for number in range(players)]
    settings = clean_settings({"preset": "pay-difference"})
    draw = random.Random(400)
    day = date(2013, 1, 3)
    played_at = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)
    everyone = GroupPlayer.objects.bulk_create(
        GroupPlayer(group=group, name=name, name_key=name_key(name)) for name in names
    )
    for first in range(0, players, 2):
        pair = names[first : first + 2]
        members = everyone[first : first + 2]
        entry = a_round(draw, 2)
        session = session_import(
            players=pair,
            settings=settings,
            rounds=scored_entries(pair, settings, [entry]),
            played_at=played_at,
            device="benchmark",
        )
        services.link_evening(group=group, session=session, players=members, played_on=day, imported=True)
    return players // 2


def timed(client: Client, path: str, budget: float = 20.0) -> tuple[float, int]:
    """Median milliseconds of REPEATS GETs (fewer, at least 3, past `budget` seconds), and the
    SQL queries of one."""
    queries: list[str] = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        assert client.get(path).status_code == 200, path
    times: list[float] = []
    while len(times) < REPEATS and (len(times) < 3 or sum(times) < budget):
        started = time.perf_counter()
        client.get(path)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, len(queries)


def taking_turns(client: Client, paths: list[str]) -> list[float]:
    """Median milliseconds of REPEATS GETs of each path, the paths taking turns, so a change in
    the machine's load (shared with other work) weighs on each alike."""
    times: list[list[float]] = [[] for _ in paths]
    for _ in range(REPEATS):
        for path, samples in zip(paths, times, strict=True):
            started = time.perf_counter()
            client.get(path)
            samples.append(time.perf_counter() - started)
    return [statistics.median(samples) * 1000 for samples in times]


def main() -> None:
    inprocess.prepare()
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
    shapes()
    big_log()


def big_log() -> None:
    """A 256 KB paper log of one two-player table (65,000 rounds) sent to the import API."""
    client = Client(HTTP_HOST="127.0.0.1")
    group = services.group_create(name="Big log")
    log = "2013-01-03\nAnn Ben\n" + "0 5\n" * 65_000
    started = time.perf_counter()
    reply = client.post(f"/api/groups/{group.edit_key}/import", log, content_type="text/plain; charset=utf-8")
    took = time.perf_counter() - started
    print(
        f"import of a {len(log.encode()) / 1024:.0f} KB log (65,000 rounds): {reply.status_code} in {took * 1000:.0f} ms"
    )


def shapes() -> None:
    """The 2013-sized group against the wide one (400 players, 200 two-player tables)."""
    client = Client(HTTP_HOST="127.0.0.1")
    club = services.group_create(name="2013")
    club_rounds = a_season(club, evenings=46, rounds=24, friends=[f"F{n:02d}" for n in range(20)], seats=4)
    wide = services.group_create(name="Wide")
    wide_tables = a_wide_group(wide, players=400)
    print(
        f"2013-sized group: 20 players, 46 evenings, {club_rounds} rounds; wide group: 400 players, {wide_tables} tables"
    )
    for label, path in (("season page", "/g/{}/"), ("season JSON", "/api/groups/{}/season")):
        paths = [path.format(club.view_key), path.format(wide.view_key)]
        (_, base_queries), (_, wide_queries) = (timed(client, one, budget=0) for one in paths)
        base, wide_ms = taking_turns(client, paths)
        print(
            f"{label:<12} 2013-sized {base:8.1f} ms {base_queries:>2} queries; "
            f"wide {wide_ms:9.1f} ms {wide_queries:>2} queries; wide / 2013-sized {wide_ms / base:6.2f}x"
        )


if __name__ == "__main__":
    main()
