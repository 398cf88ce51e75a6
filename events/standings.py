"""The event's standings (SPEC 11): each player's net summed over their tables (SPEC 10's net:
a row of the session's pairwise points), then hands won, then fewer real losses.

`event_standings(event)` is the one place the standings are built: the API, the organizer
page, the screen and the export all read it, so a column added here (a rating) shows everywhere.
Each line's `extra["rating"]` is the player's rating over the event's hands (events/ratings.py,
SPEC 12), unless asked without (the screen's live view and the by-rank draw need none).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import TextField
from django.db.models.functions import Cast

from events.from_rounds import Round, real_losses
from events.models import Event, EventPlayer, EventSeat
from events.ratings import event_ratings, first_rating, in_rating_order


@dataclass
class Line:
    player: int  # EventPlayer id
    name: str
    dropped: bool = False
    net: int = 0
    hands: int = 0  # hands played
    wins: int = 0  # hands won (0 cards left)
    real_losses: int = 0
    place: int = 0
    table: int | None = None  # their table in the latest round drawn; None on a bye or not drawn
    extra: dict = field(default_factory=dict)  # columns other apps add (a rating)

    def as_json(self) -> dict:
        return {
            "id": self.player,
            "name": self.name,
            "net": self.net,
            "hands": self.hands,
            "wins": self.wins,
            "real_losses": self.real_losses,
            "place": self.place,
            "table": self.table,
            "dropped": self.dropped,
            **self.extra,
        }


def ranked(lines: Iterable[Line]) -> list[Line]:
    """Best first: more net, then more hands won, then fewer real losses; equal on all three
    share a place (1, 2, 2, 4), listed by name."""
    order = sorted(lines, key=lambda line: (-line.net, -line.wins, line.real_losses, line.name.casefold()))
    for position, line in enumerate(order):
        before = order[position - 1] if position else None
        tied = before is not None and (before.net, before.wins, before.real_losses) == (
            line.net,
            line.wins,
            line.real_losses,
        )
        line.place = before.place if tied else position + 1
    return order


def event_standings(event: Event, *, ratings: bool = True) -> list[Line]:
    """Every player of the event, ranked, in four queries however many tables it has (one or
    two more for the ratings: the stored ones for these hands)."""
    lines = {
        player.pk: Line(player=player.pk, name=player.name, dropped=player.dropped)
        for player in EventPlayer.objects.filter(event=event)
    }
    seats = list(
        EventSeat.objects.filter(table__event_round__event=event).values_list(
            "table__session_id",
            "index",
            "player_id",
            "table__session__pairwise",
            "table__event_round__number",
            "table__number",
        )
    )
    latest = max((seat[4] for seat in seats), default=None)
    player_at: dict[tuple[int, int], int] = {}
    table_at: dict[int, tuple[int, int]] = {}
    for session_id, index, player_id, pairwise, round_number, table_number in seats:
        player_at[session_id, index] = player_id
        table_at[session_id] = (round_number, table_number)
        line = lines[player_id]
        if pairwise and index < len(pairwise):
            line.net += sum(pairwise[index])
        if round_number == latest:
            line.table = table_number
    rows = list(
        Round.objects.filter(session_id__in={seat[0] for seat in seats}).values_list(
            "session_id",
            "winner",
            "covering",
            Cast("penalties", TextField()),
            "number",
            Cast("cards", TextField()),
        )
    )
    penalties = json.loads("[" + ",".join(row[3] for row in rows) + "]")
    if ratings:
        rate_lines(event, lines, rows, player_at, table_at)
    for (session_id, winner, covering, _text, _number, _cards), hand in zip(rows, penalties, strict=True):
        for index, loss in enumerate(real_losses(hand, winner=winner, covering=covering)):
            player_id = player_at.get((session_id, index))
            if player_id is None:
                continue
            line = lines[player_id]
            line.hands += 1
            line.wins += index == winner
            line.real_losses += loss
    return ranked(lines.values())


def rate_lines(
    event: Event,
    lines: dict[int, Line],
    rows: list[tuple],
    player_at: dict[tuple[int, int], int],
    table_at: dict[int, tuple[int, int]],
) -> None:
    """Each line's `rating` (API.md: mu, sigma, ordinal, ranked) over the event's hands, in the
    order event round, table, hand; a player with no hand yet has openskill's starting rating."""
    cards = json.loads("[" + ",".join(row[5] for row in rows) + "]")
    hands = []
    for (session_id, *_rest, number, _text), counts in zip(rows, cards, strict=True):
        seated = [player_at.get((session_id, index)) for index in range(len(counts))]
        if None not in seated:
            hands.append(((*table_at[session_id], number), tuple(seated), tuple(counts)))
    rated = event_ratings(event, in_rating_order(hands)).players
    for player, line in lines.items():
        line.extra["rating"] = rated.get(player, first_rating()).json()


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
