"""The rounds part of the OpenAPI 3.1 document (sessions, rounds, the lock, history), which
scorekeeper/openapi.py assembles with the groups and events parts and serves at /api/openapi.json."""

from __future__ import annotations

from rounds.bodies import ASKED_REQUESTS, STORED_REPLY, STORED_SUMMARY
from rounds.web.openapi_schemas import BODIES, SCHEMAS
from rounds.write_inputs import TOKEN_PATTERN
from toolkit.keys import KEY_PATTERN
from toolkit.openapi import BOOLEAN, STRING, array, nullable, obj, operation, ref

KEY = {
    "name": "key",
    "in": "path",
    "required": True,
    "description": "the edit key, or the follow key to read",
    "schema": {"type": "string", "pattern": f"^{KEY_PATTERN.pattern}$"},
}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
VERSION = {
    "name": "version",
    "in": "path",
    "required": True,
    "description": "a version id from the session history",
    "schema": {"type": "integer", "minimum": 1},
}
LOCK_HEADER = {
    "name": "X-Entry-Lock",
    "in": "header",
    "required": False,
    "description": "the entry lock's token",
    "schema": {"type": "string", "pattern": f"^{TOKEN_PATTERN.pattern}$"},
}


WRITE = (KEY, LOCK_HEADER)
# A write under the lock: without the current token it is refused (409) and changes nothing.
LOCKED = (KEY, {**LOCK_HEADER, "required": True})
PATHS = {
    "/api/sessions": {
        "post": operation("Start a session", 201, ref("State"), errors=(429,), body="SessionCreate"),
    },
    "/api/presets": {"get": operation("The quick setups", 200, array(ref("Preset")), errors=())},
    "/api/sessions/{key}": {
        "get": operation("The session's state", 200, ref("State"), errors=(), parameters=(KEY,)),
        "patch": operation(
            "Change the rules, length or wager; reopen or finish",
            200,
            ref("State"),
            errors=(403, 409),
            body="SessionChange",
            parameters=LOCKED,
        ),
    },
    "/api/sessions/{key}/lock": {
        "post": operation(
            "Take, renew or take over the entry lock (counted against RATE_LIMIT_LOCKS, per session)",
            200,
            ref("LockGrant"),
            errors=(403, 409, 429),
            body="LockRequest",
            parameters=WRITE,
        ),
        "delete": operation(
            "Hand the entry lock back",
            200,
            obj({"released": BOOLEAN, "lock": nullable(ref("Lock"))}, required=("released", "lock")),
            errors=(400, 403),
            parameters=WRITE,
        ),
    },
    "/api/sessions/{key}/rounds": {
        "post": operation(
            "Add a round", 201, ref("RoundReply"), errors=(403, 409), body="RoundEntry", parameters=LOCKED
        ),
    },
    "/api/sessions/{key}/rounds/{number}": {
        "put": operation(
            "Correct a round",
            200,
            ref("RoundReply"),
            errors=(403, 409),
            body="RoundEntry",
            parameters=(*LOCKED, NUMBER),
        ),
        "delete": operation(
            "Delete a round (later rounds move down)",
            200,
            ref("RoundReply"),
            errors=(403, 409),
            body="RoundDelete",
            body_required=False,
            parameters=(*LOCKED, NUMBER),
        ),
    },
    "/api/sessions/{key}/rounds/{number}/history": {
        "get": operation(
            "Every version of a round", 200, ref("History"), errors=(), parameters=(KEY, NUMBER)
        ),
    },
    "/api/sessions/{key}/history": {
        "get": operation(
            "Every version of every round, deleted rounds included, newest first",
            200,
            ref("SessionHistory"),
            errors=(),
            parameters=(KEY,),
        ),
    },
    "/api/sessions/{key}/history/{version}/restore": {
        "post": operation(
            "Put a deleted round back at its old number (later rounds move up)",
            201,
            ref("RoundReply"),
            errors=(403, 409),
            body="HistoryWrite",
            body_required=False,
            parameters=(*LOCKED, VERSION),
            replay=True,
        ),
    },
    "/api/sessions/{key}/history/{version}/undo": {
        "post": operation(
            "Take back the change a version recorded (its round's last change)",
            200,
            ref("RoundReply"),
            errors=(403, 409),
            body="HistoryWrite",
            body_required=False,
            parameters=(*LOCKED, VERSION),
        ),
    },
    "/api/sessions/{key}/requests": {
        "get": operation(
            STORED_SUMMARY,
            200,
            STORED_REPLY,
            errors=(400, 403),
            parameters=(KEY, ASKED_REQUESTS),
        ),
    },
    "/api/sessions/{key}/preview": {
        "post": operation(
            "Score a round without storing it",
            200,
            obj({"round": ref("Preview")}, required=("round",)),
            errors=(),
            body="PreviewRequest",
            parameters=(KEY,),
        ),
    },
    "/api/sessions/{key}/rematch": {
        "post": operation(
            "A new session with the same players and settings",
            201,
            ref("State"),
            errors=(403, 429),
            parameters=(KEY,),
        ),
    },
    "/api/sessions/{key}/transfers/paid": {
        "post": operation(
            "Tick a settlement transfer paid",
            200,
            ref("State"),
            errors=(403,),
            body="TransferPaid",
            parameters=(KEY,),
        ),
    },
    "/api/sessions/{key}/export.csv": {
        "get": operation("Rounds as CSV", 200, STRING, errors=(), parameters=(KEY,), media="text/csv"),
    },
    "/api/sessions/{key}/export.json": {
        "get": operation("The state as a JSON file", 200, ref("State"), errors=(), parameters=(KEY,)),
    },
    "/api/sessions/{key}/recap.png": {
        "get": operation(
            "The evening's recap as a picture, 1080 px wide (SPEC 12)",
            200,
            {"type": "string", "format": "binary"},
            errors=(),
            parameters=(KEY,),
            media="image/png",
        ),
    },
    "/api/sessions/{key}/recap.txt": {
        "get": operation(
            "The evening's recap as text", 200, STRING, errors=(), parameters=(KEY,), media="text/plain"
        ),
    },
}
SCHEMAS_AND_BODIES = {**SCHEMAS, **BODIES}
