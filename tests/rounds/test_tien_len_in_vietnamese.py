"""A Tiến lên evening in Vietnamese, as a table meets it (QA on a phone): who pays whom names the
game, not its code (tien_len), and its summary to share says Tiến lên, not Big Two; a refusal
names the game in words; a target typed for Tiến lên is refused saying why, not "give a number";
the home form writes no "None" into a number field (the browser warns of it)."""

import re
from html import unescape

import pytest

from rounds.models import Session
from rounds.rules.names import called_names
from tests.rounds.test_tien_len_item_values import NEW_SESSION

pytestmark = pytest.mark.django_db

PLAYERS = ["Hùng", "Lan", "Tuấn", "Mai"]


def tien_len_evening(api):
    state = api.post(
        "/api/sessions",
        {"players": PLAYERS, "game": "tien_len", "value_per_point": "5000", "currency": "VND"},
    ).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Hùng's phone"}).json()["token"]
    for hand in ({"order": [2, 0, 3]}, {"instant": 3}):
        assert api.post(f"/api/sessions/{state['id']}/rounds", hand, token=token).status_code == 201
    return state, token


def test_who_pays_whom_names_the_game_and_shares_it_as_tien_len(api, client):
    state, _ = tien_len_evening(api)
    client.cookies["django_language"] = "vi"
    page = unescape(client.get(state["links"]["settle"]).content.decode())
    head = re.search(r'<header class="settle-head">(.*?)</header>', page, re.S).group(1)
    assert "tien_len" not in head
    assert "Tiến lên" in head
    summary = re.search(r"<textarea[^>]*data-summary[^>]*>(.*?)</textarea>", page, re.S).group(1)
    assert summary.startswith("Tiến lên, ")
    assert summary.split(": ")[0].endswith("2 ván")
    assert "Big Two" not in summary


def test_a_big_two_summary_still_says_big_two(api, client):
    state = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": "1"}).json()
    page = unescape(client.get(state["links"]["settle"]).content.decode())
    summary = re.search(r"<textarea[^>]*data-summary[^>]*>(.*?)</textarea>", page, re.S).group(1)
    assert summary.startswith("Big Two, ")


def test_changing_the_game_is_refused_in_words(api, client):
    state, token = tien_len_evening(api)
    client.cookies["django_language"] = "vi"
    reply = api.patch(f"/api/sessions/{state['id']}", {"game": "big_two"}, token=token)
    assert reply.status_code == 400
    assert reply.json()["field"] == "game"
    assert "buổi này chơi Tiến lên" in reply.json()["error"]
    assert "tien_len" not in reply.json()["error"]


def test_a_target_for_tien_len_is_refused_saying_why(client):
    form = NEW_SESSION | {"length": "target", "target": "50"}
    page = unescape(client.post("/", form).content.decode())
    assert not Session.objects.exists()
    errors = re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', page)
    assert errors, page
    assert "Give a number" not in " ".join(errors)
    assert any("Target" in error for error in errors), errors


def test_the_home_form_writes_no_none_into_a_number(client):
    page = client.get("/").content.decode()
    assert 'value="None"' not in page


def test_the_settings_sheet_says_a_refusals_field_once(api, client):
    state, token = tien_len_evening(api)
    client.cookies["django_language"] = "vi"
    form = {"game": "tien_len", "mode": "points", "base_rate": "1", "first": "2", "second": "1"}
    reply = client.post(
        f"/s/{state['id']}/settings", {**form, "length": "target", "target": "50", "token": token}
    )
    assert reply.status_code == 400
    assert reply.json()["field"] == "target"
    assert reply.json()["error"].count("Mốc điểm") == 1, reply.json()["error"]
    assert "Nhập một số" not in reply.json()["error"]


@pytest.mark.parametrize(
    ("names", "language", "called"),
    [
        (
            ["Nguyễn Thị Thanh Hương", "Nguyễn Văn Bình", "Lê Dũng", "Chi"],
            "vi",
            ["Hương", "Bình", "Dũng", "Chi"],
        ),
        (["Trần Văn Minh", "Lê Đức Minh", "Võ Minh", "Hà"], "vi", ["Văn Minh", "Đức Minh", "Võ Minh", "Hà"]),
        (["Minh", "Lê Minh", "Trần Lê Minh"], "vi", ["Minh", "Lê Minh", "Trần Lê Minh"]),
        # Told apart as names are compared: "văn Minh" typed in lower case is "Văn Minh".
        (["Nguyễn Văn Minh", "Trần văn Minh", "Hà"], "vi", ["Nguyễn Văn Minh", "Trần văn Minh", "Hà"]),
        (["Nguyễn Thị Thanh Hương", "Mary Smith"], "en", ["Nguyễn Thị Thanh Hương", "Mary Smith"]),
    ],
)
def test_a_tight_place_calls_a_player_by_the_given_name_on_a_vietnamese_page(names, language, called):
    assert called_names(names, language) == called


def test_the_tiles_and_columns_show_the_given_name_the_rows_the_whole_name(api, client):
    """On a 360 px phone the totals' tiles cut "Nguyễn Thị Thanh Hương" and "Nguyễn Văn Bình" to
    "Nguy…" both: a Vietnamese page's tiles and rounds columns say "Hương" and "Bình", as the
    table calls them; the entry's rows and the tile's title keep the whole name."""
    names = ["Nguyễn Thị Thanh Hương", "Nguyễn Văn Bình", "Lê Dũng", "Trần Thị Chi"]
    state = api.post("/api/sessions", {"players": names, "game": "tien_len"}).json()
    client.cookies["django_language"] = "vi"
    page = client.get(f"/s/{state['id']}/").content.decode()
    tiles = re.findall(r'<span class="player-name" title="([^"]*)">([^<]*)</span>', page)
    assert tiles == list(zip(names, ["Hương", "Bình", "Dũng", "Chi"], strict=True))
    head = re.search(r'<div class="round-grid round-head".*?</div>', page, re.S).group(0)
    assert re.findall(r'<span class="player-name">([^<]*)</span>', head) == ["Hương", "Bình", "Dũng", "Chi"]
    assert f'id="tl-name-0">{names[0]}</label>' in page  # the entry's row
    client.cookies["django_language"] = "en"
    page = client.get(f"/s/{state['id']}/table/").content.decode()
    head = re.search(r'<div class="round-grid round-head".*?</div>', page, re.S).group(0)
    assert re.findall(r'<span class="player-name">([^<]*)</span>', head) == names


@pytest.mark.parametrize(
    ("players", "language", "third"),
    [(3, "vi", "Bét"), (4, "vi", "Ba"), (3, "en", "3rd"), (3, "id", "ke-3")],
)
def test_the_last_of_three_is_called_last(api, client, players, language, third):
    """At a table of three the third out is the last: a Vietnamese table calls it "Bét", as it
    calls the fourth of four, not "Ba" (third); other languages keep their "3rd"."""
    state = api.post("/api/sessions", {"players": PLAYERS[:players], "game": "tien_len"}).json()
    client.cookies["django_language"] = language
    page = unescape(client.get(f"/s/{state['id']}/").content.decode())
    assert re.search(r'data-pattern-place3="([^"]*)"', page).group(1) == third
