"""The OpenAPI 3.1 description of the JSON API (docs/api.md), served at /api/openapi.json:
each app describes its own part (rounds/openapi.py, groups/openapi.py, events/openapi.py), this
puts them together with the project's own addresses.

The one place the contract is written for machines: tests/test_openapi.py validates it and
checks that every /api/ route is in it, and schemathesis calls every operation of it against a
live server (tests/test_schemathesis.py).
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse

from events.openapi import EVENT_PATHS, EVENT_SCHEMAS
from groups.openapi import GROUP_PATHS, GROUP_SCHEMAS
from rounds.jsonapi import endpoint
from rounds.openapi import PATHS as ROUND_PATHS
from rounds.openapi import SCHEMAS_AND_BODIES as ROUND_SCHEMAS
from rounds.openapi_schemas import json_content, obj, operation

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


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Big Two scorekeeper",
            "version": "1",
            "description": "The JSON API of a Big Two scorekeeper. Errors are {error, field, player}; "
            "keys in the path are the only credential; writes need the X-Entry-Lock token.",
        },
        "paths": {**ROUND_PATHS, **GROUP_PATHS, **EVENT_PATHS, **PATHS},
        "components": {"schemas": {**ROUND_SCHEMAS, **GROUP_SCHEMAS, **EVENT_SCHEMAS}},
    }


@endpoint("GET")
def openapi(request: HttpRequest) -> JsonResponse:
    """This document."""
    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
