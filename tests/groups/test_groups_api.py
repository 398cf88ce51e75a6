"""API.md "Groups and seasons": groups, sessions joining a group, the season, refusals (never a 500)."""

import pytest

from groups.models import Group, GroupPlayer
from rounds.models import Session

pytestmark = pytest.mark.django_db


def new_group(api, name="Thursday table"):
    reply = api.post("/api/groups", {"name": name})
    assert reply.status_code == 201, reply.content
    return reply.json()


def play(api, group_key, players, *rounds, **settings):
    created = api.post("/api/sessions", {"players": players, "group": group_key, **settings})
    assert created.status_code == 201, created.content
    key = created.json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    for cards in rounds:
        assert api.post(f"/api/sessions/{key}/rounds", {"cards": cards}, token=token).status_code == 201
    return key


def test_a_group_has_an_edit_key_and_a_follow_key(api):
    group = new_group(api)
    assert group["name"] == "Thursday table"
    assert group["players"] == []
    assert group["id"] != group["view_id"]
    assert len(group["id"]) >= 20
    assert group["links"]["page"] == f"/g/{group['id']}/"
    assert group["links"]["follow"] == f"/g/{group['view_id']}/"
    followed = api.get(f"/api/groups/{group['view_id']}").json()
    assert "id" not in followed
    assert "page" not in followed["links"]
    assert followed["name"] == "Thursday table"


def test_sessions_of_a_group_match_names_to_its_players(api):
    group = new_group(api)
    play(api, group["id"], ["Ann", "Ben", "Cat"], [5, 0, 11])
    second = play(api, group["id"], ["ann", "Ben", "Dan"], [0, 3, 2])
    players = api.get(f"/api/groups/{group['id']}").json()["players"]
    assert [player["name"] for player in players] == ["Ann", "Ben", "Cat", "Dan"]
    # The session shows the player as the group knows them.
    assert api.get(f"/api/sessions/{second}").json()["players"][0]["name"] == "Ann"
    season = api.get(f"/api/groups/{group['view_id']}/season").json()
    ann = season["players"][0]
    assert (ann["name"], ann["evenings"], ann["games"], ann["wins"]) == ("Ann", 2, 2, 1)
    # Points: round 1 totals 5, 0, 22 -> Ann 27 - 15 = 12; round 2 (new table) 0, 3, 2 -> Ann 5 - 0 = 5.
    assert ann["net_score"] == 12 + 5
    assert {"players": [0, 1], "games": 2, "net": -5 + 3} in season["head_to_head"]


def test_season_date_range(api):
    group = new_group(api)
    play(api, group["id"], ["Ann", "Ben"], [0, 4])
    today = api.get(f"/api/groups/{group['id']}/season?from=2000-01-01&to=2999-12-31").json()
    assert today["players"][0]["games"] == 1
    empty = api.get(f"/api/groups/{group['id']}/season?from=2000-01-01&to=2000-12-31").json()
    assert empty == {"players": [], "head_to_head": [], "evenings": 0}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("from=2026-13-01", "from"),
        ("to=yesterday", "to"),
        ("to=", "to"),
        ("from=2026-03-02&to=2026-03-01", "from"),
    ],
)
def test_bad_dates_are_refused_naming_the_field(api, query, field):
    group = new_group(api)
    reply = api.get(f"/api/groups/{group['id']}/season?{query}")
    assert reply.status_code == 400
    assert reply.json()["field"] == field


@pytest.mark.parametrize(
    ("body", "field"),
    [({"name": ""}, "name"), ({"name": "x" * 61}, "name"), ({"name": 5}, "name"), ({"title": "x"}, "title")],
)
def test_bad_group_names_are_refused(api, body, field):
    reply = api.post("/api/groups", body)
    assert reply.status_code == 400
    assert reply.json()["field"] == field
    assert not Group.objects.exists()


def test_a_session_with_an_unknown_or_follow_group_key_is_refused_and_nothing_stored(api):
    group = new_group(api)
    for key in ("nope", group["view_id"], 17):
        reply = api.post("/api/sessions", {"players": ["Ann", "Ben"], "group": key})
        assert reply.status_code == 400
        assert reply.json()["field"] == "group"
    assert not Session.objects.exists()


