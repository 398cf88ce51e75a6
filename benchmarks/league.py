"""A club's season and league (issue 32) on `make serve`, against the 2013 group's season in the
same run.

    python benchmarks/league.py        # or BENCH_DATABASE_URL=... BENCH_REDIS_URL=... first

Builds, in a scratch PostgreSQL database found as `make bench` finds it (benchmarks/run.py):
- the 2013 group: the real 2013 paper log (tests/data/) imported, as the app imports it;
- a club with two years of weekly nights: NIGHTS nights of 20 of its 24 players, 3 rounds of 5
  tables of 4, 4 hands a table (6,000 hands), stored in bulk the way a played night stores them
  (each table an imported session of its hands, its totals kept as events/reads/tally.py keeps them,
  seats linked to the group's players), so the build takes seconds, not an evening of HTTP.

Then starts `make serve` (WORKERS workers) on that database and times, over HTTP, REPEATS rounds
in which every request runs once in turn (so a change in the machine's load weighs on each
alike), after one warming read each (ratings stored): the 2013 group's season page and season
JSON (the baselines), and the club's page (season and league), season JSON, league JSON,
league.csv, the league's print page; and a night's standings (GET /api/events/<key>, the club's
Skill) against a night of the same shape that belongs to no club (its own Skill). Target: each
page within 1.5x the 2013 season page, each API answer within 1.5x the 2013 season JSON, the
night within 1.5x the open night. Then the first read after a change (a session's version
moved, as a corrected hand moves it: nothing kept applies), COLD rounds, for the record: what
a group page's live refresh costs during a night. Writes test-artifacts/league.json (RESULTS.md
has the figures).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.clients import Http  # noqa: E402
from benchmarks.harness import make_serve  # noqa: E402
from benchmarks.machine import machine, postgres_and_redis  # noqa: E402

NIGHTS = int(os.environ.get("BENCH_NIGHTS", "100"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))
COLD = int(os.environ.get("BENCH_COLD", "5"))
WORKERS = int(os.environ.get("LEAGUE_WORKERS", "2"))
MEMBERS = [f"Member {number:02d}" for number in range(24)]
AT_A_NIGHT, ROUNDS, HANDS = 20, 3, 4
TARGET = 1.5


def say(message: str) -> None:
    print(f"==> [load {os.getloadavg()[0]:.1f}] {message}", flush=True)


def a_hand(rng: random.Random, size: int) -> object:
    from rounds.rules.scoring import RoundEntry

    cards = [rng.randint(1, 13) for _ in range(size)]
    cards[rng.randrange(size)] = 0
    return RoundEntry(cards=tuple(cards))


def a_night(
    event: object, names: list[str], rng: random.Random, settings: object, played_at: datetime
) -> int:
    """ROUNDS rounds of tables of 4 for `names`, HANDS hands a table, stored in bulk as a played
    night is stored: each table an imported session of its hands, its totals kept as
    events/reads/tally.py keeps them."""
    from events.models import EventPlayer, EventRound, EventSeat, EventTable
    from events.reads.tally import Tally
    from events.services.club_members import join_club
    from rounds.models import Round
    from rounds.rules.names import name_key
    from rounds.services.imports import scored_entries, session_import

    players = EventPlayer.objects.bulk_create(
        EventPlayer(event=event, name=name, name_key=name_key(name)) for name in names
    )
    join_club(event)
    players = list(EventPlayer.objects.filter(event=event))
    for number in range(1, ROUNDS + 1):
        event_round = EventRound.objects.create(event=event, number=number, drawn_at=played_at)
        order = rng.sample(players, len(players))
        for table_number, start in enumerate(range(0, len(order), 4), start=1):
            seated = order[start : start + 4]
            seat_names = [player.name for player in seated]
            entries = scored_entries(seat_names, settings, [a_hand(rng, 4) for _ in range(HANDS)])
            session = session_import(
                players=seat_names, settings=settings, rounds=entries, played_at=played_at, device="bench"
            )
            tally = Tally.of(
                session.pairwise,
                Round.objects.filter(session=session).values_list("winner", "covering", "penalties"),
            )
            EventTable.objects.create(
                session=session,
                event_round=event_round,
                number=table_number,
                hands_played=tally.hands,
                net=tally.net,
                wins=tally.wins,
                real_losses=tally.real_losses,
                tally_version=session.version,
            )
            EventSeat.objects.bulk_create(
                EventSeat(table_id=session.pk, index=index, player=player)
                for index, player in enumerate(seated)
            )
    return ROUNDS * len(names) // 4 * HANDS


def club_nights(group: object, nights: int) -> int:
    """`nights` weekly nights of the club; then one night of the same shape that belongs to no
    club (the baseline of a night's standings)."""
    from events.models import Event
    from events.reads.table_rules import rules_of_club
    from rounds.inputs import clean_settings

    rng = random.Random(32)
    rules = rules_of_club(group) or {"preset": "pay-difference"}
    settings = clean_settings({**rules, "rounds": HANDS})
    first = date(2025, 1, 3)
    hands = 0
    for week in range(nights + 1):
        day = first + timedelta(weeks=week)
        club = group if week < nights else None
        event = Event.objects.create(
            name=f"Club night {week + 1}" if club else "An open night",
            rounds=ROUNDS,
            hands=HANDS,
            seating="random",
            rules=rules,
            group=club,
            played_on=day,
        )
        played = a_night(
            event,
            rng.sample(MEMBERS, AT_A_NIGHT),
            rng,
            settings,
            datetime(day.year, day.month, day.day, 20, tzinfo=UTC),
        )
        hands += played if club else 0
    return hands


def build() -> dict:
    from benchmarks import inprocess

    inprocess.prepare()
    from groups.services import group_writes as services
    from groups.services.paper_import import log_import

    started = time.perf_counter()
    old = services.group_create(name="2013")
    log_import(group=old, text=(ROOT / "tests" / "data" / "big-two-2013.txt").read_text(), dry_run=False)
    imported = time.perf_counter() - started
    club = services.group_create(name="Two years of Fridays")
    started = time.perf_counter()
    hands = club_nights(club, NIGHTS)
    built = time.perf_counter() - started
    from events.models import Event
    from rounds.models import Round

    night = Event.objects.filter(group=club).order_by("-played_on").first()
    open_night = Event.objects.get(group__isnull=True, name="An open night")
    return {
        "open_night": open_night.view_key,
        "old": old.view_key,
        "old_rounds": Round.objects.filter(session__in=old.evenings.values("session_id")).count(),
        "club": club.view_key,
        "club_edit": club.edit_key,
        "night": night.view_key,
        "hands": hands,
        "seconds_to_build": built,
        "seconds_to_import_2013": imported,
    }


async def timed(port: int, paths: dict[str, str]) -> dict[str, float]:
    """Median milliseconds of REPEATS GETs of each path, the paths taking turns."""
    http = Http(port)
    times: dict[str, list[float]] = {label: [] for label in paths}
    for label, path in paths.items():  # the ratings stored, the templates loaded
        status, _body = await http.call("GET", path)
        assert status == 200, (label, status)
    for _ in range(REPEATS):
        for label, path in paths.items():
            began = time.perf_counter()
            status, _body = await http.call("GET", path)
            times[label].append(time.perf_counter() - began)
            assert status == 200, (label, status)
    await http.close()
    return {label: statistics.median(samples) * 1000 for label, samples in times.items()}


def bump(group_key: str) -> None:
    """A change to the group's latest session, as a corrected hand makes it: its version moves
    (and, at a night's table, the version its totals were kept at), so every kept figure of the
    group is read again."""
    from django.db.models import F

    from events.models import EventTable
    from groups.models import GroupEvening
    from rounds.models import Session

    table = (
        EventTable.objects.filter(event_round__event__group__view_key=group_key)
        .order_by("-session_id")
        .first()
    )
    if table is not None:
        Session.objects.filter(pk=table.session_id).update(version=F("version") + 1)
        EventTable.objects.filter(pk=table.pk).update(tally_version=F("tally_version") + 1)
        return
    evening = GroupEvening.objects.filter(group__view_key=group_key).order_by("-session_id").first()
    Session.objects.filter(pk=evening.session_id).update(version=F("version") + 1)


def cold(port: int, paths: dict[str, tuple[str, str]], repeats: int) -> dict[str, float]:
    """Median milliseconds of a GET just after a change to its group (nothing kept applies), the
    paths taking turns."""
    times: dict[str, list[float]] = {label: [] for label in paths}
    for _ in range(repeats):
        for label, (path, group_key) in paths.items():
            bump(group_key)
            began = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as reply:
                reply.read()
            times[label].append(time.perf_counter() - began)
    return {label: statistics.median(samples) * 1000 for label, samples in times.items()}


def main() -> int:
    results: dict = {"machine": machine(), "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
    with (
        tempfile.TemporaryDirectory(prefix="league-bench-") as scratch,
        postgres_and_redis() as (database, redis_url),
    ):
        os.environ["BENCH_DATABASE_URL"] = database
        from benchmarks import inprocess

        inprocess.setup("league-")
        say(f"building the 2013 group and {NIGHTS} club nights")
        built = build()
        results["built"] = built
        say(
            f"{built['hands']:,} hands of {NIGHTS} nights in {built['seconds_to_build']:.1f} s; "
            f"the 2013 log ({built['old_rounds']:,} rounds) in {built['seconds_to_import_2013']:.1f} s"
        )
        from django.db import connections

        connections.close_all()
        with make_serve(Path(scratch), database, redis_url, workers=WORKERS) as server:
            say(f"{server.name}: {REPEATS} rounds of every request, taking turns")
            old, club = built["old"], built["club"]
            pages = {
                "2013 season page": f"/g/{old}/",
                "2013 season JSON": f"/api/groups/{old}/season",
                "club page (season and league)": f"/g/{club}/",
                "club season JSON": f"/api/groups/{club}/season",
                "club league JSON": f"/api/groups/{club}/league",
                "club league.csv": f"/api/groups/{club}/league.csv",
                "club league print page": f"/g/{club}/league/print",
                "a night's standings (club Skill)": f"/api/events/{built['night']}",
                "an open night's standings (its own Skill)": f"/api/events/{built['open_night']}",
            }
            medians = asyncio.run(timed(server.port, pages))
            say(f"{server.name}: the first read after a change, {COLD} rounds taking turns")
            firsts = cold(
                server.port,
                {
                    "2013 season page": (f"/g/{old}/", old),
                    "2013 season JSON": (f"/api/groups/{old}/season", old),
                    "club page (season and league)": (f"/g/{club}/", club),
                    "club season JSON": (f"/api/groups/{club}/season", club),
                    "club league JSON": (f"/api/groups/{club}/league", club),
                    "a night's standings (club Skill)": (f"/api/events/{built['night']}", club),
                },
                COLD,
            )
    page, api = medians["2013 season page"], medians["2013 season JSON"]
    results["medians_ms"] = medians
    results["ratios"] = {
        label: milliseconds / (page if "page" in label else api)
        for label, milliseconds in medians.items()
        if not label.startswith(("2013", "a night", "an open"))
    }
    # A night's standings against the same shape of night that belongs to no club.
    results["ratios"]["a night's standings (club Skill)"] = (
        medians["a night's standings (club Skill)"] / medians["an open night's standings (its own Skill)"]
    )
    results["target"] = TARGET
    results["after_a_change_ms"] = firsts
    results["after_a_change_ratios"] = {
        label: milliseconds / firsts["2013 season page" if "page" in label else "2013 season JSON"]
        for label, milliseconds in firsts.items()
        if not label.startswith("2013")
    }
    print(
        f"{NIGHTS} nights, {built['hands']:,} hands; 2013 group {built['old_rounds']:,} rounds; median of {REPEATS}"
    )
    for label, milliseconds in medians.items():
        ratio = results["ratios"].get(label)
        base = (
            "the open night"
            if label.startswith("a night")
            else f"the 2013 {'page' if 'page' in label else 'JSON'}"
        )
        against = "" if ratio is None else f"  {ratio:5.2f}x {base}"
        print(f"{label:<34} {milliseconds:8.1f} ms{against}")
    print("The first read after a change (nothing kept applies):")
    for label, milliseconds in firsts.items():
        ratio = results["after_a_change_ratios"].get(label)
        against = "" if ratio is None else f"  {ratio:5.2f}x the 2013 {'page' if 'page' in label else 'JSON'}"
        print(f"{label:<34} {milliseconds:8.1f} ms{against}")
    out = ROOT / "test-artifacts" / "league.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    return 0 if all(ratio <= TARGET for ratio in results["ratios"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
