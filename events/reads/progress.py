"""Where an event stands and what happens next (SPEC 11.1 "What next"): its `status` and the one
line the organizer's page, the API (`next`) and the screen show.

- before: no round drawn yet ("Draw round 1");
- playing: a table is still playing ("Round 2: 12 minutes left" while a time limit runs, else
  "Waiting for tables 3 and 5");
- between: every table finished, a round still to draw ("Draw round 3");
- over: the last round's tables all finished ("The night is over").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from events.models import Event, EventRound, EventTable
from rounds.public import clock

STATUSES = ("before", "playing", "between", "over")
DRAW_ROUND = gettext_noop("Draw round %(number)s")
NIGHT_OVER = gettext_noop("The night is over")
# More tables than this still playing are counted rather than listed.
LISTED_TABLES = 6


@dataclass(frozen=True)
class Progress:
    status: str
    round: int  # the round drawn last (0: none yet)
    planned: int
    waiting: tuple[int, ...]  # tables of the round drawn last still playing
    playing_before: int  # tables of earlier rounds still playing (after a forced draw)
    ends_at: datetime | None  # the time limit of the round drawn last, while a table plays

    @property
    def can_draw(self) -> bool:
        return self.round < self.planned

    def seconds_left(self) -> int | None:
        if self.ends_at is None:
            return None
        return max(0, math.ceil((self.ends_at - clock.now()).total_seconds()))


def event_progress(event: Event) -> Progress:
    """Where the event stands, in two queries."""
    latest = EventRound.objects.filter(event=event).order_by("-number").values("number", "ends_at").first()
    playing = list(
        EventTable.objects.filter(event_round__event=event, session__finished_at__isnull=True)
        .order_by("number")
        .values_list("event_round__number", "number")
    )
    number = latest["number"] if latest else 0
    waiting = tuple(table for round_number, table in playing if round_number == number)
    if latest is None:
        status = "before"
    elif playing:
        status = "playing"
    else:
        status = "between" if number < event.rounds else "over"
    return Progress(
        status=status,
        round=number,
        planned=event.rounds,
        waiting=waiting,
        playing_before=len(playing) - len(waiting),
        ends_at=latest["ends_at"] if latest and waiting else None,
    )


def progress_of_rounds(event: Event, rounds: list[dict]) -> Progress:
    """Where the event stands, from its rounds as the live view shows them (the round drawn last
    whole, and the earlier rounds' tables still playing): no query of its own."""
    if not rounds:
        return event_progress_before(event)
    latest = rounds[-1]
    waiting = tuple(table["table"] for table in latest["tables"] if not table["finished"])
    before = sum(not table["finished"] for item in rounds[:-1] for table in item["tables"])
    status = "playing" if waiting or before else "between" if latest["round"] < event.rounds else "over"
    ends_at = latest.get("ends_at")
    return Progress(
        status=status,
        round=latest["round"],
        planned=event.rounds,
        waiting=waiting,
        playing_before=before,
        ends_at=datetime.fromisoformat(ends_at) if ends_at and waiting else None,
    )


def event_progress_before(event: Event) -> Progress:
    return Progress(
        status="before", round=0, planned=event.rounds, waiting=(), playing_before=0, ends_at=None
    )


def tables_text(tables: tuple[int, ...]) -> str:
    """3 → "3"; 3, 5 → "3 and 5"; 3, 5, 7 → "3, 5 and 7"."""
    if len(tables) == 1:
        return str(tables[0])
    some = pgettext("between table numbers", ", ").join(map(str, tables[:-1]))  # 3、5 in Chinese
    return _("%(some)s and %(last)s") % {"some": some, "last": tables[-1]}


def minutes_left_pattern(number: int, minutes: int) -> str:
    """The sentence for `minutes` left in round `number`, the minutes left as %(minutes)s."""
    return ngettext(
        "Round %(number)s: %(minutes)s minute left", "Round %(number)s: %(minutes)s minutes left", minutes
    ) % {"number": number, "minutes": "%(minutes)s"}


def minutes_left(number: int, minutes: int) -> str:
    return minutes_left_pattern(number, minutes) % {"minutes": minutes}


def waiting_text(progress: Progress) -> str:
    tables = progress.waiting
    if not tables:
        return ngettext(
            "Waiting for %(count)s table of an earlier round",
            "Waiting for %(count)s tables of earlier rounds",
            progress.playing_before,
        ) % {"count": progress.playing_before}
    if len(tables) > LISTED_TABLES:
        return _("Waiting for %(count)s tables") % {"count": len(tables)}
    return ngettext("Waiting for table %(tables)s", "Waiting for tables %(tables)s", len(tables)) % {
        "tables": tables_text(tables)
    }


def next_line(progress: Progress) -> str:
    """The one line of what happens next, in the active language."""
    if progress.status in ("before", "between"):
        return _(DRAW_ROUND) % {"number": progress.round + 1}
    if progress.status == "over":
        return _(NIGHT_OVER)
    seconds = progress.seconds_left()
    if seconds:
        return minutes_left(progress.round, math.ceil(seconds / 60))
    return waiting_text(progress)
