"""What a round write, the entry lock and the history sent (a form, the API or a socket), as
checked values or a clear refusal naming the field: the hand, versions, the lock's
token, the counts typed so far, the device's name. The settings are rounds/inputs.py's."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rounds.errors import ServiceError
from rounds.inputs import DEVICE_NAME, clean_name
from rounds.models import MAX_DEVICE_LENGTH
from rounds.rules.hands import NO_CARDS
from rounds.rules.refusal import is_whole_number
from rounds.rules.ruleset import MAX_CARDS, MAX_PLAYERS
from rounds.rules.scoring import RoundEntry
from rounds.rules.tien_len_hand import HAND_KEYS
from toolkit.messages import gettext_noop

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
# What a hand of cards carries beside its counts: sent with another game's hand, each is kept in
# that hand so its game refuses it by name (a typo never scores a round silently wrong).
CARDS_EXTRAS = ("twos", "covering", "spade_two", "bombs")


def sent_beside(raw: Mapping[str, object], keys: tuple[str, ...]) -> dict[str, object]:
    """The keys of another hand's shape sent with a value (null, [] and no bombs send nothing)."""
    return {
        key: raw[key]
        for key in keys
        if raw.get(key) is not None
        and raw[key] != []
        and not (key == "bombs" and type(raw[key]) is int and raw[key] == 0)
    }


def clean_round_entry(raw: Mapping[str, object]) -> RoundEntry:
    """The shape of a round; the rules (counts per player, one winner) are scoring's to check.
    A Tiến lên hand (any of its keys sent with a value) is checked whole by rounds/rules/hands.py."""
    if sent_beside(raw, ("scores",)):  # our own scores (SPEC 15), checked by rounds/rules/own_scores.py
        sent = () if raw.get("cards") is None else (raw["cards"],)
        hand = {"scores": raw["scores"], **sent_beside(raw, HAND_KEYS + CARDS_EXTRAS)}
        return RoundEntry(cards=sent, hand=hand)  # type: ignore[arg-type]
    if sent_beside(raw, HAND_KEYS):  # a Tiến lên key with a value (null or [] sends nothing)
        hand = sent_beside(raw, HAND_KEYS + CARDS_EXTRAS)  # another game names the first it does not play
        sent = () if raw.get("cards") is None else (raw["cards"],)  # cards beside it: refused by the game
        return RoundEntry(cards=sent, hand=hand)  # type: ignore[arg-type]
    if "cards" not in raw:
        # Nothing of a hand sent: the game says what its hand is (cards, an order, scores).
        return RoundEntry(cards=(), hand={})
    cards = raw["cards"]
    if not isinstance(cards, list):
        raise ServiceError(NO_CARDS, field="cards")
    twos = raw.get("twos")
    if twos is not None and not isinstance(twos, list):
        raise ServiceError(gettext_noop("Twos: give a list of twos held, one count per player"), field="twos")
    return RoundEntry(
        cards=tuple(cards),
        twos=tuple(twos) if twos is not None else None,
        covering=raw.get("covering"),  # type: ignore[arg-type]
        spade_two=raw.get("spade_two"),  # type: ignore[arg-type]
        bombs=0 if raw.get("bombs") is None else raw["bombs"],  # type: ignore[arg-type]
    )


def clean_version_id(raw: object) -> int:
    """A history version's id, as the session history lists it."""
    if not is_whole_number(raw) or not 1 <= raw < 2**63:  # type: ignore[operator]
        raise ServiceError(
            gettext_noop("version: give the id of a version from the session's history"), field="version"
        )
    return raw  # type: ignore[return-value]


def clean_token(raw: object) -> str | None:
    """An entry-lock token as sent (header or message): absent, or the shape the server hands out."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or not TOKEN_PATTERN.fullmatch(raw):
        raise ServiceError(
            gettext_noop("Token: send the entry-lock token exactly as the server gave it"), field="token"
        )
    return raw


def clean_counts(raw: object) -> str | None:
    """The counts an entry shows so far (null for a player not typed yet), as one short string
    the lock compares with the last it saw; None when not sent."""
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or len(raw) > MAX_PLAYERS
        or any(
            count is not None and not (is_whole_number(count) and 0 <= count <= MAX_CARDS) for count in raw
        )
    ):
        raise ServiceError(
            gettext_noop("Counts: send the counts typed so far, each 0 to 13 or null"), field="counts"
        )
    return ",".join("" if count is None else str(count) for count in raw)


def clean_device(raw: object) -> str:
    return clean_name(raw, messages=DEVICE_NAME, field="device", max_length=MAX_DEVICE_LENGTH)
