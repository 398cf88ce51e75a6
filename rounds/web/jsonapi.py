"""The conventions of every JSON endpoint (docs/api.md), for rounds/ and groups/ alike:
only the methods it names, JSON bodies checked once, every refusal in the one format
({error, field, player}) with its status, never a 500.

Keys in the URL are the only credential (no cookies), so the API needs no CSRF token; it only
accepts application/json, which a cross-site form cannot send.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from rounds.errors import VIEW_ONLY, ProtocolError, refusal
from rounds.models import Session
from rounds.reads.selectors import Viewer, open_by_key, session_by_key
from rounds.reads.state import reply_json
from rounds.rules.ruleset import Refusal
from rounds.services.ratelimit import RateLimited

LOCK_HEADER = "X-Entry-Lock"


def open_session(key: str, *, write: bool = False) -> tuple[Session, Viewer]:
    """The session a key in the URL opens, and what that key may do; 404 or 403 otherwise."""
    return open_by_key(
        session_by_key,
        key,
        write=write,
        missing=ProtocolError(404, _("There is no session with this key")),
        view_only=ProtocolError(403, _(VIEW_ONLY), field="key"),
    )


def refused(error: ProtocolError | Refusal) -> JsonResponse:
    status, body = refusal(error)
    response = JsonResponse(body, status=status)
    if isinstance(error, RateLimited):
        response["Retry-After"] = str(error.retry_after)
    return response


def endpoint(*methods: str) -> Callable:
    """A JSON endpoint: only `methods`; every refusal becomes a JSON error, never a 500."""

    def decorate(view: Callable) -> Callable:
        @csrf_exempt
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> JsonResponse:
            if request.method not in methods:
                message = _("This address does not accept %(method)s") % {"method": request.method}
                response = refused(ProtocolError(405, message))
                response["Allow"] = ", ".join(methods)
                return response
            try:
                return view(request, *args, **kwargs)
            except (ProtocolError, Refusal) as error:
                return refused(error)

        return wrapper

    return decorate


def json_body(request: HttpRequest, *, allowed: Iterable[str], required: bool = True) -> dict:
    """The request's JSON object, refusing other media types, oversize bodies and unknown fields."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise ProtocolError(413, _("The request is too large (at most 64 KB)")) from None
    if not raw and not required:
        return {}
    if request.content_type != "application/json":
        raise ProtocolError(415, _("Send JSON with Content-Type: application/json"))
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(400, _("The body is not valid JSON")) from None
    except RecursionError:
        raise ProtocolError(400, _("The body is nested too deeply")) from None
    if not isinstance(body, dict):
        raise ProtocolError(400, _("The body must be a JSON object"))
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ProtocolError(400, _("Unknown field: %(field)s") % {"field": unknown[0]}, field=unknown[0])
    return body


def flag(body: dict, name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise ProtocolError(400, _("%(field)s: give true or false") % {"field": name}, field=name)
    return value


def state_response(payload: dict, *, status: int = 200) -> HttpResponse:
    """A JSON reply holding a published state, its rounds' JSON reused (rounds/reads/state.py)."""
    return HttpResponse(reply_json(payload), content_type="application/json", status=status)
