"""The state payload's version cache: after each change rounds/services/publish.py builds the state
once (rounds/reads/state.py) and keeps it here under (session, version) with the first round the
change touched (`rounds_from`): the group's message and the writer's reply are the same build,
each with only the rounds from the change on (API.md, "Every write's reply").

The version before is kept too: the rounds before a change still stand, so an add at round 500
reads one round, or none when the write hands on the round it wrote. The JSON of the kept
rounds is kept as text, so a whole state is encoded once per round, not once per reply.
"""

from __future__ import annotations

import json
import secrets
import threading

from django.core.serializers.json import DjangoJSONEncoder

from rounds.models import Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import UNREAD, for_viewer, rounds_since, shared_state
from toolkit.lru import LRU

# The version cache: (session id, version) -> the state published for it, and the first round its
# change touched. Only ever a shortcut: a state not found here is built from the database.
RECENT_SIZE = 64
changed_from: dict[tuple[int, int], int | None] = {}
recent_guard = threading.Lock()
# id(state["rounds"]) of each state in `recent` -> (that list, the JSON text of each round).
encoded: dict[int, tuple[list[dict], list[str]]] = {}
# Stands in for the rounds while the rest of a reply is encoded; random, so no name can match it.
SPLICE = f"rounds-{secrets.token_hex(16)}"


def forget(key: tuple[int, int], dropped: dict) -> None:
    """A state pushed out of `recent` takes its round and its rounds' JSON with it."""
    changed_from.pop(key, None)
    if encoded.get(id(dropped["rounds"]), (None,))[0] is dropped["rounds"]:
        del encoded[id(dropped["rounds"])]


recent: LRU[tuple[int, int], dict] = LRU(RECENT_SIZE, dropped=forget)


def kept(session_id: int, version: int) -> dict | None:
    with recent_guard:
        return recent.get((session_id, version))


def remember(
    session_id: int,
    state: dict,
    *,
    rounds_from: int | None = 1,
    before: dict | None = None,
    unchanged: int = 0,
) -> None:
    """Keep the state, and its rounds' JSON: the first `unchanged` from `before`, the rest encoded now."""
    with recent_guard:
        known = encoded.get(id(before["rounds"])) if before else None
    reused = known[1][:unchanged] if known is not None and known[0] is before["rounds"] else []  # type: ignore[index]
    rounds = state["rounds"]
    texts = reused + [json.dumps(item, cls=DjangoJSONEncoder) for item in rounds[len(reused) :]]
    key = (session_id, state["version"])
    with recent_guard:
        changed_from[key] = rounds_from
        encoded[id(rounds)] = (rounds, texts)
        recent.put(key, state)


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


def state_after_write(
    session: Session, viewer: Viewer, *, version: int | None = None, rounds_from: object = UNREAD
) -> dict:
    """The state a write's reply carries: the one published after its commit (else built now),
    with the rounds from the first one the write touched, as the group got it.

    `version`: the session's version the write made; without it `session` must have been
    read after the write (its version is the key). Only a state not published by this
    process is built again, from the session read afresh. `rounds_from`: the first round the
    write touched (1: every round, for a replayed request whose first reply was lost); without
    it, the one the published change named (every round for a state built now)."""
    key = (session.pk, session.version if version is None else version)
    with recent_guard:
        shared = recent.get(key)
        published_from = changed_from.get(key, 1)
    if shared is None:
        if version is not None:
            session = Session.objects.get(pk=session.pk)
        shared, published_from = shared_state(session), 1
    first = published_from if rounds_from is UNREAD else rounds_from
    return for_viewer(rounds_since(shared, first), session, viewer)  # type: ignore[arg-type]
