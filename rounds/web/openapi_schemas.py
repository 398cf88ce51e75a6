"""The schemas of rounds' replies and bodies in the OpenAPI document, written with the builders
every app shares (toolkit/openapi.py); scorekeeper/openapi.py assembles the document."""

from __future__ import annotations

from rounds.bodies import (
    COUNTS,
    DOUBLINGS,
    HAND_SHOWN,
    PARTY,
    PLAYER_INDEX,
    HistoryWrite,
    LockRequest,
    PreviewRequest,
    RoundDelete,
    RoundEntryBody,
    TransferPaid,
)
from rounds.rules import fields
from rounds.rules.fields import Setting
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import Mode
from rounds.session_bodies import SessionChange, SessionCreate, shown_schema
from toolkit.openapi import BOOLEAN, INTEGER, MONEY, NULL, STRING, array, nullable, obj, ref


def in_every_game(setting: Setting) -> bool:
    """Shown in every state, whichever the game (Tiến lên has no tiers nor twos)."""
    return setting.always_shown and Mode.TIEN_LEN in setting.modes


# A round's rules; its covering style (SPEC 3.4 or 3.5) is absent in versions older than 3.5.
RULES = obj(
    {setting.name: shown_schema(setting) for setting in fields.RULES},
    required=("mode",),  # the rest as the game has them (a Tiến lên round: game, mode and tien_len)
)

