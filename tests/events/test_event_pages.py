"""The event's pages: the new event form, the organizer's page and its forms, the follow page
sending a phone to its table, the screen."""

import re

import pytest

from events.models import Event, EventPlayer, EventRound
from rounds.presets import PRESETS
from tests.events.helpers import NAMES, draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def test_the_new_event_form_creates_an_event_and_opens_the_organizer_page(client):
    page = client.get("/e/new")
    assert page.status_code == 200
    assert b'name="players"' in page.content
    reply = client.post(
        "/e/new",
        {
            "name": "Friday club",
            "players": "Ann\nBen\nCat\nDan\nEve",
            "rounds": "3",
            "hands": "4",
            "seating": "mixed",
            "preset": "wta-flat",
        },
    )
    event = Event.objects.get()
    assert reply.status_code == 302
    assert reply["Location"] == f"/e/{event.edit_key}/"
    assert (event.rounds, event.hands, event.seating, event.rules) == (3, 4, "mixed", {"preset": "wta-flat"})
    assert list(EventPlayer.objects.values_list("name", flat=True)) == ["Ann", "Ben", "Cat", "Dan", "Eve"]


@pytest.mark.parametrize(
    ("language", "first"), [("vi", "tien-len"), ("id", "capsa-banting"), ("en", "classic-points")]
)
def test_the_new_event_form_lists_the_pages_country_setup_first(client, language, first):
    """The rules every table plays, as the home page lists the quick setups: Tiến lên first on a
    Vietnamese page (it was last of fourteen). Each setup is listed once (the default was listed
    twice, once as "Classic (Points)" with no value), and the default is the one chosen."""
    page = client.get("/e/new", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    select = page.split('name="preset"')[1].split("</select>")[0]
    options = re.findall(r'<option value="([^"]*)"', select)
    assert options[0] == first
    assert len(options) == len(set(options)) == len(PRESETS)
    assert re.findall(r'<option value="([^"]*)" selected', select) == ["classic-points"]


def test_the_default_setup_chosen_leaves_the_events_rules_unset(client):
    """As the API's default: the event stores no rules, and its tables play the default setup."""
    form = {"name": "Club", "players": "Ann\nBen\nCat\nDan", "rounds": "2", "hands": "3", "seating": "random"}
    assert client.post("/e/new", form | {"preset": "classic-points"}).status_code == 302
    assert Event.objects.get().rules == {}  # no rules of its own


def test_a_bad_new_event_is_refused_on_the_page_and_kept(client):
    reply = client.post(
        "/e/new",
        {"name": "Club", "players": "Ann\nBen\nAnn\nDan", "rounds": "2", "hands": "3", "seating": "random"},
    )
    assert reply.status_code == 400
    assert "Ann is already playing" in reply.content.decode()
    assert "Ann\nBen\nAnn\nDan" in reply.content.decode()
    assert Event.objects.count() == 0


def test_a_late_player_twice_is_refused_in_words_for_a_night_not_a_table(client, api):
    """A late player already in the night, in Vietnamese: "there is already someone called Ann",
    not "Ann is already at the table" (a night's players are at no one table)."""
    event = new_event(api)
    reply = client.post(f"/e/{event['id']}/players", {"add": "ann"}, HTTP_ACCEPT_LANGUAGE="vi")
    assert reply.status_code == 400
    page = reply.content.decode()
    assert "Người chơi 1: đã có người tên Ann; mỗi người chơi phải có tên khác nhau" in page
    assert "trong bàn" not in page
    assert EventPlayer.objects.count() == len(NAMES)


def test_the_organizer_draws_and_sees_the_tables(client, api):
    event = new_event(api)
    reply = client.post(f"/e/{event['id']}/draw")
    assert reply.status_code == 302
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert 'data-table="1"' in page
    assert 'data-table="2"' in page
    assert "Hand 1 of 2" in page
    refused = client.post(f"/e/{event['id']}/draw")
    assert refused.status_code == 409
    assert "still playing" in refused.content.decode()
    assert EventRound.objects.count() == 1


def test_the_follow_key_cannot_use_the_organizer_forms(client, api):
    event = new_event(api)
    assert client.post(f"/e/{event['view_id']}/draw").status_code == 404
    assert EventRound.objects.count() == 0


def test_the_follow_page_asks_who_you_are_and_sends_you_to_your_table(client, api):
    event = new_event(api)
    page = client.get(f"/e/{event['view_id']}/").content.decode()
    assert "Who are you?" in page
    cat = EventPlayer.objects.get(name="Cat")
    waiting = client.get(f"/e/{event['view_id']}/me?player={cat.pk}")
    assert "the first round is not drawn yet" in waiting.content.decode()
    drawn = draw(api, event["id"])
    table = next(table for table in drawn["tables"] if "Cat" in table["players"])
    sent = client.get(f"/e/{event['view_id']}/me?player={cat.pk}")
    assert sent.status_code == 302
    assert sent["Location"] == f"/s/{table['session']}/"


def test_the_screen_shows_progress_who_enters_and_a_code_per_table(client, api):
    event = new_event(api, players=NAMES, hands=3)
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], hand_for(4))
    api.post(f"/api/sessions/{drawn['tables'][1]['session']}/lock", {"device": "Gus's phone"})
    page = client.get(f"/e/{event['view_id']}/screen").content.decode()
    assert "Hand 2 of 3" in page
    assert "Hand 1 of 3" in page
    assert "Gus&#x27;s phone is entering" in page
    assert page.count("<svg") >= 2
    assert drawn["tables"][0]["session"] not in page  # the screen shows follow links only


def test_the_pages_speak_traditional_chinese(client, api):
    event = new_event(api)
    draw(api, event["id"])
    page = client.get(f"/e/{event['view_id']}/screen", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "第 1 桌" in page


def test_an_unknown_event_page_is_a_404(client):
    assert client.get("/e/nope/").status_code == 404
    assert client.get("/e/nope/screen").status_code == 404
