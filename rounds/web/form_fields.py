"""Each setting's field on the settings form, from its declaration (rounds/rules/fields.py): the
form field of its kind, with its bounds, label and what the form offers; and where the form lays it
out, with the partial of its kind (templates/rounds/fields/)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rounds.rules import fields
from rounds.rules.fields import Kind

MAX_TYPED_AMOUNT = 100_000  # an amount typed on the form (the rules allow more through the API)
LENGTH_SETTINGS = frozenset({"rounds", "target"})  # the length's choice picks one, or neither


def choices_of(setting: fields.Setting) -> list[tuple[str, Promise]]:
    return [(value, _(setting.choice_label(value))) for value in setting.choices]


@cache
def typed_settings() -> tuple[fields.Setting, ...]:
    """The settings typed into a field of their own (the rest are shown specially: the mode's
    radios, the tier rows, the twos rule's choice, the place tables, the length's choice); read
    from the declarations once."""
    typed = [setting for setting in fields.SETTINGS if setting.kind in FORM_FIELDS and setting.name != "mode"]
    for setting in fields.SETTINGS:
        # A flag a choice picks (the twos rule's doubling) is that choice, not a box of its own;
        # the other flags (Tiến lên's killed, left in hand, chops, instant win) are boxes to tick.
        # A part of parts (what each Tiến lên item is worth) is typed part by part.
        typed += [
            part
            for part in parts_typed(setting)
            if part.kind in FORM_FIELDS and not (part.kind is Kind.FLAG and part.picked_as)
        ]
    return tuple(typed)


def parts_typed(setting: fields.Setting) -> list[fields.Setting]:
    """A setting's parts as the form types them: a part made of parts, each of its own."""
    return [inner for part in setting.parts for inner in (part.parts if part.kind is Kind.PARTS else (part,))]


def form_field(setting: fields.Setting) -> forms.Field:
    """A setting's form field, from its declaration: its bounds, what the form offers, its label."""
    initial = setting.offered if setting.offered is not None else setting.default
    return FORM_FIELDS[setting.kind](setting, required=False, initial=initial, label=_(setting.label))


FORM_FIELDS: dict[Kind, Callable[..., forms.Field]] = {
    Kind.CHOICE: lambda setting, **common: forms.ChoiceField(choices=choices_of(setting), **common),
    Kind.COUNT: lambda setting, **common: forms.IntegerField(
        min_value=setting.minimum, max_value=setting.maximum, **common
    ),
    # A threshold: its number typed, left empty for off.
    Kind.FROM: lambda setting, **common: forms.IntegerField(
        min_value=setting.minimum, max_value=setting.maximum, **common
    ),
    Kind.AMOUNT: lambda setting, **common: forms.IntegerField(
        min_value=0, max_value=MAX_TYPED_AMOUNT, **common
    ),
    Kind.FLAG: lambda setting, **common: forms.BooleanField(**common),
    Kind.CODE: lambda setting, **common: forms.CharField(max_length=setting.max_length, **common),
    Kind.NAME: lambda setting, **common: forms.CharField(max_length=setting.max_length, **common),
    Kind.MONEY: lambda setting, **common: forms.CharField(max_length=setting.max_length, **common),
}


@cache
def by_place_own() -> tuple[fields.Setting, ...]:
    """The settings typed on the form that paying by place alone uses (the house's name)."""
    return tuple(setting for setting in typed_settings() if setting.name in fields.ONLY_BY_PLACE)


@cache
def scoring_own() -> tuple[fields.Setting, ...]:
    """The other settings typed in the form's scoring part: the rules and what the entry panel works
    with (covering), each after the flag it is shown under; the length's and paying by place's aside."""
    own = [
        setting
        for setting in typed_settings()
        if (setting.rule or setting.panel)
        and setting.name not in LENGTH_SETTINGS
        and setting not in by_place_own()
        and setting in fields.SETTINGS
    ]
    return tuple(sorted(own, key=lambda setting: bool(setting.shown_when)))


# Each kind's input on the page (templates/rounds/fields/).
PARTIALS = {
    Kind.CHOICE: "choice",
    Kind.COUNT: "number",
    Kind.FROM: "number",
    Kind.AMOUNT: "number",
    Kind.FLAG: "flag",
    Kind.NAME: "text",
    Kind.CODE: "text",
    Kind.MONEY: "text",
}


@dataclass(frozen=True)
class Shown:
    """A setting as the form lays it out: its field (none for a part its choice alone turns on),
    its kind's partial, and what it is shown under on the page (data-shown-when: a flag's name, or
    a choice's "name=value")."""

    setting: fields.Setting
    field: forms.BoundField | None
    shown_when: str = ""

    @property
    def partial(self) -> str:
        return f"rounds/fields/_{PARTIALS[self.setting.kind]}.html"

    @property
    def help(self) -> str:
        return _(self.setting.help) if self.setting.help else ""

    @property
    def fixed(self) -> bool:
        """A choice shown as it is, the others not to be picked: the game of a session already
        started (SPEC 14: chosen at the start, fixed for the session)."""
        return self.setting is fields.GAME and getattr(self.field.form, "game_fixed", False)

    @property
    def placeholder(self) -> str:
        return _(self.setting.placeholder) if self.setting.placeholder else ""