SCHEMAS = {
    "Error": obj(
        {"error": STRING, "field": nullable(STRING), "player": nullable(INTEGER), "holder": nullable(STRING)},
        required=("error", "field", "player"),
    ),
    "Preset": obj(
        {
            "id": STRING,
            "name": STRING,
            "description": STRING,
            **{setting.name: shown_schema(setting) for setting in fields.PRESET},
        },
        required=("id", "name", *(setting.name for setting in fields.PRESET if in_every_game(setting))),
    ),
    "Settings": obj(
        {setting.name: shown_schema(setting) for setting in fields.SETTINGS},
        required=tuple(setting.name for setting in fields.SETTINGS if in_every_game(setting)),
    ),
    "Round": obj(
        {
            "number": {"type": "integer", "minimum": 1},
            "cards": nullable(COUNTS),  # null in Tiến lên: its hand instead
            **HAND_SHOWN,
            **DOUBLINGS,
            "twos": nullable(COUNTS),
            "covering": nullable(PLAYER_INDEX),
            "winner": PLAYER_INDEX,
            "penalties": COUNTS,
            "scores": COUNTS,
            "totals_after": COUNTS,
            "rules": RULES,
            "edited": BOOLEAN,
            "house": {"type": "integer", "minimum": 0},
        },
        required=("number", "cards", "twos", "covering", "winner", "penalties", "scores"),
    ),
    "DeletedRound": obj(
        {
            "number": INTEGER,
            "cards": nullable(COUNTS),
            **HAND_SHOWN,
            "twos": nullable(COUNTS),
            "covering": nullable(PLAYER_INDEX),
            "scores": COUNTS,
            "rules": RULES,
            "deleted": {"const": True},
        },
        required=("number", "cards", "scores", "deleted"),
    ),
    "Preview": obj(
        {
            "cards": nullable(COUNTS),
            **HAND_SHOWN,
            "payments": array(obj({"from": PLAYER_INDEX, "to": PLAYER_INDEX, "amount": INTEGER})),
            "ranks": COUNTS,
            "twos": nullable(COUNTS),
            "covering": nullable(PLAYER_INDEX),
            "winner": PLAYER_INDEX,
            "penalties": COUNTS,
            "scores": COUNTS,
            "places": COUNTS,
            "amounts": COUNTS,
            "heavy": BOOLEAN,
            "house": {"type": "integer", "minimum": 0},
            "doubling": array(
                nullable(obj({"base": INTEGER, "twos": INTEGER}, required=("base", "twos"))),
                minItems=2,
                maxItems=4,
            ),
            "working": array(
                nullable(
                    obj(
                        {
                            "cards": INTEGER,
                            "rate": INTEGER,
                            "twos": INTEGER,
                            "penalty": INTEGER,
                            "times": INTEGER,
                        },
                        required=("cards", "rate", "twos", "penalty"),
                    )
                ),
                minItems=2,
                maxItems=4,
            ),
        },
        required=("cards", "winner", "penalties", "scores"),
    ),
    "Lock": obj(
        {
            "holder": STRING,
            "expires_in": {"type": "number"},
            "idle_for": {"type": "number"},
            "idle_after": {"type": "number"},
            "round": nullable(INTEGER),
            "lease": STRING,
        },
        required=("holder", "expires_in"),
    ),
    "LockGrant": obj(
        {"token": STRING, "holder": STRING, "expires_in": {"type": "number"}, "lease": STRING},
        required=("token", "holder", "expires_in"),
    ),
    "Transfer": obj(
        {"from": PARTY, "to": PARTY, "amount": MONEY, "paid": BOOLEAN},
        required=("from", "to", "amount"),
    ),
    "State": obj(
        {
            "id": STRING,
            "view_id": STRING,
            "version": INTEGER,
            "players": array(
                obj(
                    {
                        "name": {"type": "string", "maxLength": MAX_NAME_LENGTH},
                        "seat": INTEGER,
                        "total": INTEGER,
                        "rank": INTEGER,
                    },
                    required=("name", "seat"),
                ),
                minItems=2,
                maxItems=4,
            ),
            "settings": ref("Settings"),
            "rounds": array(ref("Round")),
            "totals": COUNTS,
            "standings": array(
                obj(
                    {"player": PLAYER_INDEX, "rank": INTEGER, "total": INTEGER},
                    required=("player", "rank", "total"),
                )
            ),
            "finished": BOOLEAN,
            "next": obj(
                {
                    "round": INTEGER,
                    "leader": nullable(PLAYER_INDEX),
                    "dealer": PLAYER_INDEX,
                    "direction": {"enum": ["clockwise", "counterclockwise"]},
                },
                required=("round", "leader", "dealer", "direction"),
            ),
            "settlement": nullable(
                obj(
                    {
                        "net": array(MONEY),
                        "transfers": array(ref("Transfer")),
                        "pairwise": array(array(MONEY)),
                        "house": obj({"net": MONEY, "pairwise": array(MONEY)}, required=("net", "pairwise")),
                    },
                    required=("net", "transfers"),
                )
            ),
            "lock": nullable(ref("Lock")),
            "house": INTEGER,  # by_place: the house's running total (SPEC 3.6)
            "links": obj({"page": STRING, "follow": STRING, "socket": STRING}, required=("follow", "socket")),
        },
        required=(
            "players",
            "settings",
            "rounds",
            "totals",
            "standings",
            "finished",
            "next",
            "settlement",
            "lock",
            "links",
        ),
    ),
    "RoundReply": obj(
        {
            "round": {"anyOf": [ref("Round"), ref("DeletedRound"), NULL]},
            "state": ref("State"),
            "deleted": INTEGER,
            "version_id": nullable(INTEGER),
        },
        required=("round", "state"),
    ),
    "Version": obj(
        {
            "id": INTEGER,
            "lineage": STRING,
            "number": {"type": "integer", "minimum": 1},
            "action": {"enum": ["added", "edited", "rescored", "deleted", "restored"]},
            "cards": nullable(COUNTS),  # null in Tiến lên: its hand instead
            **HAND_SHOWN,
            **DOUBLINGS,
            "twos": nullable(COUNTS),
            "covering": nullable(PLAYER_INDEX),
            "scores": COUNTS,
            "rules": RULES,
            "device": STRING,
            "at": {"type": "string"},
            "restorable": BOOLEAN,
        },
        required=("id", "number", "action", "cards", "twos", "covering", "scores", "device", "at"),
    ),
    "SessionHistory": obj({"versions": array(ref("Version"))}, required=("versions",)),
    "History": obj(
        {
            "number": INTEGER,
            "versions": array(
                obj(
                    {
                        "action": STRING,
                        "number": INTEGER,
                        "cards": nullable(COUNTS),
                        "scores": COUNTS,
                        "device": STRING,
                        "at": {"type": "string"},
                    },
                    required=("action", "number", "cards", "scores", "at"),
                )
            ),
        },
        required=("number", "versions"),
    ),
}

# Each body from its one declaration (rounds/bodies.py, rounds/session_bodies.py).
BODIES = {
    name: body.schema()
    for name, body in {
        "SessionCreate": SessionCreate,
        "SessionChange": SessionChange,
        "LockRequest": LockRequest,
        "RoundEntry": RoundEntryBody,
        "RoundDelete": RoundDelete,
        "HistoryWrite": HistoryWrite,
        "PreviewRequest": PreviewRequest,
        "TransferPaid": TransferPaid,
    }.items()
}
