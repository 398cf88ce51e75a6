"""What the ratings (SPEC 12) cost an event's standings, in-process.

    python benchmarks/event_ratings.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/event_ratings.py

An event of 200 players, 3 rounds of 50 tables of 4, 5 hands a table (750 hands), then times
through Django's test client, median of REPEATS rounds taking turns: the event JSON without
ratings (as before them), with the ratings stored (every read until a hand changes), after a
hand added in the round in play (that round rated again from the ratings stored before it),
with nothing stored (an old hand corrected: every hand rated again); the organizer's page
stored; and rate() of the 750 hands alone.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import inprocess  # noqa: E402

inprocess.setup("event-ratings-")

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from events import services  # noqa: E402
from events.inputs import clean_event  # noqa: E402
from events.models import EventRatings, EventTable  # noqa: E402
from events.reads import selectors  # noqa: E402
from groups.rules.skill import RatedRound, rate  # noqa: E402
from tests.factories import add_rounds  # noqa: E402

PLAYERS, ROUNDS, HANDS = 200, 3, 5
REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))


def hand(rng: random.Random) -> list[int]:
    cards = [rng.randint(1, 13) for _ in range(4)]
    cards[rng.randrange(4)] = 0
    return cards


def main() -> None:
    inprocess.prepare()
    rng = random.Random(200)
    names = [f"Player {number}" for number in range(1, PLAYERS + 1)]
    plan = clean_event(
        {"name": "Big night", "players": names, "rounds": ROUNDS, "hands": HANDS, "seating": "random"}
    )
    event = services.event_create(plan=plan)
    for _round in range(ROUNDS):
        drawn = services.event_draw(event=event, rng=rng, force=True)
        tables = list(EventTable.objects.filter(event_round=drawn).select_related("session"))
        for table in tables:
            add_rounds(table.session, *(hand(rng) for _ in range(HANDS - (table is tables[-1]))))
    last = tables[-1].session
    client = Client(HTTP_HOST="127.0.0.1")
    json_path, page_path = f"/api/events/{event.view_key}", f"/e/{event.edit_key}/"
    assert client.get(json_path).status_code == 200
    assert client.get(page_path).status_code == 200

    def forget() -> None:
        EventRatings.objects.filter(event=event).delete()

    def as_if_a_hand_was_added_now() -> None:
        # The stored rows no longer match the hands, but those before the round in play do.
        forget()
        client.get(json_path)
        EventRatings.objects.filter(event=event).update(digest="changed")

    def without_ratings() -> None:
        real = selectors.event_standings
        selectors.event_standings = lambda found: real(found, ratings=False)
        try:
            client.get(json_path)
        finally:
            selectors.event_standings = real

    rounds = [
        RatedRound(players=(1, 2, 3, 4), cards=tuple(hand(rng)), step=1) for _ in range(ROUNDS * 50 * HANDS)
    ]
    figures = inprocess.taking_turns(
        {
            "event JSON without ratings (as before them)": (without_ratings, None),
            "event JSON, ratings stored (every read until a hand changes)": (
                lambda: client.get(json_path),
                None,
            ),
            "event JSON, a hand added in the round in play (it alone rated)": (
                lambda: client.get(json_path),
                as_if_a_hand_was_added_now,
            ),
            "event JSON, nothing stored (an old hand corrected: all rated)": (
                lambda: client.get(json_path),
                forget,
            ),
            "organizer's page, ratings stored": (lambda: client.get(page_path), None),
            f"rate() alone, {len(rounds)} hands": (lambda: rate(rounds), None),
        },
        REPEATS,
    )
    played = sum(1 for _ in last.rounds.all())
    print(
        f"{PLAYERS} players, {ROUNDS} rounds of 50 tables, {ROUNDS * 50 * HANDS - 1} hands (last table {played}); "
        f"{connection.vendor}; median of {REPEATS}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}"
    )
    for label, milliseconds in figures.items():
        print(f"{label:<68} {milliseconds:8.1f} ms")


if __name__ == "__main__":
    main()
