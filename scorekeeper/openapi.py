"""The OpenAPI 3.1 description of the JSON API (docs/api.md), served at /api/openapi.json:
each app describes its own part (rounds/web/openapi.py, groups/web/openapi.py, events/web/openapi.py), this
puts them together with the project's own addresses.

The one place the contract is written for machines: tests/test_openapi.py validates it and
checks that every /api/ route is in it, and schemathesis calls every operation of it against a
live server (tests/test_schemathesis.py).
"""

from __future__ import annotations

import copy

from django.http import HttpRequest, JsonResponse

from events.web.openapi import EVENT_PATHS, EVENT_SCHEMAS
from groups.web.openapi import GROUP_PATHS, GROUP_SCHEMAS
from rounds.web.openapi import PATHS as ROUND_PATHS
from rounds.web.openapi import SCHEMAS_AND_BODIES as ROUND_SCHEMAS
from toolkit.jsonapi import endpoint
from toolkit.openapi import json_content, obj, operation

CHECK = {"type": "string", "enum": ["ok", "down"]}
HEALTH = obj({"database": CHECK, "channel_layer": CHECK}, required=("database", "channel_layer"), closed=True)
PATHS = {
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


# Where a keyed operation finds its keys and token: in the reply of the operation that made them.
# Each becomes an OpenAPI link from that reply to every operation it gives all it needs, one of
# them new in the reply, so a client (and schemathesis's stateful phase) can walk from creating a
# thing to using it: a session, then its lock, then a round, then that round's corrections.
TOKEN = "header.X-Entry-Lock"
TAKES_THE_LOCK = {("post", "/api/sessions/{key}/lock")}  # the token is what it gives
KEY_SOURCES = {
    ("post", "/api/sessions"): {"path.key": "$response.body#/id"},
    ("post", "/api/groups"): {"path.group": "$response.body#/id"},
    ("post", "/api/events"): {"path.event": "$response.body#/id"},
    ("post", "/api/groups/{group}/evenings"): {"path.key": "$response.body#/id"},
    ("get", "/api/groups/{group}"): {
        "path.group": "$request.path.group",
        "path.player": "$response.body#/players/0/id",
    },
    ("post", "/api/events/{event}/rounds"): {"path.key": "$response.body#/tables/0/session"},
    ("post", "/api/sessions/{key}/lock"): {
        "path.key": "$request.path.key",
        TOKEN: "$response.body#/token",
    },
    ("post", "/api/sessions/{key}/rounds"): {
        "path.key": "$request.path.key",
        TOKEN: "$request.header.X-Entry-Lock",
        "path.number": "$response.body#/round/number",
        "path.version": "$response.body#/version_id",
    },
}

# Links that carry another key of the same reply: a player signs up with the follow key, the one
# their phone has (the edit key would do as well, but no player holds it).
LINK_KEYS = {
    (("post", "/api/events"), ("post", "/api/events/{event}/signup")): {
        "path.event": "$response.body#/view_id"
    },
}


def operation_id(method: str, path: str) -> str:
    """`postApiSessionsKeyLock` for POST /api/sessions/{key}/lock."""
    words = [word.strip("{}") for word in path.replace(".", "/").replace("-", "/").split("/") if word]
    return method + "".join(word[:1].upper() + word[1:] for word in words)


def with_links(paths: dict) -> dict:
    """Every operation named (operationId), and the replies of KEY_SOURCES linked onwards."""
    paths = copy.deepcopy(paths)
    for path, methods in paths.items():
        for method, described in methods.items():
            described["operationId"] = operation_id(method, path)
    for (method, path), given in KEY_SOURCES.items():
        replies = paths[path][method]["responses"]
        ok = min(status for status in replies if status.startswith("2"))
        links = {}
        for target_path, methods in paths.items():
            for target_method, target in methods.items():
                wanted = {
                    f"{p['in']}.{p['name']}" for p in target["parameters"] if p["in"] in ("path", "header")
                }
                # Every path key given, and the lock's token too where a write needs one.
                needed = {name for name in wanted if name.startswith("path.")}
                if (target_method, target_path) not in TAKES_THE_LOCK:
                    needed |= wanted & {TOKEN}
                fresh = {name for name in needed if given.get(name, "").startswith("$response")}
                if (target_method, target_path) == (method, path) or not fresh or not needed <= given.keys():
                    continue
                parameters = {name: given[name] for name in sorted(wanted & given.keys())}
                parameters.update(LINK_KEYS.get(((method, path), (target_method, target_path)), {}))
                links[target["operationId"]] = {
                    "operationId": target["operationId"],
                    "parameters": parameters,
                }
        replies[ok]["links"] = links
    return paths


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Big Two scorekeeper",
            "version": "1",
            "description": "The JSON API of a Big Two scorekeeper. Errors are {error, field, player}; "
            "keys in the path are the only credential; writes need the X-Entry-Lock token.",
        },
        "paths": with_links({**ROUND_PATHS, **GROUP_PATHS, **EVENT_PATHS, **PATHS}),
        "components": {"schemas": {**ROUND_SCHEMAS, **GROUP_SCHEMAS, **EVENT_SCHEMAS}},
    }


@endpoint("GET")
def openapi(request: HttpRequest) -> JsonResponse:
    """This document."""
    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
