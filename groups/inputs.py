"""What a group's form or API call sent, as checked values or a clear refusal (like rounds/inputs.py)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from groups.models import MAX_GROUP_NAME_LENGTH, Group
from groups.selectors import group_rules, group_seats_drawn
from rounds.errors import ServiceError
from rounds.inputs import SessionSettings, clean_name, clean_settings
from rounds.names import NameMessages
from rounds.scoring import gettext_noop

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


def clean_group_settings(group: Group, changes: Mapping[str, object]) -> tuple[SessionSettings, bool]:
    """Session creation fields (a preset, then the fields given) over the group's own rules, checked
    by the session's parser; and whether seats are drawn. A new evening and a change of the
    group's rules both read what was sent this way."""
    settings = clean_settings(changes, base=group_rules(group))
    randomize_seats = changes.get("randomize_seats", group_seats_drawn(group))
    if not isinstance(randomize_seats, bool):
        raise ServiceError(SEATS_FLAG, field="randomize_seats")
    return settings, randomize_seats
