"""What an event's table may do, and what its page shows of the event (SPEC 11.1), through the
rounds app's signals (rounds/signals.py), so the rounds app stays unaware of events.

- `table_write` (session_changing): a table plays exactly its hands. Its rules, players and
  length are the organizer's, so it cannot be reopened, played past its hands, ended early,
  rematched or tick payments (409 naming the event); its hands can be corrected and deleted until the next draw;
  once its round's time is up, the hand being entered is its last.
- `table_saved` (session_saved): the table's stored totals (events/reads/tally.py), in the change's
  own transaction; `table_changed` (session_published): once committed, a table finished or
  reopened is a word to the event's pages (events/services/publish.py).
- `table_page` (session_hosted_page): the banner of the table's page (the event, its round, the
  time left; once finished the standings and each player's next table), in hands.

Whether a session is an event's table never changes once it exists (the table is made in the
transaction that makes the session), so it is remembered per process by the session's random
edit key, with whether its event has a time limit: a plain session's write, and a hand at a
table without a clock, ask the database nothing more.
"""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import Exists, OuterRef
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from events.models import EventRound, EventTable
from events.reads import tally
from events.reads.banner import TABLE_DRAWN_ON, table_banner
from events.services import publish as live
from rounds.public import ServiceError, clock
from rounds.signals import LAST_WRITE, PageHost
from toolkit.lru import LRU
from toolkit.messages import gettext_noop

TABLE_FIXED = gettext_noop(
    "Table %(table)s of %(event)s: its rules, players and length are the event's; its phones enter, correct and delete hands"
)
TABLE_DONE = gettext_noop(
    "Table %(table)s of %(event)s has played its hands: it cannot be reopened or played on; the organizer draws the next round"
)
# "paid": a table's link enters hands; it ticks no payment, whatever the event's wager.
FIXED_ACTIONS = frozenset({"settings", "reopen", "finish", "rematch", "paid"})
DONE_ACTIONS = frozenset({"reopen", "rematch"})
CORRECTIONS = frozenset({"edit", "delete", "restore", "undo"})


class TableConflict(ServiceError):
    status = 409


class Hosted(NamedTuple):
    """What never changes of an event's table: its event, and whether that event has a time limit."""

    event_id: int
    timed: bool


# Whether a session is an event's table, by its random edit key: None for a plain session, else
# Hosted. Never changes once the session exists, so it is remembered per process.
MEMBERSHIP_SIZE = 8192
membership: LRU[str, Hosted | None] = LRU(MEMBERSHIP_SIZE)
UNKNOWN = object()


def remembered(key: str | None) -> object:
    return membership.get(key, UNKNOWN)


def remember(key: str | None, hosted: Hosted | None) -> None:
    if key is not None:
        membership.put(key, hosted)


def hosted_by(session: object) -> Hosted | None:
    """The event whose table `session` is (and whether it is timed), or None."""
    key = getattr(session, "edit_key", None)
    found = remembered(key)
    if found is UNKNOWN:
        row = (
            EventTable.objects.filter(session_id=session.pk)
            .values_list("event_round__event_id", "event_round__event__minutes")
            .first()
        )
        found = None if row is None else Hosted(event_id=row[0], timed=row[1] is not None)
        remember(key, found)
    return found


def table_of(session: object, *, later: bool = False) -> EventTable | None:
    """The event table `session` is, with its round and event (and, with `later`, whether a
    later round of the event is drawn); None for a session that is no event's table."""
    if remembered(getattr(session, "edit_key", None)) is None:
        return None
    tables = EventTable.objects.filter(session_id=session.pk).select_related("event_round__event")
    if later:
        drawn = EventRound.objects.filter(
            event=OuterRef("event_round__event"), number__gt=OuterRef("event_round__number")
        )
        tables = tables.annotate(later=Exists(drawn))
    found = tables.first()
    hosted = None
    if found is not None:
        hosted = Hosted(
            event_id=found.event_round.event_id, timed=found.event_round.event.minutes is not None
        )
    remember(getattr(session, "edit_key", None), hosted)
    return found


def refusal(template: str, table: EventTable, **params: object) -> TableConflict:
    return TableConflict(
        template, field="event", table=table.number, event=table.event_round.event.name, **params
    )


def table_write(sender: object, *, session: object, action: str, **kwargs: object) -> str | None:
    hosted = hosted_by(session)
    if hosted is None:
        return None
    if action == "add" and session.finished_at is None and not hosted.timed:
        return None  # a hand at a table still playing, without a clock: nothing to look up
    table = table_of(session, later=action in CORRECTIONS)
    if table is None:
        return None
    finished = session.finished_at is not None
    if (action in DONE_ACTIONS and finished) or (action == "add" and finished):
        raise refusal(TABLE_DONE, table)
    if action in FIXED_ACTIONS:
        raise refusal(TABLE_FIXED, table)
    if action in CORRECTIONS and finished and table.later:
        raise refusal(TABLE_DRAWN_ON, table, round=table.event_round.number + 1)
    ends_at = table.event_round.ends_at
    if action == "add" and ends_at is not None and clock.now() >= ends_at:
        return LAST_WRITE  # the time is up: this hand was the one in play, the table's last
    return None


def table_saved(sender: object, *, session: object, **kwargs: object) -> None:
    """In the change's own transaction: the table's totals as of the session's new version."""
    if hosted_by(session) is not None:
        tally.refresh(session)


def table_changed(
    sender: object, *, session_id: int, kinds: list[str], session: object = None, **kwargs: object
) -> None:
    """After the change's commit: a table finished (or reopened) is news for the event's pages."""
    hosted = hosted_by(session) if session is not None else None
    if hosted is not None and ("session.finished" in kinds or "session.reopened" in kinds):
        live.announce(hosted.event_id, "table.finished")


def table_page(sender: object, *, session: object, **kwargs: object) -> PageHost | None:
    table = table_of(session, later=True)
    if table is None:
        return None
    banner = table_banner(table, session)
    return PageHost(
        banner=render_to_string("events/_table_banner.html", banner),
        hands=True,
        fixed=True,
        closed="closed" in banner,
        final_title=_("Table %(number)s") % {"number": table.number},
    )
