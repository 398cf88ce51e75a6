"""What an event's socket sends a page: the whole view once, then what changed.

A page (a screen with the follow key, the organizer's page with the edit key) is sent the whole
view when it connects, and again when it asks (it missed a message) or the view's shape changed
(a draw, a table of an earlier round done, a player added or dropped, the night's status): the
state and its live part rendered in the page's language. After any other change it is sent only
the difference from the state it was sent last: the tables that changed (their JSON and their
part of the page) and, of the standings, the rows that changed (the screen draws them from their
numbers, the organizer's page is sent them rendered) and the order and places when any moved.
Every message is numbered; a difference names the number it follows, so a page that missed one
asks for the whole view again (static/js/event-live.js).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from events.web.tags.event_screen import card
from events.web.views import tables_context


@dataclass(frozen=True)
class Page:
    """How one kind of page shows a table and a standings row, and which of the night's lines it
    takes in a difference (any other changed line sends the whole view)."""

    table: Callable[[dict, bool], str]  # a table's part: (its JSON, of an earlier round?)
    row: Callable[[dict], str] | None  # a standings row rendered; None: the page draws it
    lines: frozenset[str]


def organizer_table(table: dict, earlier: bool) -> str:
    return render_to_string("events/_organizer_table.html", {"table": table, "earlier": earlier})


def organizer_row(line: dict) -> str:
    return render_to_string("events/_standing_row.html", {"line": line})


SCREEN = Page(
    table=lambda table, earlier: card(table, earlier=earlier),
    row=None,
    lines=frozenset({"version", "next", "waiting", "signup", "signups"}),
)
# The organizer's page shows the next step, the signups and the clock's line in its live part:
# a change to any of them sends it whole.
ORGANIZER = Page(table=organizer_table, row=organizer_row, lines=frozenset({"version"}))
SCREEN_PART = "events/_screen_live.html"


def whole_message(state: dict, html: str, *, seq: int) -> dict:
    """The whole view, as message `seq`: the state and the page's live part rendered."""
    return {"event": "event.state", "seq": seq, "state": state, "html": html}


def whole_view(state: dict, *, seq: int, language: str) -> dict:
    """A screen's whole view: the state and its live part in `language`."""
    with translation.override(language):
        return whole_message(state, render_to_string(SCREEN_PART, tables_context(state)), seq=seq)


def shape(state: dict) -> tuple:
    """What a difference cannot carry: the rounds shown (their time limits, byes) and their tables'
    seats, who stands in the standings, the night's status (each a new page or a new list)."""
    rounds = state["rounds"]
    return (
        state["status"],
        [{key: value for key, value in item.items() if key != "tables"} for item in rounds],
        [[(table["table"], table["players"]) for table in item["tables"]] for item in rounds],
        {line["id"] for line in state["standings"]},
    )


def difference(before: dict, after: dict, *, seq: int, page: Page = SCREEN) -> dict | None:
    """What changed from `before` to `after` as the message numbered `seq`, its parts rendered
    in the language active; None when the whole view must go instead, {} when nothing changed."""
    if shape(before) != shape(after):
        return None
    changed: dict = {
        key: value
        for key, value in after.items()
        if key not in ("rounds", "standings") and before.get(key) != value
    }
    if not changed.keys() <= page.lines:
        return None
    latest = after["rounds"][-1]["round"] if after["rounds"] else None
    tables = []
    for old, new in zip(before["rounds"], after["rounds"], strict=True):
        for old_table, table in zip(old["tables"], new["tables"], strict=True):
            if old_table != table:
                earlier = new["round"] != latest
                shown = table | {"round": new["round"]} if earlier else table
                tables.append({"round": new["round"], "table": table, "html": page.table(shown, earlier)})
    if tables:
        changed["tables"] = tables
    changed.update(standings_difference(before["standings"], after["standings"], page.row))
    if not changed:
        return {}
    return {"event": "event.delta", "seq": seq, "after": seq - 1, **changed}


def standings_difference(before: list[dict], after: list[dict], row: Callable[[dict], str] | None) -> dict:
    """The rows whose numbers changed (whole, rendered where the page takes them so), and the
    order and places when any moved."""
    was = {line["id"]: line for line in before}
    rows = [line for line in after if without_place(line) != without_place(was[line["id"]])]
    if row is not None:
        rows = [line | {"html": row(line)} for line in rows]
    moves = [(line["id"], line["place"]) for line in after]
    changed: dict = {"standings": rows} if rows else {}
    if moves != [(line["id"], line["place"]) for line in before]:
        changed["order"] = [line_id for line_id, _place in moves]
        changed["places"] = [place for _line_id, place in moves]
    return changed


def without_place(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "place"}
