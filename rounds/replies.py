"""The one reply to every round write, over HTTP and over the socket (API.md, "Every write's reply").

`{"round": ..., "state": ...}` where the state is read after the write committed, so
its `finished` and `version` already count the write.
"""

from __future__ import annotations

from rounds.models import RoundVersion, Session
from rounds.selectors import Viewer, table_state
from rounds.services.records import RoundWrite


def write_reply(write: RoundWrite, session: Session, *, viewer: Viewer) -> dict:
    """The round as it now stands (a deleted one as it was) and the state after the write."""
    state = table_state(Session.objects.get(pk=session.pk), viewer=viewer)
    reply = {"round": written_round(write, session, state), "state": state}
    if write.deleted:
        reply["deleted"] = write.number
    return reply


def written_round(write: RoundWrite, session: Session, state: dict) -> dict | None:
    if write.deleted:
        return deleted_round(session, write.number)
    if write.round is None:  # a replayed write whose round was deleted since
        return None
    return next((item for item in state["rounds"] if item["number"] == write.round.number), None)


def deleted_round(session: Session, number: int) -> dict | None:
    """A deleted round's last values, from its history."""
    version = (
        RoundVersion.objects.filter(session=session, number=number, action=RoundVersion.Action.DELETED)
        .order_by("-created_at", "-pk")
        .first()
    )
    if version is None:
        return None
    return {
        "number": number,
        "cards": version.cards,
        "twos": version.twos,
        "covering": version.covering,
        "scores": version.scores,
        "rules": version.rules,
        "deleted": True,
    }
