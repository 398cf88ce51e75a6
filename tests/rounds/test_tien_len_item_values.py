"""What each Tiến lên item is worth (SPEC 14.2's V), typed on the pages: the new-session form and
the settings sheet have a field per item (black 2, red 2, three pairs, four of a kind, four pairs),
the session scores with what was typed, a blank keeps what the session has, and a number out of
bounds is refused on its field with nothing stored."""

import re
from html import unescape

import pytest

from rounds.models import Session
from rounds.rules.tien_len_settings import ItemValues

pytestmark = pytest.mark.django_db

NEW_SESSION = {
    "player_0": "Hùng",
    "player_1": "Lan",
    "player_2": "Tuấn",
    "player_3": "Mai",
    "game": "tien_len",
    "mode": "points",
    "base_rate": "1",
    "length": "open",
    "first": "2",
    "second": "1",
    **dict.fromkeys(("killed", "left", "chops", "instant_win"), "on"),  # ticked, as the form comes
}
# Mai, last, is left holding a red 2: she pays Tuấn, the one above her, what it is worth.
LEFT_A_RED_TWO = {"order": [0, 1, 2, 3], "left": [{"player": 3, "red_two": 1}]}


def started_from_the_home_form(client, **typed: str) -> dict:
    reply = client.post("/", NEW_SESSION | typed)
    assert reply.status_code == 302, unescape(reply.content.decode())[:2000]
    return Session.objects.get()


def test_the_home_form_sets_what_each_item_is_worth_and_the_hands_score_with_it(client, api):
    session = started_from_the_home_form(client, red_two="5", four_pairs="9", black_two="")
    values = api.get(f"/api/sessions/{session.edit_key}").json()["settings"]["tien_len"]["values"]
    assert values == {"black_two": 1, "red_two": 5, "three_pairs": 2, "four_of_a_kind": 3, "four_pairs": 9}
    token = api.post(f"/api/sessions/{session.edit_key}/lock", {"device": "Hùng's phone"}).json()["token"]
    added = api.post(f"/api/sessions/{session.edit_key}/rounds", LEFT_A_RED_TWO, token=token)
    assert added.status_code == 201, added.json()
    # First +2 from the last, second +1 from the third, and the red 2 left: 5 from Mai to Tuấn.
    assert added.json()["round"]["scores"] == [2, 1, -1 + 5, -2 - 5]


def test_an_item_worth_more_than_the_bound_is_refused_on_its_field(client):
    page = unescape(client.post("/", NEW_SESSION | {"red_two": "1001"}).content.decode())
    assert not Session.objects.exists()
    errors = re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', page)
    assert errors == ["at most 1000"], errors
    assert "<li>A red 2 (♦ ♥): at most 1000</li>" in page  # the summary at the top names the field
    refused = page.index('<p class="field-error">at most 1000')
    assert page.rindex('name="red_two"', 0, refused) > page.rindex('name="black_two"', 0, refused)
    assert re.search(r'<details class="more-settings"[^>]*\bopen\b', page), "the refused field is shown"


def test_the_sheet_shows_the_items_values_and_changes_one_keeping_the_others(client, api):
    state = api.post(
        "/api/sessions",
        {
            "players": ["Hùng", "Lan", "Tuấn", "Mai"],
            "game": "tien_len",
            "tien_len": {"values": {"four_pairs": 6}},
        },
    ).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Hùng's phone"}).json()["token"]
    sheet = client.get(f"/s/{state['id']}/settings").content.decode()
    assert re.search(r'name="four_pairs"[^>]*value="6"', sheet)
    assert re.search(r'name="red_two"[^>]*value="2"', sheet)
    assert '<details class="more-settings" data-shown-when="game=tien_len">' in sheet  # closed
    form = {key: value for key, value in NEW_SESSION.items() if not key.startswith("player_")} | {
        "token": token
    }
    changed = client.post(f"/s/{state['id']}/settings", form | {"red_two": "3", "four_pairs": ""})
    assert changed.status_code == 200, changed.json()
    values = changed.json()["settings"]["tien_len"]["values"]
    assert values == ItemValues(red_two=3, four_pairs=6).to_json()
