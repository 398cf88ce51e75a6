"""After commit: build the state once, send it to the table's group, fire the signal.

The group gets the rounds from the first one the change touched (`rounds_from`) with the rest
of the state: an add sends one round, not the evening. A page that holds the version before
applies it; one that missed a version asks for the full state. The build reuses the state of
the version before when this process kept it (rounds/reads/state.py), and what the write hands on:
the session as it saved it, its players, the lock as it left it, the round it wrote. The
socket that made the change is named (`origin`): its reply carries the same state, so its
consumer does not send it a second time.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from contextvars import ContextVar

from rounds import channels as events
from rounds.models import Player, Round, Session
from rounds.reads import state, state_cache
from rounds.signals import session_published

# The channel name of the socket whose message is being written, while it is.
writing_socket: ContextVar[str | None] = ContextVar("writing_socket", default=None)


@contextlib.contextmanager
def written_from(channel_name: str) -> Iterator[None]:
    """The writes in this block come from the socket `channel_name` (its consumer's reply has the state)."""
    token = writing_socket.set(channel_name)
    try:
        yield
    finally:
        writing_socket.reset(token)


def changed(
    session_id: int,
    kinds: list[str],
    *,
    rounds_from: int | None,
    session: Session | None = None,
    players: list[Player] | None = None,
    lock: object = state.UNREAD,
    written: Round | None = None,
) -> None:
    """After commit, publish the change. `rounds_from`: the first round it added, rewrote or
    renumbered (None when no round changed); `session`: as the change saved it (else read again)."""
    kept = copy.copy(session) if session is not None else None  # as saved, whatever the caller does next
    origin = writing_socket.get()
    events.after_commit(
        lambda: publish(
            session_id,
            kinds,
            rounds_from,
            session=kept,
            players=players,
            lock=lock,
            written=written,
            origin=origin,
        )
    )


def publish(
    session_id: int,
    kinds: list[str],
    rounds_from: int | None,
    *,
    session: Session | None = None,
    players: list[Player] | None = None,
    lock: object = state.UNREAD,
    written: Round | None = None,
    origin: str | None = None,
) -> None:
    if session is None:
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            return
    # The state just before, if this process built it: its rounds before the change still stand.
    before = state_cache.kept(session_id, session.version - 1)
    unchanged = before["rounds"][: (rounds_from or len(before["rounds"]) + 1) - 1] if before else None
    shared = state.shared_state(session, known_rounds=unchanged, players=players, lock=lock, written=written)
    state_cache.remember(
        session_id, shared, rounds_from=rounds_from, before=before, unchanged=len(unchanged or [])
    )
    events.send(
        session_id, {"events": kinds, "state": state.rounds_since(shared, rounds_from), "origin": origin}
    )
    session_published.send(sender=Session, session_id=session_id, kinds=kinds, session=session)
