"""What a setting is: how one setting of a session is declared (its kind, bounds, default, modes,
label and help), and `declared()`, which makes a value's field its declaration.

No Django and no setting here: a round's rules declare theirs on their own fields (ruleset.py),
the session's own are declared in fields.py, which puts them all in one order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields, replace
from enum import Enum, StrEnum
from functools import cache
from typing import Any, Final

from rounds.rules.mode import BY_CARDS, Mode


class Kind(StrEnum):
    """What a setting's value is in the JSON; each kind has one parse, one schema, one form field."""

    CHOICE = "choice"  # one of `choices`
    COUNT = "count"  # a whole number from `minimum` to `maximum`
    AMOUNT = "amount"  # a whole number of points, 0 or more
    AMOUNTS = "amounts"  # 1 to 3 amounts, for 2nd, 3rd and 4th place
    FLAG = "flag"  # true or false
    CODE = "code"  # a short code or symbol, at most `max_length` characters
    NAME = "name"  # a name, as a player's (rounds/rules/names.py)
    MONEY = "money"  # a decimal amount, shown as a string ("0.50")
    TIERS = "tiers"  # the penalty table: [[from cards, points a card], ...]
    TWOS = "twos"  # one of its `parts`, or null: off
    PLACES = "places"  # an object of its `parts`, each optional in a body
    PARTS = "parts"  # the same, checked by its value's own from_json() (Tiến lên's settings)
    FROM = "from"  # a threshold as {"from": N}, N from `minimum` to `maximum`, or null: off


ALL_MODES: Final = frozenset(Mode)
CARD_MODES: Final = BY_CARDS - {Mode.BY_PLACE}  # a penalty from the cards left: the 2s count


@dataclass(frozen=True)
class Setting:
    """One setting as the JSON carries it. `nullable`: null is a value of its own (the rule off,
    no limit, no wager) and the state shows it; `null_is_default`: a body may send null for the
    default. `rule`: one of a round's own rules (RoundRules), the rest are the session's.
    `always_shown`: every state carries it. `offered`: what the form offers when the setting is
    turned on (7 rounds, 4 points a 2). `attribute`: its name on SessionSettings when not `name`.
    `refusal`: the message when the value is refused; `choice_labels`: each choice's words.
    `preset`: a quick setup sets it (rounds/presets.py); a session keeps the rest over one.
    `panel`: the entry panel works with it, as with every rule (static/js/session.js redraws the
    panel when one changes). `help`: a hint the form shows with it.
    How the form lays it out: `picked_as`, the value of its setting's choice on the form that
    turns this part on (the twos rule), and `picked_label` that choice's words when not `label`;
    `shown_when`, the flag the form shows it under; `placeholder`, what its field shows empty;
    `explained_at`, the rules page's section linked after its help."""

    name: str
    kind: Kind
    default: object = None
    label: str = ""
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()
    modes: frozenset[Mode] = ALL_MODES
    nullable: bool = False
    null_is_default: bool = False
    rule: bool = False
    always_shown: bool = False
    offered: object = None
    attribute: str = ""
    refusal: str = ""
    parts: tuple[Setting, ...] = ()
    panel: bool = False
    preset: bool = False
    picked_as: str = ""
    picked_label: str = ""
    shown_when: str = ""
    placeholder: str = ""
    explained_at: str = ""

    @property
    def stored_as(self) -> str:
        return self.attribute or self.name

    def choice_label(self, value: str) -> str:
        """A choice's words as declared (untranslated: gettext_noop), e.g. the game "Tiến lên"."""
        return self.choice_labels[self.choices.index(value)]


# --- A value's fields as their own declarations ---------------------------------------------------

DECLARED: Final = "setting"  # where a field's metadata keeps its declaration


def declared(default: object, kind: Kind, **declaration: Any) -> Any:
    """A field of a value (a round's rules, the places, the twos rule) declared as the setting it
    is: its name is the field's (declarations() gives it), its default the field's, as the JSON
    has it. `load`: what turns its JSON back into the value (stored JSON is trusted)."""
    load = declaration.pop("load", None)
    return field(
        default=default,
        metadata={DECLARED: Setting("", kind, json_value(default), **declaration), "load": load},
    )


@cache
def declared_fields(cls: type) -> tuple[Field, ...]:
    """A value class's declared fields, in their order (read once per class: every round's rules
    are written and read through them)."""
    return tuple(part for part in fields(cls) if DECLARED in part.metadata)


@cache
def declarations(cls: type) -> tuple[Setting, ...]:
    """The settings a value's fields declare, in their order, each named as its field."""
    return tuple(replace(part.metadata[DECLARED], name=part.name) for part in declared_fields(cls))


def json_value(value: object) -> object:
    """A declared field's value as its JSON has it: an enum's value, lists for tuples, a value of
    declared fields as its own to_json()."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


def stored_value(part: Field, raw: object) -> object:
    """A declared field's value from its JSON: by its `load`, or lists back to tuples."""
    if raw is not None and part.metadata["load"] is not None:
        return part.metadata["load"](raw)
    return tuple(raw) if isinstance(raw, list) else raw


def to_json(value: object) -> dict:
    """Each declared field of `value` under its own name."""
    return {part.name: json_value(getattr(value, part.name)) for part in declared_fields(type(value))}


def from_json(cls: type, raw: Mapping) -> Any:
    """A value from its JSON (stored or already checked); a missing key takes the field's default."""
    return cls(
        **{part.name: stored_value(part, raw[part.name]) for part in declared_fields(cls) if part.name in raw}
    )
