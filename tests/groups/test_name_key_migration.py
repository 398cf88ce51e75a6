"""The keys stored before look-alike names shared a key are written again (groups 0008, events
0006): each as name_key computes it now; two players of one group or event whose names now share
a key both stay, the later one set apart, and a name typed afterwards finds the first."""

from __future__ import annotations

import importlib

import pytest

from events.models import EventPlayer
from groups.models import GroupPlayer
from groups.services.group_writes import group_create, group_players_for
from tests.events.helpers import new_event

pytestmark = pytest.mark.django_db
groups_migration = importlib.import_module("groups.migrations.0008_name_key_look_alikes")
events_migration = importlib.import_module("events.migrations.0006_name_key_look_alikes")


def test_a_groups_stored_keys_are_written_again_and_look_alikes_both_stay():
    club, other = group_create(name="Club"), group_create(name="Other")
    # As the keys were stored before: NFC and case-folded only.
    first = GroupPlayer.objects.create(group=club, name="Zed", name_key="zed")
    second = GroupPlayer.objects.create(group=club, name="\uff3aed", name_key="\uff5aed")
    third = GroupPlayer.objects.create(group=club, name="Z\u0435d", name_key="z\u0435d")
    elsewhere = GroupPlayer.objects.create(group=other, name="Z\u0435d", name_key="z\u0435d")
    groups_migration.group_players(django_apps(), None)
    keys = dict(GroupPlayer.objects.values_list("pk", "name_key"))
    assert keys == {
        first.pk: "zed",
        second.pk: f"zed\x1f{second.pk}",
        third.pk: f"zed\x1f{third.pk}",
        elsewhere.pk: "zed",
    }
    assert group_players_for(club, ["ZED"]) == [first]
    assert GroupPlayer.objects.filter(group=club).count() == 3


def test_an_events_stored_keys_are_written_again(api):
    event = new_event(api, players=["Ann", "Ben", "Cat", "Dan"])
    EventPlayer.objects.filter(name="Ann").update(name_key="stale")
    events_migration.event_players(django_apps(), None)
    assert sorted(EventPlayer.objects.values_list("name_key", flat=True)) == ["ann", "ben", "cat", "dan"]
    assert event["name"] == "Friday club"


def django_apps():
    from django.apps import apps

    return apps
