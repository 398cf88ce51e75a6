"""A Tiến lên group (SPEC 14.4, API.md): its rules keep the game, its evenings play it, its season
adds firsts, lasts, killed and instant wins per player, Skill ranks each hand by its order, and
the evening's CSV carries the order and the events."""

import csv
import io
import re

import pytest

from groups.rules.season import Evening, SeasonRound, season_of
from groups.rules.skill import RatedRound, rate

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)
HANDS = [
    {"order": [ANN, BEN, CAT, DAN]},  # Ann first, Dan last
    {"order": [BEN, ANN, CAT, DAN], "killed": [DAN], "left": [{"player": DAN, "red_two": 1}]},
    {
        "order": [CAT, ANN, BEN, DAN],
        "killed": [BEN, DAN],
        "chops": [{"by": ANN, "from": CAT, "items": ["black_two"]}],
    },
    {"instant": DAN},
]


def tien_len_evening(api):
    group = api.post("/api/groups", {"name": "Bàn Chủ nhật"}).json()
    rules = api.patch(f"/api/groups/{group['id']}", {"rules": {"preset": "tien-len"}})
    assert rules.status_code == 200, rules.json()
    assert rules.json()["rules"]["game"] == "tien_len"
    state = api.post(f"/api/groups/{group['id']}/evenings", {"players": PLAYERS}).json()
    assert state["settings"]["game"] == "tien_len"
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    for hand in HANDS:
        reply = api.post(f"/api/sessions/{state['id']}/rounds", hand, token=token)
        assert reply.status_code == 201, reply.json()
    return group, api.get(f"/api/sessions/{state['id']}").json()


def test_the_season_counts_firsts_lasts_killed_and_instant_wins(api):
    group, state = tien_len_evening(api)
    season = api.get(f"/api/groups/{group['id']}/season").json()
    players = {player["name"]: player for player in season["players"]}
    figures = ("games", "wins", "firsts", "lasts", "killed", "instant_wins", "net_score")
    assert {name: [players[name][figure] for figure in figures] for name in PLAYERS} == {
        # Hand 3's ranks: Cat 1, Ann 2, Ben and Dan killed share 3; hand 4: Dan 1, the rest share
        # the last rank (2nd), so each of them has a last there.
        "Ann": [4, 1, 1, 1, 0, 0, state["totals"][ANN]],
        "Ben": [4, 1, 1, 2, 1, 0, state["totals"][BEN]],
        "Cat": [4, 1, 1, 1, 0, 0, state["totals"][CAT]],
        "Dan": [4, 1, 1, 3, 2, 1, state["totals"][DAN]],
    }
    assert sum(player["net_score"] for player in season["players"]) == 0


def test_a_big_two_season_shows_no_tien_len_figures(api):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    state = api.post(f"/api/groups/{group['id']}/evenings", {"players": PLAYERS}).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{state['id']}/rounds", {"cards": [0, 3, 5, 13]}, token=token)
    (player, *_) = api.get(f"/api/groups/{group['id']}/season").json()["players"]
    assert "firsts" not in player


def test_skill_ranks_a_hand_by_its_order_the_killed_sharing_the_last_rank():
    killed = SeasonRound(cards=(), real_losses=(0, 0, 0, 0), fry_from=None, ranks=(1, 3, 2, 3), killed=(1, 3))
    by_cards = SeasonRound(cards=(0, 9, 5, 9), real_losses=(0, 0, 0, 0), fry_from=None)
    assert killed.places == (1, 3, 2, 3)
    ratings = rate([RatedRound(players=("a", "b", "c", "d"), cards=killed.places)])
    same = rate([RatedRound(players=("a", "b", "c", "d"), cards=by_cards.places)])
    assert (
        ratings.players["b"].mu == ratings.players["d"].mu < ratings.players["c"].mu < ratings.players["a"].mu
    )
    # Ranks 1, 3, 2, 3 rate exactly as cards 0, 9, 5, 9 would: the same order, the same ties.
    assert {player: rating.mu for player, rating in ratings.players.items()} == {
        player: rating.mu for player, rating in same.players.items()
    }
    evening = Evening(
        session=1,
        played_on=__import__("datetime").date(2026, 12, 6),
        players=(10, 11, 12, 13),
        rounds=(killed,),
        pairwise=((0,) * 4,) * 4,
    )
    line = {line.player: line for line in season_of([evening]).lines}
    assert (line[11].killed, line[11].lasts, line[13].lasts, line[12].lasts) == (1, 1, 1, 0)
    assert (line[10].firsts, line[10].wins, line[11].wins) == (1, 1, 0)


