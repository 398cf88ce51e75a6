"""The pages through Django's test client: forms, errors on the field they name, the manifest."""

import json
import re

import pytest

from rounds.models import Round, Session
from rounds.services.locking import lock_acquire, lock_release
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

NEW_EVENING = {
    "player_0": "Ann",
    "player_1": "Ben",
    "player_2": "Cat",
    "player_3": "",
    "mode": "points",
    "base_rate": "1",
    "tier_times_1": "2",
    "tier_from_1": "10",
    "tier_times_2": "3",
    "tier_from_2": "13",
    "length": "rounds",
    "rounds": "7",
    "target": "50",
    "value_per_point": "0.50",
    "currency": "eur",
}


def test_home_starts_an_evening_and_opens_it(client):
    response = client.post("/", NEW_EVENING)
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/s/{session.edit_key}/"
    assert [p.name for p in session.players.all()] == ["Ann", "Ben", "Cat"]
    assert (session.rules_json["tiers"], session.rounds_limit, session.target, session.currency) == (
        [[1, 1], [10, 2], [13, 3]],
        7,
        None,
        "EUR",
    )


def test_house_tiers_are_typed_as_multiples_of_the_base(client):
    form = {
        **NEW_EVENING,
        "base_rate": "2",
        "tier_times_1": "1.5",
        "tier_from_1": "8",
        "tier_times_2": "2.5",
        "twos_rule": "points",
        "points_per_two": "4",
        "mode": "winner_takes_all",
        "length": "open",
    }
    client.post("/", form)
    session = Session.objects.get()
    assert (session.rules_json["tiers"], session.rules.twos.points_per_two, session.rules.mode) == (
        [[1, 2], [8, 3], [13, 5]],
        4,
        "winner_takes_all",
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"player_1": "ann"}, "Player 2: Ann is already playing; give each player a different name"),
        ({"player_1": "", "player_2": ""}, "Players: give 2 to 4 names"),
        ({"tier_times_1": "1.25"}, "×1.25 of 1 points is not a whole number of points"),
        ({"tier_times_2": "1"}, "the rate from 13 cards (1) must be higher than the one before (2)"),
        ({"length": "target", "mode": "pay_difference"}, "a points target only works in Points mode"),
        ({"value_per_point": "lots"}, "Value per point: give an amount like 0.50"),
        # In đồng the refused amount is shown back as typed (the field shows 5000, not 5000.00, for one kept).
        ({"value_per_point": "lots", "currency": "VND"}, 'value="lots"'),
        ({"value_per_point": "Infinity", "currency": "VND"}, "Value per point: give an amount like 0.50"),
    ],
)
def test_home_shows_what_is_wrong_and_creates_nothing(client, changes, message):
    response = client.post("/", {**NEW_EVENING, **changes})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Session.objects.count() == 0


def test_the_manifest_makes_the_app_installable(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_the_table_view_shows_big_totals_and_the_last_round(client):
    session = make_session()
    add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4])
    page = client.get(f"/s/{session.view_key}/table/").content.decode()
    assert 'class="totals big-totals"' in page
    assert 'data-round="2"' in page
    assert 'data-round="1"' not in page  # only the last round
    assert 'data-total="3">43<' in page
    # Its one control leads back to the page of the key it was opened with.
    assert f'<a class="button quiet" href="/s/{session.view_key}/">Back to the table</a>' in page
    edit = client.get(f"/s/{session.edit_key}/table/").content.decode()
    assert f'href="/s/{session.edit_key}/">Back to the table</a>' in edit


def test_the_settlement_partial_is_the_settlement_alone(client):
    session = make_session(value_per_point="0.50")
    add_rounds(session, [5, 0, 11, 13])
    page = client.get(f"/s/{session.view_key}/settle/partial").content.decode()
    assert "<html" not in page
    assert "Who pays whom" in page


