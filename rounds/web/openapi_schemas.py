"""What every app's part of the OpenAPI document is written with (scorekeeper/openapi.py assembles
them): the schema helpers, the schemas of rounds' replies and bodies, the refusals' descriptions
and operation()."""

from __future__ import annotations

from rounds.inputs import MAX_REQUEST_ID_LENGTH
from rounds.models import MAX_DEVICE_LENGTH
from rounds.rules import fields
from rounds.rules.doubling import MAX_BOMBS
from rounds.rules.fields import Kind, Setting
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.own_scores import MOST as OWN_MOST
from rounds.rules.ruleset import MAX_CARDS, Mode
from rounds.rules.tien_len_hand import MOST_CHOPS
from rounds.rules.tien_len_settings import MOST_HELD, Item

NULL = {"type": "null"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict) -> dict:
    return {"anyOf": [schema, NULL]}


def obj(properties: dict, *, required: tuple[str, ...] = (), closed: bool = False) -> dict:
    schema: dict = {"type": "object", "properties": properties, "required": list(required)}
    if closed:
        schema["additionalProperties"] = False  # the API refuses unknown fields
    return schema


def array(items: dict, **limits: int) -> dict:
    return {"type": "array", "items": items, **limits}


INTEGER = {"type": "integer"}
STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
MONEY = {"type": "string", "pattern": r"^-?\d+\.\d{2,4}$"}
COUNTS = array(INTEGER, minItems=2, maxItems=4)
PLAYER_INDEX = {"type": "integer", "minimum": 0, "maximum": 3}
PLAYERS = array(PLAYER_INDEX, maxItems=4)

# A Tiến lên hand (API.md): in a body every key optional (null or [] for none); shown, every key.
HELD = obj(
    {
        "player": PLAYER_INDEX,
        **{item.value: {"type": "integer", "minimum": 0, "maximum": MOST_HELD[item]} for item in Item},
    },
    required=("player",),
)
CHOP = obj(
    {
        "by": PLAYER_INDEX,
        "from": PLAYER_INDEX,
        "items": array({"enum": [item.value for item in Item]}, minItems=1),
    },
    required=("by", "from", "items"),
    closed=True,
)
HAND_SHOWN = {
    "order": PLAYERS,
    "killed": PLAYERS,
    "left": array(HELD, maxItems=4),
    "chops": array(CHOP, maxItems=MOST_CHOPS),
    "instant": nullable(PLAYER_INDEX),
}
HAND_INPUT = {key: nullable(schema) for key, schema in HAND_SHOWN.items()}
# Our own scores (SPEC 15): each player's score as typed.
OWN_SCORES = {
    "scores": nullable(
        array({"type": "integer", "minimum": -OWN_MOST, "maximum": OWN_MOST}, minItems=2, maxItems=4)
    )
}
# 锄大地's doublings of a hand (SPEC 15): who held the ♠2, the bombs played.
DOUBLINGS = {
    "spade_two": nullable(PLAYER_INDEX),
    "bombs": {"type": "integer", "minimum": 0, "maximum": MAX_BOMBS},
}


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
