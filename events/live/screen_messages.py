"""What a screen's socket sends: the whole view once, then what changed.

A screen (the follow key) is sent the whole view when it connects, and again when its page asks
(it missed a message) or the view's shape changed (a draw, a table of an earlier round done, a
player added or dropped, the night's status moved): the state and the tables' cards rendered in
its language. After any other change it is sent only the difference from the state it was sent
last: the tables whose card changed (their JSON and their card) and, of the standings, the rows
that changed and the order and places when any moved. Every message is numbered; a difference
names the number it follows, so a page that missed one asks for the whole view again
(static/js/event-live.js).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from events.web.tags.event_screen import card
from events.web.views import tables_context

SCREEN_PART = "events/_screen_live.html"


def whole_view(state: dict, *, seq: int, language: str) -> dict:
    """The whole view: the state and the screen's live part in `language`."""
    with translation.override(language):
        html = render_to_string(SCREEN_PART, tables_context(state))
    return {"event": "event.state", "seq": seq, "state": state, "html": html}


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


def difference(before: dict, after: dict, *, seq: int, language: str) -> dict | None:
    """What changed from `before` to `after` as the message numbered `seq`; None when the whole
    view must go instead (its shape changed), {} when nothing a screen shows changed."""
    if shape(before) != shape(after):
        return None
    changed: dict = {
        key: value
        for key, value in after.items()
        if key not in ("rounds", "standings") and before.get(key) != value
    }
    latest = after["rounds"][-1]["round"] if after["rounds"] else None
    tables = []
    with translation.override(language):
        for old, new in zip(before["rounds"], after["rounds"], strict=True):
            for old_table, table in zip(old["tables"], new["tables"], strict=True):
                if old_table != table:
                    earlier = new["round"] != latest
                    shown = table | {"round": new["round"]} if earlier else table
                    tables.append(
                        {"round": new["round"], "table": table, "html": card(shown, earlier=earlier)}
                    )
    if tables:
        changed["tables"] = tables
    changed.update(standings_difference(before["standings"], after["standings"]))
    if not changed:
        return {}
    return {"event": "event.delta", "seq": seq, "after": seq - 1, **changed}


def standings_difference(before: list[dict], after: list[dict]) -> dict:
    """The rows whose numbers changed (whole), and the order and places when any moved."""
    was = {line["id"]: line for line in before}
    rows = [line for line in after if without_place(line) != without_place(was[line["id"]])]
    moves = [(line["id"], line["place"]) for line in after]
    changed: dict = {"standings": rows} if rows else {}
    if moves != [(line["id"], line["place"]) for line in before]:
        changed["order"] = [line_id for line_id, _place in moves]
        changed["places"] = [place for _line_id, place in moves]
    return changed


def without_place(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "place"}