def settings_post(client, session, token, accept="en", **changes):
    form = {key: value for key, value in NEW_EVENING.items() if not key.startswith("player_")}
    return client.post(
        f"/s/{session.edit_key}/settings",
        {**form, "length": "open", "token": token or "", **changes},
        HTTP_ACCEPT_LANGUAGE=accept,
    )


def test_the_settings_sheet_needs_the_lock(client):
    session = make_session()
    grab = lock_acquire(session=session, device="Ben's phone")
    response = settings_post(client, session, None, mode="winner_takes_all")
    assert response.status_code == 409
    assert (response.json()["field"], response.json()["holder"]) == ("lock", "Ben's phone")
    lock_release(session=session, token=grab.token)
    session.refresh_from_db()
    assert session.rules.mode == "points"


def test_the_settings_sheet_changes_rules_from_the_next_round(client):
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    response = settings_post(client, session, token, mode="winner_takes_all", tier_times_2="", tier_from_2="")
    assert response.status_code == 200
    assert response.json()["settings"]["tiers"] == [[1, 1], [10, 2]]
    assert Round.objects.get().rules.mode == "points"


def test_the_settings_sheet_can_rescore_every_round(client):
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    response = settings_post(client, session, token, mode="winner_takes_all", rescore="on")
    assert response.json()["rounds"][0]["scores"] == [-5, 66, -22, -39]


def test_the_settings_sheet_explains_a_bad_tier(client):
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    response = settings_post(client, session, token, tier_times_1="0.75")
    assert response.status_code == 400
    assert response.json() == {
        "error": "Higher rate: multiple of the base rate: ×0.75 of 1 points is not a whole number of points",
        "field": "tier_times_1",
        "player": None,
    }


def test_the_settings_sheet_names_the_field_of_a_number_out_of_range(client):
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    response = settings_post(client, session, token, length="rounds", rounds="0")
    assert (response.status_code, response.json()["error"]) == (400, "Rounds: at least 1")


def test_a_refused_new_evening_lists_its_problems_where_the_page_opens(client):
    page = client.post(
        "/", {**NEW_EVENING, "length": "rounds", "rounds": "0", "tier_from_1": "1", "tier_times_1": "2"}
    )
    html = text_of(page)
    assert page.status_code == 400
    summary = html.split("data-form-errors>")[1].split("</div>")[0]
    assert "autofocus" in html.split("data-form-errors>")[0].rsplit("<div", 1)[1]
    assert "<li>Rounds: at least 1</li>" in summary
    assert "<li>Higher rate: from how many cards: at least 2</li>" in summary


@pytest.mark.parametrize(
    ("accept", "rounds", "tiers"),
    [("zh-HK", "局數：至少 1", "加倍計分：從幾張牌起：至少 2"), ("zh-CN", "局数：至少 1", None)],
)
def test_a_chinese_page_lists_its_problems_after_a_full_width_colon(client, accept, rounds, tiers):
    """The number of rounds is 局數 (it read 各局, the heading of the rounds played) and a Chinese
    label takes a full-width colon ("各局: 至少 1" it read)."""
    page = client.post(
        "/",
        {**NEW_EVENING, "length": "rounds", "rounds": "0", "tier_from_1": "1", "tier_times_1": "2"},
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    summary = text_of(page).split("data-form-errors>")[1].split("</div>")[0]
    assert f"<li>{rounds}</li>" in summary
    assert ": " not in summary
    if tiers:
        assert f"<li>{tiers}</li>" in summary


def test_the_settings_sheet_names_the_field_after_a_full_width_colon_in_chinese(client):
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    response = settings_post(client, session, token, length="rounds", rounds="0", accept="zh-TW")
    assert (response.status_code, response.json()["error"]) == (400, "局數：至少 1")


def text_of(response):
    return " ".join(response.content.decode().split())


def test_each_round_row_carries_the_running_totals_after_it(client):
    session = make_session()
    add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4])
    page = client.get(f"/s/{session.edit_key}/").content.decode()
    row = page.split('data-round="1"')[1].split("</li>")[0]
    assert re.findall(r"data-running-total>([^<]*)<", row) == [
        "5",
        "0",
        "22",
        "39",
    ]
    row = page.split('data-round="2"')[1].split("</li>")[0]
    assert re.findall(r"data-running-total>([^<]*)<", row)[3] == "43"


