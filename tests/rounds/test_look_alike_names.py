"""Names that look the same are the same name, in every name field (issue 38): a name is folded to
NFKC ("Ｚed" typed in full width is stored "Zed"), and one that differs from a name already there
only by case, width or look-alike letters (Cyrillic "Zеd": UTS #39's confusables skeleton) is
refused naming the name there, or, where a name finds its player (a group's evening), finds it."""

from __future__ import annotations

import pytest

from events.models import EventPlayer
from groups.models import GroupPlayer
from rounds.models import Player, Session
from tests.events.helpers import new_event

pytestmark = pytest.mark.django_db

FULL_WIDTH = "\uff3aed"  # Ｚed
CYRILLIC = "Z\u0435d"  # Zеd, a Cyrillic е
LOOK_ALIKES = [FULL_WIDTH, CYRILLIC, "ZED", "z\u0435\u0501"]  # ԁ: Cyrillic komi de


def test_a_full_width_name_is_kept_as_its_plain_letters(api):
    created = api.post("/api/sessions", {"players": [FULL_WIDTH, "Ａｎｎ"]})
    assert created.status_code == 201, created.content
    assert [player["name"] for player in created.json()["players"]] == ["Zed", "Ann"]
    assert list(Player.objects.order_by("index").values_list("name", flat=True)) == ["Zed", "Ann"]


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_a_sessions_players_cannot_look_alike(api, look_alike):
    refused = api.post("/api/sessions", {"players": ["Zed", look_alike]})
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "Player 2: Zed is already playing; give each player a different name",
        "field": "players",
        "player": 1,
    }
    assert Session.objects.count() == 0


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_a_sign_up_cannot_look_like_a_player_in(api, look_alike):
    event = new_event(api, players=["Ann", "Ben", "Zed"], signup=True)
    refused = api.post(f"/api/events/{event['view_id']}/signup", {"name": look_alike})
    assert (refused.status_code, refused.json()["field"]) == (400, "name")
    assert refused.json()["error"] == "Name: Zed is already in tonight's list"
    assert EventPlayer.objects.count() == 3


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_an_events_players_cannot_look_alike_at_creation_or_added(api, look_alike):
    body = {"name": "Club", "players": ["Ann", "Ben", "Cat", "Zed", look_alike], "rounds": 1, "hands": 1}
    refused = api.post("/api/events", body)
    assert (refused.status_code, refused.json()["player"]) == (400, 4)
    assert "Zed is already playing" in refused.json()["error"]
    event = new_event(api, players=["Ann", "Ben", "Cat", "Zed"])
    added = api.patch(f"/api/events/{event['id']}", {"add": [look_alike]})
    assert added.status_code == 400
    assert "Zed is already playing" in added.json()["error"]
    assert EventPlayer.objects.count() == 4


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_a_rename_cannot_look_like_another_player_of_the_group(api, look_alike):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Zed", "Ann"]})
    ann = GroupPlayer.objects.get(name="Ann")
    refused = api.patch(f"/api/groups/{group['id']}/players/{ann.pk}", {"name": look_alike})
    assert refused.status_code == 400
    assert refused.json()["error"] == "Zed is already a player of this group"
    assert sorted(GroupPlayer.objects.values_list("name", flat=True)) == ["Ann", "Zed"]


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_a_groups_evening_finds_the_player_a_look_alike_names(api, look_alike):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Zed", "Ann"]})
    evening = api.post(f"/api/groups/{group['id']}/evenings", {"players": [look_alike, "Ann"]})
    assert evening.status_code == 201, evening.content
    assert [player["name"] for player in evening.json()["players"]] == ["Zed", "Ann"]
    assert GroupPlayer.objects.count() == 2


def test_a_paper_logs_table_cannot_name_look_alikes(api):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    log = f"2013-03-19\nZed {CYRILLIC}\n0 3\n"
    refused = api.call("post", f"/api/groups/{group['id']}/import", log, content_type="text/plain")
    assert refused.status_code == 400
    assert (refused.json()["line"], refused.json()["error"]) == (
        2,
        "Player 2: Zed is already playing; give each player a different name",
    )


@pytest.mark.parametrize(
    ("one", "other"), [("Amie", "Arnie"), ("Ian", "lan"), ("José", "Jose"), ("李小龍", "李小龙")]
)
def test_names_of_different_people_stay_different(api, one, other):
    created = api.post("/api/sessions", {"players": [one, other]})
    assert created.status_code == 201, created.content


def test_a_digit_for_a_letter_looks_alike(api):
    refused = api.post("/api/sessions", {"players": ["Bob", "B0b"]})
    assert (refused.status_code, refused.json()["player"]) == (400, 1)
