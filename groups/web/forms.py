"""The group page's forms: a new group, a new evening (who plays, which rules), a rename.

They only reshape what the page sent; names and rules are checked by the services and
rounds/inputs.py, whose messages the page shows.
"""

from __future__ import annotations

from django import forms
from django.http import QueryDict
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from groups.inputs import clean_group_name
from groups.models import MAX_GROUP_NAME_LENGTH, Group, GroupEvening, GroupPlayer
from groups.reads.selectors import group_rules, group_seats_drawn
from rounds.public import (
    DEFAULT_PRESET,
    MAX_NAME_LENGTH,
    PRESETS_BY_ID,
    SessionSettings,
    current_settings,
    presets_in_language,
)
from rounds.web.public import initial_from_state, settings_form
from toolkit.messages import Refusal
from toolkit.refusals import translated

NEW_NAMES = 4  # enough for a first evening of newcomers
SAME_AS_LAST = ""
OUR_RULES = "ours"


class GroupForm(forms.Form):
    name = forms.CharField(label=_("Group name"), max_length=MAX_GROUP_NAME_LENGTH)

    def clean_name(self) -> str:
        try:
            return clean_group_name(self.cleaned_data["name"])
        except Refusal as error:
            raise forms.ValidationError(translated(error)) from None


def last_settings(group: Group) -> SessionSettings | None:
    """The rules of the group's latest evening: the next one starts with them."""
    last = (
        GroupEvening.objects.filter(group=group)
        .select_related("session")
        .order_by("-played_on", "-pk")
        .first()
    )
    return current_settings(last.session) if last is not None else None


class EveningForm(forms.Form):
    """Tick who plays (in seat order), add a new name or two; the group's own rules, the last
    evening's or a quick setup."""

    players = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple)
    preset = forms.ChoiceField(required=False, label=_("Rules"))

    def __init__(self, group: Group, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.group = group
        self.members = {player.pk: player for player in GroupPlayer.objects.filter(group=group)}
        self.fields["players"].choices = [(pk, player.name) for pk, player in self.members.items()]
        self.last = last_settings(group)
        self.ours = group_rules(group)
        first = [(OUR_RULES, _("Our rules"))] if self.ours is not None else []
        if self.last is not None:
            first.append((SAME_AS_LAST, _("Same as last evening")))
        # The quick setups as the home page lists them, the page language's country's own first
        # (Capsa Banting on an Indonesian page); Classic points stays the one chosen until picked.
        shown = presets_in_language(get_language())
        self.fields["preset"].choices = first + [(preset.id, preset.name) for preset in shown]
        self.fields["preset"].initial = first[0][0] if first else DEFAULT_PRESET.id
        for number in range(1, NEW_NAMES + 1):
            self.fields[f"new_{number}"] = forms.CharField(
                required=False, max_length=MAX_NAME_LENGTH * 2, label=_("New player")
            )

    @property
    def new_name_fields(self) -> list[forms.BoundField]:
        return [self[f"new_{number}"] for number in range(1, NEW_NAMES + 1)]

    @property
    def names(self) -> list[str]:
        """The names in seat order: ticked players first, then the new names typed."""
        ticked = [self.members[pk].name for pk in self.cleaned_data["players"]]
        typed = [self.cleaned_data[f"new_{number}"] for number in range(1, NEW_NAMES + 1)]
        return ticked + [name for name in typed if name.strip()]

    @property
    def settings(self) -> SessionSettings:
        if self.cleaned_data["preset"] == OUR_RULES:
            return self.ours  # type: ignore[return-value]
        preset = PRESETS_BY_ID.get(self.cleaned_data["preset"])
        if preset is None:
            return self.last or SessionSettings.from_preset(DEFAULT_PRESET)
        return SessionSettings.from_preset(preset, keep=self.ours or self.last)

    @property
    def randomize_seats(self) -> bool:
        return self.cleaned_data["preset"] == OUR_RULES and group_seats_drawn(self.group)


# The group's own rules: the settings' fields, built from their declarations, and whether seats
# are drawn.
GroupRulesForm = settings_form(
    "GroupRulesForm", randomize_seats=forms.BooleanField(required=False, label=_("Randomize seats"))
)


def group_rules_form(group: Group, data: QueryDict | None = None) -> forms.Form:
    """The form of the group's own rules, filled with them when it has them."""
    if group.rules is None:
        return GroupRulesForm(data)
    initial = initial_from_state(group.rules) | {"randomize_seats": group_seats_drawn(group)}
    return GroupRulesForm(data, initial=initial)


def rules_from_form(form: forms.Form) -> dict:
    """The rules as creation fields, for groups.services.group_writes.group_rules_set."""
    return {**form.changes, "randomize_seats": form.cleaned_data.get("randomize_seats", False)}


class RenameForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int, label=_("Player"))
    name = forms.CharField(
        label=_("New name"),
        max_length=MAX_NAME_LENGTH * 2,
        error_messages={"required": _("type the new name")},
    )

    def __init__(self, group: Group, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = list(
            GroupPlayer.objects.filter(group=group).values_list("pk", "name")
        )
