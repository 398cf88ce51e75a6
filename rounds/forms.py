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

from rounds.errors import translated
from rounds.inputs import SessionSettings, clean_players, clean_settings
from rounds.presets import DEFAULT_PRESET, PRESETS, Preset
from rounds.scoring import MAX_PLAYERS, CoveringStyle, Mode, RoundEntry, ScoringError

EXTRA_TIERS = 3
LENGTH_CHOICES = [
    ("open", pgettext_lazy("length", "Open")),
    ("rounds", pgettext_lazy("length", "Rounds")),
    ("target", pgettext_lazy("length", "Target")),
]
MODE_CHOICES = [
    (Mode.POINTS.value, _("Points")),
    (Mode.WINNER_TAKES_ALL.value, _("Winner takes all")),
    (Mode.PAY_DIFFERENCE.value, _("Pay the difference")),
    (Mode.BY_PLACE.value, _("Paying by place")),
]
COVERING_STYLE_CHOICES = [
    (CoveringStyle.PAYS_FOR_EVERYONE.value, _("pays for everyone")),
    (CoveringStyle.TAKES_WHOLE_LOSS.value, _("takes the whole loss")),
]


def times_text(rate: int, base: int) -> str:
    """A tier's rate as a multiple of the base rate, the way tables say it ("2", "1.5")."""
    return f"{(Decimal(rate) / Decimal(base)).normalize():f}"


def form_values(
    *,
    mode: str,
    tiers: Sequence[Sequence[int]],
    points_per_two: int | None,
    rounds: int | None,
    target: int | None,
) -> dict:
    """Settings the way the form shows them: a base rate and tiers as multiples of it."""
    base = tiers[0][1]
    return {
        "mode": mode,
        "base_rate": base,
        "tiers": [[from_cards, times_text(rate, base)] for from_cards, rate in tiers[1:]],
        "twos_on": points_per_two is not None,
        "points_per_two": points_per_two or 4,
        "length": "rounds" if rounds else "target" if target else "open",
        "rounds": rounds or 7,
        "target": target or 50,
    }


def preset_form_values(preset: Preset) -> dict:
    """What a quick setup (the ⚙ buttons) fills in."""
    return form_values(
        mode=preset.rules.mode.value,
        tiers=preset.rules.tiers,
        points_per_two=preset.rules.points_per_two,
        rounds=preset.rounds,
        target=preset.target,
    )


def as_initial(values: dict) -> dict:
    initial = {key: value for key, value in values.items() if key != "tiers"}
    for number, (from_cards, times) in enumerate(values["tiers"], start=1):
        initial[f"tier_from_{number}"] = from_cards
        initial[f"tier_times_{number}"] = times
    return initial


def initial_from_state(settings: dict) -> dict:
    """The settings form of a running session, from its state payload."""
    twos = settings["twos"]
    values = form_values(
        mode=settings["mode"],
        tiers=settings["tiers"],
        points_per_two=twos["points_per_two"] if twos else None,
        rounds=settings["rounds"],
        target=settings["target"],
    )
    return as_initial(values) | {
        "value_per_point": settings["value_per_point"] or "",
        "currency": settings["currency"],
        "covering_rule": settings["covering_rule"],
        "covering_style": settings["covering_style"],
    }


def presets_for_page() -> list[dict]:
    return [
        {
            "id": preset.id,
            "name": str(preset.name),
            "description": str(preset.description),
            "values": preset_form_values(preset),
        }
        for preset in PRESETS
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


class SettingsForm(forms.Form):
    """How a session scores and how long it runs, as one form (new session, or mid-evening)."""

    mode = forms.ChoiceField(choices=MODE_CHOICES, initial=Mode.POINTS.value, label=_("Scoring"))
    base_rate = forms.IntegerField(min_value=1, max_value=1000, initial=1, label=_("Points per card"))
    twos_on = forms.BooleanField(required=False, label=_("Count leftover 2s"))
    points_per_two = forms.IntegerField(
        min_value=1, max_value=100, initial=4, required=False, label=_("Points per 2")
    )
    covering_rule = forms.BooleanField(required=False, label=_("Covering (assistant rule)"))
    covering_style = forms.ChoiceField(
        choices=COVERING_STYLE_CHOICES,
        required=False,
        initial=CoveringStyle.PAYS_FOR_EVERYONE.value,
        label=_("The covering player"),
    )
    length = forms.ChoiceField(choices=LENGTH_CHOICES, initial="open", label=_("Length"))
    rounds = forms.IntegerField(min_value=1, max_value=999, initial=7, required=False, label=_("Rounds"))
    target = forms.IntegerField(min_value=1, max_value=100000, initial=50, required=False, label=_("Target"))
    value_per_point = forms.CharField(required=False, max_length=20, label=_("Value per point"))
    currency = forms.CharField(required=False, max_length=8, label=_("Currency"))
    rescore = forms.BooleanField(required=False, label=_("Rescore every round with these rules"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("initial", as_initial(preset_form_values(DEFAULT_PRESET)))
        super().__init__(*args, **kwargs)
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
        plain_messages(self)
        self.changes: dict[str, object] = {}
        self.settings: SessionSettings | None = None

    def tier_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"tier_from_{n}"], self[f"tier_times_{n}"]) for n in range(1, EXTRA_TIERS + 1)]

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

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        self.changes = {
            "mode": data["mode"],
            "tiers": self.tiers(data["base_rate"]),
            "twos": {"points_per_two": data.get("points_per_two") or 4} if data.get("twos_on") else None,
            "rounds": data.get("rounds") if data["length"] == "rounds" else None,
            "target": data.get("target") if data["length"] == "target" else None,
            "value_per_point": data.get("value_per_point") or None,
            "currency": data.get("currency") or "",
            "covering_rule": data.get("covering_rule", False),
        }
        if data.get("covering_style"):  # a page from before the choice existed keeps the style
            self.changes["covering_style"] = data["covering_style"]
        if data["length"] in {"rounds", "target"} and self.changes[data["length"]] is None:
            self.add_error(data["length"], _("Give a number"))
        try:
            self.settings = clean_settings(self.changes)
        except ScoringError as error:
            field = (
                error.field
                if error.field in self.fields
                else "tier_from_1"
                if error.field == "tiers"
                else None
            )
            self.add_error(field, translated(error))
        return data


class SessionForm(SettingsForm):
    """A new session: the settings, the players and whether to shuffle their seats."""

    randomize_seats = forms.BooleanField(required=False, label=_("Randomize seats"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["rescore"]
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
        except ScoringError as error:
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
