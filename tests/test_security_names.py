"""Names a stranger types, on every page of every game in every language: player, device, house,
group and event names holding HTML, attribute breakers, quotes and formula starts are shown as
text, never as markup, and a spreadsheet never runs them (tests/test_security.py has the first
page's case; this sweeps the rest, the fifth wave's games and pages included)."""

import csv
import io
import re

import pytest

from tests.events.helpers import draw

pytestmark = pytest.mark.django_db

# Each at most 40 characters (a name's cap), no two alike. What must never reach a page as it is:
# an element opened by a name, or an attribute a name closed its quotes to add.
PLAYERS = ['<img src=x data-pwn="1">', '" data-pwn="2', "' data-pwn='3", "</script><i data-pwn>"]
FORMULAS = ["=HYPERLINK(1)", "+Sum", "-Dan", "@Cell"]
DEVICE = "<b data-pwn>phone</b>"
INJECTED = re.compile(r"<(img|i|b)\b[^>]*data-pwn|[\"'] data-pwn=[\"']")
LANGUAGES = ["en", "zh-hant", "zh-hans", "vi", "id", "fil"]
GAMES = {
    "big_two": ({"preset": "hong-kong", "covering_rule": True}, [{"cards": [9, 0, 10, 4], "covering": 2}]),
    "by_place": ({"preset": "taiwan-place", "house_name": "<b data-pwn>house"}, [{"cards": [9, 0, 10, 4]}]),
    "tien_len": (
        {"preset": "tien-len"},
        [{"order": [0, 1, 2], "killed": [3]}, {"instant": 2}],
    ),
    "chu_da_di": ({"preset": "chu-da-di"}, [{"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}]),
    "own_scores": ({"mode": "own_scores"}, [{"scores": [3, -1, -2, 0]}]),
}


def played(api, names, fields, hands, device=DEVICE):
    state = api.post("/api/sessions", {"players": names, "value_per_point": "1", **fields})
    assert state.status_code == 201, state.content
    key = state.json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": device}).json()["token"]
    for hand in hands:
        reply = api.post(f"/api/sessions/{key}/rounds", hand, token=token)
        assert reply.status_code == 201, reply.content
    return api.get(f"/api/sessions/{key}").json()  # the lock still held: its device shows


def assert_shown_as_text(client, paths, language):
    client.cookies["django_language"] = language
    for path in paths:
        reply = client.get(path, follow=True)  # a player's link goes on to their table
        assert reply.status_code == 200, (path, reply.status_code)
        kind = reply["Content-Type"]
        body = reply.content.decode()
        if kind.startswith("text/html"):
            assert INJECTED.findall(without_json(body)) == [], (path, language)
        else:  # a text or JSON reply is never read as a page
            assert kind.split(";")[0] in {"text/plain", "text/csv", "application/json"}, (path, kind)
            assert reply["X-Content-Type-Options"] == "nosniff"


JSON_SCRIPT = re.compile(r'(<script [^>]*type="application/json"[^>]*>)(.*?)</script>', re.S)


def without_json(page):
    """The page but its JSON blocks, which hold a name's quotes as they are and no '<' at all
    (json_script writes it \\u003C), so no name ends the block."""
    for _tag, data in JSON_SCRIPT.findall(page):
        assert "<" not in data
    return JSON_SCRIPT.sub(r"\1</script>", page)


def session_paths(state):
    key, view = state["id"], state["view_id"]
    return [
        f"/s/{key}/",
        f"/s/{view}/",
        f"/s/{view}/table/",
        f"/s/{key}/settle/",
        f"/s/{view}/settle/",
        f"/s/{key}/settle/partial",
        f"/s/{key}/settings",
        f"/api/sessions/{key}/recap.txt",
        f"/api/sessions/{key}/export.csv",
        f"/api/sessions/{key}/rounds/1/history",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_sessions_names_are_text_on_every_page_in_every_language(api, client, game):
    fields, hands = GAMES[game]
    state = played(api, PLAYERS, fields, hands)
    for language in LANGUAGES:
        assert_shown_as_text(client, session_paths(state), language)


def test_the_check_above_can_fail():
    assert INJECTED.findall('<p><img src=x data-pwn="1"></p>')
    assert INJECTED.findall('<span title="" data-pwn="2">')
    assert INJECTED.findall("<span title='' data-pwn='3'>")
    assert INJECTED.findall("<i data-pwn>")
    assert not INJECTED.findall("&lt;img src=x data-pwn=&quot;1&quot;&gt; &quot; data-pwn=&quot;2")


def test_a_group_and_a_club_night_show_their_names_as_text_on_every_page(api, client):
    group = api.post("/api/groups", {"name": "<b data-pwn>club"}).json()
    assert api.post(f"/api/groups/{group['id']}/players", {"names": [*PLAYERS, *FORMULAS]}).status_code == 201
    evening = api.post(f"/api/groups/{group['id']}/evenings", {"players": PLAYERS, "preset": "tien-len"})
    assert evening.status_code == 201, evening.content
    night = api.post(
        "/api/events",
        {
            "name": '"><i data-pwn>night',
            "players": [*PLAYERS, *FORMULAS],
            "rounds": 2,
            "hands": 2,
            "group": group["id"],
        },
    )
    assert night.status_code == 201, night.content
    night = night.json()
    drawn = draw(api, night["id"])
    table = drawn["tables"][0]
    token = api.post(f"/api/sessions/{table['session']}/lock", {"device": DEVICE}).json()["token"]
    assert (
        api.post(f"/api/sessions/{table['session']}/rounds", {"cards": [0, 4, 5, 6]}, token=token).status_code
        == 201
    )
    player = api.get(f"/api/events/{night['id']}").json()["players"][0]["id"]
    paths = [
        f"/g/{group['id']}/",
        f"/g/{group['view_id']}/",
        f"/g/{group['id']}/season",
        f"/g/{group['id']}/league/print",
        f"/g/{group['id']}/import",
        f"/e/new/{group['id']}",
        f"/e/{night['id']}/",
        f"/e/{night['view_id']}/",
        f"/e/{night['view_id']}/screen",
        f"/e/{night['id']}/ratings",
        f"/e/{night['view_id']}/me?player={player}",
        f"/e/{night['view_id']}/join/1/{table['table']}",
        f"/e/{night['view_id']}/banner/1/{table['table']}",
        f"/e/{night['id']}/print/tables",
        f"/e/{night['id']}/print/standings",
        f"/e/{night['id']}/print/slips",
        f"/s/{table['session']}/",
        f"/api/groups/{group['id']}/export.txt",
        f"/api/groups/{group['id']}/league.csv",
        f"/api/events/{night['id']}/export.csv",
    ]
    for language in LANGUAGES:
        assert_shown_as_text(client, paths, language)


def cells(text):
    return [cell for row in csv.reader(io.StringIO(text.lstrip("\ufeff"))) for cell in row]


def formula_cells(text):
    """Cells a spreadsheet would run: those that start as a formula does."""
    return [cell for cell in cells(text) if cell[:1] in ("=", "+", "@") or re.match(r"-\D", cell)]


@pytest.mark.parametrize("game", ["tien_len", "chu_da_di", "own_scores", "by_place"])
def test_no_csv_of_the_families_games_hands_a_spreadsheet_a_formula(api, client, game):
    fields, hands = GAMES[game]
    state = played(api, FORMULAS, fields, hands)
    text = client.get(f"/api/sessions/{state['id']}/export.csv").content.decode()
    assert "'=HYPERLINK(1)" in text
    assert formula_cells(text) == []


def test_no_club_csv_hands_a_spreadsheet_a_formula(api, client):
    group = api.post("/api/groups", {"name": "Club"}).json()
    night = api.post(
        "/api/events",
        {
            "name": "=night",
            "players": [*FORMULAS, "Ann", "Ben", "Cat", "Dan"],
            "rounds": 1,
            "hands": 1,
            "group": group["id"],
        },
    ).json()
    for table in draw(api, night["id"])["tables"]:
        token = api.post(f"/api/sessions/{table['session']}/lock", {"device": "x"}).json()["token"]
        api.post(f"/api/sessions/{table['session']}/rounds", {"cards": [0, 4, 5, 6]}, token=token)
    for path in (f"/api/events/{night['id']}/export.csv", f"/api/groups/{group['id']}/league.csv"):
        text = client.get(path).content.decode()
        assert "'@Cell" in text, path
        assert formula_cells(text) == [], path
