"""Tiến lên's settings (SPEC 14.2): what the first and the second get, the kill, instant-win and
chop times, what each item is worth, and the four switches, each declared on its field like
`Places` (ruleset.py, setting.py's declared()). The rules they score: tien_len.py.

No Django here. `TienLenRules.from_json()` reads a body (every key optional, the others kept from
`base` or the defaults) and refuses a bad one naming the field ("tien_len.second",
"tien_len.values.red_two"); `to_json()` writes API.md's `"tien_len"` object.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.setting import Kind, declarations, declared, declared_fields, to_json
from toolkit.messages import gettext_noop

SETTINGS_KEY: Final = "tien_len"  # the settings' key in a session's JSON (API.md)
MOST: Final = 1000  # every number of the settings is a whole number from 0 to this


class Item(StrEnum):
    """What a player can be left holding (thối) or have chopped (chặt), as the JSON names it."""

    BLACK_TWO = "black_two"  # a 2 of spades or clubs
    RED_TWO = "red_two"  # a 2 of diamonds or hearts
    THREE_PAIRS = "three_pairs"  # a run of three pairs (33 44 55)
    FOUR_OF_A_KIND = "four_of_a_kind"
    FOUR_PAIRS = "four_pairs"  # a run of four pairs


# The cards an item stands for, and how many of it one player can hold at the end.
ITEM_CARDS: Final[Mapping[Item, int]] = {
    Item.BLACK_TWO: 1,
    Item.RED_TWO: 1,
    Item.THREE_PAIRS: 6,
    Item.FOUR_OF_A_KIND: 4,
    Item.FOUR_PAIRS: 8,
}
MOST_HELD: Final[Mapping[Item, int]] = {
    Item.BLACK_TWO: 2,
    Item.RED_TWO: 2,
    Item.THREE_PAIRS: 2,
    Item.FOUR_OF_A_KIND: 3,
    Item.FOUR_PAIRS: 1,
}

WHOLE: Final = gettext_noop("Tiến lên: %(key)s is a whole number from %(minimum)s to %(maximum)s")
SWITCH: Final = gettext_noop("Tiến lên: %(key)s is true or false")
NOT_AN_OBJECT: Final = gettext_noop("Tiến lên: give its settings as an object, each key optional")
UNKNOWN: Final = gettext_noop("Tiến lên: %(key)s is not one of its settings")
SECOND_BELOW_FIRST: Final = gettext_noop(
    "Tiến lên: the second (%(second)s) must get less than the first (%(first)s)"
)


def amount(default: int, label: str, **declaration: Any) -> Any:
    """A whole number from 0 to 1000, declared with its label (and help)."""
    return declared(default, Kind.COUNT, label=label, minimum=0, maximum=MOST, refusal=WHOLE, **declaration)


def switch(label: str, help: str) -> Any:
    """One of the four rules that can be switched off (on by default)."""
    return declared(True, Kind.FLAG, label=label, help=help, refusal=SWITCH)


@dataclass(frozen=True)
class ItemValues:
    """V: what each item is worth, left in hand or chopped."""

    black_two: int = amount(1, gettext_noop("A black 2 (♠ ♣)"))
    red_two: int = amount(2, gettext_noop("A red 2 (♦ ♥)"))
    three_pairs: int = amount(2, gettext_noop("Three pairs in a row"))
    four_of_a_kind: int = amount(3, gettext_noop("Four of a kind"))
    four_pairs: int = amount(4, gettext_noop("Four pairs in a row"))

    def of(self, item: Item) -> int:
        return getattr(self, item.value)

    def to_json(self) -> dict:
        return to_json(self)

    @classmethod
    def from_json(cls, raw: object, *, base: ItemValues | None = None) -> ItemValues:
        return check_declared(cls, raw, base=base or cls(), field=f"{SETTINGS_KEY}.values")


@dataclass(frozen=True)
class TienLenRules:
    """How a Tiến lên hand is scored (SPEC 14.2): A, B, K, I, C, V and the four switches."""

    first: int = amount(
        2,
        gettext_noop("The first out gets"),
        help=gettext_noop("Paid by the last player out. By default four players score +2, +1, −1 and −2."),
    )
    second: int = amount(
        1,
        gettext_noop("The second out gets"),
        help=gettext_noop("Paid by the third player out, with four players; less than the first gets."),
    )
    kill: int = amount(
        2,
        gettext_noop("A killed player pays (times what the first gets)"),
        help=gettext_noop(
            "A killed player (cóng: played no card before the first went out) pays the first"
            " this many times what the first gets, plus what they still hold."
        ),
    )
    instant: int = amount(
        2,
        gettext_noop("An instant win takes (times what the first gets)"),
        help=gettext_noop(
            "An instant win (tới trắng) takes this many times what the first gets from every other player."
        ),
    )
    chop: int = amount(
        1,
        gettext_noop("A chop pays (times what was chopped)"),
        help=gettext_noop(
            "Whoever was chopped (chặt) pays whoever chopped this many times what was chopped is worth."
        ),
    )
    values: ItemValues = declared(
        ItemValues(),
        Kind.PARTS,
        label=gettext_noop("What each item is worth"),
        parts=declarations(ItemValues),
        refusal=NOT_AN_OBJECT,
        load=ItemValues.from_json,
    )
    killed: bool = switch(
        gettext_noop("Killed players (cóng)"),
        gettext_noop("A player who had played no card when the first went out pays the first."),
    )
    left: bool = switch(
        gettext_noop("Left in hand (thối)"),
        gettext_noop("The last player pays the one above for the 2s and bombs still in hand."),
    )
    chops: bool = switch(
        gettext_noop("Chops (chặt)"),
        gettext_noop("A bomb that beat a 2 or a smaller bomb is paid by the player it beat."),
    )
    instant_win: bool = switch(
        gettext_noop("Instant wins (tới trắng)"),
        gettext_noop("A player who wins on the deal takes from every other player."),
    )

    def to_json(self) -> dict:
        """API.md's "tien_len" object: each setting under its own name, the values as an object."""
        return to_json(self)

    @classmethod
    def from_json(cls, raw: object, *, base: TienLenRules | None = None) -> TienLenRules:
        """The settings as a body sends them (or as to_json() wrote them): every key optional, the
        others kept from `base` or the defaults; refused naming the field."""
        rules = check_declared(cls, raw, base=base or cls(), field=SETTINGS_KEY)
        if rules.second >= rules.first:
            raise ScoringError(
                SECOND_BELOW_FIRST, field=f"{SETTINGS_KEY}.second", second=rules.second, first=rules.first
            )
        return rules


