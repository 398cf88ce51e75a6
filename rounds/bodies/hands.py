"""A hand in the OpenAPI document: a Big Two round's counts, a Tiến lên hand (API.md), our own
scores and 锄大地's doublings (SPEC 15), as bodies send them and replies show them."""

from __future__ import annotations

from rounds.rules.doubling import MAX_BOMBS
from rounds.rules.own_scores import MOST as OWN_MOST
from rounds.rules.tien_len_hand import MOST_CHOPS
from rounds.rules.tien_len_settings import MOST_HELD, Item
from toolkit.openapi import INTEGER, array, nullable, obj

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
