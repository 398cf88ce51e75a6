"""The event's pages: new event, organizer (edit key), follow (who are you?), the screen.
Thin: parse, check the key, call a service or selector, render."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events import services
from events.from_rounds import PRESETS, ProtocolError, ServiceError, Viewer, open_by_key, refusal
from events.inputs import clean_event
from events.limits import event_limited
from events.models import MAX_EVENT_HANDS, MAX_EVENT_PLAYERS, MAX_EVENT_ROUNDS, SEATINGS, Event, EventSeat
from events.selectors import event_by_key, event_json
from events.standings import event_standings
from groups.rating import RANKED_FROM
from rounds.sharing import share_link


def open_event(key: str, *, edit: bool = False) -> tuple[Event, Viewer]:
    return open_by_key(event_by_key, key, write=edit, missing=Http404("No event with this key"))


def names_of(text: str) -> list[str]:
    """One player per line (commas too), blank lines skipped."""
    return [name for line in text.replace(",", "\n").splitlines() if (name := line.strip())]


@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": PRESETS,
        "seatings": SEATINGS,
        "most_players": MAX_EVENT_PLAYERS,
        "most_rounds": MAX_EVENT_ROUNDS,
        "most_hands": MAX_EVENT_HANDS,
        "form": {"name": "", "players": "", "rounds": 3, "hands": 5, "seating": "random", "preset": ""},
    }
    if request.method == "GET":
        return render(request, "events/new.html", context)
    form = {field: request.POST.get(field, "") for field in context["form"]}
    context["form"] = form
    body = {
        "name": form["name"],
        "players": names_of(form["players"]),
        "rounds": int(form["rounds"]) if form["rounds"].strip().isdigit() else form["rounds"],
        "hands": int(form["hands"]) if form["hands"].strip().isdigit() else form["hands"],
        "seating": form["seating"],
        "rules": {"preset": form["preset"]} if form["preset"] else None,
    }
    try:
        plan = clean_event(body)
        with event_limited(request, "event"):
            event = services.event_create(plan=plan)
    except ServiceError as error:
        status, context["problem"] = refusal(error)
        return render(request, "events/new.html", context, status=status)
    return redirect("events:event", event=event.edit_key)


def page_context(request: HttpRequest, event: Event, viewer: Viewer, **extra: object) -> dict:
    payload = event_json(event, viewer)
    share = {
        "follow": share_link(request, payload["links"]["follow"]),
        "screen": share_link(request, payload["links"]["screen"]),
    }
    current = payload["rounds"][-1] if payload["rounds"] else None
    return {
        "event": event,
        "payload": payload,
        "current": current,
        "can_draw": len(payload["rounds"]) < event.rounds,
        "share": share,
        "key": event.edit_key if viewer is Viewer.EDITOR else event.view_key,
        "active_players": [player for player in payload["players"] if not player["dropped"]],
        **extra,
    }


def live_context(event: Event, state: dict) -> dict:
    """What the live parts (_screen_live.html, _organizer_live.html) show, from event_json()."""
    return {
        "event": event,
        "current": state["rounds"][-1] if state["rounds"] else None,
        "standings": state["standings"],
        "planned": event.rounds,
    }


@require_GET
def event_page(request: HttpRequest, event: str) -> HttpResponse:
    """The organizer's page with the edit key; "who are you?" with the follow key."""
    found, viewer = open_event(event)
    template = "events/organizer.html" if viewer is Viewer.EDITOR else "events/follow.html"
    return render(request, template, page_context(request, found, viewer))


@require_GET
def my_table(request: HttpRequest, event: str) -> HttpResponse:
    """A player's phone to their table this round: the table's edit link (they play at it)."""
    found, viewer = open_event(event)
    player = request.GET.get("player", "")
    seat = (
        EventSeat.objects.filter(table__event_round__event=found, player_id=int(player))
        .select_related("table__session", "table__event_round")
        .order_by("-table__event_round__number")
        .first()
        if player.isdigit()
        else None
    )
    latest = found.event_rounds.order_by("-number").values_list("number", flat=True).first()
    if seat is not None and seat.table.event_round.number == latest:
        return redirect("rounds:session", key=seat.table.session.edit_key)
    chosen = next((item for item in event_json(found, viewer)["players"] if str(item["id"]) == player), None)
    context = page_context(request, found, viewer, chosen=chosen, no_table=True)
    return render(request, "events/follow.html", context, status=200 if chosen else 404)


@require_GET
def screen_page(request: HttpRequest, event: str) -> HttpResponse:
    """For a TV or projector: standings, each table's progress and QR code, the round's clock."""
    found, _viewer = open_event(event)
    context = page_context(request, found, Viewer.FOLLOWER)
    tables = context["current"]["tables"] if context["current"] else []
    context["table_codes"] = {table["table"]: share_link(request, table["follow"]).qr_svg for table in tables}
    return render(request, "events/screen.html", context)


def rating_rows(standings: list[dict]) -> list[dict]:
    """The ranked players first, by ordinal (equal ordinals share a place: 1, 2, 2, 4), then the
    players still short of RANKED_FROM hands, by ordinal, without a place."""
    order = sorted(
        standings,
        key=lambda line: (not line["rating"]["ranked"], -line["rating"]["ordinal"], line["name"].casefold()),
    )
    rows: list[dict] = []
    for position, line in enumerate(order):
        place = None
        if line["rating"]["ranked"]:
            before = rows[-1] if rows else None
            tied = before is not None and before["line"]["rating"]["ordinal"] == line["rating"]["ordinal"]
            place = before["place"] if tied else position + 1
        rows.append({"line": line, "place": place})
    return rows


@require_GET
def ratings_page(request: HttpRequest, event: str) -> HttpResponse:
    """Every player's rating over the event's hands (SPEC 12), best first; either key."""
    found, viewer = open_event(event)
    standings = [line.as_json() for line in event_standings(found)]
    context = {
        "event": found,
        "rows": rating_rows(standings),
        "ranked_from": RANKED_FROM,
        "key": found.edit_key if viewer is Viewer.EDITOR else found.view_key,
    }
    return render(request, "events/ratings.html", context)


def organizer_write(request: HttpRequest, event: str, write: Callable[[Event], object]) -> HttpResponse:
    """Run one of the organizer's writes; on a refusal, the page again with the message."""
    found, viewer = open_event(event, edit=True)
    try:
        with event_limited(request, "event_change", subject=found.edit_key):
            write(found)
    except (ServiceError, ProtocolError) as error:
        status, body = refusal(error)
        found.refresh_from_db()
        context = page_context(request, found, viewer, problem=body["error"])
        return render(request, "events/organizer.html", context, status=status)
    return redirect("events:event", event=event)


@require_POST
def draw(request: HttpRequest, event: str) -> HttpResponse:
    force = request.POST.get("force") == "1"
    return organizer_write(request, event, lambda found: services.event_draw(event=found, force=force))


@require_POST
def players(request: HttpRequest, event: str) -> HttpResponse:
    added = names_of(request.POST.get("add", ""))
    dropped = [name for name in [request.POST.get("drop", "").strip()] if name]

    def change(found: Event) -> None:
        if not added and not dropped:
            raise ProtocolError(400, _("Players: type a name to add, or pick one to drop"), field="add")
        services.event_players_change(event=found, add=added, drop=dropped)

    return organizer_write(request, event, change)


@require_POST
def swap(request: HttpRequest, event: str) -> HttpResponse:
    first, second = request.POST.get("first", ""), request.POST.get("second", "")
    return organizer_write(
        request, event, lambda found: services.event_swap(event=found, first=first, second=second)
    )
