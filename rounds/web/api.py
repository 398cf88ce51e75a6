"""The JSON API of sessions and rounds (docs/api.md; /api/openapi.json): the same services
and selectors as the pages, with the conventions of rounds/web/jsonapi.py."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from rounds import services
from rounds.inputs import clean_players, clean_settings
from rounds.models import Session
from rounds.presets import PRESETS
from rounds.reads.export import rounds_csv
from rounds.reads.outbox import stored_requests
from rounds.reads.preview import round_preview
from rounds.reads.replies import write_reply
from rounds.reads.selectors import (
    HOUSE,
    Viewer,
    lock_state,
    round_history,
    session_history,
)
from rounds.reads.state import table_state
from rounds.reads.state_cache import state_after_write
from rounds.services.locking import lock_acquire, lock_release, lock_takeover
from rounds.services.payments import check_payable, transfer_mark_paid
from rounds.services.ratelimit import lock_counted, rate_limited
from rounds.signals import HOST_FIELDS, SessionHost, rematch_rate, session_host
from rounds.web.jsonapi import LOCK_HEADER, session_for_api, state_response
from rounds.web.openapi_schemas import BODIES
from rounds.write_inputs import clean_device, clean_request_id, clean_request_ids, clean_round_entry
from toolkit.jsonapi import endpoint, flag, json_body
from toolkit.refusals import ProtocolError


@endpoint("POST")
def sessions(request: HttpRequest) -> JsonResponse:
    body = json_body(request, BODIES["SessionCreate"])
    players = clean_players(body.get("players"))
    host = next((found for field in HOST_FIELDS if (found := host_of(field, body.get(field)))), None)
    if host is None:
        settings, randomize_seats = clean_settings(body), flag(body, "randomize_seats")
    else:  # a group's evening starts from the group's own rules (SPEC 5 "Our rules")
        settings, randomize_seats = host.settings_of(body)
    # A stranger's session counts against the address; a group's evening, against the group.
    scope, subject = ("session", None) if host is None else (host.scope, host.subject)
    create = services.session_create if host is None else host.create
    with rate_limited(request, scope, subject=subject):
        session = create(players=players, settings=settings, randomize_seats=randomize_seats)
    return JsonResponse(table_state(session, viewer=Viewer.EDITOR), status=201)


def host_of(field: str, key: object) -> SessionHost | None:
    """The other app's owner a new session names (rounds.signals.session_hosted), else None."""
    host = session_host(field, key)
    if key is not None and host is None:  # no app takes the field
        raise ProtocolError(400, _("Unknown field: %(field)s") % {"field": field}, field=field)
    return host


@endpoint("GET")
def presets(request: HttpRequest) -> JsonResponse:
    return JsonResponse([preset.as_json() for preset in PRESETS], safe=False)


@endpoint("GET", "PATCH")
def session_detail(request: HttpRequest, key: str) -> JsonResponse:
    if request.method == "GET":
        session, viewer = session_for_api(key)
        return JsonResponse(table_state(session, viewer=viewer))
    session, viewer = session_for_api(key, write=True)
    body = json_body(request, BODIES["SessionChange"])
    finished = body.get("finished")
    if finished is not None and not isinstance(finished, bool):
        raise ProtocolError(400, _("finished: give true or false"), field="finished")
    session = services.session_update(
        session=session, token=request.headers.get(LOCK_HEADER), changes=body, rescore=flag(body, "rescore")
    )
    return state_response(state_after_write(session, viewer))


@endpoint("POST", "DELETE")
def lock(request: HttpRequest, key: str) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    token = request.headers.get(LOCK_HEADER)
    if request.method == "DELETE":
        released = lock_release(session=session, token=token)
        return JsonResponse({"released": released, "lock": lock_state(session.pk)})
    body = json_body(request, BODIES["LockRequest"])
    if flag(body, "takeover"):
        grant = lock_counted(
            lock_takeover, session=session, device=body.get("device"), editing_round=body.get("round")
        )
    else:
        grant = lock_counted(
            lock_acquire,
            session=session,
            device=body.get("device"),
            token=token,
            editing_round=body.get("round"),
            counts=body.get("counts"),
        )
    return JsonResponse(grant.as_json())


