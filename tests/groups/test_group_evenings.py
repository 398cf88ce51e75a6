"""A group's evening made through the groups app (issue 20): `POST /api/groups/<key>/evenings`, and
`"group"` on `POST /api/sessions` answered by the hook the groups app registers."""

import pytest

from groups.models import GroupEvening
from rounds.models import Session

pytestmark = pytest.mark.django_db


def new_group(api):
    reply = api.post("/api/groups", {"name": "Thursday table"})
    assert reply.status_code == 201, reply.content
    return reply.json()


def test_an_evening_made_under_the_group_belongs_to_it_with_its_players(api):
    group = new_group(api)
    reply = api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben", "Cat"], "target": 50})
    assert reply.status_code == 201, reply.content
    state = reply.json()
    session = Session.objects.get(edit_key=state["id"])
    assert GroupEvening.objects.get(pk=session.pk).group.edit_key == group["id"]
    assert (state["settings"]["target"], [player["name"] for player in state["players"]]) == (
        50,
        ["Ann", "Ben", "Cat"],
    )
    assert [player["name"] for player in api.get(f"/api/groups/{group['id']}").json()["players"]] == [
        "Ann",
        "Ben",
        "Cat",
    ]


def test_the_same_evening_through_either_address(api):
    group = new_group(api)
    body = {"players": ["Ann", "Ben"], "value_per_point": "0.50"}
    under_group = api.post(f"/api/groups/{group['id']}/evenings", body).json()
    with_field = api.post("/api/sessions", {**body, "group": group["id"]}).json()
    different = {"id", "view_id", "links"}
    assert {k: v for k, v in under_group.items() if k not in different} == {
        k: v for k, v in with_field.items() if k not in different
    }
    assert GroupEvening.objects.filter(group__edit_key=group["id"]).count() == 2


def test_a_follow_key_or_a_stranger_cannot_start_an_evening(api):
    group = new_group(api)
    followed = api.post(f"/api/groups/{group['view_id']}/evenings", {"players": ["Ann", "Ben"]})
    unknown = api.post("/api/groups/nobody/evenings", {"players": ["Ann", "Ben"]})
    named = api.post(
        "/api/groups/" + group["id"] + "/evenings", {"players": ["Ann", "Ben"], "group": group["id"]}
    )
    assert (followed.status_code, followed.json()["field"]) == (403, "key")
    assert unknown.status_code == 404
    assert (named.status_code, named.json()["field"]) == (400, "group")
    assert Session.objects.count() == 0


def test_evenings_count_against_the_group_on_both_addresses(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "evening": (2, 3600)}
    group = new_group(api)
    assert api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben"]}).status_code == 201
    assert api.post("/api/sessions", {"players": ["Ann", "Ben"], "group": group["id"]}).status_code == 201
    third = api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben"]})
    assert third.status_code == 429
    assert api.post("/api/sessions", {"players": ["Ann", "Ben"]}).status_code == 201  # a stranger's session
