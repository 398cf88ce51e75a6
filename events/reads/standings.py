"""The event's standings (SPEC 11): each player's net summed over their tables (SPEC 10's net:
a row of the session's pairwise points), then hands won, then fewer real losses; from each
table's totals as stored (events/reads/tally.py), never a walk over every hand.

`event_standings(event)` is the one place the standings are built: the API, the organizer
page, the screen and the export all read it, so a column added here (a rating) shows everywhere.
Each line's `extra["rating"]` is the player's rating over the event's hands (events/reads/night_ratings.py,
SPEC 12), or at a club's night the club's over its season (SPEC 13), unless asked without (the screen's live view and the by-rank draw need none).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from events.models import Event, EventPlayer, EventSeat, EventTable
from events.reads.night_ratings import TableSeats, event_ratings, first_rating, hands_of
from events.reads.tally import current_tallies, tally_rows
from groups.public import (
    Group,
    GroupEvening,
    Rating,
    night_ratings,
    rate,
    remembered,
    season_and_ratings,
    stamp,
)
from rounds.rules.names import alphabetical


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
    share a place (1, 2, 2, 4), listed by name (in the alphabet's order: "Đặng" among the D)."""
    order = sorted(lines, key=lambda line: (-line.net, -line.wins, line.real_losses, alphabetical(line.name)))
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
    """Every player of the event, ranked, from each table's stored totals (events/reads/tally.py), in
    three queries however many hands it has (a few more for the ratings: the stored ones for
    this state of the tables)."""
    lines = {
        player.pk: Line(player=player.pk, name=player.name, dropped=player.dropped)
        for player in EventPlayer.objects.filter(event=event)
    }
    tables = tally_rows(
        EventTable.objects.filter(event_round__event=event).order_by("event_round__number", "number"),
        "event_round__number",
        "number",
    )
    tallies = current_tallies(tables)
    place_of = {table["session_id"]: (table["event_round__number"], table["number"]) for table in tables}
    latest = tables[-1]["event_round__number"] if tables else None
    seated: dict[int, list[int]] = defaultdict(list)
    for session_id, index, player_id in (
        EventSeat.objects.filter(table__event_round__event=event)
        .order_by("table_id", "index")
        .values_list("table_id", "index", "player_id")
    ):
        seated[session_id].append(player_id)
        tally, line = tallies[session_id], lines[player_id]
        if index < len(tally.net):
            line.net += tally.net[index]
            line.wins += tally.wins[index]
            line.real_losses += tally.real_losses[index]
        line.hands += tally.hands
        if place_of[session_id][0] == latest:
            line.table = place_of[session_id][1]
    if ratings:
        tables_seated = [
            TableSeats(
                round=table["event_round__number"],
                table=table["number"],
                session=table["session_id"],
                version=table["session__version"],
                players=tuple(seated[table["session_id"]]),
            )
            for table in tables
        ]
        if event.group_id is not None:
            rated = club_ratings(event, tables_seated)
        else:
            rated = event_ratings(event, tables_seated).players
        for player, line in lines.items():
            line.extra["rating"] = rated.get(player, first_rating()).json()
    return ranked(lines.values())


def club_ratings(event: Event, tables: list[TableSeats]) -> dict[int, Rating]:
    """At a club's night, each player's Skill is the club's over its season (SPEC 13): every
    evening and every night's hands, this one's included, by EventPlayer. While this night is
    the season's last, the ratings before it are kept (groups/reads/season_cache.py) and only its own
    hands are read and rated on from them: the very floats rating the whole season gives. Kept
    by the club's stamp, which names this night's players and tables too."""
    group = Group.objects.get(pk=event.group_id)
    return remembered(
        ("club skill", group.edit_key, event.view_key, stamp(group)), lambda: rated_now(event, group, tables)
    )


def rated_now(event: Event, group: Group, tables: list[TableSeats]) -> dict[int, Rating]:
    members = dict(EventPlayer.objects.filter(event=event).values_list("pk", "member_id"))
    if (
        tables
        and None not in members.values()
        and night_is_last(event, min(table.session for table in tables))
    ):
        night = [
            table._replace(players=tuple(members[player] for player in table.players)) for table in tables
        ]
        rated = night_ratings(group, event.pk, lambda before: rate(hands_of(night), start=before)).players
    else:
        rated = season_and_ratings(group)[1].players
    return {player: rated[member] for player, member in members.items() if member in rated}


def night_is_last(event: Event, first_table: int) -> bool:
    """Whether this night's hands are the last the club's season rates: no evening after it (a
    later day, or the same day begun after its first table), no other night's table that day or
    later."""
    day = event.played_on
    later = Q(played_on__gt=day) | Q(played_on=day, session_id__gt=first_table)
    if GroupEvening.objects.filter(group_id=event.group_id).filter(later).exists():
        return False
    return not (
        EventTable.objects.filter(
            event_round__event__group_id=event.group_id, event_round__event__played_on__gte=day
        )
        .exclude(event_round__event=event)
        .exists()
    )
