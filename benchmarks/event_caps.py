"""An event at its caps (issue 29) against a 12-player night, in the same run, in-process.

    python benchmarks/event_caps.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/event_caps.py

At its caps: 200 players, 20 rounds of 50 tables, 6 hands a table (rounds x hands = 120, the cap
a player), so 1,000 tables and 6,000 hands, every hand added through the services (each table's
totals kept as the publish path keeps them). The night: 12 players, 3 rounds of 3 tables, 4
hands a table. Then, median of REPEATS rounds taking turns: the screen's live view (what the
event's socket builds and sends, its part rendered in both languages), the organizer's live
view (with the ratings), the standings alone, GET /api/events/<key> and the organizer's page
(ratings stored: every read until a hand changes), and the screen's page (a QR code a table).
Writes test-artifacts/event-caps.json.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import inprocess  # noqa: E402

inprocess.setup("event-caps-")

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from benchmarks.machine import machine  # noqa: E402
from events import services  # noqa: E402
from events.inputs import clean_event  # noqa: E402
from events.live.consumers import build_view  # noqa: E402
from events.models import Event, EventTable  # noqa: E402
from events.reads.standings import event_standings  # noqa: E402
from rounds.reads.selectors import Viewer  # noqa: E402
from tests.factories import add_rounds  # noqa: E402

REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))
CAPS = {"players": 200, "rounds": int(os.environ.get("BENCH_CAPS_ROUNDS", "20")), "hands": 6}
NIGHT = {"players": 12, "rounds": 3, "hands": 4}


def hand(rng: random.Random, size: int) -> list[int]:
    cards = [rng.randint(1, 13) for _ in range(size)]
    cards[rng.randrange(size)] = 0
    return cards


def played_event(name: str, players: int, rounds: int, hands: int, rng: random.Random) -> Event:
    plan = clean_event(
        {
            "name": name,
            "players": [f"Player {number:03d}" for number in range(players)],
            "rounds": rounds,
            "hands": hands,
            "seating": "random",
        }
    )
    event = services.event_create(plan=plan)
    for _round in range(rounds):
        drawn = services.event_draw(event=event, rng=rng)
        for table in EventTable.objects.filter(event_round=drawn).select_related("session"):
            size = table.session.players.count()
            add_rounds(table.session, *(hand(rng, size) for _ in range(hands)))
    return Event.objects.get(pk=event.pk)


def figures_of(event: Event, client: Client) -> dict:
    api, page, screen = (
        f"/api/events/{event.view_key}",
        f"/e/{event.edit_key}/",
        f"/e/{event.view_key}/screen",
    )
    for path in (api, page, screen):  # the ratings stored, the templates loaded
        assert client.get(path).status_code == 200, path
    return {
        "screen's live view (socket)": (lambda: build_view.func(event.pk, Viewer.FOLLOWER), None),
        "organizer's live view (socket, ratings)": (lambda: build_view.func(event.pk, Viewer.EDITOR), None),
        "standings (no ratings)": (lambda: event_standings(event, ratings=False), None),
        "GET /api/events/<key>": (lambda: client.get(api), None),
        "organizer's page": (lambda: client.get(page), None),
        "screen's page (a QR code a table)": (lambda: client.get(screen), None),
    }


def main() -> None:
    inprocess.prepare()
    rng = random.Random(29)
    began = time.perf_counter()
    caps = played_event("At its caps", rng=rng, **CAPS)
    built = time.perf_counter() - began
    night = played_event("A 12-player night", rng=rng, **NIGHT)
    client = Client(HTTP_HOST="127.0.0.1")
    caps_figures = {f"caps: {label}": run for label, run in figures_of(caps, client).items()}
    night_figures = {f"night: {label}": run for label, run in figures_of(night, client).items()}
    timed = inprocess.taking_turns({**caps_figures, **night_figures}, REPEATS)
    hands = sum(table.hands_played for table in EventTable.objects.filter(event_round__event=caps))
    result = {
        "machine": machine(),
        "database": connection.vendor,
        "repeats": REPEATS,
        "caps": {
            **CAPS,
            "tables": EventTable.objects.filter(event_round__event=caps).count(),
            "hands_in_all": hands,
        },
        "built_seconds": round(built, 1),
        "night": NIGHT,
        "median_ms": {label: round(milliseconds, 1) for label, milliseconds in timed.items()},
    }
    out = ROOT / "test-artifacts" / "event-caps.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(
        f"{connection.vendor}: an event of {CAPS['players']} players, {result['caps']['tables']} tables, "
        f"{hands} hands (built in {built:.0f} s), against {NIGHT['players']} players; median of {REPEATS}; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    for label in caps_figures:
        twin = "night: " + label.removeprefix("caps: ")
        print(
            f"{label.removeprefix('caps: '):<42} {timed[label]:8.1f} ms   (12 players: {timed[twin]:6.1f} ms)"
        )


if __name__ == "__main__":
    main()
