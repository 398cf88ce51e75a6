"""The event's pages: new event, organizer (edit key), follow (who are you?), the screen, and the
organizer's writes. Thin: parse, check the key, call a service or selector, render."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from events.models import (
    Event,
)
from events.reads.progress import event_progress, waiting_text
from events.reads.selectors import event_by_key, event_json, event_live, signup_context
from events.reads.standings import event_standings
from events.services import event_writes as services
from events.services.limits import draw_limited, event_limited
from groups.public import RANKED_FROM
from rounds.public import ServiceError, Viewer, open_by_key, share_link
from rounds.rules.names import alphabetical
from toolkit.lru import LRU
from toolkit.refusals import ProtocolError, refusal


def event_for_page(key: str, *, edit: bool = False) -> tuple[Event, Viewer]:
    return open_by_key(event_by_key, key, write=edit, missing=Http404("No event with this key"))


def names_of(text: str) -> list[str]:
    """One player per line (commas too), blank lines skipped."""
    return [name for line in text.replace(",", "\n").splitlines() if (name := line.strip())]


def page_context(request: HttpRequest, event: Event, viewer: Viewer, **extra: object) -> dict:
    payload = event_json(event, viewer)
    share = {
        "follow": share_link(request, payload["links"]["follow"]),
        "screen": share_link(request, payload["links"]["screen"]),
    }
    current = payload["rounds"][-1] if payload["rounds"] else None
    progress = event_progress(event)
    return {
        "event": event,
        "payload": payload,
        "current": current,
        "earlier": [
            table | {"round": item["round"]}
            for item in payload["rounds"][:-1]
            for table in item["tables"]
            if not table["finished"]
        ],
        "progress": progress,
        "waiting": waiting_text(progress) if progress.status == "playing" else "",
        "can_draw": progress.can_draw,
        "share": share,
        "key": event.edit_key if viewer is Viewer.EDITOR else event.view_key,
        "active_players": [player for player in payload["players"] if not player["dropped"]],
        "signups": [
            player["name"]
            for player in payload["players"]
            if player["signed_up"] and not player["dropped"] and progress.status == "before"
        ],
        "dropped_players": [player for player in payload["players"] if player["dropped"]],
        **extra,
    }


def tables_context(state: dict) -> dict:
    """The tables a live part shows, from event_live(): the round in play's, then those of earlier
    rounds still playing, each marked with its round."""
    rounds = state["rounds"]
    earlier = [table | {"round": item["round"]} for item in rounds[:-1] for table in item["tables"]]
    return {
        "current": rounds[-1] if rounds else None,
        "earlier": earlier,
        "table_count": len(rounds[-1]["tables"]) + len(earlier) if rounds else 0,
    }


def live_context(event: Event, state: dict) -> dict:
    """What the live parts (_screen_live.html, _organizer_live.html) show, from event_live()."""
    return {
        **tables_context(state),
        "event": event,
        "standings": state["standings"],
        "planned": event.rounds,
        "status": state["status"],
        "next": state["next"],
        "waiting": state.get("waiting", ""),
        "signups": state.get("signups", []),
    }


@require_GET
def event_page(request: HttpRequest, event: str) -> HttpResponse:
    """The organizer's page with the edit key; "who are you?" with the follow key."""
    found, viewer = event_for_page(event)
    context = page_context(request, found, viewer)
    if viewer is Viewer.EDITOR:
        # A sign-up's "Remove" (the live list, no form there): the drop's confirmation.
        dropping = request.GET.get("drop", "")
        if any(player["name"] == dropping for player in context["active_players"]):
            context["confirm_drop"] = dropping
        return render(request, "events/organizer.html", context)
    context.update(signup_context(found, context["progress"].status))
    return render(request, "events/follow.html", context)


@require_GET
def screen_page(request: HttpRequest, event: str) -> HttpResponse:
    """For a TV or projector: the tables, each with the QR code of its join page, the standings,
    the round's clock and the QR code of the follow page; pages that turn by themselves."""
    found, _viewer = event_for_page(event)
    context = page_context(request, found, Viewer.FOLLOWER)
    context.update(live_context(found, event_live(found, Viewer.FOLLOWER)))
    tables = [*(context["current"]["tables"] if context["current"] else []), *context["earlier"]]
    context["table_codes"] = [(table["join"], join_code(request, table["join"])) for table in tables]
    return render(request, "events/screen.html", context)


# The QR codes of the join pages, by their absolute link: drawing 50 of them is most of a screen's
# page, and every screen of the event (and each reload) shows the same ones until the next draw.
CODES_KEPT = 512
codes: LRU[str, SafeString] = LRU(CODES_KEPT)


def join_code(request: HttpRequest, path: str) -> SafeString:
    url = request.build_absolute_uri(path)
    return codes.remembered(url, lambda: share_link(request, path).qr_svg)


def rating_rows(standings: list[dict]) -> list[dict]:
    """The ranked players first, by ordinal (equal ordinals share a place: 1, 2, 2, 4), then the
    players still short of RANKED_FROM hands, by ordinal, without a place."""
    order = sorted(
        standings,
        key=lambda line: (
            not line["rating"]["ranked"],
            -line["rating"]["ordinal"],
            alphabetical(line["name"]),
        ),
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
    found, viewer = event_for_page(event)
    standings = [line.as_json() for line in event_standings(found)]
    context = {
        "event": found,
        "rows": rating_rows(standings),
        "ranked_from": RANKED_FROM,
        "key": found.edit_key if viewer is Viewer.EDITOR else found.view_key,
    }
    return render(request, "events/ratings.html", context)


def organizer_write(
    request: HttpRequest, event: str, write: Callable[[Event], object], *, tables: bool = False
) -> HttpResponse:
    """Run one of the organizer's writes; on a refusal, the page again with the message. A draw
    (`tables`) also counts the tables it makes against the address."""
    found, viewer = event_for_page(event, edit=True)
    try:
        with (
            draw_limited(request, found)
            if tables
            else event_limited(request, "event_change", subject=found.edit_key)
        ):
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
    return organizer_write(
        request, event, lambda found: services.event_draw(event=found, force=force), tables=True
    )


@require_POST
def end_round(request: HttpRequest, event: str) -> HttpResponse:
    """End the round in play now, once the organizer confirmed it."""
    if request.POST.get("confirm") != "1":
        found, viewer = event_for_page(event, edit=True)
        return render(
            request, "events/organizer.html", page_context(request, found, viewer, confirm_end=True)
        )
    return organizer_write(request, event, lambda found: services.event_round_end(event=found))


@require_POST
def players(request: HttpRequest, event: str) -> HttpResponse:
    """Add a late player, drop one (after a confirmation naming them) or bring one back."""
    added = names_of(request.POST.get("add", ""))
    dropped = [name for name in [request.POST.get("drop", "").strip()] if name]
    restored = [name for name in [request.POST.get("restore", "").strip()] if name]
    if dropped and request.POST.get("confirm") != "1":
        found, viewer = event_for_page(event, edit=True)
        context = page_context(request, found, viewer, confirm_drop=dropped[0])
        return render(request, "events/organizer.html", context)

    def change(found: Event) -> None:
        if not added and not dropped and not restored:
            raise ProtocolError(400, _("Players: type a name to add, or pick one to drop"), field="add")
        services.event_players_change(event=found, add=added, drop=dropped, restore=restored)

    return organizer_write(request, event, change)


@require_POST
def swap(request: HttpRequest, event: str) -> HttpResponse:
    first, second = request.POST.get("first", ""), request.POST.get("second", "")
    return organizer_write(
        request, event, lambda found: services.event_swap(event=found, first=first, second=second)
    )
