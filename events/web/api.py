"""The events part of the JSON API (API.md "Events: club night"): the same services and selectors
as the pages, with the API's conventions (JSON errors naming the field, never a 500, keys as
credentials: the edit key writes, the follow key reads)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from events.models import Event
from events.reads.export import kept_event_csv
from events.reads.selectors import event_by_key, event_json, event_rounds, signup_json
from events.services import event_writes as services
from events.services import signup as signups
from events.services.limits import draw_limited, event_limited
from events.web.bodies import EventChange, EventCreate, EventDraw, EventSignup
from rounds.public import Viewer, count_request, open_by_key
from toolkit.bodies import Absent, NoBody
from toolkit.jsonapi import endpoint, json_body
from toolkit.messages import gettext_noop
from toolkit.refusals import ProtocolError

EVENT_VIEW_ONLY = gettext_noop("This is an event's follow link: it can watch the event but not change it")
JSON_TEXT = {"json_dumps_params": {"ensure_ascii": False}}


def event_for_api(key: str, *, write: bool = False) -> tuple[Event, Viewer]:
    return open_by_key(
        event_by_key,
        key,
        write=write,
        missing=ProtocolError(404, _("There is no event with this key")),
        view_only=ProtocolError(403, _(EVENT_VIEW_ONLY), field="key"),
    )


@endpoint("POST")
def events(request: HttpRequest) -> JsonResponse:
    group, plan = json_body(request, EventCreate).planned
    with event_limited(request, "event"):
        event = services.event_create(plan=plan, group=group)
    return JsonResponse(event_json(event, Viewer.EDITOR), status=201, **JSON_TEXT)


@endpoint("GET", "PATCH")
def event_detail(request: HttpRequest, event: str) -> JsonResponse:
    if request.method == "GET":
        found, viewer = event_for_api(event)
        return JsonResponse(event_json(found, viewer), **JSON_TEXT)
    found, viewer = event_for_api(event, write=True)
    body = json_body(request, EventChange)
    with event_limited(request, "event_change", subject=found.edit_key):
        if not isinstance(body.signup, Absent):
            signups.event_signup_switch(event=found, on=body.signup)
        if isinstance(swap := body.swap, list):
            services.event_swap(
                event=found, first=swap[0] if swap else None, second=swap[1] if len(swap) == 2 else None
            )
        if body.add or body.drop or body.restore:
            services.event_players_change(
                event=found, add=body.add or [], drop=body.drop or [], restore=body.restore or []
            )
    found.refresh_from_db()
    return JsonResponse(event_json(found, viewer), **JSON_TEXT)


@endpoint("POST")
def signup(request: HttpRequest, event: str) -> JsonResponse:
    """A player signs themselves up (either key): 201 with the event's players."""
    found, _viewer = event_for_api(event)
    body = json_body(request, EventSignup)
    with event_limited(request, "signup"):
        player = signups.event_signup(event=found, name=body.name)
    return JsonResponse(signup_json(found, player), status=201, **JSON_TEXT)


@endpoint("POST")
def draw(request: HttpRequest, event: str) -> JsonResponse:
    """Draw the next event round: 201 with its tables (each an ordinary session) and byes."""
    found, viewer = event_for_api(event, write=True)
    body = json_body(request, EventDraw, required=False)
    with draw_limited(request, found):
        services.event_draw(event=found, force=body.force)
    drawn = event_rounds(found, viewer, which="latest")[0]
    return JsonResponse(drawn, status=201, **JSON_TEXT)


@endpoint("POST")
def end_round(request: HttpRequest, event: str) -> JsonResponse:
    """End the round in play now: every table still playing is finished as it stands."""
    found, viewer = event_for_api(event, write=True)
    json_body(request, NoBody, required=False)
    with event_limited(request, "event_change", subject=found.edit_key):
        services.event_round_end(event=found)
    found.refresh_from_db()
    return JsonResponse(event_json(found, viewer), **JSON_TEXT)


@endpoint("GET")
def export_csv(request: HttpRequest, event: str) -> HttpResponse:
    found, _viewer = event_for_api(event)
    count_request(request, "export")
    response = HttpResponse(kept_event_csv(found), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="big-two-event.csv"'
    return response
