"""What a phone asks when it comes back online with rounds waiting in its outbox (SPEC 9).

A write whose reply was lost may have been stored all the same: before the phone sends its
pending writes, or decides that another device changed the session meanwhile, it asks which
of its writes (by the key each was sent under) the server already has. Read only; the writes themselves stay idempotent.
"""

from __future__ import annotations

from rounds.bodies import REQUEST_KEY
from rounds.models import RoundRequest, Session


def stored_requests(session: Session, keys: list[str]) -> dict:
    """Which of the writes sent under `keys` this session stored, in the order asked, and its version now."""
    found = RoundRequest.objects.under(session, keys)
    stored = [
        {REQUEST_KEY: key, "action": found[key].action, "number": found[key].round_number}
        for key in keys
        if key in found
    ]
    version = Session.objects.values_list("version", flat=True).get(pk=session.pk)
    return {"stored": stored, "version": version}
