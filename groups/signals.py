"""What a group asks of the app that holds its club nights (events), without knowing it (SPEC 13).

A club night belongs to its group: its tables count in the season, head to head and Skill, its
standings in the league. The app above answers these signals (one receiver each):

- `club_tables` (group=, dates=): every table of the group's nights played in `dates`, as
  ClubTable (its session, the night's day, the night, the group players in seat order).
- `club_nights` (group=, dates=): the group's nights in `dates`, oldest first, as ClubNight (the
  night's lines as its standings rank them, SPEC 11).
- `club_sessions` (groups=, dates=): a query of the session ids of these groups' nights' tables
  (played in `dates`, if given): they go with their group, count against its rounds, and are
  read for its season.
- `club_used` (groups=): {group id: when any of its nights last changed}.
- `club_of_session` (session_id=): the group whose night the session is a table of, or None.
- `club_members` (group=): a query of the ids of the group players its nights hold (drawn, or
  with results): they stay on the group's list (a player's removal is refused).
- `club_state` (group=): rows naming the state of everything the answers above read for the
  group, each starting with its night's id (each night's key, version and day; each table's
  session id, key and version), so what was computed from them can be kept until one changes
  (groups/reads/season_cache.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import QuerySet
from django.dispatch import Signal

from groups.rules.league import Night, NightLine

club_tables = Signal()
club_nights = Signal()
club_sessions = Signal()
club_used = Signal()
club_of_session = Signal()
club_members = Signal()
club_state = Signal()


@dataclass(frozen=True)
class ClubTable:
    session: int
    played_on: date
    night: int
    players: tuple[int, ...]  # group player id per seat index


@dataclass(frozen=True)
class ClubNight:
    night: int
    view_id: str
    name: str
    played_on: date
    link: str  # the night's follow page
    hands: int  # hands played at all its tables
    lines: tuple[NightLine, ...]  # per group player who sat (or sat out a round), by place

    def as_league_night(self) -> Night:
        return Night(night=self.night, played_on=self.played_on, lines=self.lines)


def answers(signal: Signal, **kwargs: object) -> Iterable[object]:
    return (answer for _receiver, answer in signal.send(sender=None, **kwargs) if answer is not None)


def tables_of(group: object, dates: object) -> list[ClubTable]:
    return [table for answer in answers(club_tables, group=group, dates=dates) for table in answer]


def nights_of(group: object, dates: object) -> list[ClubNight]:
    return [night for answer in answers(club_nights, group=group, dates=dates) for night in answer]


def sessions_of(groups: QuerySet | list[int], dates: object = None) -> list[QuerySet]:
    """Queries of the session ids of these groups' nights (one per app that holds nights)."""
    return list(answers(club_sessions, groups=groups, dates=dates))


def last_used(groups: list[int]) -> dict[int, datetime]:
    used: dict[int, datetime] = {}
    for answer in answers(club_used, groups=groups):
        for group, when in answer.items():
            used[group] = max(when, used.get(group, when))
    return used


def group_of_night_table(session_id: int) -> int | None:
    return next(iter(answers(club_of_session, session_id=session_id)), None)


def members_of(group: object) -> list[QuerySet]:
    """Queries of the ids of the group players its nights hold (one per app that holds nights)."""
    return list(answers(club_members, group=group))


def state_of(group: object) -> list[tuple]:
    return [row for answer in answers(club_state, group=group) for row in answer]
