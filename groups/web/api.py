"""The groups part of the JSON API (API.md "Groups and seasons"): the same services and selectors
as the pages, with rounds/web/api.py's conventions (JSON errors, never a 500, keys as credentials)."""

from __future__ import annotations

import functools

from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from groups.inputs import (
    clean_date_range,
    clean_league,
    clean_log_text,
)
from groups.models import Group
from groups.reads import paper_export
from groups.reads.league_table import league_csv_reply, league_reply
from groups.reads.season_cache import season_reply
from groups.reads.selectors import (
    group_by_key,
    group_json,
    league_rules,
    settings_over_group_rules,
)
from groups.rules.season import DateRange
from groups.services import group_writes as services
from groups.services import paper_import as paper
from groups.web.bodies import EveningCreate, GroupChange, GroupCreate, PlayerRename, PlayersAdd, rules_of
from rounds.public import (
    Viewer,
    count_request,
    open_by_key,
    rate_limited,
    table_state,
)
from rounds.signals import SessionHost
from toolkit.bodies import Absent
from toolkit.jsonapi import endpoint, json_body
from toolkit.messages import gettext_noop
from toolkit.refusals import ProtocolError

# "Any creation field but players" (API.md), the rules a group keeps.
GROUP_VIEW_ONLY = gettext_noop("This is a group's follow link: it can watch the season but not change it")


def group_for_api(key: str, *, write: bool = False) -> tuple[Group, Viewer]:
    return open_by_key(
        group_by_key,
        key,
        write=write,
        missing=ProtocolError(404, _("There is no group with this key")),
        view_only=ProtocolError(403, _(GROUP_VIEW_ONLY), field="key"),
    )


@endpoint("POST")
def groups(request: HttpRequest) -> JsonResponse:
    body = json_body(request, GroupCreate)
    with rate_limited(request, "group"):
        group = services.group_create(name=body.name)
    return JsonResponse(group_json(group, Viewer.EDITOR), status=201)


@endpoint("POST")
def evenings(request: HttpRequest, group: str) -> JsonResponse:
    """A new evening of the group: a session of these players (matched to, or added as, the
    group's), counted against the group's evenings."""
    found, _viewer = group_for_api(group, write=True)
    body = json_body(request, EveningCreate)
    host = evening_host(found)
    settings, randomize_seats = host.settings_of(body.settings)
    with rate_limited(request, host.scope, subject=host.subject):
        session = host.create(players=body.players, settings=settings, randomize_seats=randomize_seats)
    return JsonResponse(table_state(session, viewer=Viewer.EDITOR), status=201)


def evening_host(group: Group) -> SessionHost:
    return SessionHost(
        scope="evening",
        subject=f"group:{group.pk}",
        create=functools.partial(services.group_session_create, group=group),
        settings_of=functools.partial(settings_over_group_rules, group),
    )


def session_host(sender: object, *, field: str, key: object, **kwargs: object) -> SessionHost | None:
    """`"group": <edit key>` on POST /api/sessions (rounds.signals.session_hosted): the new
    session is an evening of that group."""
    if field != "group":
        return None
    found = group_by_key(key) if isinstance(key, str) else None
    if found is None or found[1] is not Viewer.EDITOR:
        raise ProtocolError(400, _("group: give the edit key of a group"), field="group")
    return evening_host(found[0])


@endpoint("GET", "PATCH")
def group_detail(request: HttpRequest, group: str) -> JsonResponse:
    if request.method == "GET":
        found, viewer = group_for_api(group)
        return JsonResponse(group_json(found, viewer))
    found, viewer = group_for_api(group, write=True)
    body = json_body(request, GroupChange)
    if not isinstance(body.league, Absent):  # checked before anything is written: a refusal changes nothing
        clean_league(body.league, base=league_rules(found))
    with transaction.atomic():
        if not isinstance(body.rules, Absent):
            found = services.group_rules_set(group=found, rules=rules_of(body.rules))
        if not isinstance(body.league, Absent):
            found = services.group_league_set(group=found, league=body.league)
    return JsonResponse(group_json(found, viewer))


@endpoint("POST")
def players(request: HttpRequest, group: str) -> JsonResponse:
    """Players added by name before any evening (a club's roster, SPEC 13), counted against the
    group's roster changes; the group as GET shows it."""
    found, viewer = group_for_api(group, write=True)
    body = json_body(request, PlayersAdd)
    with rate_limited(request, "roster", subject=f"group:{found.pk}"):
        services.group_players_add(group=found, names=body.names)
    return JsonResponse(group_json(found, viewer), status=201)


@endpoint("PATCH", "DELETE")
def player_detail(request: HttpRequest, group: str, player: int) -> JsonResponse:
    """Rename a player of the group (every evening they played stays theirs), or take one who
    never played off its list."""
    found, viewer = group_for_api(group, write=True)
    if request.method == "DELETE":
        with rate_limited(request, "roster", subject=f"group:{found.pk}"):
            services.group_player_remove(group=found, player_id=player)
        return JsonResponse(group_json(found, viewer))
    body = json_body(request, PlayerRename)
    services.group_player_rename(group=found, player_id=player, name=body.name)
    return JsonResponse(group_json(found, viewer))


@endpoint("GET")
def season(request: HttpRequest, group: str) -> JsonResponse:
    found, _viewer = group_for_api(group)
    start, end = clean_date_range(request.GET.get("from"), request.GET.get("to"))
    return HttpResponse(season_reply(found, DateRange(start, end)), content_type="application/json")


@endpoint("GET")
def league(request: HttpRequest, group: str) -> JsonResponse:
    """The club's league table over its nights (SPEC 13), in a date range like the season."""
    found, _viewer = group_for_api(group)
    start, end = clean_date_range(request.GET.get("from"), request.GET.get("to"))
    return HttpResponse(league_reply(found, DateRange(start, end)), content_type="application/json")


@endpoint("GET")
def league_csv_export(request: HttpRequest, group: str) -> HttpResponse:
    found, _viewer = group_for_api(group)
    start, end = clean_date_range(request.GET.get("from"), request.GET.get("to"))
    count_request(request, "export")
    response = HttpResponse(
        league_csv_reply(found, DateRange(start, end)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="big-two-league.csv"'
    return response


@endpoint("POST")
def import_log(request: HttpRequest, group: str) -> JsonResponse:
    """A paper log as text/plain: every table becomes a finished evening, or nothing is stored."""
    found, _viewer = group_for_api(group, write=True)
    dry_run = dry_run_of(request.GET.get("dry_run"))
    body = paper.body_of(request)
    if body and request.content_type != "text/plain":
        raise ProtocolError(415, _("Send the paper log as text/plain; charset=utf-8"))
    try:
        summary = paper.import_counted(request, group=found, text=clean_log_text(body), dry_run=dry_run)
    except paper.LogRefused as error:
        return JsonResponse(
            {"error": error.message, "field": "log", "player": None, "line": error.line}, status=400
        )
    return JsonResponse(
        summary.as_json(), status=200 if dry_run else 201, json_dumps_params={"ensure_ascii": False}
    )


def dry_run_of(raw: str | None) -> bool:
    if raw not in {None, "0", "1"}:
        raise ProtocolError(400, _("dry_run: give 1 (check only) or 0"), field="dry_run")
    return raw == "1"


@endpoint("GET")
def export_log(request: HttpRequest, group: str) -> HttpResponse:
    found, _viewer = group_for_api(group)
    count_request(request, "export")
    response = HttpResponse(paper_export.kept_log_export(found), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="big-two-group.txt"'
    return response
