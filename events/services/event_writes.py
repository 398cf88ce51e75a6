"""Writes to an event: create it, draw a round, add or drop players, swap two. Keyword-only, atomic.

Each table a draw makes is an ordinary session, created by the rounds app's own service.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from events.inputs import EventPlan, clean_player_names, table_settings
from events.models import (
    MAX_EVENT_PLAYERS,
    MIN_EVENT_PLAYERS,
    Event,
    EventBye,
    EventPlayer,
    EventRound,
    EventSeat,
    EventTable,
)
from events.reads.draw_inputs import draw_inputs
from events.rules import draw as drawing
from events.services import publish as live
from events.services.club_members import first_draw_day, join_club
from groups.public import Group, check_group_room
from rounds.public import ServiceError, clock, session_close, session_create, session_seat_players
from rounds.rules.names import name_key
from toolkit.messages import gettext_noop

ALL_DRAWN = gettext_noop("Rounds: all %(rounds)s rounds of this event are drawn")
TABLES_PLAYING = gettext_noop(
    "Round %(round)s: table %(table)s is still playing; draw when every table has finished, or force it"
)
IN_PLAY = gettext_noop("Players: round %(round)s is being played; add or drop players before the next draw")
EVENT_FULL = gettext_noop("Players: an event has at most %(most)s players, so %(name)s cannot join")
TOO_FEW = gettext_noop("Players: an event needs %(least)s players, so %(name)s cannot be dropped")
NOT_PLAYING = gettext_noop("Players: %(name)s is not a player of this event")
ALREADY_DROPPED = gettext_noop("Players: %(name)s was already dropped")
NOT_DROPPED = gettext_noop("Players: %(name)s was not dropped, so there is nobody to bring back")
NO_ROUND_IN_PLAY = gettext_noop("Round: no round is being played, so there is none to end")
SWAP_TWO = gettext_noop("Swap: give two different players of this event")
SWAP_NOT_SEATED = gettext_noop("Swap: %(name)s has no table in round %(round)s")
SWAP_NO_ROUND = gettext_noop("Swap: no round is drawn yet")
SWAP_PLAYED = gettext_noop("Swap: a hand was played at table %(table)s; its players stay")
SWAP_SAME_TABLE = gettext_noop("Swap: %(first)s and %(second)s already sit at the same table")
TOO_FEW_TO_DRAW = gettext_noop("Players: a round needs at least %(least)s players, and %(count)s are in")


class EventConflict(ServiceError):
    """A change the event cannot take as it stands (a table still playing, every round drawn)."""

    status = 409


@transaction.atomic
def event_create(*, plan: EventPlan, group: Group | None = None) -> Event:
    """A new event; with `group`, the club's night (SPEC 13): its players are the group's (a new
    name joins it) and its tables count in the group's season, league and Skill."""
    if group is not None:
        check_group_room(group)
    event = Event.objects.create(
        name=plan.name,
        rounds=plan.rounds,
        hands=plan.hands,
        seating=plan.seating,
        rules=plan.rules,
        minutes=plan.minutes,
        group=group,
        played_on=timezone.localdate(clock.now()),
        signup=plan.signup,
    )
    EventPlayer.objects.bulk_create(
        EventPlayer(event=event, name=name, name_key=name_key(name)) for name in plan.players
    )
    join_club(event)
    return event


