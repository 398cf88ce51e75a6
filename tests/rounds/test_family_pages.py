"""Every page of a Tiến lên, a 锄大地 and an own-scores session answers, with hands in it (SPEC 14,
15): the session page for the editor and the follower, the table view, who pays whom, the
printable summary, the recap and the exports; the entry says what the game needs."""

import re

import pytest

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
GAMES = {
    "tien_len": ({"preset": "tien-len"}, [{"order": [0, 1, 2], "killed": [3]}, {"instant": 2}]),
    "chu_da_di": ({"preset": "chu-da-di"}, [{"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}]),
    "own_scores": ({"mode": "own_scores"}, [{"scores": [3, -1, -2, 0]}]),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_page_answers(api, client, game):
    fields, hands = GAMES[game]
    state = api.post("/api/sessions", {"players": PLAYERS, "value_per_point": "1000", **fields}).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    for hand in hands:
        assert api.post(f"/api/sessions/{state['id']}/rounds", hand, token=token).status_code == 201
    state = api.get(f"/api/sessions/{state['id']}").json()
    pages = [
        *(link for name, link in state["links"].items() if name not in {"socket", "qr"}),
        f"/s/{state['view_id']}/",
    ]
    for path in pages:
        reply = client.get(path)
        assert reply.status_code == 200, (path, reply.status_code)
    page = client.get(f"/s/{state['id']}/").content.decode()
    if game == "tien_len":
        assert 'data-open="tl-killed"' in page
        assert "data-pad=" not in page
        assert "Tiến lên · the last pays the first 2, the third pays the second 1" in page
    if game == "chu_da_di":
        assert "♠2 held doubles from 8 cards" in page
    # The settings sheet holds the session's own rules (own scores have no tiers to lay out).
    sheet = client.get(f"/s/{state['id']}/settings")
    assert sheet.status_code == 200
    if game == "tien_len":
        assert (
            'name="first" id="id_first" min="0" max="1000" inputmode="numeric" value="2"'
            in sheet.content.decode()
        )
        assert 'data-shown-when="game=tien_len"' in sheet.content.decode()
        # The game is fixed for the session: shown, the other not offered (QA in Vietnamese).
        assert '<input type="radio" name="game" value="tien_len" checked>' in sheet.content.decode()
        assert '<input type="radio" name="game" value="big_two" disabled>' in sheet.content.decode()
        assert "disabled" not in client.get("/").content.decode().split('name="game"')[1][:40]
    if game == "own_scores":
        assert 'name="mode" value="own_scores" checked' in sheet.content.decode()
    for path in ("export.csv", "export.json", "recap.txt", "recap.png"):
        assert client.get(f"/api/sessions/{state['id']}/{path}").status_code == 200, path


@pytest.mark.parametrize(
    ("language", "fields", "bar", "title"),
    [
        ("en", {"preset": "tien-len"}, "Tiến lên", "Tiến lên scorekeeper"),
        ("vi", {"preset": "tien-len"}, "Tiến lên", "Ghi điểm Tiến lên"),
        ("vi", {"preset": "chu-da-di"}, "Big Two", "Ghi điểm Big Two (Đại lão nhị)"),
        ("id", {"mode": "own_scores"}, "Capsa", "Pencatat skor Capsa (Big Two)"),
    ],
)
def test_a_sessions_pages_name_its_game_in_the_bar_and_the_title(api, client, language, fields, bar, title):
    """A Tiến lên table reads "Tiến lên" at the top of its pages, not the app's Big Two; the rest
    of the family keeps the app's name as the page's language says it."""
    state = api.post("/api/sessions", {"players": PLAYERS, **fields}).json()
    client.cookies["django_language"] = language
    for path in (
        f"/s/{state['id']}/",
        f"/s/{state['view_id']}/",
        state["links"]["table"],
        state["links"]["settle"],
    ):
        page = client.get(path).content.decode()
        assert f'<a class="brand" href="/">{bar}</a>' in page, path
        assert re.search(rf"<title>[^<]* · {re.escape(title)}</title>", page), path


@pytest.mark.parametrize(("players", "line"), [(3, "bét trả nhất 2"), (4, "bét trả nhất 2, ba trả nhì 1")])
def test_the_tien_len_rules_line_says_what_the_table_pays(api, client, players, line):
    """A Tiến lên table of three has no third paying the second (SPEC 14.3 rule 1): its entry's
    rules line says only what the last pays (it said "ba trả nhì 1" at a club night's table of 3)."""
    state = api.post("/api/sessions", {"players": PLAYERS[:players], "preset": "tien-len"}).json()
    page = client.get(f"/s/{state['id']}/", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    shown = re.search(r"data-entry-rules>([^<]*)</span>", page).group(1)
    assert shown == f"Tiến lên · {line}"
