"""The group page's forms: a new group, a new evening (who plays, which rules), a rename.

They only reshape what the page sent; names and rules are checked by the services and
rounds/inputs.py, whose messages the page shows.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from groups.inputs import clean_group_name
from groups.models import MAX_GROUP_NAME_LENGTH, Group, GroupEvening, GroupPlayer
from rounds.errors import translated
from rounds.inputs import SessionSettings
from rounds.models import MAX_NAME_LENGTH
from rounds.presets import DEFAULT_PRESET, PRESETS, PRESETS_BY_ID
from rounds.scoring import ScoringError
from rounds.services.sessions import current_settings

NEW_NAMES = 4  # enough for a first evening of newcomers
SAME_AS_LAST = ""


class GroupForm(forms.Form):
    name = forms.CharField(label=_("Group name"), max_length=MAX_GROUP_NAME_LENGTH)

    def clean_name(self) -> str:
        try:
            return clean_group_name(self.cleaned_data["name"])
        except ScoringError as error:
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
    """Tick who plays (in seat order), add a new name or two, keep the rules or pick a quick setup."""

    players = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple)
    preset = forms.ChoiceField(required=False, label=_("Rules"))

    def __init__(self, group: Group, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.group = group
        self.members = {player.pk: player for player in GroupPlayer.objects.filter(group=group)}
        self.fields["players"].choices = [(pk, player.name) for pk, player in self.members.items()]
        self.last = last_settings(group)
        first = [(SAME_AS_LAST, _("Same as last evening"))] if self.last is not None else []
        self.fields["preset"].choices = first + [(preset.id, preset.name) for preset in PRESETS]
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
        preset = PRESETS_BY_ID.get(self.cleaned_data["preset"])
        if preset is None:
            return self.last or SessionSettings.from_preset(DEFAULT_PRESET)
        return SessionSettings.from_preset(preset, keep=self.last)


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