def locked(event: Event) -> Event:
    """The event's row, locked for this transaction: draws and player changes go one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


def current_round(event: Event) -> EventRound | None:
    return EventRound.objects.filter(event=event).order_by("-number").first()


def unfinished_tables(event_round: EventRound) -> list[int]:
    return list(
        EventTable.objects.filter(event_round=event_round, session__finished_at__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
    )


def tables_to_draw(event: Event) -> int:
    """How many tables the next draw makes (what it counts against RATE_LIMIT_EVENT_TABLES)."""
    playing = EventPlayer.objects.filter(event=event, dropped=False).count()
    return len(drawing.table_sizes(playing - drawing.bye_count(playing)))


def touched(event: Event, kind: str) -> None:
    Event.objects.filter(pk=event.pk).update(version=event.version + 1, updated_at=timezone.now())
    live.announce(event.pk, kind)


@transaction.atomic
def event_draw(*, event: Event, force: bool = False, rng: random.Random | None = None) -> EventRound:
    """Draw the next round: its tables (each a new session of `hands` rounds) and byes. Refused
    after the last round, and while a table of the round before plays unless `force` (recorded)."""
    event = locked(event)
    last = current_round(event)
    number = 1 if last is None else last.number + 1
    if number > event.rounds:
        raise EventConflict(ALL_DRAWN, field="round", rounds=event.rounds)
    playing = unfinished_tables(last) if last is not None else []
    if playing and not force:
        raise EventConflict(TABLES_PLAYING, field="force", round=last.number, table=playing[0])
    join_club(event, signed_up=True)  # before the seats: the tables show the club's names
    players, places, met, byes = draw_inputs(event)
    if len(players) < MIN_EVENT_PLAYERS:
        raise EventConflict(TOO_FEW_TO_DRAW, field="players", least=MIN_EVENT_PLAYERS, count=len(players))
    drawn = drawing.draw_round(
        event.seating,
        [player.pk for player in players],
        places=places,
        met=met,
        byes_so_far=byes,
        rng=rng,
        rounds_left=event.rounds - number + 1,
    )
    now = clock.now()
    if number == 1:
        first_draw_day(event, timezone.localdate(clock.now()))
    event_round = EventRound.objects.create(
        event=event,
        number=number,
        forced=bool(playing),
        drawn_at=now,
        ends_at=now + timedelta(minutes=event.minutes) if event.minutes else None,
    )
    by_id = {player.pk: player for player in players}
    settings = table_settings(event.rules, hands=event.hands)
    for table_number, seated in enumerate(drawn.tables, start=1):
        session = session_create(players=[by_id[player].name for player in seated], settings=settings)
        table = EventTable.objects.create(session=session, event_round=event_round, number=table_number)
        EventSeat.objects.bulk_create(
            EventSeat(table=table, index=index, player=by_id[player]) for index, player in enumerate(seated)
        )
    EventBye.objects.bulk_create(
        EventBye(event_round=event_round, player=by_id[player]) for player in drawn.byes
    )
    if event.signup:  # the first draw closes sign-up (SPEC 13)
        Event.objects.filter(pk=event.pk).update(signup=False)
    touched(event, "event.drawn")
    return event_round


def ready_for_players(event: Event) -> None:
    """Players come and go only between rounds: before the first draw, or once every table of
    the round drawn last has finished, and while a round is still to be drawn."""
    last = current_round(event)
    if last is None:
        return
    if last.number >= event.rounds:
        raise EventConflict(ALL_DRAWN, field="players", rounds=event.rounds)
    if unfinished_tables(last):
        raise EventConflict(IN_PLAY, field="players", round=last.number)


@transaction.atomic
def event_players_change(
    *,
    event: Event,
    add: Sequence[object] = (),
    drop: Sequence[object] = (),
    restore: Sequence[object] = (),
) -> Event:
    """Add late players, drop others and bring dropped ones back, before a draw; a dropped
    player's results stay, and are theirs again when they come back."""
    event = locked(event)
    ready_for_players(event)
    players = list(EventPlayer.objects.filter(event=event))
    by_key = {player.name_key: player for player in players}
    dropping = named_players(by_key, drop, field="drop", dropped=False)
    restoring = named_players(by_key, restore, field="restore", dropped=True)
    names = clean_player_names(list(add), known=[player.name for player in players], field="add")
    if len(players) + len(names) > MAX_EVENT_PLAYERS:
        raise ServiceError(EVENT_FULL, field="add", most=MAX_EVENT_PLAYERS, name=names[-1])
    active = sum(not player.dropped for player in players) + len(names) + len(restoring) - len(dropping)
    # While sign-up is open (before the first draw) the list may be short: the draw needs 4.
    if dropping and active < MIN_EVENT_PLAYERS and not event.signup:
        raise ServiceError(TOO_FEW, field="drop", least=MIN_EVENT_PLAYERS, name=dropping[-1].name)
    EventPlayer.objects.bulk_create(
        EventPlayer(event=event, name=name, name_key=name_key(name)) for name in names
    )
    join_club(event)
    EventPlayer.objects.filter(pk__in=[player.pk for player in dropping]).update(dropped=True)
    EventPlayer.objects.filter(pk__in=[player.pk for player in restoring]).update(dropped=False)
    touched(event, "event.players")
    return event


