"""Writes to a group: create it, set its own rules, start an evening from it, add players to it
(a club's roster), rename or remove a player. Keyword-only, atomic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from django.db import transaction
from django.utils import timezone

from groups import signals as clubs
from groups.inputs import clean_league, clean_new_name, clean_roster_names
from groups.models import MAX_GROUP_PLAYERS, MAX_GROUP_ROUNDS, Group, GroupEvening, GroupPlayer, GroupSeat
from groups.reads.selectors import group_rules, league_rules, settings_over_group_rules
from groups.rules.league import LeagueRules
from rounds.public import (
    Round,
    ServiceError,
    Session,
    SessionSettings,
    apply_settings,
    clean_players,
    settings_json,
)
from rounds.public import session_create as create_session
from rounds.rules.names import NameRoll, name_key
from toolkit.messages import gettext_noop

NAME_TAKEN = gettext_noop("%(name)s is already a player of this group")
NO_SUCH_PLAYER = gettext_noop("There is no such player in this group")
PLAYER_PLAYED = gettext_noop(
    "%(name)s has played with this group (an evening or a club night), so they stay; rename them instead"
)
GROUP_FULL = gettext_noop(
    "Players: this group already has %(most)s players, the most a group can have, so %(name)s cannot join"
)


GROUP_ROUNDS_KEPT = gettext_noop(
    "Group: this group keeps %(most)s rounds, the most a group can; start a new group for the next season"
)


class GroupRoundsKept(ServiceError):
    status = 409

    def __init__(self) -> None:
        super().__init__(GROUP_ROUNDS_KEPT, field="group", most=f"{MAX_GROUP_ROUNDS:,}")


def group_rounds(group: Group) -> int:
    """Rounds the group keeps, over every evening it holds and every table of its club nights."""
    evenings = GroupEvening.objects.filter(group=group).values("session_id")
    count = Round.objects.filter(session_id__in=evenings).count()
    for tables in clubs.sessions_of([group.pk]):
        count += Round.objects.filter(session_id__in=tables).count()
    return count


def check_group_room(group: Group) -> None:
    """A new evening (or club night) fits while the group keeps fewer than MAX_GROUP_ROUNDS rounds."""
    if group_rounds(group) >= MAX_GROUP_ROUNDS:
        raise GroupRoundsKept()


class GroupFull(ServiceError):
    def __init__(self, name: str) -> None:
        super().__init__(GROUP_FULL, field="players", most=MAX_GROUP_PLAYERS, name=name)


@transaction.atomic
def group_create(*, name: str) -> Group:
    return Group.objects.create(name=name)


def group_players_for(group: Group, names: Sequence[str]) -> list[GroupPlayer]:
    """The group's players for these cleaned names, in order; a name the group lacks joins it,
    while the group has room (MAX_GROUP_PLAYERS)."""
    known = {player.name_key: player for player in GroupPlayer.objects.filter(group=group)}
    players = []
    for name in names:
        key = name_key(name)
        if key not in known:
            if len(known) >= MAX_GROUP_PLAYERS:
                raise GroupFull(name)
            known[key] = GroupPlayer.objects.create(group=group, name=name, name_key=key)
        players.append(known[key])
    return players


def link_evening(
    *, group: Group, session: Session, players: Sequence[GroupPlayer], played_on: date, imported: bool = False
) -> GroupEvening:
    evening = GroupEvening.objects.create(
        session=session, group=group, played_on=played_on, imported=imported
    )
    GroupSeat.objects.bulk_create(
        GroupSeat(evening=evening, index=index, player=player) for index, player in enumerate(players)
    )
    return evening


@transaction.atomic
def group_session_create(
    *,
    group: Group,
    players: Sequence[str],
    settings: SessionSettings,
    randomize_seats: bool = False,
) -> Session:
    """A new evening of the group: its names are matched to the group's players (or join it).

    The session shows each player under the name the group knows them by."""
    check_group_room(group)
    members = group_players_for(group, clean_players(list(players)))
    session = create_session(
        players=[member.name for member in members], settings=settings, randomize_seats=randomize_seats
    )
    link_evening(group=group, session=session, players=members, played_on=timezone.localdate())
    return session


def stored_rules(settings: SessionSettings, *, randomize_seats: bool) -> dict:
    """Rules as a group keeps them: a session's settings JSON, written by the very functions that
    store and show a session's settings, so every field a session has, the group has."""
    shown = Session()
    apply_settings(shown, settings)
    return {**settings_json(shown), "randomize_seats": randomize_seats}