def test_a_points_target_and_each_players_distance_show_on_the_scoreboard(client):
    session = make_session(preset="points-50")
    add_rounds(session, [5, 0, 11, 13])
    page = text_of(client.get(f"/s/{session.view_key}/"))
    assert "Game to 50" in page
    for index, left in enumerate([45, 50, 28, 11]):
        assert f'data-to-target="{index}" data-pattern="%(points)s to 50">{left} to 50<' in page
    assert "to 50" not in text_of(client.get(f"/s/{make_session().view_key}/"))


def test_without_javascript_the_page_links_the_settlement_and_the_table_view(client):
    session = make_session(value_per_point="0.50")
    page = client.get(f"/s/{session.edit_key}/").content.decode()
    links = page.split("no-js-links")[1].split("</nav>")[0]
    assert f'href="/s/{session.edit_key}/settle/"' in links
    assert f'href="/s/{session.view_key}/table/"' in links


def test_the_plain_form_refused_by_a_held_lock_says_so_once(client):
    session = make_session()
    lock_acquire(session=session, device="Kitchen tablet")
    response = client.post(f"/s/{session.edit_key}/rounds/add", {"cards": ["5", "0", "11", "13"]})
    assert response.status_code == 409
    assert text_of(response).count("Round 1 is being entered on Kitchen tablet") == 1
    assert Round.objects.count() == 0


def test_the_table_views_last_round_is_labelled_with_the_names(client):
    session = make_session()
    add_rounds(session, [5, 0, 11, 13])
    page = text_of(client.get(f"/s/{session.view_key}/table/"))
    last = page.split('id="last-title"')[1]
    assert [
        name for name in ("Ann", "Ben", "Cat", "Dan") if f'<span class="player-name">{name}</span>' in last
    ] == [
        "Ann",
        "Ben",
        "Cat",
        "Dan",
    ]


def test_the_settings_sheet_comes_when_it_opens_with_the_rules_as_they_are_then(client):
    session = make_session(value_per_point="0.50")
    page = client.get(f"/s/{session.edit_key}/").content.decode()
    assert 'data-settings-sheet="/s/' in page
    assert "data-settings-form" not in page  # not part of the first load
    token = add_rounds(session, [5, 0, 11, 13])
    settings_post(client, session, token, mode="winner_takes_all", tier_times_2="", tier_from_2="")
    sheet = client.get(f"/s/{session.edit_key}/settings")
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert "<html" not in html
    assert f'action="/s/{session.edit_key}/settings"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'name="mode" value="winner_takes_all" checked' in html
    # The one higher rate left, then the spare row.
    assert 'name="tier_times_1" min="0.5" step="0.5" inputmode="decimal" value="2"' in html
    assert 'name="tier_times_2" min="0.5" step="0.5" inputmode="decimal" value=""' in html
    assert html.count("Rules and length") == 1


def test_the_follow_key_gets_no_settings_sheet(client):
    session = make_session()
    assert client.get(f"/s/{session.view_key}/settings").status_code == 404
    assert "data-settings-sheet" not in client.get(f"/s/{session.view_key}/").content.decode()


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("vi", ["Hùng", "Lan", "Tuấn", "Mai"]),
        ("id", ["Budi", "Sari", "Andi", "Dewi"]),
        ("en", ["Ann", "Ben", "Cat", "Dan"]),
        ("zh-hans", ["小明", "小红", "小刚", "小丽"]),
    ],
)
def test_the_home_forms_example_names_are_the_pages_countrys(client, language, names):
    """The empty name fields show names a table of the page's country would write, not Ann and Ben."""
    client.cookies["django_language"] = language
    page = client.get("/").content.decode()
    shown = re.findall(r'name="player_\d"[^>]*placeholder="([^"]*)"', page)
    assert shown == names