def check_declared(cls: type, raw: object, *, base: Any, field: str) -> Any:
    """`base` with each declared field that `raw` sends, checked in its declared order: a whole
    number within its bounds, a switch true or false, an object of parts by the same rules."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise ScoringError(NOT_AN_OBJECT, field=field)
    names = [part.name for part in declared_fields(cls)]
    for key in raw:
        if key not in names:
            raise ScoringError(UNKNOWN, field=field, key=key)
    sent = {}
    for part, setting in zip(declared_fields(cls), declarations(cls), strict=True):
        if part.name not in raw:
            continue
        value, where = raw[part.name], f"{field}.{part.name}"
        key = where.removeprefix(f"{SETTINGS_KEY}.")
        if setting.kind is Kind.PARTS:
            current = getattr(base, part.name)
            sent[part.name] = check_declared(type(current), value, base=current, field=where)
        elif setting.kind is Kind.FLAG and not isinstance(value, bool):
            raise ScoringError(setting.refusal, field=where, key=key)
        elif setting.kind is Kind.COUNT and not (
            is_whole_number(value) and setting.minimum <= value <= setting.maximum  # type: ignore[operator]
        ):
            raise ScoringError(
                setting.refusal, field=where, key=key, minimum=setting.minimum, maximum=setting.maximum
            )
        else:
            sent[part.name] = value
    return replace(base, **sent)
