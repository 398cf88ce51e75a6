"""The JSON API of sessions and rounds (docs/api.md; /api/openapi.json): the same services
and selectors as the pages, with the conventions of rounds/web/jsonapi.py."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse

from rounds import services
from rounds.bodies import (
    HistoryWrite,
    LockRequest,
    PreviewRequest,
    RoundDelete,
    RoundEntryBody,
    TransferPaid,
    asked_requests,
)
from rounds.models import Session
from rounds.presets import PRESETS
from rounds.reads.export import rounds_csv
from rounds.reads.outbox import stored_requests
from rounds.reads.preview import round_preview
from rounds.reads.replies import write_reply
from rounds.reads.selectors import Viewer, lock_state, round_history, session_history
from rounds.reads.state import table_state
from rounds.reads.state_cache import state_after_write
from rounds.services.locking import lock_acquire, lock_release, lock_takeover
from rounds.services.payments import check_payable, transfer_mark_paid
from rounds.services.ratelimit import lock_counted, rate_limited
from rounds.session_bodies import SessionChange, SessionCreate
from rounds.signals import rematch_rate
from rounds.web.jsonapi import LOCK_HEADER, session_for_api, state_response
from toolkit.jsonapi import endpoint, json_body


@endpoint("POST")
def sessions(request: HttpRequest) -> JsonResponse:
    body = json_body(request, SessionCreate)
    # A group's evening starts from the group's own rules (SPEC 5 "Our rules").
    settings, randomize_seats = body.settings_of(body.settings)
    # A stranger's session counts against the address; a group's evening, against the group.
    host = body.host
    scope, subject = ("session", None) if host is None else (host.scope, host.subject)
    create = services.session_create if host is None else host.create
    with rate_limited(request, scope, subject=subject):
        session = create(players=body.players, settings=settings, randomize_seats=randomize_seats)
    return JsonResponse(table_state(session, viewer=Viewer.EDITOR), status=201)


@endpoint("GET")
def presets(request: HttpRequest) -> JsonResponse:
    return JsonResponse([preset.as_json() for preset in PRESETS], safe=False)


@endpoint("GET", "PATCH")
def session_detail(request: HttpRequest, key: str) -> JsonResponse:
    if request.method == "GET":
        session, viewer = session_for_api(key)
        return JsonResponse(table_state(session, viewer=viewer))
    session, viewer = session_for_api(key, write=True)
    body = json_body(request, SessionChange)
    session = services.session_update(
        session=session, token=request.headers.get(LOCK_HEADER), changes=body.changes, rescore=body.rescore
    )
    return state_response(state_after_write(session, viewer))


@endpoint("POST", "DELETE")
def lock(request: HttpRequest, key: str) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    token = request.headers.get(LOCK_HEADER)
    if request.method == "DELETE":
        released = lock_release(session=session, token=token)
        return JsonResponse({"released": released, "lock": lock_state(session.pk)})
    body = json_body(request, LockRequest)
    if body.takeover:
        grant = lock_counted(lock_takeover, session=session, device=body.device, editing_round=body.round)
    else:
        grant = lock_counted(
            lock_acquire,
            session=session,
            device=body.device,
            token=token,
            editing_round=body.round,
            counts=body.counts,
        )
    return JsonResponse(grant.as_json())


def round_reply(write: services.RoundWrite, session: Session, *, status: int) -> HttpResponse:
    """The round written, the state after it, and `version_id`: the history version it recorded."""
    reply = write_reply(write, session, viewer=Viewer.EDITOR)
    return state_response(reply, status=200 if write.replayed else status)


@endpoint("POST")
def rounds(request: HttpRequest, key: str) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    body = json_body(request, RoundEntryBody)
    write = services.round_add(
        session=session, token=request.headers.get(LOCK_HEADER), entry=body.entry, **body.once()
    )
    return round_reply(write, session, status=201)


@endpoint("PUT", "DELETE")
def round_detail(request: HttpRequest, key: str, number: int) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    token = request.headers.get(LOCK_HEADER)
    if request.method == "DELETE":
        deleted = json_body(request, RoundDelete, required=False)
        write = services.round_delete(session=session, token=token, number=number, **deleted.once())
        return round_reply(write, session, status=200)
    body = json_body(request, RoundEntryBody)
    write = services.round_edit(session=session, token=token, number=number, entry=body.entry, **body.once())
    return round_reply(write, session, status=200)


@endpoint("POST")
def preview(request: HttpRequest, key: str) -> JsonResponse:
    """Score a round without storing it (no lock needed): the entry panel's live preview."""
    session, _viewer = session_for_api(key)
    body = json_body(request, PreviewRequest)
    return JsonResponse({"round": round_preview(session, body.entry, number=body.number)})