def round_reply(write: services.RoundWrite, session: Session, *, status: int) -> HttpResponse:
    """The round written, the state after it, and `version_id`: the history version it recorded."""
    reply = write_reply(write, session, viewer=Viewer.EDITOR)
    return state_response(reply, status=200 if write.replayed else status)


@endpoint("POST")
def rounds(request: HttpRequest, key: str) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    body = json_body(request, BODIES["RoundEntry"])
    write = services.round_add(
        session=session,
        token=request.headers.get(LOCK_HEADER),
        entry=clean_round_entry(body),
        request_id=clean_request_id(body.get("request_id")),
        release_lock=flag(body, "release_lock"),
    )
    return round_reply(write, session, status=201)


@endpoint("PUT", "DELETE")
def round_detail(request: HttpRequest, key: str, number: int) -> JsonResponse:
    session, _viewer = session_for_api(key, write=True)
    token = request.headers.get(LOCK_HEADER)
    if request.method == "DELETE":
        body = json_body(request, BODIES["RoundDelete"], required=False)
        write = services.round_delete(
            session=session,
            token=token,
            number=number,
            request_id=clean_request_id(body.get("request_id")),
            release_lock=flag(body, "release_lock"),
        )
        return round_reply(write, session, status=200)
    body = json_body(request, BODIES["RoundEntry"])
    write = services.round_edit(
        session=session,
        token=token,
        number=number,
        entry=clean_round_entry(body),
        request_id=clean_request_id(body.get("request_id")),
        release_lock=flag(body, "release_lock"),
    )
    return round_reply(write, session, status=200)


@endpoint("POST")
def preview(request: HttpRequest, key: str) -> JsonResponse:
    """Score a round without storing it (no lock needed): the entry panel's live preview."""
    session, _viewer = session_for_api(key)
    body = json_body(request, BODIES["PreviewRequest"])
    entry = clean_round_entry(body)
    return JsonResponse({"round": round_preview(session, entry, number=body.get("number"))})


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
    body = json_body(request, BODIES["TransferPaid"])
    payer, payee = body.get("from"), body.get("to")
    if not all(isinstance(party, int) or party == HOUSE for party in (payer, payee)):
        raise ProtocolError(400, _("from and to: give the players' indexes"), field="from")
    amount = money_amount(body.get("amount"))
    device = clean_device(body["device"]) if body.get("device") is not None else ""
    transfer_mark_paid(
        session=session, payer=payer, payee=payee, amount=amount, paid=flag(body, "paid"), device=device
    )
    return state_response(state_after_write(Session.objects.get(pk=session.pk), Viewer.EDITOR))


def money_amount(raw: object) -> Decimal:
    try:
        amount = Decimal(raw) if isinstance(raw, str) else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite() or amount <= 0:
        raise ProtocolError(
            400, _('amount: give the transfer\'s amount as a string, such as "29.50"'), field="amount"
        )
    return amount


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
    body = json_body(request, BODIES["HistoryWrite"], required=False)
    write = services.HISTORY_WRITES[action](
        session=session,
        token=request.headers.get(LOCK_HEADER),
        version_id=version,
        request_id=clean_request_id(body.get("request_id")),
        release_lock=flag(body, "release_lock"),
    )
    return round_reply(write, session, status=201 if action == "restore" else 200)


@endpoint("GET")
def requests_stored(request: HttpRequest, key: str) -> JsonResponse:
    """Which of a phone's request_ids were stored: a reply lost after the commit is not a change elsewhere."""
    session, _viewer = session_for_api(key, write=True)
    return JsonResponse(stored_requests(session, clean_request_ids(request.GET.getlist("request_id"))))
