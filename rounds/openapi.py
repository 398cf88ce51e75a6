"""The OpenAPI 3.1 description of the JSON API (README "The JSON API"), served at /api/openapi.json.

The one place the contract is written for machines: tests/test_openapi.py validates it and
checks that every /api/ route of rounds/urls.py is in it, and schemathesis calls every
operation of it against a live server (tests/test_schemathesis.py).
"""

from __future__ import annotations

from rounds.inputs import MAX_ASKED_REQUESTS
from rounds.openapi_schemas import (
    BODIES,
    BOOLEAN,
    INTEGER,
    REQUEST_ID,
    SCHEMAS,
    STRING,
    array,
    nullable,
    obj,
    ref,
)

DESCRIPTIONS = {
    400: "Bad input: the message names the field and, where it applies, the player; nothing changed",
    403: "A follow key tried to write",
    404: "No such session, group, event, round, history version or address",
    405: "This address does not take that method",
    409: "The entry lock is held elsewhere or lost, the session is finished, the request_id was reused, "
    "or the history version cannot be restored or undone (its round exists, or changed since)",
    413: "The body is over 64 KB",
    415: "The body is not application/json",
    429: "Too many new sessions, groups, events, imports or rematches from this address, or evenings in this group, or changes to this event (see Retry-After)",
}
KEY = {
    "name": "key",
    "in": "path",
    "required": True,
    "description": "the edit key, or the follow key to read",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"},
}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
VERSION = {
    "name": "version",
    "in": "path",
    "required": True,
    "description": "a version id from the session history",
    "schema": {"type": "integer", "minimum": 1},
}
ASKED_REQUESTS = {
    "name": "request_id",
    "in": "query",
    "required": True,
    "description": "a request_id this device sent; repeat it for each (at most 50)",
    "schema": array(REQUEST_ID, minItems=1, maxItems=MAX_ASKED_REQUESTS),
    "style": "form",
    "explode": True,
}
ACTION = {"enum": ["add", "edit", "delete", "restore", "undo"]}
LOCK_HEADER = {
    "name": "X-Entry-Lock",
    "in": "header",
    "required": False,
    "description": "the entry lock's token",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}


def json_content(schema: dict) -> dict:
    return {"application/json": {"schema": schema}}


def operation(
    summary: str,
    ok: int,
    reply: dict | None,
    *,
    errors: tuple[int, ...],
    body: str | None = None,
    body_required: bool = True,
    parameters: tuple[dict, ...] = (),
    media: str = "application/json",
    replay: bool = False,
) -> dict:
    """`replay`: a write whose request_id was seen before answers 200 with its first reply."""
    responses: dict = {str(ok): {"description": "OK" if ok == 200 else "Created"}}
    if reply is not None:
        responses[str(ok)]["content"] = {media: {"schema": reply}}
    if replay:
        responses["200"] = {
            "description": "Done before under this request_id",
            "content": json_content(reply),
        }
    if body is not None:
        errors = (*errors, 400, 413, 415)
    for status in sorted({*errors, 404, 405}):
        responses[str(status)] = {"description": DESCRIPTIONS[status], "content": json_content(ref("Error"))}
    result: dict = {"summary": summary, "responses": responses, "parameters": list(parameters)}
    if body is not None:
        result["requestBody"] = {"required": body_required, "content": json_content(ref(body))}
    return result


WRITE = (KEY, LOCK_HEADER)
CHECK = {"type": "string", "enum": ["ok", "down"]}
HEALTH = obj({"database": CHECK, "channel_layer": CHECK}, required=("database", "channel_layer"), closed=True)
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
            parameters=WRITE,
        ),
    },
    "/api/sessions/{key}/lock": {
        "post": operation(
            "Take, renew or take over the entry lock",
            200,
            ref("LockGrant"),
            errors=(403, 409),
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
            "Add a round", 201, ref("RoundReply"), errors=(403, 409), body="RoundEntry", parameters=WRITE
        ),
    },
    "/api/sessions/{key}/rounds/{number}": {
        "put": operation(
            "Correct a round",
            200,
            ref("RoundReply"),
            errors=(403, 409),
            body="RoundEntry",
            parameters=(*WRITE, NUMBER),
        ),
        "delete": operation(
            "Delete a round (later rounds move down)",
            200,
            ref("RoundReply"),
            errors=(403, 409),
            body="RoundDelete",
            body_required=False,
            parameters=(*WRITE, NUMBER),
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
            parameters=(*WRITE, VERSION),
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
            parameters=(*WRITE, VERSION),
        ),
    },
    "/api/sessions/{key}/requests": {
        "get": operation(
            "Which of these request_ids were stored (a phone replaying its outbox asks first)",
            200,
            obj(
                {
                    "stored": array(
                        obj(
                            {"request_id": REQUEST_ID, "action": ACTION, "number": INTEGER},
                            required=("request_id", "action", "number"),
                        )
                    ),
                    "version": INTEGER,
                },
                required=("stored", "version"),
            ),
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
    "/api/openapi.json": {"get": operation("This document", 200, {"type": "object"}, errors=())},
    "/healthz": {
        "get": {
            "summary": "Can this worker serve? It asks the database and the channel layer",
            "parameters": [],
            "responses": {
                "200": {"description": "Both answer", "content": json_content(HEALTH)},
                "503": {"description": "One of them is down", "content": json_content(HEALTH)},
            },
        }
    },
}


def document() -> dict:
    from events.openapi import EVENT_PATHS, EVENT_SCHEMAS  # so does the events app
    from groups.openapi import GROUP_PATHS, GROUP_SCHEMAS  # the groups app describes its own part

    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Big Two scorekeeper",
            "version": "1",
            "description": "The JSON API of a Big Two scorekeeper. Errors are {error, field, player}; "
            "keys in the path are the only credential; writes need the X-Entry-Lock token.",
        },
        "paths": {**PATHS, **GROUP_PATHS, **EVENT_PATHS},
        "components": {"schemas": {**SCHEMAS, **BODIES, **GROUP_SCHEMAS, **EVENT_SCHEMAS}},
    }
