"""Hooks for schemathesis's stateful phase (tests/test_schemathesis.py): the operations that make
something get a body the app takes, so the links in /api/openapi.json lead on to every keyed
operation with real keys and a real lock token. Every other body stays as generated."""

from __future__ import annotations

import schemathesis

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# Valid rounds of four, one picked per generated body, so a table's rounds differ.
ROUNDS = [[5, 0, 11, 13], [0, 3, 7, 10], [2, 4, 0, 9], [1, 1, 1, 0], [13, 0, 13, 13]]
MAKERS = {
    ("POST", "/api/sessions"): lambda body: {"players": NAMES[:4], "value_per_point": "0.50"},
    ("POST", "/api/sessions/{key}/lock"): lambda body: {"device": "Fuzzer's phone"},
    ("POST", "/api/sessions/{key}/rounds"): lambda body: {"cards": pick(ROUNDS, body)},
    ("POST", "/api/groups"): lambda body: {"name": "Fuzzers"},
    ("POST", "/api/groups/{group}/evenings"): lambda body: {"players": NAMES[:4]},
    ("POST", "/api/events"): lambda body: {
        "name": "Fuzz night",
        "players": NAMES,
        "rounds": 2,
        "hands": 1,
        "signup": True,
    },
    ("POST", "/api/events/{event}/rounds"): lambda body: {"force": True},
}


def pick(choices: list, body: object) -> object:
    return choices[len(repr(body)) % len(choices)]


@schemathesis.hook
def map_body(context, body):
    operation = context.operation
    make = MAKERS.get((operation.method.upper(), operation.path)) if operation is not None else None
    return body if make is None else make(body)
