"""The ways a phone finds its table (SPEC 11.1 "Joining"), all on the event's follow key: "who
are you?" (the follow page's list, to /me), a table's join page (its players by name, from the
screen's QR code), and the banner an event table's page refreshes."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET

from events.inputs import whole_number
from events.models import Event, EventSeat, EventTable
from events.reads.banner import table_banner
from events.reads.selectors import signup_context
from events.web.views import event_for_page, page_context

NOT_AT_TABLE = gettext_noop("%(name)s does not sit at table %(table)s in round %(round)s: pick your own name")
NOT_A_PLAYER = gettext_noop("There is no such player at this table: pick your own name")


@require_GET
def my_table(request: HttpRequest, event: str) -> HttpResponse:
    """A player's phone to their table this round: the table's edit link (they play at it)."""
    found, viewer = event_for_page(event)
    player = whole_number(request.GET.get("player", ""))
    seat = (
        EventSeat.objects.filter(table__event_round__event=found, player_id=player)
        .select_related("table__session", "table__event_round")
        .order_by("-table__event_round__number")
        .first()
        if player is not None
        else None
    )
    latest = found.event_rounds.order_by("-number").values_list("number", flat=True).first()
    if seat is not None and seat.table.event_round.number == latest:
        return redirect("rounds:session", key=seat.table.session.edit_key)
    context = page_context(request, found, viewer, no_table=True)
    chosen = next((item for item in context["payload"]["players"] if item["id"] == player), None)
    context["chosen"] = chosen
    context["joined"] = chosen is not None and request.GET.get("in") == "1"
    context.update(signup_context(found, context["progress"].status))
    return render(request, "events/follow.html", context, status=200 if chosen else 404)


def table_at(event: Event, round_text: str, table_text: str) -> EventTable:
    number, table = whole_number(round_text), whole_number(table_text)
    found = (
        EventTable.objects.filter(event_round__event=event, event_round__number=number, number=table)
        .select_related("event_round__event", "session")
        .first()
        if number is not None and table is not None
        else None
    )
    if found is None:
        raise Http404("No such table in this event")
    return found


@require_GET
def join_page(request: HttpRequest, event: str, round: str, table: str) -> HttpResponse:
    """A table's join page: its players by name; a tap (`?player=<id>`) gives that phone the
    table's edit link. A name not at this table is refused, naming it; nothing changes."""
    found, _viewer = event_for_page(event)
    seated = table_at(found, round, table)
    players = list(EventSeat.objects.filter(table=seated).order_by("index").select_related("player"))
    context = {"event": found, "table": seated, "round": seated.event_round, "seats": players}
    raw = request.GET.get("player")
    if raw is None:
        return render(request, "events/join.html", context)
    player = whole_number(raw)
    if any(seat.player_id == player for seat in players):
        return redirect("rounds:session", key=seated.session.edit_key)
    named = (
        found.players.filter(pk=player).values_list("name", flat=True).first() if player is not None else None
    )
    context["problem"] = (
        _(NOT_AT_TABLE) % {"name": named, "table": seated.number, "round": seated.event_round.number}
        if named
        else _(NOT_A_PLAYER)
    )
    return render(request, "events/join.html", context, status=400)


@require_GET
def banner(request: HttpRequest, event: str, round: str, table: str) -> HttpResponse:
    """The banner of an event table's page, drawn again when the event or the table changes."""
    found, _viewer = event_for_page(event)
    seated = table_at(found, round, table)
    seated.later = found.event_rounds.filter(number__gt=seated.event_round.number).exists()
    return render(request, "events/_table_banner.html", table_banner(seated, seated.session))
