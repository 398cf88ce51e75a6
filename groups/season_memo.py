"""A group's season with its ratings, and its club nights, kept in each process by the state of
everything they are read from, so the pages and answers of a club of 100 nights do not read and
fold 6,000 hands again while nothing changed.

The state (`stamp`): every session the group holds (its evenings and its club nights' tables),
each by id, key (an id a test database hands out again names another session) and version (a session's version moves with every change of it: a hand added,
corrected or deleted, its players, its settings, its end), each evening's day, and each night's
id, version (a draw, players come and go) and day. Read in two light queries; any change to what
the season, Skill or the league read gives another stamp, so nothing kept is ever read stale,
and nothing needs to be told to forget. Player names are never kept: they are read each time.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Final, TypeVar

from groups import signals as clubs
from groups.models import Group, GroupEvening
from groups.rating import RATING_VERSION, Ratings
from groups.ratings import season_ratings
from groups.season import ALL_DATES, DateRange, Season, season_of
from groups.selectors import group_season, season_evenings
from groups.signals import ClubNight

KEPT: Final = 24  # a few groups and date ranges per process
kept: OrderedDict[tuple, object] = OrderedDict()
guard = threading.Lock()
Value = TypeVar("Value")


def stamp(group: Group, *, leaving_out: int | None = None) -> str:
    """What the group's season, Skill and nights are read from, as one digest; `leaving_out`: but
    that night (rows of the club's state start with their night's id)."""
    digest = hashlib.sha256(RATING_VERSION.encode())
    for row in (
        GroupEvening.objects.filter(group=group)
        .order_by("session_id")
        .values_list("session_id", "session__edit_key", "session__version", "played_on")
    ):
        digest.update(f"e{row};".encode())
    for row in clubs.state_of(group):
        if row[0] != leaving_out:
            digest.update(f"n{row};".encode())
    return digest.hexdigest()


def remembered(key: tuple, compute: Callable[[], Value]) -> Value:
    with guard:
        if key in kept:
            kept.move_to_end(key)
            return kept[key]  # type: ignore[return-value]
    value = compute()
    with guard:
        kept[key] = value
        while len(kept) > KEPT:
            kept.popitem(last=False)
    return value


def season_and_ratings(group: Group, dates: DateRange = ALL_DATES) -> tuple[Season, Ratings]:
    """The season over `dates` (SPEC 10, with the club's nights, SPEC 13) and its ratings (SPEC 12)."""

    def compute() -> tuple[Season, Ratings]:
        season = group_season(group, dates)
        return season, season_ratings(group, season)

    return remembered(("season", group.edit_key, stamp(group), dates), compute)


def club_nights(group: Group) -> list[ClubNight]:
    """Every night of the club, oldest first, with its standings (groups/signals.py)."""
    return remembered(("nights", group.edit_key, stamp(group)), lambda: clubs.nights_of(group, ALL_DATES))


def ratings_before_night(group: Group, night: int) -> Ratings:
    """The club's ratings over every hand of its season but those of `night`, kept while nothing
    but that night changes: the night in play rates on from them, its own hands only."""

    def compute() -> Ratings:
        evenings = [evening for evening in season_evenings(group) if evening.night != night]
        return season_ratings(group, season_of(evenings))

    return remembered(("before", group.edit_key, night, stamp(group, leaving_out=night)), compute)
