"""Each setting of a session declared once: its key in the settings JSON (the API's bodies, the
state, a group's rules, a device's saved setups), its kind and bounds, its default, the modes that
use it, and its label and help as the settings form shows them.

No Django here: labels are English, marked with gettext_noop for makemessages and translated
where they are shown. What derives from these declarations: the JSON parse and its refusals
(rounds/inputs.py; a part's by rounds/rules/places.py), the settings' OpenAPI schemas
(rounds/openapi_schemas.py), the form's fields, values and layout (rounds/form_fields.py,
rounds/forms.py), the state's settings (rounds/state.py), how a session keeps them
(Session.own_setting: a column, or by name in its options), which settings an event refuses
outside by_place (events/inputs.py), and what the pages' scripts read
(rounds/templatetags/table.py puts it in the page as JSON). A new setting is declared here; its
value, the rule that uses it and a template that lays it out are the only other places it is
written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import (
    COVERING_WORDS,
    MAX_CARDS,
    MAX_PLACES,
    CoveringStyle,
    Mode,
    Places,
    gettext_noop,
)


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


ALL_MODES: Final = frozenset(Mode)
CARD_MODES: Final = frozenset(Mode) - {Mode.BY_PLACE}


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


DEFAULT_PLACES: Final = Places()

POINTS_PER_TWO: Final = Setting(
    "points_per_two",
    Kind.COUNT,
    label=gettext_noop("Points per 2 held"),
    minimum=1,
    maximum=100,
    offered=4,
    picked_as="points",
    picked_label=gettext_noop("Points per 2"),
)
DOUBLES: Final = Setting(
    "doubles",
    Kind.FLAG,
    True,
    label=gettext_noop("Each 2 doubles"),
    help=gettext_noop(
        "Each 2 a loser holds doubles what their cards cost: 8 cards with two 2s pay 8 × 2 × 2 = 32."
    ),
    picked_as="doubles",
    refusal=gettext_noop('Twos rule: "doubles" can only be true (give null to turn the twos rule off)'),
)
PAYS: Final = Setting(
    "pays", Kind.AMOUNTS, list(DEFAULT_PLACES.pays), label=gettext_noop("Each place pays"), maximum=MAX_PLACES
)
HEAVY_PAYS: Final = Setting(
    "heavy_pays",
    Kind.AMOUNTS,
    list(DEFAULT_PLACES.heavy_pays),
    label=gettext_noop("A heavy round pays"),
    maximum=MAX_PLACES,
)
HEAVY_FROM: Final = Setting(
    "heavy_from",
    Kind.COUNT,
    DEFAULT_PLACES.heavy_from,
    label=gettext_noop("Heavy when a loser holds at least (cards)"),
    minimum=1,
    maximum=MAX_CARDS,
    refusal=gettext_noop("Places: heavy_from is the cards left that make a round heavy, from 1 to 13"),
)
HOUSE_CUT: Final = Setting(
    "house_cut",
    Kind.AMOUNT,
    DEFAULT_PLACES.house_cut,
    label=gettext_noop("The winner of a heavy round gives the house"),
    refusal=gettext_noop("Places: house_cut is a whole number, 0 for no cut"),
)

SETTINGS: Final[tuple[Setting, ...]] = (
    Setting(
        "mode",
        Kind.CHOICE,
        Mode.POINTS.value,
        label=gettext_noop("Scoring"),
        choices=tuple(mode.value for mode in Mode),
        choice_labels=(
            gettext_noop("Points"),
            gettext_noop("Winner takes all"),
            gettext_noop("Pay the difference"),
            gettext_noop("Paying by place"),
        ),
        rule=True,
        always_shown=True,
        refusal=gettext_noop("Mode: choose points, winner_takes_all, pay_difference or by_place"),
        preset=True,
    ),
    Setting(
        "tiers", Kind.TIERS, label=gettext_noop("Points per card"), rule=True, always_shown=True, preset=True
    ),
    Setting(
        "places",
        Kind.PLACES,
        label=gettext_noop("Paying by place"),
        modes=frozenset({Mode.BY_PLACE}),
        null_is_default=True,
        rule=True,
        parts=(PAYS, HEAVY_PAYS, HEAVY_FROM, HOUSE_CUT),
        refusal=gettext_noop("Places: give pays, heavy_pays, heavy_from and house_cut (each optional)"),
        preset=True,
    ),
    Setting(
        "twos",
        Kind.TWOS,
        label=gettext_noop("2s held"),
        modes=CARD_MODES,
        nullable=True,
        rule=True,
        always_shown=True,
        parts=(POINTS_PER_TWO, DOUBLES),
        refusal=gettext_noop(
            'Twos rule: give null, {"points_per_two": N} with N from 1 to 100, or {"doubles": true}'
        ),
        preset=True,
    ),
    Setting(
        "covering_style",
        Kind.CHOICE,
        CoveringStyle.PAYS_FOR_EVERYONE.value,
        label=gettext_noop("The covering player"),
        choices=tuple(style.value for style in CoveringStyle),
        choice_labels=tuple(COVERING_WORDS[style] for style in CoveringStyle),
        help=gettext_noop(
            "Pays for everyone: pays what the other losers owe and receives nothing. Takes the whole"
            " loss: bears the sum of every loser's penalty, and the other losers bear none."
        ),
        rule=True,
        shown_when="covering_rule",
        explained_at="covering",
        refusal=gettext_noop("covering_style: choose pays_for_everyone or takes_whole_loss"),
    ),
    Setting(
        "rounds",
        Kind.COUNT,
        label=gettext_noop("Rounds"),
        minimum=1,
        maximum=999,
        nullable=True,
        always_shown=True,
        offered=7,
        attribute="rounds_limit",
        refusal=gettext_noop("Rounds: give null (open-ended) or a whole number from 1 to %(maximum)s"),
        preset=True,
    ),
    Setting(
        "target",
        Kind.COUNT,
        label=gettext_noop("Target"),
        minimum=1,
        maximum=100_000,
        modes=frozenset({Mode.POINTS}),
        nullable=True,
        always_shown=True,
        offered=50,
        refusal=gettext_noop("Target: give null or a whole number of points from 1 to %(maximum)s"),
        panel=True,
        preset=True,
    ),
    Setting(
        "value_per_point",
        Kind.MONEY,
        label=gettext_noop("Value per point"),
        max_length=20,
        nullable=True,
        always_shown=True,
    ),
    Setting(
        "currency",
        Kind.CODE,
        "",
        label=gettext_noop("Currency"),
        max_length=8,
        null_is_default=True,
        always_shown=True,
    ),
    Setting(
        "covering_rule",
        Kind.FLAG,
        False,
        label=gettext_noop("Covering (the assistant rule): one loser a round may be marked as covering"),
        refusal=gettext_noop("covering_rule: give true or false"),
        panel=True,
    ),
    Setting(
        "house_name",
        Kind.NAME,
        "",
        label=gettext_noop("The house (who keeps the score, not playing)"),
        max_length=MAX_NAME_LENGTH,
        modes=frozenset({Mode.BY_PLACE}),
        null_is_default=True,
        panel=True,
        placeholder=gettext_noop("House"),
    ),
)
BY_NAME: Final[Mapping[str, Setting]] = {setting.name: setting for setting in SETTINGS}
RULES: Final = tuple(setting for setting in SETTINGS if setting.rule)
SESSION: Final = tuple(setting for setting in SETTINGS if not setting.rule)  # the session's own
PRESET: Final = tuple(setting for setting in SETTINGS if setting.preset)  # what a quick setup sets
