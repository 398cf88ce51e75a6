"""The schemas of rounds' replies and bodies in the OpenAPI document, written with the builders
every app shares (toolkit/openapi.py); scorekeeper/openapi.py assembles the document."""

from __future__ import annotations

from rounds.models import MAX_DEVICE_LENGTH
from rounds.rules import fields
from rounds.rules.fields import Kind, Setting
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import MAX_CARDS, Mode
from rounds.web.openapi_hands import (
    COUNTS,
    DOUBLINGS,
    HAND_INPUT,
    HAND_SHOWN,
    OWN_SCORES,
    PLAYER_INDEX,
)
from rounds.write_inputs import MAX_REQUEST_ID_LENGTH
from toolkit.openapi import BOOLEAN, INTEGER, MONEY, NULL, STRING, array, nullable, obj, ref

# --- The settings, from their declarations (rounds/rules/fields.py) ---------------------------


def value_schema(setting: Setting) -> dict:
    """A setting's value as a body sends it (null apart) and a reply shows it."""
    match setting.kind:
        case Kind.CHOICE:
            return {"enum": list(setting.choices)}
        case Kind.COUNT:
            return {"type": "integer", "minimum": setting.minimum, "maximum": setting.maximum}
        case Kind.AMOUNT:
            return {"type": "integer", "minimum": 0}
        case Kind.AMOUNTS:
            return array({"type": "integer", "minimum": 0}, minItems=1, maxItems=setting.maximum)
        case Kind.FLAG:
            return BOOLEAN
        case Kind.CODE | Kind.NAME:
            return {"type": "string", "maxLength": setting.max_length}
        case Kind.MONEY:
            return STRING
        case Kind.TIERS:
            return array(
                array({"type": "integer", "minimum": 1}, minItems=2, maxItems=2),
                minItems=1,
                maxItems=MAX_CARDS,
            )
        case Kind.TWOS:  # exactly one of its parts (a flag part: only true)
            return {
                "anyOf": [
                    obj(
                        {part.name: value_schema(part) if part.kind is not Kind.FLAG else {"const": True}},
                        required=(part.name,),
                        closed=True,
                    )
                    for part in setting.parts
                ]
            }
        case Kind.FROM:
            count = {"type": "integer", "minimum": setting.minimum, "maximum": setting.maximum}
            return obj({"from": count}, required=("from",), closed=True)
        case Kind.PLACES | Kind.PARTS:  # each key optional in a body, all present in a reply
            return obj({part.name: value_schema(part) for part in setting.parts}, closed=True)
    raise ValueError(setting.kind)


def in_every_game(setting: Setting) -> bool:
    """Shown in every state, whichever the game (Tiến lên has no tiers nor twos)."""
    return setting.always_shown and Mode.TIEN_LEN in setting.modes


def input_schema(setting: Setting) -> dict:
    if setting.kind is Kind.MONEY:  # "0.50" or 0.5
        return nullable({"anyOf": [STRING, {"type": "number", "minimum": 0}]})
    schema = value_schema(setting)
    return nullable(schema) if setting.nullable or setting.null_is_default else schema


def shown_schema(setting: Setting) -> dict:
    if setting.name == "mode":  # a body picks Big Two's modes; Tiến lên's is set by its game
        return {"enum": [mode.value for mode in Mode]}
    return nullable(value_schema(setting)) if setting.nullable else value_schema(setting)


PARTY = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": "house"}]}
# A round's rules; its covering style (SPEC 3.4 or 3.5) is absent in versions older than 3.5.
RULES = obj(
    {setting.name: shown_schema(setting) for setting in fields.RULES},
    required=("mode",),  # the rest as the game has them (a Tiến lên round: game, mode and tien_len)
)
REQUEST_ID = {"type": "string", "minLength": 1, "maxLength": MAX_REQUEST_ID_LENGTH}
DEVICE = {"type": "string", "minLength": 1, "maxLength": MAX_DEVICE_LENGTH}

SETTINGS_INPUT = {
    "preset": nullable(STRING),  # a quick setup's id: its rules first, then the fields sent
    **{setting.name: input_schema(setting) for setting in fields.SETTINGS},
}

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

BODIES = {
    "SessionCreate": obj(
        {
            **SETTINGS_INPUT,
            "players": array(
                {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}, minItems=2, maxItems=4
            ),
            "randomize_seats": BOOLEAN,
            "group": {"type": "string", "description": "a group's edit key: the session joins the group"},
        },
        required=("players",),
        closed=True,
    ),
    "SessionChange": obj({**SETTINGS_INPUT, "rescore": BOOLEAN, "finished": nullable(BOOLEAN)}, closed=True),
    "LockRequest": obj(
        {
            "device": DEVICE,
            "takeover": BOOLEAN,
            "round": nullable({"type": "integer", "minimum": 1}),
            # The counts the entry shows (null: not typed): new ones renew a long hold.
            "counts": nullable(array(nullable({"type": "integer", "minimum": 0, "maximum": 13}), maxItems=4)),
        },
        required=("device",),
        closed=True,
    ),
    "RoundEntry": obj(
        {
            "cards": array({"type": "integer", "minimum": 0, "maximum": 13}, minItems=2, maxItems=4),
            "twos": nullable(array({"type": "integer", "minimum": 0, "maximum": 4}, minItems=2, maxItems=4)),
            "covering": nullable(PLAYER_INDEX),
            **DOUBLINGS,
            **OWN_SCORES,
            **HAND_INPUT,  # Tiến lên: order (or instant alone) instead of cards
            "request_id": REQUEST_ID,
            "release_lock": BOOLEAN,
        },
        closed=True,
    ),
    "RoundDelete": obj({"request_id": REQUEST_ID, "release_lock": BOOLEAN}, closed=True),
    "HistoryWrite": obj({"request_id": REQUEST_ID, "release_lock": BOOLEAN}, closed=True),
    "PreviewRequest": obj(
        {
            "cards": array({"type": "integer", "minimum": 0, "maximum": 13}, minItems=2, maxItems=4),
            "twos": nullable(array({"type": "integer", "minimum": 0, "maximum": 4}, minItems=2, maxItems=4)),
            "covering": nullable(PLAYER_INDEX),
            **DOUBLINGS,
            **OWN_SCORES,
            **HAND_INPUT,
            "number": nullable({"type": "integer", "minimum": 1}),
        },
        closed=True,
    ),
    "TransferPaid": obj(
        {"from": PARTY, "to": PARTY, "amount": MONEY, "paid": BOOLEAN, "device": DEVICE},
        required=("from", "to", "amount"),
        closed=True,
    ),
}
