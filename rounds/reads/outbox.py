"""What a phone asks when it comes back online with rounds waiting in its outbox (SPEC 9).

A write whose reply was lost may have been stored all the same: before the phone sends its
pending writes, or decides that another device changed the session meanwhile, it asks which
of its request_ids the server already has. Read only; the writes themselves stay idempotent.
"""

from __future__ import annotations

from rounds.models import RoundRequest, Session


def stored_requests(session: Session, request_ids: list[str]) -> dict:
    """Which of `request_ids` this session stored, in the order asked, and its version now."""
    found = {
        request.request_id: request
        for request in RoundRequest.objects.filter(session=session, request_id__in=request_ids)
    }
    stored = [
        {
            "request_id": request_id,
            "action": found[request_id].action,
            "number": found[request_id].round_number,
        }
        for request_id in request_ids
        if request_id in found
    ]
    version = Session.objects.values_list("version", flat=True).get(pk=session.pk)
    return {"stored": stored, "version": version}
