"""The page forms: a new session, the settings sheet, and a round typed without JavaScript.

They only reshape what the page sent into the values the services take; every
rule is checked by inputs.py / scoring.py, and their messages land on the field
they name.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rounds.inputs import SessionSettings, clean_players, clean_settings
from rounds.presets import DEFAULT_PRESET
from rounds.rules import fields
from rounds.rules.fields import Kind
from rounds.rules.mode import Game
from rounds.rules.ruleset import MAX_PLAYERS, Mode
from rounds.rules.scoring import RoundEntry
from rounds.web.form_fields import (
    FORM_FIELDS,
    LENGTH_SETTINGS,
    MAX_TYPED_AMOUNT,
    Shown,
    by_place_own,
    choices_of,
    form_field,
    scoring_own,
    typed_settings,
)
from rounds.web.form_values import (
    ITEM_VALUES,
    PLACE_PARTS,
    PLACE_TABLES,
    TIEN_LEN_TYPED,
    TWOS_OFF,
    as_initial,
    form_values,
)
from toolkit.messages import Refusal
from toolkit.refusals import translated

# Tier rows under the base rate: at most 13 tiers in all, one per card count (SPEC 2).
EXTRA_TIERS = 12
PLACES = 3  # amounts for 2nd, 3rd and 4th place (SPEC 3.6)
BY_PLACE = Mode.BY_PLACE.value
LENGTH_CHOICES = [
    ("open", pgettext_lazy("length", "Open")),
    ("rounds", pgettext_lazy("length", "Rounds")),
    ("target", pgettext_lazy("length", "Target")),
]


MODE, TIERS, TWOS = fields.BY_NAME["mode"], fields.BY_NAME["tiers"], fields.TWOS
MODE_CHOICES = choices_of(MODE)
GAME = fields.BY_NAME["game"]
TIEN_LEN_UNUSED = frozenset({*fields.NOT_TIEN_LEN, "mode"})  # the form's Big Two fields
TWOS_CHOICES = [
    (TWOS_OFF, pgettext_lazy("twos rule", "Off")),
    *((part.picked_as, _(part.picked_label or part.label)) for part in TWOS.parts),
]


# Django's own messages ("Ensure this value is greater than or equal to 1.") said in the app's
# words; the page puts the field's label before each.
NUMBER_MESSAGES = {
    "required": _("give a number"),
    "invalid": _("give a whole number"),
    "min_value": _("at least %(limit_value)s"),
    "max_value": _("at most %(limit_value)s"),
}


def plain_messages(form: forms.Form) -> None:
    for field in form.fields.values():
        if isinstance(field, forms.IntegerField):  # DecimalField is one too
            field.error_messages.update(NUMBER_MESSAGES)
            if isinstance(field, forms.DecimalField):
                field.error_messages["invalid"] = _("give a number")


def shown_when(setting: fields.Setting) -> str:
    """What the form shows a setting under: the flag its declaration names, else the modes that
    use it when not all do ("mode=points|winner_takes_all|pay_difference": ♠2 and bombs, but
    not our own scores; "zero_sum" under our own scores only)."""
    if setting.shown_when or not setting.modes or set(setting.modes) >= set(MODE.choices):
        return setting.shown_when
    return "mode=" + "|".join(mode for mode in MODE.choices if mode in setting.modes)


class SettingsFields(forms.Form):
    """How a session scores and how long it runs: every setting's field, from its declaration, and
    the changes they make. A page's form is built on it by settings_form(), with its own fields."""

    max_tier_rows = EXTRA_TIERS
    game_fixed = False  # settings_form(): the game shown, not offered

    mode = forms.ChoiceField(choices=MODE_CHOICES, initial=Mode.POINTS.value, label=_(MODE.label))
    base_rate = forms.IntegerField(min_value=1, max_value=1000, initial=1, label=_(TIERS.label))
    twos_rule = forms.ChoiceField(choices=TWOS_CHOICES, required=False, label=_(TWOS.label))
    length = forms.ChoiceField(choices=LENGTH_CHOICES, initial="open", label=_("Length"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("initial", as_initial(form_values(DEFAULT_PRESET.as_json())))
        super().__init__(*args, **kwargs)
        for setting in typed_settings():
            self.fields[setting.name] = form_field(setting)
        for number in range(1, EXTRA_TIERS + 1):
            self.fields[f"tier_from_{number}"] = forms.IntegerField(
                required=False, min_value=2, max_value=13, label=_("Higher rate: from how many cards")
            )
            self.fields[f"tier_times_{number}"] = forms.DecimalField(
                required=False,
                min_value=Decimal("0.5"),
                max_digits=6,
                decimal_places=2,
                label=_("Higher rate: multiple of the base rate"),
            )
        for table, label in ((part.name, _(part.label)) for part in PLACE_PARTS if part.kind is Kind.AMOUNTS):
            for number in range(1, PLACES + 1):
                self.fields[f"{table}_{number}"] = forms.IntegerField(
                    required=False, min_value=0, max_value=MAX_TYPED_AMOUNT, label=label
                )
        plain_messages(self)
        self.changes: dict[str, object] = {}
        self.settings: SessionSettings | None = None

    def shown(self, settings: Sequence[fields.Setting]) -> list[Shown]:
        return [Shown(setting, self[setting.name], shown_when(setting)) for setting in settings]

    def twos_parts(self) -> list[Shown]:
        """Each part of the twos rule, shown while the rule's choice picks it."""
        return [
            Shown(part, self[part.name] if part.name in self.fields else None, f"twos_rule={part.picked_as}")
            for part in TWOS.parts
        ]

    def by_place_settings(self) -> list[Shown]:
        """What paying by place sets besides its tables: the heavy round, the house's cut and name."""
        return self.shown([*(part for part in PLACE_PARTS if part in typed_settings()), *by_place_own()])

    # The cards part (tiers, 2s) and the places part (amounts, heavy rounds, the house), each under
    # the modes that use it.
    cards_shown_when = shown_when(TWOS)
    places_shown_when = shown_when(fields.PLACES)

    def game_settings(self) -> list[Shown]:
        """The game, first: Big Two's fields show under it while it is Big Two."""
        return self.shown([GAME])

    def scoring_settings(self) -> list[Shown]:
        return self.shown([setting for setting in scoring_own() if setting is not GAME])

    def tien_len_settings(self) -> list[Shown]:
        """Tiến lên's numbers (what the first and second are paid, the kill, instant win and chop
        times), shown while the game is Tiến lên."""
        return [Shown(part, self[part.name], f"game={Game.TIEN_LEN.value}") for part in TIEN_LEN_TYPED]

    # What each item is worth: its own box, shown under the game like the numbers, open when one
    # of them was refused.
    item_values_label = _(ITEM_VALUES.label)

    def item_values(self) -> list[Shown]:
        return [Shown(part, self[part.name]) for part in ITEM_VALUES.parts]

    def item_values_refused(self) -> bool:
        return any(self[part.name].errors for part in ITEM_VALUES.parts)

    def length_choices(self) -> list[tuple[str, str, str]]:
        """The length's choices, each with what it is shown under: a limit Tiến lên does not play
        (a target) only while the game is Big Two."""
        return [
            (
                value,
                label,
                ""
                if value not in fields.BY_NAME or Mode.TIEN_LEN in fields.BY_NAME[value].modes
                else f"game={Game.BIG_TWO.value}",
            )
            for value, label in LENGTH_CHOICES
        ]

    def tier_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """The tier rows that hold something (or an error); the page adds and removes rows."""
        rows = [(self[f"tier_from_{n}"], self[f"tier_times_{n}"]) for n in range(1, EXTRA_TIERS + 1)]
        return [
            (from_field, times_field)
            for from_field, times_field in rows
            if from_field.value() not in (None, "")
            or times_field.value() not in (None, "")
            or from_field.errors
        ]

    @property
    def spare_tier_number(self) -> int | None:
        """One empty row more, for a page without JavaScript (the script adds rows instead)."""
        count = len(self.tier_fields())
        return count + 1 if count < EXTRA_TIERS else None

    def place_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """(normal, heavy) amount of each place, 2nd to 4th."""
        return [tuple(self[f"{table}_{n}"] for table in PLACE_TABLES) for n in range(1, PLACES + 1)]

    def tiers(self, base: int) -> list[list[int]]:
        tiers = [[1, base]]
        for number in range(1, EXTRA_TIERS + 1):
            from_cards = self.cleaned_data.get(f"tier_from_{number}")
            times = self.cleaned_data.get(f"tier_times_{number}")
            if from_cards is None and times is None:
                continue
            if from_cards is None or times is None:
                self.add_error(f"tier_from_{number}", _("Give both the card count and the multiple"))
                continue
            rate = times * base
            if rate != rate.to_integral_value():
                self.add_error(
                    f"tier_times_{number}",
                    _("×%(times)s of %(base)s points is not a whole number of points")
                    % {"times": times.normalize(), "base": base},
                )
                continue
            tiers.append([from_cards, int(rate)])
        return sorted(tiers)

    def place_amounts(self, table: str) -> list[int]:
        """2nd, 3rd, 4th place in order; a blank stops the table (3 players use two amounts)."""
        amounts = [self.cleaned_data.get(f"{table}_{number}") for number in range(1, PLACES + 1)]
        given = [amount for amount in amounts if amount is not None]
        if amounts[: len(given)] != given:
            self.add_error(f"{table}_{len(given)}", _("Give the amounts in order, 2nd place first"))
        return given

    def twos(self, data: dict) -> dict | None:
        rule = data.get("twos_rule") or TWOS_OFF
        if Mode(data["mode"]) not in TWOS.modes or rule == TWOS_OFF:
            return None  # places pay fixed amounts: the 2s rule is not offered there
        part = next(part for part in TWOS.parts if part.picked_as == rule)
        return {part.name: True if part.kind is Kind.FLAG else data.get(part.name) or part.offered}

    def places(self, data: dict) -> dict:
        return {
            **{table: self.place_amounts(table) for table in PLACE_TABLES},
            **{
                part.name: part.default if data.get(part.name) is None else data[part.name]
                for part in PLACE_PARTS
                if part.kind is not Kind.AMOUNTS
            },
        }

    @staticmethod
    def tien_len(data: dict) -> dict:
        """Tiến lên's settings as typed (a blank keeps what the session has): its numbers and
        switches, and what each item is worth as an object of its own."""
        typed = {part.name: data[part.name] for part in TIEN_LEN_TYPED if data.get(part.name) is not None}
        values = {part.name: data[part.name] for part in ITEM_VALUES.parts if data.get(part.name) is not None}
        return typed | ({ITEM_VALUES.name: values} if values else {})

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        self.changes = {
            "mode": data["mode"],
            "tiers": self.tiers(data["base_rate"]),
            "twos": self.twos(data),
            "rounds": data.get("rounds") if data["length"] == "rounds" else None,
            "target": data.get("target") if data["length"] == "target" else None,
        }
        for setting in fields.SETTINGS:
            if setting.kind not in FORM_FIELDS or setting.name in LENGTH_SETTINGS:
                continue
            value = data.get(setting.name)
            if setting.kind is Kind.CHOICE and not value:
                continue  # a page from before the choice existed keeps it
            if setting.kind is Kind.FROM:  # a threshold typed, or empty for off
                self.changes[setting.name] = None if value is None else {"from": value}
            elif Mode(data["mode"]) in setting.modes:
                self.changes[setting.name] = (
                    value.strip()
                    if setting.kind is Kind.NAME
                    else value
                    if setting.kind is Kind.FLAG  # unticked is off, even where on is the default
                    else value or setting.default
                )
        if data["mode"] == BY_PLACE:
            self.changes["places"] = self.places(data)
        if data["mode"] == Mode.OWN_SCORES:  # the hands are typed scores: no card rules
            self.changes = {
                name: value for name, value in self.changes.items() if name not in fields.NOT_OWN_SCORES
            }
        if data.get("game") == Game.TIEN_LEN:  # its own rules: Big Two's fields are left as they are
            self.changes = {
                name: value for name, value in self.changes.items() if name not in TIEN_LEN_UNUSED
            } | {
                "game": Game.TIEN_LEN.value,
                "tien_len": self.tien_len(data),
            }  # a target typed is kept, to be refused in its own words (it does not apply to Tiến lên)
        if data["length"] in {"rounds", "target"} and self.changes[data["length"]] is None:
            self.add_error(data["length"], _("Give a number"))
        try:
            self.settings = clean_settings(self.changes)
        except Refusal as error:
            self.add_error(self.field_of(error.field), translated(error))
        return data

    def field_of(self, name: str | None) -> str | None:
        """The form field a refusal of the API's field `name` ("tiers", "places.pays") lands on."""
        if name is None:
            return None
        last = name.split(".")[-1]
        if last in self.fields:
            return last
        return {"tiers": "tier_from_1", "twos": "twos_rule", "places": "pays_1", "pays": "pays_1"}.get(
            last, f"{last}_1" if f"{last}_1" in self.fields else None
        )


def settings_form(name: str, *, game_fixed: bool = False, **own_fields: forms.Field) -> type[SettingsFields]:
    """A form of the settings built from their declarations, with a page's own fields after them:
    the settings sheet's rescore, a new session's or a group's seats drawn. `game_fixed`: the game
    is shown, not offered (a session's, chosen when it started)."""
    return type(name, (SettingsFields,), {"game_fixed": game_fixed, **own_fields})


# The settings sheet, mid-evening: the settings, and whether the rounds played are scored again.
SettingsForm = settings_form(
    "SettingsForm",
    game_fixed=True,
    rescore=forms.BooleanField(required=False, label=_("Rescore every round with these rules")),
)
NewSessionSettings = settings_form(
    "NewSessionSettings", randomize_seats=forms.BooleanField(required=False, label=_("Randomize seats"))
)


class SessionForm(NewSessionSettings):
    """A new session: the settings, the players and whether to shuffle their seats."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        for index in range(MAX_PLAYERS):
            self.fields[f"player_{index}"] = forms.CharField(
                required=False, max_length=60, label=_("Player %(number)s") % {"number": index + 1}
            )
        self.players: list[str] = []

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{index}"] for index in range(MAX_PLAYERS)]

    def clean(self) -> dict:
        data = super().clean()
        if any(field.startswith("player_") for field in self.errors):
            return data  # a name the field itself refused (a NUL): say that, not "give 2 to 4 names"
        names = [(data.get(f"player_{index}") or "").strip() for index in range(MAX_PLAYERS)]
        filled = [(index, name) for index, name in enumerate(names) if name]
        try:
            self.players = clean_players([name for _, name in filled])
        except Refusal as error:
            field = f"player_{filled[error.player][0]}" if error.player is not None else "player_0"
            self.add_error(field, translated(error))
        return data


class RoundForm:
    """A round from the no-JavaScript form: one `cards` (and `twos`) value per player."""

    def __init__(self, data: dict, player_count: int) -> None:
        self.data = data
        self.player_count = player_count

    def entry(self) -> RoundEntry:
        cards = [self.number(value) for value in self.data.getlist("cards")][: self.player_count]
        twos = [self.number(value) or 0 for value in self.data.getlist("twos")][: self.player_count]
        covering = self.data.get("covering", "").strip()
        return RoundEntry(
            cards=tuple(cards),
            twos=tuple(twos) if twos else None,
            covering=self.number(covering) if covering else None,
        )

    @staticmethod
    def number(value: str) -> int | str:
        """A whole number (in any script's digits, at most 3 of them), or the text as typed so the
        rules can say what is wrong with it."""
        text = value.strip()
        digits = text.removeprefix("-")
        if not (0 < len(digits) <= 3 and digits.isdecimal()):
            return value
        return int(text)
