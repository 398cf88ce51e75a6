"""What an event's table may do, and what its page shows of the event (SPEC 11.1), through the
rounds app's signals (rounds/signals.py), so the rounds app stays unaware of events.

- `table_write` (session_changing): a table plays exactly its hands. Its rules, players and
  length are the organizer's, so it cannot be reopened, played past its hands, ended early or
  rematched (409 naming the event); its hands can be corrected and deleted until the next draw;
  once its round's time is up, the hand being entered is its last.
- `table_saved` (session_saved): the table's stored totals (events/tally.py), in the change's
  own transaction; `table_changed` (session_published): once committed, a table finished or
  reopened is a word to the event's pages (events/live.py).
- `table_page` (session_hosted_page): the banner of the table's page (the event, its round, the
  time left; once finished the standings and each player's next table), in hands.

Whether a session is an event's table never changes once it exists (the table is made in the
transaction that makes the session), so it is remembered per process by the session's random
edit key: a plain session's write asks the database nothing more, a table's one query.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.db.models import Exists, OuterRef
from django.template.loader import render_to_string

from events import live, tally
from events.banner import table_banner
from events.clock import clock
from events.from_rounds import LAST_WRITE, PageHost, ServiceError, gettext_noop
from events.models import EventRound, EventTable

TABLE_FIXED = gettext_noop(
    "Table %(table)s of %(event)s: its rules, players and length are the event's; its phones enter, correct and delete hands"
)
TABLE_DONE = gettext_noop(
    "Table %(table)s of %(event)s has played its hands: it cannot be reopened or played on; the organizer draws the next round"
)
TABLE_DRAWN_ON = gettext_noop(
    "Table %(table)s of %(event)s: round %(round)s is drawn, so this table's hands stay as they are"
)
FIXED_ACTIONS = frozenset({"settings", "reopen", "finish", "rematch"})
DONE_ACTIONS = frozenset({"reopen", "rematch"})
CORRECTIONS = frozenset({"edit", "delete", "restore", "undo"})


class TableConflict(ServiceError):
    status = 409


# Whether a session is an event's table, by its random edit key: None for a plain session, else
# the event's id. Never changes once the session exists, so it is remembered per process.
MEMBERSHIP_SIZE = 8192
membership: OrderedDict[str, int | None] = OrderedDict()
membership_guard = threading.Lock()
UNKNOWN = object()


def remembered(key: str | None) -> object:
    with membership_guard:
        if key in membership:
            membership.move_to_end(key)
            return membership[key]
    return UNKNOWN


def remember(key: str | None, event_id: int | None) -> None:
    if key is None:
        return
    with membership_guard:
        membership[key] = event_id
        while len(membership) > MEMBERSHIP_SIZE:
            membership.popitem(last=False)


def event_of(session: object) -> int | None:
    """The id of the event whose table `session` is, or None."""
    key = getattr(session, "edit_key", None)
    found = remembered(key)
    if found is UNKNOWN:
        found = (
            EventTable.objects.filter(session_id=session.pk)
            .values_list("event_round__event_id", flat=True)
            .first()
        )
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
    remember(getattr(session, "edit_key", None), found.event_round.event_id if found else None)
    return found


def refusal(template: str, table: EventTable, **params: object) -> TableConflict:
    return TableConflict(
        template, field="event", table=table.number, event=table.event_round.event.name, **params
    )


def table_write(sender: object, *, session: object, action: str, **kwargs: object) -> str | None:
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
    if event_of(session) is not None:
        tally.refresh(session)


def table_changed(
    sender: object, *, session_id: int, kinds: list[str], session: object = None, **kwargs: object
) -> None:
    """After the change's commit: a table finished (or reopened) is news for the event's pages."""
    event_id = event_of(session) if session is not None else None
    if event_id is not None and ("session.finished" in kinds or "session.reopened" in kinds):
        live.announce(event_id, "table.finished")


def table_page(sender: object, *, session: object, **kwargs: object) -> PageHost | None:
    table = table_of(session, later=True)
    if table is None:
        return None
    return PageHost(
        banner=render_to_string("events/_table_banner.html", table_banner(table, session)),
        hands=True,
        fixed=True,
    )