def test_the_csv_carries_the_order_and_the_events(api):
    _group, state = tien_len_evening(api)
    reply = api.get(f"/api/sessions/{state['id']}/export.csv")
    rows = list(csv.reader(io.StringIO(reply.content.decode())))
    assert rows[0][1:5] == ["Ann place", "Ben place", "Cat place", "Dan place"]
    assert rows[0][-4:] == ["killed", "left in hand", "chops", "instant win"]
    assert rows[2][1:5] == ["2", "1", "3", "4"]
    assert rows[2][-4:] == ["Dan", "Dan: red_two 1", "", ""]
    assert rows[3][-4:] == ["Ben; Dan", "", "Ann < Cat: black_two", ""]
    assert rows[4][1:5] == ["", "", "", "1"]
    assert rows[4][-1] == "Dan"
    assert [int(cell) for cell in rows[4][5:9]] == state["rounds"][3]["scores"]


def test_the_recap_reads_a_tien_len_evening(api):
    _group, state = tien_len_evening(api)
    reply = api.get(f"/api/sessions/{state['id']}/recap.txt")
    assert reply.status_code == 200
    text = reply.content.decode()
    assert text.startswith("Tiến lên · ")
    assert "Killed (cóng)\nDan  2\nBen  1\n" in text
    assert "Fries" not in text
    png = api.get(f"/api/sessions/{state['id']}/recap.png")
    assert png.status_code == 200


def season_columns(html: str) -> list[str]:
    return re.findall(r'data-sort="(\w+)"', html)


def test_a_tien_len_season_page_shows_lasts_killed_and_instant_wins_not_fries(api, client):
    """A Tiến lên group's page showed Big Two's columns: fries and real losses (always 0 and what
    each paid), no lasts, killed or instant wins (SPEC 14.4), and 'Big Two' in its bar."""
    group, state = tien_len_evening(api)
    html = client.get(f"/g/{group['id']}/", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert season_columns(html) == [
        "name",
        "net_score",
        "rating",
        "games",
        "wins",
        "lasts",
        "killed",
        "instant_wins",
        "evenings",
        "wins_per_game",
        "net_score_per_game",
    ]
    heads = re.findall(r'data-sort="\w+">([^<]+)</a>', html)
    assert heads[4:8] == ["Về nhất", "Về bét", "Bị cóng", "Tới trắng"]
    assert "Ôm nặng" not in html
    assert "Thua thật" not in html
    dan = re.search(r'data-season-player="Dan">.*?</tr>', html, re.S).group(0)
    cells = re.findall(r"<td>([^<]*)</td>", dan)
    total = str(state["totals"][DAN]).replace("-", "\u2212")
    # Net, then (after Skill) games, firsts, lasts, killed, instant wins, evenings, the two rates.
    assert cells == [total, "4", "1", "3", "2", "1", "1", "0.25", cells[-1]]
    assert "Về bét: số ván về bét" in html
    assert re.search(r'class="brand"[^>]*>Tiến lên</a>', html)
    # Sorting by a Tiến lên figure is a column like any other.
    by_killed = client.get(f"/g/{group['id']}/?sort=killed", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert re.findall(r'data-season-player="(\w+)"', by_killed) == ["Dan", "Ben", "Cat", "Ann"]


def test_a_season_of_both_games_shows_both_kinds_of_figures(api, client):
    group, _state = tien_len_evening(api)
    evening = api.post(
        f"/api/groups/{group['id']}/evenings", {"players": PLAYERS, "preset": "classic-points"}
    ).json()
    assert evening["settings"]["game"] == "big_two"
    token = api.post(f"/api/sessions/{evening['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{evening['id']}/rounds", {"cards": [0, 3, 5, 13]}, token=token)
    html = client.get(f"/g/{group['id']}/").content.decode()
    assert season_columns(html)[3:10] == [
        "games",
        "wins",
        "fries",
        "real_losses",
        "lasts",
        "killed",
        "instant_wins",
    ]
    plain = api.post("/api/groups", {"name": "Thursday"}).json()
    api.post(f"/api/groups/{plain['id']}/evenings", {"players": PLAYERS})
    html = client.get(f"/g/{plain['id']}/").content.decode()
    assert "lasts" not in season_columns(html)
    assert re.search(r'class="brand"[^>]*>Big Two</a>', html)
