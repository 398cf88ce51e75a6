"""What a group's form or API call sent, as checked values or a clear refusal (like rounds/inputs.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from fractions import Fraction

from groups.models import MAX_GROUP_NAME_LENGTH, MAX_GROUP_PLAYERS
from groups.rules.league import MAX_BEST_OF, MAX_POINTS_PLACES, LeagueRules
from rounds.public import ServiceError, SessionSettings, clean_name, clean_settings
from rounds.rules.names import NameMessages, NameRoll
from rounds.rules.refusal import is_whole_number
from toolkit.messages import gettext_noop

GROUP_NAME = NameMessages(
    blank=gettext_noop("Group name: give the group a name, such as Thursday table"),
    unseen=gettext_noop("Group name: the name needs at least one visible character"),
    hidden=gettext_noop("Group name: the name has a character that cannot be shown"),
    too_long=gettext_noop("Group name: a group name has at most 60 characters"),
)
NEW_NAME = NameMessages(
    blank=gettext_noop("New name: the name is blank"),
    unseen=gettext_noop("New name: the name needs at least one visible character"),
    hidden=gettext_noop("New name: the name has a character that cannot be shown"),
    too_long=gettext_noop("New name: a name has at most 40 characters"),
)
BAD_DAY = {
    "from": gettext_noop("From: give a date as YYYY-MM-DD, such as 2026-03-19"),
    "to": gettext_noop("To: give a date as YYYY-MM-DD, such as 2026-03-19"),
    "played_on": gettext_noop("Date: give a date as YYYY-MM-DD, such as 2026-03-19"),
}
SEATS_FLAG = gettext_noop("randomize_seats: give true or false")
# A club's roster (SPEC 13): names added to the group before any evening.
ROSTER_NAME = NameMessages(
    blank=gettext_noop("Name %(number)s: the name is blank"),
    unseen=gettext_noop("Name %(number)s: the name needs at least one visible character"),
    hidden=gettext_noop("Name %(number)s: the name has a character that cannot be shown"),
    too_long=gettext_noop("Name %(number)s: a name has at most 40 characters"),
    duplicate=gettext_noop("Name %(number)s: %(name)s is already a player of this group"),
)
ROSTER_TWICE = gettext_noop("Name %(number)s: %(name)s is in the list twice")
ROSTER_NAMES = gettext_noop("Names: give 1 to %(most)s names, one per player")
RANGE_BACKWARDS = gettext_noop("Dates: the range starts after it ends")
# A year of weekly evenings is about 13 KB; the cap keeps one import inside one request.
MAX_LOG_BYTES = 256 * 1024
LOG_TOO_LARGE = gettext_noop("The paper log is too large (at most 256 KB)")
LOG_NOT_TEXT = gettext_noop("The paper log is not UTF-8 text")
LOG_EMPTY = gettext_noop("The paper log is empty: paste it or choose a .txt file")


class LogTooLarge(ServiceError):
    status = 413

    def __init__(self) -> None:
        super().__init__(LOG_TOO_LARGE, field="log")


def clean_group_name(raw: object) -> str:
    return clean_name(raw, messages=GROUP_NAME, field="name", max_length=MAX_GROUP_NAME_LENGTH)


def clean_new_name(raw: object) -> str:
    return clean_name(raw, messages=NEW_NAME, field="name")


def clean_roster_names(raw: object, *, known: Iterable[str]) -> list[str]:
    """Names to add to a group's players: 1 to MAX_GROUP_PLAYERS of them, each a name as everywhere
    (rounds.rules.names), none the same name as one of `known` (the group's players) or as another
    of the list; a refusal names the name (the one there) and its place in the list."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_GROUP_PLAYERS:
        raise ServiceError(ROSTER_NAMES, field="names", most=MAX_GROUP_PLAYERS)
    there, typed = NameRoll(known), NameRoll()
    names = []
    for index, item in enumerate(raw):
        context = {"player": index, "number": index + 1}
        name = clean_name(item, messages=ROSTER_NAME, field="names", **context)
        if (found := there.repeats(name)) is not None:
            raise ServiceError(ROSTER_NAME.duplicate, field="names", name=found, **context)
        if (found := typed.repeats(name)) is not None:
            raise ServiceError(ROSTER_TWICE, field="names", name=found, **context)
        typed.add(name)
        names.append(name)
    return names


def clean_day(raw: object, *, field: str) -> date | None:
    """A YYYY-MM-DD date, or None when not given (an empty one is not a date)."""
    if raw is None:
        return None
    try:
        if not isinstance(raw, str) or len(raw) != 10:
            raise ValueError
        return date.fromisoformat(raw)
    except ValueError:
        raise ServiceError(BAD_DAY[field], field=field) from None


def clean_date_range(start: object, end: object) -> tuple[date | None, date | None]:
    first, last = clean_day(start, field="from"), clean_day(end, field="to")
    if first is not None and last is not None and first > last:
        raise ServiceError(RANGE_BACKWARDS, field="from")
    return first, last


def clean_log_text(raw: bytes | str) -> str:
    """A paper log as sent: UTF-8 text (a byte-order mark is dropped), at most 256 KB."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_LOG_BYTES:
            raise LogTooLarge()
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ServiceError(LOG_NOT_TEXT, field="log") from None
    if len(raw.encode()) > MAX_LOG_BYTES:
        raise LogTooLarge()
    text = raw.removeprefix("\ufeff")
    if not text.strip():
        raise ServiceError(LOG_EMPTY, field="log")
    return text


def clean_group_settings(
    changes: Mapping[str, object], *, rules: SessionSettings | None, seats_drawn: bool
) -> tuple[SessionSettings, bool]:
    """Session creation fields (a preset, then the fields given) over the group's own `rules`,
    checked by the session's parser; and whether seats are drawn (`seats_drawn` when not given).
    A new evening and a change of the group's rules both read what was sent this way."""
    settings = clean_settings(changes, base=rules)
    randomize_seats = changes.get("randomize_seats", seats_drawn)
    if not isinstance(randomize_seats, bool):
        raise ServiceError(SEATS_FLAG, field="randomize_seats")
    return settings, randomize_seats


LEAGUE_NOT_OBJECT = gettext_noop("League: give an object with points and best_of")
LEAGUE_FIELDS = gettext_noop("League: %(name)s is not a league setting; give points and best_of")
LEAGUE_POINTS_LENGTH = gettext_noop("League points: give 1 to 50 numbers, the points of 1st, 2nd, 3rd…")
LEAGUE_POINTS_NUMBER = gettext_noop("League points: %(value)s is not a number")
LEAGUE_POINTS_NEGATIVE = gettext_noop("League points: %(value)s is below 0")
LEAGUE_POINTS_INCREASING = gettext_noop(
    "League points: place %(place)s earns %(value)s, more than the place before; a better place never earns less"
)
LEAGUE_BEST_OF = gettext_noop(
    "Best of: give null (every night counts) or a whole number of nights from 1 to 100"
)


def clean_league(raw: object, *, base: LeagueRules) -> LeagueRules:
    """The club's league rules (SPEC 13) over `base`: `points` and `best_of`, each optional."""
    if not isinstance(raw, Mapping):
        raise ServiceError(LEAGUE_NOT_OBJECT, field="league")
    unknown = sorted(set(raw) - {"points", "best_of"})
    if unknown:
        raise ServiceError(LEAGUE_FIELDS, field="league", name=str(unknown[0])[:40])
    points, best_of = base.points, base.best_of
    if "points" in raw:
        points = clean_league_points(raw["points"])
    if "best_of" in raw:
        best_of = raw["best_of"]
        if best_of is not None and not (is_whole_number(best_of) and 1 <= best_of <= MAX_BEST_OF):
            raise ServiceError(LEAGUE_BEST_OF, field="league.best_of")
    return LeagueRules(points=points, best_of=best_of)


def clean_league_points(raw: object) -> tuple[Fraction, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_POINTS_PLACES:
        raise ServiceError(LEAGUE_POINTS_LENGTH, field="league.points")
    points: list[Fraction] = []
    for place, value in enumerate(raw, start=1):
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or value != value
            or value
            in (
                float("inf"),
                float("-inf"),
            )
        ):
            raise ServiceError(LEAGUE_POINTS_NUMBER, field="league.points", value=shown_value(value))
        number = Fraction(str(value))
        if number < 0:
            raise ServiceError(LEAGUE_POINTS_NEGATIVE, field="league.points", value=shown_value(value))
        if points and number > points[-1]:
            raise ServiceError(
                LEAGUE_POINTS_INCREASING, field="league.points", place=place, value=shown_value(value)
            )
        points.append(number)
    return tuple(points)


def shown_value(value: object) -> str:
    return repr(value)[:20]