def test_the_follow_key_cannot_write(api):
    group = new_group(api)
    reply = api.call(
        "post",
        f"/api/groups/{group['view_id']}/import",
        "2013-03-19\nAnn Ben\n0 3\n",
        content_type="text/plain",
    )
    assert reply.status_code == 403
    assert api.get("/api/groups/nothing-here/season").status_code == 404


def test_rename_keeps_the_players_history(api):
    group = new_group(api)
    play(api, group["id"], ["Ann", "Ben"], [0, 4])
    ann = GroupPlayer.objects.get(name="Ann")
    renamed = api.patch(f"/api/groups/{group['id']}/players/{ann.pk}", {"name": "Annie"})
    assert renamed.status_code == 200
    assert [player["name"] for player in renamed.json()["players"]] == ["Annie", "Ben"]
    season = api.get(f"/api/groups/{group['id']}/season").json()
    assert season["players"][0]["name"] == "Annie"
    assert season["players"][0]["wins"] == 1
    taken = api.patch(f"/api/groups/{group['id']}/players/{ann.pk}", {"name": "BEN"})
    assert (taken.status_code, taken.json()["field"]) == (400, "name")
    missing = api.patch(f"/api/groups/{group['id']}/players/999999", {"name": "Zed"})
    assert (missing.status_code, missing.json()["field"]) == (400, "player")


def test_a_rematch_of_a_groups_evening_is_the_groups_next_evening(api):
    group = new_group(api)
    first = play(api, group["id"], ["Ann", "Ben", "Cat"], [5, 0, 11])
    ben = GroupPlayer.objects.get(name="Ben")
    api.patch(f"/api/groups/{group['id']}/players/{ben.pk}", {"name": "Benji"})
    rematch = api.post(f"/api/sessions/{first}/rematch", {})
    assert rematch.status_code == 201
    key = rematch.json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    assert api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 2, 6]}, token=token).status_code == 201
    season = api.get(f"/api/groups/{group['id']}/season").json()
    # The same three players, not three new ones: Ben played both evenings, as Benji now.
    assert [(line["name"], line["evenings"], line["games"]) for line in season["players"]] == [
        ("Ann", 2, 2),
        ("Benji", 2, 2),
        ("Cat", 2, 2),
    ]
    assert len(GroupPlayer.objects.filter(group__edit_key=group["id"])) == 3


def test_a_rematch_of_a_session_outside_any_group_stays_outside(api):
    first = api.post("/api/sessions", {"players": ["Ann", "Ben"]}).json()["id"]
    group = new_group(api)
    assert api.post(f"/api/sessions/{first}/rematch", {}).status_code == 201
    assert Session.objects.count() == 2
    assert api.get(f"/api/groups/{group['id']}/season").json()["players"] == []


def test_group_creation_is_rate_limited(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "session": (100, 60), "group": (2, 3600)}
    assert new_group(api, "One")["name"] == "One"
    assert new_group(api, "Two")["name"] == "Two"
    refused = api.post("/api/groups", {"name": "Three"})
    assert refused.status_code == 429
    assert "Retry-After" in refused
    assert Group.objects.count() == 2


def test_real_group_replies_match_the_openapi_schemas(api):
    from tests.test_openapi import validator

    group = new_group(api)
    validator("Group").validate(group)
    play(api, group["id"], ["Ann", "Ben", "Cat"], [5, 0, 11], [0, 2, 3])
    validator("Group").validate(api.get(f"/api/groups/{group['view_id']}").json())
    validator("Season").validate(api.get(f"/api/groups/{group['id']}/season").json())
    log = api.call(
        "post",
        f"/api/groups/{group['id']}/import?dry_run=1",
        "2013-03-19\nAnn Ben\n0 3\n",
        content_type="text/plain",
    )
    validator("ImportSummary").validate(log.json())
    bad = api.call(
        "post", f"/api/groups/{group['id']}/import", "2013-03-19\nAnn Ben\n0 0\n", content_type="text/plain"
    )
    validator("LogError").validate(bad.json())
    validator("Error").validate(api.get(f"/api/groups/{group['id']}/season?from=x").json())
