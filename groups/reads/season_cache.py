"""A group's season with its ratings, its club nights and its league, kept in each process by the
state of everything they are read from, so the pages and answers of a club of 100 nights do not
read and fold 6,000 hands again while nothing changed.

The state (`stamp`): each evening's session by id, key (an id a test database hands out again
names another session) and version (a session's version moves with every change of it: a hand
added, corrected or deleted, its players, its settings, its end) and the evening's day; each
club night by id, key, version (a draw, players coming and going) and day, with its tables'
count, the sum of their versions and their latest change (events/reads/club.py). Read in two light
queries; any change to what the season, Skill or the league read gives another stamp, so nothing
kept is ever read stale, and nothing needs to be told to forget. Names are read each time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Final, TypeVar

from django.core.serializers.json import DjangoJSONEncoder

from groups import signals as clubs
from groups.models import Group, GroupEvening
from groups.reads.season_ratings import season_ratings
from groups.reads.selectors import group_season, player_names, season_evenings, season_json
from groups.rules.season import ALL_DATES, DateRange, Season, season_of
from groups.rules.skill import RATING_VERSION, Ratings
from groups.signals import ClubNight
from toolkit.lru import LRU

# A few groups, date ranges and nights per process: a kept season of a club of 6,000 hands with
# its ratings is about 4 MB, its nights about 3 MB; the rest (league, JSON text) far less.
KEPT: Final = 16
# Exports (a group's export.txt and league.csv, an event's export.csv) apart, so a loop of
# downloads cannot push the seasons out: a paper log of 50,000 rounds is about 700 KB.
EXPORTS_KEPT: Final = 8
Value = TypeVar("Value")


kept: LRU[tuple, object] = LRU(KEPT)
remembered = kept.remembered
exports: LRU[tuple, object] = LRU(EXPORTS_KEPT)


def stamps(group: Group, *, leaving_out: int | None = None) -> tuple[str, str]:
    """What the group's season, Skill and nights are read from, as one digest; and the same but
    for the night `leaving_out` (rows of the club's state start with their night's id)."""
    whole = hashlib.sha256(RATING_VERSION.encode())
    for row in (
        GroupEvening.objects.filter(group=group)
        .order_by("session_id")
        .values_list("session_id", "session__edit_key", "session__version", "played_on")
    ):
        whole.update(f"e{row};".encode())
    but = whole.copy()
    for row in clubs.state_of(group):
        whole.update(f"n{row};".encode())
        if row[0] != leaving_out:
            but.update(f"n{row};".encode())
    return whole.hexdigest(), but.hexdigest()


def stamp(group: Group) -> str:
    return stamps(group)[0]


def season_and_ratings(
    group: Group, dates: DateRange = ALL_DATES, *, at: str | None = None
) -> tuple[Season, Ratings]:
    """The season over `dates` (SPEC 10, with the club's nights, SPEC 13) and its ratings (SPEC
    12); `at`: the group's stamp, if read already."""

    def compute() -> tuple[Season, Ratings]:
        season = group_season(group, dates)
        return season, season_ratings(group, season)

    return remembered(("season", group.edit_key, at or stamp(group), dates), compute)


def season_reply(group: Group, dates: DateRange = ALL_DATES) -> str:
    """GET /api/groups/<key>/season's reply (selectors.season_json) as JSON text, kept by the
    stamp, the dates and the players' names as they are now."""
    at, names = stamp(group), player_names(group)

    def compute() -> str:
        season, ratings = season_and_ratings(group, dates, at=at)
        return json.dumps(season_json(season, names, ratings), ensure_ascii=False, cls=DjangoJSONEncoder)

    return remembered(("season.json", group.edit_key, at, dates, tuple(names.items())), compute)


def club_nights(group: Group, *, at: str | None = None) -> list[ClubNight]:
    """Every night of the club, oldest first, with its standings (groups/signals.py); `at`: the
    group's stamp, if read already."""
    return remembered(
        ("nights", group.edit_key, at or stamp(group)), lambda: clubs.nights_of(group, ALL_DATES)
    )


def night_ratings(group: Group, night: int, rate_night: Callable[[Ratings], Ratings]) -> Ratings:
    """The club's ratings after every hand of its season, `night` in play the last: rated on from
    the ratings before that night (kept while nothing but the night changes) by `rate_night`,
    which reads and rates only the night's own hands; kept until anything changes."""
    whole, before_night = stamps(group, leaving_out=night)

    def before() -> Ratings:
        evenings = [evening for evening in season_evenings(group) if evening.night != night]
        return season_ratings(group, season_of(evenings))

    def compute() -> Ratings:
        return rate_night(remembered(("before", group.edit_key, night, before_night), before))

    return remembered(("night", group.edit_key, night, whole), compute)
