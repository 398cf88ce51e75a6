"""One state per change: built once after commit, sent to the group once, kept for the writer's reply.

The group gets the rounds from the first one the change touched (`rounds_from`) with the
rest of the state: an add sends one round, not the evening. A page that holds the version
before applies it; one that missed a version asks for the full state.

The server does the same: when this process built the version before, the rounds before
the change are taken from it and only the later ones are read, so an add at round 500
reads one round. Each version bump is published, so version - 1 is the state just before.
The JSON of those rounds is kept too, one text per round, so the writer's reply (the whole
state, API.md) encodes only the rounds the change touched: at round 500, one round, not 500.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict

from django.core.serializers.json import DjangoJSONEncoder

from rounds import events
from rounds.models import Session
from rounds.selectors import Viewer, for_viewer, shared_state
from rounds.signals import session_published

RECENT_SIZE = 64
recent: OrderedDict[tuple[int, int], dict] = OrderedDict()
recent_guard = threading.Lock()
# id(state["rounds"]) of each state in `recent` -> (that list, the JSON text of each round).
encoded: dict[int, tuple[list[dict], list[str]]] = {}
# Stands in for the rounds while the rest of a reply is encoded; random, so no name can match it.
SPLICE = f"rounds-{secrets.token_hex(16)}"


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
    remember(session_id, state, before=before, unchanged=len(unchanged or []))
    events.send(session_id, {"events": kinds, "state": rounds_since(state, rounds_from)})
    session_published.send(sender=Session, session_id=session_id, kinds=kinds)


def rounds_since(state: dict, rounds_from: int | None) -> dict:
    """The state with only the rounds from `rounds_from` on (all the rest is whole)."""
    count = len(state["rounds"])
    first = count + 1 if rounds_from is None else max(1, min(rounds_from, count + 1))
    return {**state, "rounds": state["rounds"][first - 1 :], "rounds_from": first}


def remember(session_id: int, state: dict, *, before: dict | None = None, unchanged: int = 0) -> None:
    """Keep the state, and its rounds' JSON: the first `unchanged` from `before`, the rest encoded now."""
    with recent_guard:
        known = encoded.get(id(before["rounds"])) if before else None
    reused = known[1][:unchanged] if known is not None and known[0] is before["rounds"] else []
    rounds = state["rounds"]
    texts = reused + [json.dumps(item, cls=DjangoJSONEncoder) for item in rounds[len(reused) :]]
    with recent_guard:
        recent[session_id, state["version"]] = state
        recent.move_to_end((session_id, state["version"]))
        encoded[id(rounds)] = (rounds, texts)
        while len(recent) > RECENT_SIZE:
            _, dropped = recent.popitem(last=False)
            if encoded.get(id(dropped["rounds"]), (None,))[0] is dropped["rounds"]:
                del encoded[id(dropped["rounds"])]


def reply_json(payload: dict) -> str:
    """json.dumps(payload) as JsonResponse writes it (a state, or a reply holding one in "state"),
    with the rounds of a state this process published spliced in from their kept JSON."""
    state = payload.get("state", payload)
    rounds = state.get("rounds") if isinstance(state, dict) else None
    with recent_guard:
        found = encoded.get(id(rounds))
    if found is None or found[0] is not rounds:
        return json.dumps(payload, cls=DjangoJSONEncoder)
    holder = {**state, "rounds": SPLICE}
    text = json.dumps({**payload, "state": holder} if "state" in payload else holder, cls=DjangoJSONEncoder)
    return text.replace(f'"{SPLICE}"', "[" + ", ".join(found[1]) + "]", 1)


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