def named_players(
    by_key: dict[str, EventPlayer], names: Sequence[object], *, field: str, dropped: bool
) -> list[EventPlayer]:
    """The players `names` name, each refused unless dropped (to restore) or playing (to drop)."""
    found = []
    for index, raw in enumerate(names):
        name = raw if isinstance(raw, str) else ""
        player = by_key.get(name_key(name)) if name.strip() else None
        if player is None:
            raise ServiceError(NOT_PLAYING, field=field, player=index, name=str(raw)[:40])
        if player.dropped != dropped:
            raise ServiceError(
                NOT_DROPPED if dropped else ALREADY_DROPPED, field=field, player=index, name=player.name
            )
        found.append(player)
    return found


def event_round_end(*, event: Event) -> Event:
    """End the round in play now: every table still playing is finished as it stands (each by the
    rounds app's own service, one transaction each, so a phone's write waits or is refused)."""
    with transaction.atomic():
        event = locked(event)
        playing = list(
            EventTable.objects.filter(event_round__event=event, session__finished_at__isnull=True)
            .select_related("session")
            .order_by("event_round__number", "number")
        )
        if not playing:
            raise EventConflict(NO_ROUND_IN_PLAY, field="round")
    for table in playing:
        session_close(session=table.session)
    with transaction.atomic():
        touched(locked(event), "event.ended")
    return event


@transaction.atomic
def event_swap(*, event: Event, first: object, second: object) -> Event:
    """Swap two players of the round drawn last between their tables, before either table's
    first hand: each takes the other's seat (the sessions keep their links)."""
    event = locked(event)
    last = current_round(event)
    if last is None:
        raise EventConflict(SWAP_NO_ROUND, field="swap")
    players = {player.name_key: player for player in EventPlayer.objects.filter(event=event)}
    chosen = []
    for raw in (first, second):
        player = players.get(name_key(raw)) if isinstance(raw, str) and raw.strip() else None
        if player is None or player in chosen:
            raise ServiceError(SWAP_TWO, field="swap")
        chosen.append(player)
    seats = []
    for player in chosen:
        seat = (
            EventSeat.objects.select_related("table").filter(table__event_round=last, player=player).first()
        )
        if seat is None:
            raise ServiceError(SWAP_NOT_SEATED, field="swap", name=player.name, round=last.number)
        seats.append(seat)
    if seats[0].table_id == seats[1].table_id:
        raise ServiceError(SWAP_SAME_TABLE, field="swap", first=chosen[0].name, second=chosen[1].name)
    for seat in seats:
        if seat.table.session.round_versions.exists():
            raise EventConflict(SWAP_PLAYED, field="swap", table=seat.table.number)
    for seat, other in ((seats[0], chosen[1]), (seats[1], chosen[0])):
        names = dict(EventSeat.objects.filter(table=seat.table).values_list("index", "player__name"))
        names[seat.index] = other.name
        session_seat_players(session=seat.table.session, names=[names[index] for index in sorted(names)])
    first_seat, second_seat = seats
    EventSeat.objects.filter(pk__in=[first_seat.pk, second_seat.pk]).delete()
    EventSeat.objects.bulk_create(
        [
            EventSeat(table=first_seat.table, index=first_seat.index, player=chosen[1]),
            EventSeat(table=second_seat.table, index=second_seat.index, player=chosen[0]),
        ]
    )
    touched(event, "event.swapped")
    return event
