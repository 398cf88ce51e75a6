"""A club's night (SPEC 13): an event made from a group belongs to it, and its players are the
group's players (matched by name as everywhere; a new name joins the group).

The group asks for its nights through groups/signals.py; the answers come from here, read from
each table's stored totals (events/reads/tally.py) and seats, never from a walk over every hand:
- `club_tables`: each table as the season reads it (its session, the night's day, the group
  players in seat order);
- `club_nights`: each night's standings by group player, as the league ranks them;
- `club_sessions`, `club_used`, `club_of_session`: what purge_groups, the group's cap on rounds and
  its live page need.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime

from django.db.models import Count, Max, QuerySet, Sum
from django.urls import reverse

from events.models import Event, EventBye, EventPlayer, EventSeat, EventTable
from events.reads.standings import Line, ranked
from events.reads.tally import current_tallies, tally_rows
from groups.public import ALL_DATES, ClubNight, ClubTable, DateRange, Group, NightLine


def in_range(events: QuerySet, dates: DateRange) -> QuerySet:
    if dates.start is not None:
        events = events.filter(played_on__gte=dates.start)
    if dates.end is not None:
        events = events.filter(played_on__lte=dates.end)
    return events


def night_tables(group: Group, dates: DateRange) -> QuerySet:
    nights = in_range(Event.objects.filter(group=group), dates)
    return EventTable.objects.filter(event_round__event__in=nights.values("pk"))


def club_tables(sender: object, *, group: Group, dates: DateRange = ALL_DATES, **kwargs: object) -> list:
    """Every table of the group's nights in `dates`, its seats by group player, in two queries."""
    tables = night_tables(group, dates)
    rows = list(tables.values_list("session_id", "event_round__event_id", "event_round__event__played_on"))
    seats: dict[int, list[int]] = defaultdict(list)
    for session_id, member in (
        EventSeat.objects.filter(table__in=tables.values("pk"))
        .order_by("table_id", "index")
        .values_list("table_id", "player__member_id")
    ):
        seats[session_id].append(member)
    return [
        ClubTable(session=session_id, played_on=day, night=night, players=tuple(seats[session_id]))
        for session_id, night, day in rows
        if seats[session_id] and None not in seats[session_id]
    ]


def club_nights(sender: object, *, group: Group, dates: DateRange = ALL_DATES, **kwargs: object) -> list:
    """The group's nights in `dates`, oldest first, each with its standings by group player (SPEC
    11: net, hands won, fewer real losses; equal on all three share a place) over the players who
    sat at a table or sat a round out. From the tables' stored totals, in five queries."""
    nights = list(
        in_range(Event.objects.filter(group=group), dates)
        .order_by("played_on", "pk")
        .values_list("pk", "view_key", "name", "played_on")
    )
    ids = [night[0] for night in nights]
    tables = tally_rows(EventTable.objects.filter(event_round__event_id__in=ids), "event_round__event_id")
    tallies = current_tallies(tables)
    night_of = {table["session_id"]: table["event_round__event_id"] for table in tables}
    members = dict(EventPlayer.objects.filter(event_id__in=ids).values_list("pk", "member_id"))
    lines: dict[int, dict[int, Line]] = defaultdict(dict)
    hands: dict[int, int] = defaultdict(int)
    for table, tally in tallies.items():
        hands[night_of[table]] += tally.hands
    for table_id, index, player in (
        EventSeat.objects.filter(table_id__in=list(night_of))
        .order_by()
        .values_list("table_id", "index", "player_id")
    ):
        tally = tallies[table_id]
        line = lines[night_of[table_id]].setdefault(player, Line(player=player, name=""))
        line.hands += tally.hands
        if index < len(tally.net):
            line.net += tally.net[index]
            line.wins += tally.wins[index]
            line.real_losses += tally.real_losses[index]
    for night, player in EventBye.objects.filter(event_round__event_id__in=ids).values_list(
        "event_round__event_id", "player_id"
    ):
        lines[night].setdefault(player, Line(player=player, name=""))
    follow = reverse("events:event", args=["KEY"])
    found = []
    for night, view_key, name, played_on in nights:
        standings = ranked(line for line in lines[night].values() if members.get(line.player) is not None)
        found.append(
            ClubNight(
                night=night,
                view_id=view_key,
                name=name,
                played_on=played_on,
                link=follow.replace("KEY", view_key),
                hands=hands[night],
                lines=tuple(
                    NightLine(
                        player=members[line.player],
                        place=line.place,
                        net=line.net,
                        hands=line.hands,
                        wins=line.wins,
                    )
                    for line in standings
                ),
            )
        )
    return found


def club_sessions(
    sender: object, *, groups: Sequence[int] | QuerySet, dates: DateRange | None = None, **kwargs: object
) -> QuerySet:
    """The sessions of these groups' nights' tables (in `dates`, if given): they go with their
    group (purge_groups) and count in its season."""
    nights = in_range(Event.objects.filter(group_id__in=groups), dates or ALL_DATES)
    return EventTable.objects.filter(event_round__event__in=nights.values("pk")).values("session_id")


def club_used(sender: object, *, groups: Sequence[int], **kwargs: object) -> dict[int, datetime]:
    """When each of these groups' nights last changed: the event itself, or a hand at a table."""
    used: dict[int, datetime] = {}
    changes = (
        Event.objects.filter(group_id__in=groups)
        .values("group_id")
        .annotate(event=Max("updated_at"), table=Max("event_rounds__tables__session__updated_at"))
        .values_list("group_id", "event", "table")
    )
    for group, event, table in changes:
        used[group] = max(when for when in (event, table) if when is not None)
    return used


def club_members(sender: object, *, group: Group, **kwargs: object) -> QuerySet:
    """The group players the group's nights hold: a night's player becomes the club's at its
    first draw, and keeps their results there."""
    return EventPlayer.objects.filter(event__group=group, member__isnull=False).values("member_id")


def club_of_session(sender: object, *, session_id: int, **kwargs: object) -> int | None:
    return (
        EventTable.objects.filter(session_id=session_id)
        .values_list("event_round__event__group_id", flat=True)
        .first()
    )


def club_state(sender: object, *, group: Group, **kwargs: object) -> list[tuple]:
    """What the answers above read, named, a row a night starting with its id: its key, version
    (a draw, a swap, players coming and going) and day, and its tables: how many, and the sum of
    the session versions their totals were kept at (events/reads/tally.py: every change of a hand
    moves a table's forward, so the sum only grows while the night holds the same tables)."""
    return list(
        Event.objects.filter(group=group)
        .order_by("pk")
        .annotate(tables=Count("event_rounds__tables"), versions=Sum("event_rounds__tables__tally_version"))
        .values_list("pk", "view_key", "version", "played_on", "tables", "versions")
    )
