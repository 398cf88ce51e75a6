"""SPEC 11.1 "Dropping": a drop asks to confirm naming the player; `restore` brings a dropped
player back before a later draw, their results intact. Bad input is named and changes nothing."""

import pytest

from events.models import EventPlayer
from tests.events.helpers import NAMES, draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def finish_round(api, drawn):
    for table in drawn["tables"]:
        play_table(api, table["session"], hand_for(len(table["players"])))


def test_a_dropped_player_comes_back_with_their_results(api):
    event = new_event(api, hands=1, rounds=3)
    first = draw(api, event["id"])
    finish_round(api, first)
    before = {line["name"]: line for line in api.get(f"/api/events/{event['id']}").json()["standings"]}
    assert api.patch(f"/api/events/{event['id']}", {"drop": ["Ben"]}).status_code == 200
    second = draw(api, event["id"])
    assert "Ben" not in {name for table in second["tables"] for name in table["players"]}
    finish_round(api, second)
    restored = api.patch(f"/api/events/{event['id']}", {"restore": ["ben"]})
    assert restored.status_code == 200, restored.content
    ben = next(line for line in restored.json()["standings"] if line["name"] == "Ben")
    assert (ben["net"], ben["hands"], ben["dropped"]) == (before["Ben"]["net"], 1, False)
    third = draw(api, event["id"])
    assert "Ben" in {name for table in third["tables"] for name in table["players"]}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"restore": ["Ann"]}, "restore", "Ann was not dropped"),
        ({"restore": ["Zed"]}, "restore", "Zed is not a player"),
        ({"restore": [7]}, "restore", "not a player"),
        ({"restore": "Ann"}, "restore", "give a list of names"),
        ({"drop": ["Ben", "Ben"]}, "drop", "Ben was already dropped"),
    ],
)
def test_bad_restores_and_drops_are_named_and_change_nothing(api, body, field, words):
    event = new_event(api)
    if body.get("drop") == ["Ben", "Ben"]:
        api.patch(f"/api/events/{event['id']}", {"drop": ["Ben"]})
    before = list(EventPlayer.objects.order_by("pk").values_list("name", "dropped"))
    refused = api.patch(f"/api/events/{event['id']}", body)
    assert refused.status_code == 400, refused.content
    assert refused.json()["field"] == field
    assert words in refused.json()["error"]
    assert list(EventPlayer.objects.order_by("pk").values_list("name", "dropped")) == before


def test_a_restore_during_a_round_is_refused(api):
    event = new_event(api)
    api.patch(f"/api/events/{event['id']}", {"drop": ["Ben"]})
    draw(api, event["id"])
    refused = api.patch(f"/api/events/{event['id']}", {"restore": ["Ben"]})
    assert refused.status_code == 409
    assert refused.json()["field"] == "players"
    assert EventPlayer.objects.get(name="Ben").dropped is True


def test_the_page_asks_before_dropping_naming_the_player_and_brings_them_back(api, client):
    event = new_event(api, players=NAMES)
    asked = client.post(f"/e/{event['id']}/players", {"drop": "Cat"})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Drop Cat? Their results stay" in page
    assert 'data-confirm-drop="Cat"' in page
    assert EventPlayer.objects.get(name="Cat").dropped is False
    done = client.post(f"/e/{event['id']}/players", {"drop": "Cat", "confirm": "1"})
    assert done.status_code == 302
    assert EventPlayer.objects.get(name="Cat").dropped is True
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert 'data-action="restore-player"' in page
    back = client.post(f"/e/{event['id']}/players", {"restore": "Cat"})
    assert back.status_code == 302
    assert EventPlayer.objects.get(name="Cat").dropped is False
    again = client.post(f"/e/{event['id']}/players", {"restore": "Cat"})
    assert again.status_code == 400
    assert "Cat was not dropped" in again.content.decode()
