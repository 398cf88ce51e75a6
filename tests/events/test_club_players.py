"""SPEC 13: a club's night has the group's players. Names typed, added late or signed up are
matched to the group's players as names compare everywhere (shown under the group's name for
them) or join the group; a group past its 200 players refuses the night, naming the player, and
nothing is made."""

import pytest

from events.models import Event, EventPlayer
from groups.models import MAX_GROUP_PLAYERS, Group, GroupPlayer
from rounds.rules.names import name_key
from tests.groups.helpers import new_group

pytestmark = pytest.mark.django_db


def group_names(api, key):
    return [player["name"] for player in api.get(f"/api/groups/{key}").json()["players"]]


def test_names_typed_added_or_signed_up_are_the_groups_players(api):
    group = new_group(api)
    api.post("/api/sessions", {"players": ["José", "Ann"], "group": group["id"]})
    reply = api.post(
        "/api/events",
        {
            "name": "Friday",
            "players": ["JOSÉ", "ann", "Ben", "Cat"],
            "rounds": 2,
            "hands": 1,
            "group": group["id"],
            "signup": True,
        },
    )
    assert reply.status_code == 201, reply.content
    event = reply.json()
    assert [player["name"] for player in event["players"]] == ["José", "Ann", "Ben", "Cat"]
    assert group_names(api, group["id"]) == ["José", "Ann", "Ben", "Cat"]
    assert api.patch(f"/api/events/{event['id']}", {"add": ["Dan"]}).status_code == 200
    signed = api.post(f"/api/events/{event['view_id']}/signup", {"name": "Eve"})
    assert signed.status_code == 201, signed.content
    assert "Eve" not in group_names(api, group["id"])  # not yet: a sign-up may still be removed
    assert api.post(f"/api/events/{event['id']}/rounds", {}).status_code == 201
    assert group_names(api, group["id"]) == ["José", "Ann", "Ben", "Cat", "Dan", "Eve"]
    members = dict(
        EventPlayer.objects.filter(event__view_key=event["view_id"]).values_list("name", "member__name")
    )
    assert members == {name: name for name in ["José", "Ann", "Ben", "Cat", "Dan", "Eve"]}
    assert Event.objects.get(view_key=event["view_id"]).group.edit_key == group["id"]


def test_a_full_group_refuses_a_night_with_a_new_name_and_nothing_is_made(api):
    group = new_group(api)
    found = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=found, name=f"P{number:03d}", name_key=name_key(f"P{number:03d}"))
        for number in range(MAX_GROUP_PLAYERS)
    )
    reply = api.post(
        "/api/events",
        {
            "name": "Friday",
            "players": ["P001", "P002", "P003", "Newcomer"],
            "rounds": 1,
            "hands": 1,
            "group": group["id"],
        },
    )
    assert reply.status_code == 400, reply.content
    assert reply.json()["field"] == "players"
    assert "Newcomer cannot join" in reply.json()["error"]
    assert not Event.objects.exists()
    assert GroupPlayer.objects.filter(group=found).count() == MAX_GROUP_PLAYERS
    known = api.post(
        "/api/events",
        {
            "name": "Friday",
            "players": ["P001", "P002", "P003", "p004"],
            "rounds": 1,
            "hands": 1,
            "group": group["id"],
        },
    )
    assert known.status_code == 201, known.content
