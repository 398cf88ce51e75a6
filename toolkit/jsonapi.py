"""The conventions of every JSON endpoint (docs/api.md), for every app alike: only the methods it
names, JSON bodies checked once, every refusal in the one format ({error, field, player}) with its
status, never a 500.

Keys in the URL are the only credential (no cookies), so the API needs no CSRF token; it only
accepts application/json, which a cross-site form cannot send.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from toolkit.bodies import BodyT
from toolkit.messages import Refusal
from toolkit.refusals import ProtocolError, refusal


def refused(error: ProtocolError | Refusal) -> JsonResponse:
    status, body = refusal(error)
    response = JsonResponse(body, status=status)
    retry_after = getattr(error, "retry_after", None)  # a rate limit says when to come back
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
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


def json_body(request: HttpRequest, body: type[BodyT], *, required: bool = True) -> BodyT:
    """The request's JSON object as the endpoint's declared body (toolkit/bodies.py), refusing
    other media types, oversize bodies and fields the declaration does not name."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise ProtocolError(413, _("The request is too large (at most 64 KB)")) from None
    if not raw and not required:
        return body.parse({})
    if request.content_type != "application/json":
        raise ProtocolError(415, _("Send JSON with Content-Type: application/json"))
    try:
        sent = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(400, _("The body is not valid JSON")) from None
    except RecursionError:
        raise ProtocolError(400, _("The body is nested too deeply")) from None
    if not isinstance(sent, dict):
        raise ProtocolError(400, _("The body must be a JSON object"))
    return body.parse_closed(sent)
