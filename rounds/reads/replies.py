"""The one reply to every round write, over HTTP and over the socket (API.md, "Every write's reply").

`{"round": ..., "state": ...}` where the state is the one published after the write
committed (rounds/services/publish.py), so its `finished` and `version` already count the write, with
the rounds from the first one the write touched, as the group got them (rounds/reads/state.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from rounds.models import Round, RoundVersion, Session
from rounds.reads.selectors import Viewer
from rounds.reads.state_cache import state_after_write
from rounds.rules.hands import shown_hand


@dataclass(frozen=True)
class RoundWrite:
    """What a round write did; `replayed` when it was a retry of one already stored.

    `version_id` is the history version it recorded: what an undo takes back.
    `session_version`: the session's version this write made (None when replayed), the key
    of the state published after it, so the reply need not read the session again.
    """

    number: int
    round: Round | None
    replayed: bool = False
    deleted: bool = False
    version_id: int | None = None
    session_version: int | None = None


def write_reply(write: RoundWrite, session: Session, *, viewer: Viewer) -> dict:
    """The round as it now stands (a deleted one as it was), the state after the write, and
    the history version the write recorded (`version_id`: what an undo takes back)."""
    if write.session_version is not None:  # from the round written on, as the group got it
        state = state_after_write(session, viewer, version=write.session_version, rounds_from=write.number)
    else:  # a replayed request: the state as it stands now, whole
        state = state_after_write(Session.objects.get(pk=session.pk), viewer, rounds_from=1)
    reply = {"round": written_round(write, session, state), "state": state, "version_id": write.version_id}
    if write.deleted:
        reply["deleted"] = write.number
    return reply


def written_round(write: RoundWrite, session: Session, state: dict) -> dict | None:
    if write.deleted:
        return deleted_round(session, write.number, write.version_id)
    if write.round is None:  # a replayed write whose round was deleted since
        return None
    return next((item for item in state["rounds"] if item["number"] == write.round.number), None)


def deleted_round(session: Session, number: int, version_id: int | None) -> dict | None:
    """A deleted round's last values, from the version its deletion recorded."""
    deletions = RoundVersion.objects.filter(session=session, action=RoundVersion.Action.DELETED)
    if version_id is not None:
        version = deletions.filter(pk=version_id).first()
    else:
        version = deletions.filter(number=number).order_by("-created_at", "-pk").first()
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
        **shown_hand(version.hand),
    }
