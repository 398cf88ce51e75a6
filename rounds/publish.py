"""One state per change: built once after commit, sent to the group once, kept for the writer's reply.

The group gets the rounds from the first one the change touched (`rounds_from`) with the
rest of the state: an add sends one round, not the evening. A page that holds the version
before applies it; one that missed a version asks for the full state.

The server does the same: when this process built the version before, the rounds before
the change are taken from it and only the later ones are read, so an add at round 500
reads one round. Each version bump is published, so version - 1 is the state just before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from rounds import events
from rounds.models import Session
from rounds.selectors import Viewer, for_viewer, shared_state

RECENT_SIZE = 64
recent: OrderedDict[tuple[int, int], dict] = OrderedDict()
recent_guard = threading.Lock()


def changed(session_id: int, kinds: list[str], *, rounds_from: int | None) -> None:
    """After commit, publish the change. `rounds_from`: the first round it added, rewrote or
    renumbered (None when no round changed)."""
    events.after_commit(lambda: publish(session_id, kinds, rounds_from))


def publish(session_id: int, kinds: list[str], rounds_from: int | None) -> None:
    session = Session.objects.filter(pk=session_id).first()
    if session is None:
        return
    # The state just before, if this process built it: its rounds before the change still stand.
    with recent_guard:
        before = recent.get((session_id, session.version - 1))
    unchanged = before["rounds"][: (rounds_from or len(before["rounds"]) + 1) - 1] if before else None
    state = shared_state(session, known_rounds=unchanged)
    remember(session_id, state)
    events.send(session_id, {"events": kinds, "state": rounds_since(state, rounds_from)})


def rounds_since(state: dict, rounds_from: int | None) -> dict:
    """The state with only the rounds from `rounds_from` on (all the rest is whole)."""
    count = len(state["rounds"])
    first = count + 1 if rounds_from is None else max(1, min(rounds_from, count + 1))
    return {**state, "rounds": state["rounds"][first - 1 :], "rounds_from": first}


def remember(session_id: int, state: dict) -> None:
    with recent_guard:
        recent[session_id, state["version"]] = state
        recent.move_to_end((session_id, state["version"]))
        while len(recent) > RECENT_SIZE:
            recent.popitem(last=False)


def state_after_write(session: Session, viewer: Viewer, *, version: int | None = None) -> dict:
    """The state a write's reply carries: the one published after its commit, else built now.

    `version`: the session's version the write made; without it `session` must have been
    read after the write (its version is the key). Only a state not published by this
    process is built again, from the session read afresh."""
    key = (session.pk, session.version if version is None else version)
    with recent_guard:
        shared = recent.get(key)
    if shared is None:
        if version is not None:
            session = Session.objects.get(pk=session.pk)
        shared = shared_state(session)
    return for_viewer(shared, session, viewer)
