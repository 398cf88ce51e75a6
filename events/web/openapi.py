"""The events part of the OpenAPI document (API.md "Events: club night"), merged into the one
document served at /api/openapi.json, as each app contributes its own paths and schemas."""

from __future__ import annotations

from events.models import (
    SEATINGS,
)
from events.reads.progress import STATUSES
from events.web.bodies import NAMES, EventChange, EventCreate, EventDraw, EventSignup
from toolkit.openapi import BOOLEAN, INTEGER, STRING, array, nullable, obj, operation, ref

NUMBER = {"type": "number"}
EVENT = {
    "name": "event",
    "in": "path",
    "required": True,
    "description": "the event's edit key, or its follow key to read",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"},
}
TABLE = obj(
    {
        "table": INTEGER,
        "players": NAMES,
        "hands_played": INTEGER,
        "hands": INTEGER,
        "finished": BOOLEAN,
        "view_id": STRING,
        "follow": STRING,
        "join": {
            "type": "string",
            "description": "the path of the table's join page (the event's follow key)",
        },
        "entering": nullable(STRING),
        "session": {
            "type": "string",
            "description": "the table's session edit key (the event's edit key only)",
        },
        "page": STRING,
    },
    required=("table", "players", "hands_played", "finished", "view_id", "join"),
)

EVENT_SCHEMAS = {
    "EventPlayer": obj(
        {
            "id": INTEGER,
            "name": STRING,
            "dropped": BOOLEAN,
            "signed_up": {"type": "boolean", "description": "added by themselves (sign-up)"},
        },
        required=("id", "name"),
    ),
    "EventSignup": EventSignup.schema(),
    "EventSignedUp": obj(
        {
            "player": obj({"id": INTEGER, "name": STRING}, required=("id", "name")),
            "players": array(ref("EventPlayer")),
        },
        required=("player", "players"),
    ),
    "EventRound": obj(
        {
            "round": INTEGER,
            "forced": BOOLEAN,
            "drawn_at": STRING,
            "ends_at": {
                "type": "string",
                "description": "while a time limit runs and a table plays: when the round ends (ISO 8601, UTC)",
            },
            "tables": array(TABLE),
            "byes": NAMES,
            "repeats": {
                "type": "integer",
                "description": "mixed seating: the pairs at its tables who met in an earlier round",
            },
        },
        required=("round", "tables", "byes"),
    ),
    "EventStanding": obj(
        {
            "id": INTEGER,
            "name": STRING,
            "net": INTEGER,
            "hands": INTEGER,
            "wins": INTEGER,
            "real_losses": INTEGER,
            "place": INTEGER,
            "table": nullable(INTEGER),
            "dropped": BOOLEAN,
            "rating": obj(  # SPEC 12, over the event's hands (events/reads/night_ratings.py)
                {"mu": NUMBER, "sigma": NUMBER, "ordinal": NUMBER, "ranked": BOOLEAN, "rounds": INTEGER},
                required=("mu", "sigma", "ordinal", "ranked", "rounds"),
            ),
        },
        required=("name", "net", "hands", "wins", "real_losses", "place", "rating"),
    ),
    "Event": obj(
        {
            "id": STRING,
            "view_id": STRING,
            "name": STRING,
            "rounds_planned": INTEGER,
            "hands": INTEGER,
            "minutes": nullable(INTEGER),
            "seating": {"enum": list(SEATINGS)},
            "rules": {"type": "object"},
            "version": INTEGER,
            "status": {"enum": list(STATUSES)},
            "next": {
                "type": "string",
                "description": "the one line of what happens next, as the organizer's page says it",
            },
            "signup": {
                "type": "boolean",
                "description": "open for sign-up: players add themselves until the first draw, which closes it",
            },
            "players": array(ref("EventPlayer")),
            "links": obj(
                {"page": STRING, "follow": STRING, "screen": STRING, "socket": STRING, "export": STRING},
                required=("follow", "screen", "socket"),
            ),
            "rounds": array(ref("EventRound")),
            "standings": array(ref("EventStanding")),
        },
        required=("view_id", "name", "players", "links", "rounds", "standings", "status", "next"),
    ),
    "EventCreate": EventCreate.schema(),
    "EventChange": EventChange.schema(),
    "EventDraw": EventDraw.schema(),
}

EVENT_PATHS = {
    "/api/events": {
        "post": operation(
            "Start an event (a club night)", 201, ref("Event"), errors=(429,), body="EventCreate"
        ),
    },
    "/api/events/{event}": {
        "get": operation(
            "The event: its rounds, tables and standings", 200, ref("Event"), errors=(), parameters=(EVENT,)
        ),
        "patch": operation(
            "Add, drop or restore players before a draw, swap two before their tables' first hand, "
            "or open or close sign-up before the first draw",
            200,
            ref("Event"),
            errors=(403, 409, 429),
            body="EventChange",
            parameters=(EVENT,),
        ),
    },
    "/api/events/{event}/signup": {
        "post": operation(
            "Sign up for the night (either key, the follow key as players have it): 403 while sign-up "
            "is off, 409 after the first draw or at the event's 200 players, 400 for a bad or duplicate name",
            201,
            ref("EventSignedUp"),
            errors=(403, 409, 429),
            body="EventSignup",
            parameters=(EVENT,),
        ),
    },
    "/api/events/{event}/rounds": {
        "post": operation(
            "Draw the next round (409 while a table plays, unless force; or after the last round)",
            201,
            ref("EventRound"),
            errors=(403, 409, 429),
            body="EventDraw",
            body_required=False,
            parameters=(EVENT,),
        ),
    },
    "/api/events/{event}/rounds/end": {
        "post": operation(
            "End the round in play now: every table still playing is finished as it stands (409 when none plays)",
            200,
            ref("Event"),
            errors=(403, 409, 429),
            parameters=(EVENT,),
        ),
    },
    "/api/events/{event}/export.csv": {
        "get": operation(
            "Every hand at every table, one line each (counted against RATE_LIMIT_EXPORTS)",
            200,
            {"type": "string"},
            errors=(429,),
            parameters=(EVENT,),
            media="text/csv",
        ),
    },
}
