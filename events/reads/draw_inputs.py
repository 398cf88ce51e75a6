"""What the draw of an event round reads (SPEC 11), in one place: the players still in, their
places (by rank), the pairs that have met (mixed) and the byes so far. The draw itself is pure
(events/rules/draw.py); events/services/event_writes.py writes what it drew."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from events.models import Event, EventBye, EventPlayer, EventSeat
from events.reads.standings import Line, event_standings
from events.rules import draw as drawing


class DrawInputs(NamedTuple):
    players: list[EventPlayer]
    places: dict[int, int]
    met: Counter
    byes: Counter


def draw_inputs(event: Event) -> DrawInputs:
    players = list(EventPlayer.objects.filter(event=event, dropped=False))
    lines = event_standings(event, ratings=False) if event.seating == "by_rank" else []
    met = Counter(drawing.pairs_met(tables_met(event))) if event.seating == "mixed" else Counter()
    byes = Counter(EventBye.objects.filter(event_round__event=event).values_list("player_id", flat=True))
    return DrawInputs(players, places_of(lines), met, byes)


def places_of(lines: Iterable[Line]) -> dict[int, int]:
    """Each player's place, for the by-rank draw."""
    return {line.player: line.place for line in lines}


def tables_met(event: Event) -> list[list[int]]:
    """Every table the event has drawn, as its players' ids (for the mixed draw)."""
    tables: dict[int, list[int]] = defaultdict(list)
    for session_id, player_id in EventSeat.objects.filter(table__event_round__event=event).values_list(
        "table__session_id", "player_id"
    ):
        tables[session_id].append(player_id)
    return list(tables.values())
