"""What rounds' JSON endpoints add to every app's (toolkit/jsonapi.py): the session a key in the
URL opens, and a reply holding a published state."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _

from rounds.errors import VIEW_ONLY
from rounds.models import Session
from rounds.reads.selectors import Viewer, open_by_key, session_by_key
from rounds.reads.state_cache import reply_json
from toolkit.refusals import ProtocolError

LOCK_HEADER = "X-Entry-Lock"


def session_for_api(key: str, *, write: bool = False) -> tuple[Session, Viewer]:
    """The session a key in the URL opens, and what that key may do; 404 or 403 otherwise."""
    return open_by_key(
        session_by_key,
        key,
        write=write,
        missing=ProtocolError(404, _("There is no session with this key")),
        view_only=ProtocolError(403, _(VIEW_ONLY), field="key"),
    )


def state_response(payload: dict, *, status: int = 200) -> HttpResponse:
    """A JSON reply holding a published state, its rounds' JSON reused (rounds/reads/state.py)."""
    return HttpResponse(reply_json(payload), content_type="application/json", status=status)
