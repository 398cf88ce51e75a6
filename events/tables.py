"""What an event's table may do, and what its page shows of the event (SPEC 11.1), through the
rounds app's signals (rounds/signals.py), so the rounds app stays unaware of events.

- `table_write` (session_changing): a table plays exactly its hands. Its rules, players and
  length are the organizer's, so it cannot be reopened, played past its hands, ended early or
  rematched (409 naming the event); its hands can be corrected and deleted until the next draw;
  once its round's time is up, the hand being entered is its last.
- `table_changed` (session_published): the table's stored totals (events/tally.py), and, when
  the table finished or reopened, a word to the event's pages (events/live.py).
- `table_page` (session_hosted_page): the banner of the table's page (the event, its round, the
  time left; once finished the standings and each player's next table), in hands.

Whether a session is an event's table never changes once it exists (the table is made in the
transaction that makes the session), so the sessions found not to be one are remembered per
process by their random edit key, and a plain session's write asks the database nothing more.
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


NOT_TABLES_SIZE = 8192
not_tables: OrderedDict[str, None] = OrderedDict()
not_tables_guard = threading.Lock()


def table_of(session: object) -> EventTable | None:
    """The event table `session` is, with its round and event, and `later`: whether a later
    round of the event is drawn; None for a session that is no event's table."""
    key = getattr(session, "edit_key", None)
    with not_tables_guard:
        if key in not_tables:
            not_tables.move_to_end(key)
            return None
    later = EventRound.objects.filter(
        event=OuterRef("event_round__event"), number__gt=OuterRef("event_round__number")
    )
    found = (
        EventTable.objects.filter(session_id=session.pk)
        .select_related("event_round__event")
        .annotate(later=Exists(later))
        .first()
    )
    if found is None and key is not None:
        with not_tables_guard:
            not_tables[key] = None
            while len(not_tables) > NOT_TABLES_SIZE:
                not_tables.popitem(last=False)
    return found


def refusal(template: str, table: EventTable, **params: object) -> TableConflict:
    return TableConflict(
        template, field="event", table=table.number, event=table.event_round.event.name, **params
    )


def table_write(sender: object, *, session: object, action: str, **kwargs: object) -> str | None:
    table = table_of(session)
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


def table_changed(
    sender: object, *, session_id: int, kinds: list[str], session: object = None, **kwargs: object
) -> None:
    if session is None or table_of(session) is None:
        return
    tally.refresh(session)
    if "session.finished" in kinds or "session.reopened" in kinds:
        event_id = (
            EventTable.objects.filter(session_id=session_id)
            .values_list("event_round__event_id", flat=True)
            .first()
        )
        live.announce(event_id, "table.finished")


def table_page(sender: object, *, session: object, **kwargs: object) -> PageHost | None:
    table = table_of(session)
    if table is None:
        return None
    return PageHost(
        banner=render_to_string("events/_table_banner.html", table_banner(table, session)),
        hands=True,
        fixed=True,
    )