@transaction.atomic
def group_rules_set(*, group: Group, rules: Mapping[str, object] | None) -> Group:
    """Set the group's own rules: session creation fields (a preset, then fields given explicitly)
    over the rules it has; None clears them. Evenings already played keep the rules they had."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    if rules is None:
        group.rules = None
    else:
        settings, randomize_seats = settings_over_group_rules(group, rules)
        group.rules = stored_rules(settings, randomize_seats=randomize_seats)
    group.updated_at = timezone.now()
    group.save(update_fields=["rules", "updated_at"])
    return group


def evening_rematched(sender: object, *, session: Session, rematch: Session, **kwargs: object) -> None:
    """A group's evening rematched is the group's next evening, with the same players in the same
    places (rounds.signals.session_rematched, inside the rematch's transaction)."""
    evening = GroupEvening.objects.filter(pk=session.pk).select_related("group").first()
    if evening is not None:
        check_group_room(evening.group)
        players = [seat.player for seat in evening.seats.select_related("player").order_by("index")]
        link_evening(group=evening.group, session=rematch, players=players, played_on=timezone.localdate())


def evening_rematch_rules(sender: object, *, session: Session, **kwargs: object) -> SessionSettings | None:
    """A group's evening rematched starts from the group's own rules, if it has them
    (rounds.signals.rematch_rules)."""
    group = Group.objects.filter(evenings__session_id=session.pk).only("rules").first()
    return None if group is None else group_rules(group)


def evening_rematch_rate(sender: object, *, session: Session, **kwargs: object) -> tuple[str, str] | None:
    """A group's evening rematched counts against the group's evenings, not the address
    (rounds.signals.rematch_counted)."""
    group_id = GroupEvening.objects.filter(pk=session.pk).values_list("group_id", flat=True).first()
    return None if group_id is None else ("evening", f"group:{group_id}")


class PlayerPlayed(ServiceError):
    status = 409


class NoSuchPlayer(ServiceError):
    status = 404


@transaction.atomic
def group_players_add(*, group: Group, names: object) -> list[GroupPlayer]:
    """Players added by name before any evening (a club's roster, SPEC 13): each a name as
    everywhere, none one the group has; past the group's MAX_GROUP_PLAYERS the first name that
    does not fit is refused, naming the cap, and none is added. The group's row is locked first,
    so two lists added at once count against the cap one after the other."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    known = list(GroupPlayer.objects.filter(group=group).values_list("name", flat=True))
    cleaned = clean_roster_names(names, known=known)
    room = MAX_GROUP_PLAYERS - len(known)
    if len(cleaned) > room:
        raise ServiceError(GROUP_FULL, field="names", player=room, most=MAX_GROUP_PLAYERS, name=cleaned[room])
    players = GroupPlayer.objects.bulk_create(
        GroupPlayer(group=group, name=name, name_key=name_key(name)) for name in cleaned
    )
    Group.objects.filter(pk=group.pk).update(updated_at=timezone.now())
    return players


@transaction.atomic
def group_player_remove(*, group: Group, player_id: int) -> None:
    """Take a player off the group's list: only one who never played with it (a name added to
    the roster by mistake); one with results stays (409 naming them: rename them instead)."""
    player = GroupPlayer.objects.select_for_update().filter(group=group, pk=player_id).first()
    if player is None:
        raise NoSuchPlayer(NO_SUCH_PLAYER, field="player")
    seated = GroupSeat.objects.filter(player=player).exists()
    if seated or any(query.filter(member_id=player.pk).exists() for query in clubs.members_of(group)):
        raise PlayerPlayed(PLAYER_PLAYED, field="player", name=player.name)
    player.delete()
    Group.objects.filter(pk=group.pk).update(updated_at=timezone.now())


@transaction.atomic
def group_player_rename(*, group: Group, player_id: int, name: object) -> GroupPlayer:
    """A new name for a player: every evening they played stays theirs."""
    player = GroupPlayer.objects.select_for_update().filter(group=group, pk=player_id).first()
    if player is None:
        raise ServiceError(NO_SUCH_PLAYER, field="player")
    cleaned = clean_new_name(name)
    others = GroupPlayer.objects.filter(group=group).exclude(pk=player.pk).values_list("name", flat=True)
    if (there := NameRoll(others).repeats(cleaned)) is not None:
        raise ServiceError(NAME_TAKEN, field="name", name=there)
    player.name, player.name_key = cleaned, name_key(cleaned)
    player.save(update_fields=["name", "name_key"])
    Group.objects.filter(pk=group.pk).update(updated_at=timezone.now())
    return player


@transaction.atomic
def group_league_set(*, group: Group, league: object) -> Group:
    """Set the club's league rules (SPEC 13): `points` and `best_of` over the ones it has. Nothing
    is stored per night, so the whole season is ranked again by the next read."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    rules: LeagueRules = clean_league(league, base=league_rules(group))
    group.league = (
        None
        if rules == LeagueRules()
        else {
            # Stored as sent (a float goes back to the same Fraction), shown rounded (to_json).
            "points": [int(value) if value.denominator == 1 else float(value) for value in rules.points],
            "best_of": rules.best_of,
        }
    )
    group.updated_at = timezone.now()
    group.save(update_fields=["league", "updated_at"])
    return group