@endpoint("POST")
def rematch(request: HttpRequest, key: str) -> JsonResponse:
    """A new session with the same players, seats and settings."""
    session, _viewer = session_for_api(key, write=True)
    scope, subject = rematch_rate(session)
    with rate_limited(request, scope, subject=subject):
        rematch = services.session_rematch(session=session)
    return JsonResponse(table_state(rematch, viewer=Viewer.EDITOR), status=201)


@endpoint("POST")
def transfer_paid(request: HttpRequest, key: str) -> JsonResponse:
    """Tick a settlement transfer off as paid (or back); no entry lock needed."""
    session, _viewer = session_for_api(key, write=True)
    check_payable(session)  # the link first: an event's table ticks nothing, whatever the body
    body = json_body(request, TransferPaid)
    payer, payee = body.parties
    transfer_mark_paid(
        session=session, payer=payer, payee=payee, amount=body.amount, paid=body.paid, device=body.device
    )
    return state_response(state_after_write(Session.objects.get(pk=session.pk), Viewer.EDITOR))


def attachment(response: HttpResponse, session: Session, extension: str) -> HttpResponse:
    response["Content-Disposition"] = (
        f'attachment; filename="big-two-{session.created_at:%Y-%m-%d}.{extension}"'
    )
    return response


@endpoint("GET")
def export_csv(request: HttpRequest, key: str) -> HttpResponse:
    session, viewer = session_for_api(key)
    # A byte-order mark, so spreadsheets read non-Latin names as UTF-8.
    body = "\ufeff" + rounds_csv(table_state(session, viewer=viewer))
    return attachment(HttpResponse(body, content_type="text/csv; charset=utf-8"), session, "csv")


@endpoint("GET")
def export_json(request: HttpRequest, key: str) -> HttpResponse:
    session, viewer = session_for_api(key)
    response = JsonResponse(
        {**table_state(session, viewer=viewer), "history": session_history(session)},
        json_dumps_params={"ensure_ascii": False, "indent": 2},
    )
    return attachment(response, session, "json")


@endpoint("GET")
def history(request: HttpRequest, key: str, number: int) -> JsonResponse:
    session, _viewer = session_for_api(key)
    return JsonResponse({"number": number, "versions": round_history(session, number)})


@endpoint("GET")
def session_versions(request: HttpRequest, key: str) -> JsonResponse:
    """Every version of every round, deleted rounds included, newest first."""
    session, _viewer = session_for_api(key)
    return JsonResponse({"versions": session_history(session)})


@endpoint("POST")
def version_write(request: HttpRequest, key: str, version: int, action: str) -> JsonResponse:
    """Restore the deleted round of a history version, or undo the change a version recorded."""
    session, _viewer = session_for_api(key, write=True)
    body = json_body(request, HistoryWrite, required=False)
    write = services.HISTORY_WRITES[action](
        session=session, token=request.headers.get(LOCK_HEADER), version_id=version, **body.once()
    )
    return round_reply(write, session, status=201 if action == "restore" else 200)


@endpoint("GET")
def requests_stored(request: HttpRequest, key: str) -> JsonResponse:
    """Which of a phone's writes were stored: a reply lost after the commit is not a change elsewhere."""
    session, _viewer = session_for_api(key, write=True)
    return JsonResponse(stored_requests(session, asked_requests(request.GET)))
