"""The organizer's pages for A4 (SPEC 11.1 "Print"): the round's tables, the standings, and one
score slip per table. Edit key only, as the organizer's page. `@media print` prints the sheet
alone: no buttons, no dark background."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from events.inputs import table_settings
from events.models import EventSeat, EventTable
from events.reads.progress import event_progress
from events.reads.selectors import event_rounds
from events.reads.standings import event_standings
from events.web.views import event_for_page
from rounds.public import Round, minus
from rounds.rules.hands import hand_cell

PRINTS = ("tables", "standings", "slips")


def print_context(request: HttpRequest, event: str, kind: str) -> dict:
    found, viewer = event_for_page(event, edit=True)
    rounds = event_rounds(found, viewer, which="latest")
    return {"event": found, "current": rounds[-1] if rounds else None, "kind": kind, "prints": PRINTS}


@require_GET
def print_tables(request: HttpRequest, event: str) -> HttpResponse:
    return render(request, "events/print_tables.html", print_context(request, event, "tables"))


@require_GET
def print_standings(request: HttpRequest, event: str) -> HttpResponse:
    context = print_context(request, event, "standings")
    context["over"] = event_progress(context["event"]).status == "over"
    context["standings"] = [line.as_json() for line in event_standings(context["event"], ratings=False)]
    return render(request, "events/print_standings.html", context)


def slip_cells(cards: list[int], hand: dict | None, scores: list[int]) -> list[str]:
    """A played hand's line on a slip, as the table's rounds list writes it: the cards left; in
    Tiến lên the place each player went out in (✕ killed, ★ the instant winner alone); typed
    scores as they are."""
    if not cards and (hand is None or "order" not in hand):
        return [minus(score) for score in scores]
    shown = {"cards": cards, **(hand or {})}
    return ["".join(hand_cell(shown, seat)) for seat in range(len(scores))]


@require_GET
def print_slips(request: HttpRequest, event: str) -> HttpResponse:
    """A slip per table of the round drawn last: event, round, table, the players in seat order
    and a line per hand (the hands played so far as slip_cells() writes them, the others blank),
    under a line that says what to write in the game the tables play."""
    context = print_context(request, event, "slips")
    found = context["event"]
    context["mode"] = table_settings(found.rules, hands=found.hands).mode.value
    tables = list(
        EventTable.objects.filter(
            event_round__event=found, event_round__number=(context["current"] or {}).get("round")
        ).order_by("number")
    )
    names: dict[int, list[str]] = {table.pk: [] for table in tables}
    for table_id, name in (
        EventSeat.objects.filter(table__in=tables)
        .order_by("table_id", "index")
        .values_list("table_id", "player__name")
    ):
        names[table_id].append(name)
    played: dict[int, dict[int, list[str]]] = {table.pk: {} for table in tables}
    for session_id, number, cards, hand, scores in Round.objects.filter(
        session_id__in=list(names)
    ).values_list("session_id", "number", "cards", "hand", "scores"):
        played[session_id][number] = slip_cells(cards, hand, scores)
    context["slips"] = [
        {
            "table": table.number,
            "players": names[table.pk],
            "hands": [
                {"number": number, "cards": played[table.pk].get(number, [""] * len(names[table.pk]))}
                for number in range(1, found.hands + 1)
            ],
        }
        for table in tables
    ]
    return render(request, "events/print_slips.html", context)
