"""The events part of the JSON API (API.md "Events: club night"): the same services and selectors
as the pages, with the API's conventions (JSON errors naming the field, never a 500, keys as
credentials: the edit key writes, the follow key reads)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from events.inputs import SIGNUP_FLAG, clean_event, clean_flag
from events.models import Event
from events.reads.export import kept_event_csv
from events.reads.selectors import event_by_key, event_json, event_rounds, signup_json
from events.reads.table_rules import club_of, rules_of_club
from events.services import event_writes as services
from events.services import signup as signups
from events.services.limits import draw_limited, event_limited
from events.web.openapi import EVENT_SCHEMAS
from rounds.public import Viewer, count_request, open_by_key
from toolkit.jsonapi import NO_BODY, endpoint, json_body
from toolkit.messages import gettext_noop
from toolkit.refusals import ProtocolError

EVENT_VIEW_ONLY = gettext_noop("This is an event's follow link: it can watch the event but not change it")
CHANGE_FIELDS = ("add", "drop", "restore", "swap")
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
    body = json_body(request, EVENT_SCHEMAS["EventCreate"])
    group = club_of(body["group"]) if body.get("group") is not None else None
    plan = clean_event(body, group_rules=rules_of_club(group) if group is not None else None)
    with event_limited(request, "event"):
        event = services.event_create(plan=plan, group=group)
    return JsonResponse(event_json(event, Viewer.EDITOR), status=201, **JSON_TEXT)


@endpoint("GET", "PATCH")
def event_detail(request: HttpRequest, event: str) -> JsonResponse:
    if request.method == "GET":
        found, viewer = event_for_api(event)
        return JsonResponse(event_json(found, viewer), **JSON_TEXT)
    found, viewer = event_for_api(event, write=True)
    body = json_body(request, EVENT_SCHEMAS["EventChange"])
    for field in CHANGE_FIELDS:
        if field in body and not isinstance(body[field], list):
            raise ProtocolError(400, _("%(field)s: give a list of names") % {"field": field}, field=field)
    if "signup" in body:
        clean_flag(body["signup"], field="signup", template=SIGNUP_FLAG)
    with event_limited(request, "event_change", subject=found.edit_key):
        if "signup" in body:
            signups.event_signup_switch(event=found, on=body["signup"])
        if body.get("swap") is not None:
            swap = body["swap"]
            services.event_swap(
                event=found, first=swap[0] if swap else None, second=swap[1] if len(swap) == 2 else None
            )
        if body.get("add") or body.get("drop") or body.get("restore"):
            services.event_players_change(
                event=found,
                add=body.get("add") or [],
                drop=body.get("drop") or [],
                restore=body.get("restore") or [],
            )
    found.refresh_from_db()
    return JsonResponse(event_json(found, viewer), **JSON_TEXT)


@endpoint("POST")
def signup(request: HttpRequest, event: str) -> JsonResponse:
    """A player signs themselves up (either key): 201 with the event's players."""
    found, _viewer = event_for_api(event)
    body = json_body(request, EVENT_SCHEMAS["EventSignup"])
    with event_limited(request, "signup"):
        player = signups.event_signup(event=found, name=body.get("name"))
    return JsonResponse(signup_json(found, player), status=201, **JSON_TEXT)


@endpoint("POST")
def draw(request: HttpRequest, event: str) -> JsonResponse:
    """Draw the next event round: 201 with its tables (each an ordinary session) and byes."""
    found, viewer = event_for_api(event, write=True)
    body = json_body(request, EVENT_SCHEMAS["EventDraw"], required=False)
    force = body.get("force", False)
    if not isinstance(force, bool):
        raise ProtocolError(400, _("force: give true or false"), field="force")
    with draw_limited(request, found):
        services.event_draw(event=found, force=force)
    drawn = event_rounds(found, viewer, which="latest")[0]
    return JsonResponse(drawn, status=201, **JSON_TEXT)


@endpoint("POST")
def end_round(request: HttpRequest, event: str) -> JsonResponse:
    """End the round in play now: every table still playing is finished as it stands."""
    found, viewer = event_for_api(event, write=True)
    json_body(request, NO_BODY, required=False)
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
