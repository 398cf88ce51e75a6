"""A Tiến lên club night (SPEC 14.4, issue 40): 12 players, tables of 4 drawn twice, hands by
finishing order with killed players and chops; the standings are each player's net over their
tables, hands won are their firsts, and the night's group season counts them."""

import csv
import io
import random
import re
from collections import defaultdict

import pytest

from tests.events.helpers import draw, new_event

pytestmark = pytest.mark.django_db

PLAYERS = ["An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khoa", "Lan", "Minh", "Nga", "Phúc", "Quân"]


def random_hand(rng, size):
    order = rng.sample(range(size), size)
    hand = {"order": order}
    if rng.random() < 0.3:
        hand["killed"] = [order[-1]]
        hand["left"] = [{"player": order[-1], "red_two": rng.randint(0, 2)}]
    if rng.random() < 0.3:
        by, chopped = rng.sample(range(size), 2)
        hand["chops"] = [{"by": by, "from": chopped, "items": ["black_two"]}]
    if rng.random() < 0.1:
        hand = {"instant": rng.randrange(size)}
    return hand


def play(api, key, hands):
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Table phone"}).json()["token"]
    for hand in hands:
        reply = api.post(f"/api/sessions/{key}/rounds", hand, token=token)
        assert reply.status_code == 201, reply.json()
    api.call("delete", f"/api/sessions/{key}/lock", token=token)


def test_a_tien_len_club_night_of_twelve(api):
    rng = random.Random(14)
    event = new_event(api, players=PLAYERS, rounds=2, hands=3, rules={"preset": "tien-len"})
    net, firsts, hands_played = defaultdict(int), defaultdict(int), defaultdict(int)
    for _ in range(2):
        drawn = draw(api, event["id"])
        assert {len(table["players"]) for table in drawn["tables"]} == {4}
        for table in drawn["tables"]:
            play(api, table["session"], [random_hand(rng, 4) for _ in range(3)])
            state = api.get(f"/api/sessions/{table['session']}").json()
            assert state["settings"]["game"] == "tien_len"
            names = [player["name"] for player in state["players"]]
            for index, name in enumerate(names):
                net[name] += state["totals"][index]
                hands_played[name] += len(state["rounds"])
            for hand in state["rounds"]:
                first = hand["instant"] if hand["instant"] is not None else hand["order"][0]
                firsts[names[first]] += 1
    standings = api.get(f"/api/events/{event['view_id']}").json()["standings"]
    assert {line["name"] for line in standings} == set(PLAYERS)
    assert sum(line["net"] for line in standings) == 0
    for line in standings:
        assert line["net"] == net[line["name"]], line
        assert line["wins"] == firsts[line["name"]], line
    ranked = [line["net"] for line in standings]
    assert ranked == sorted(ranked, reverse=True)


def test_the_export_of_a_tien_len_night_has_each_place_out_and_the_hands_events(api):
    """Export every hand (CSV) on a Tiến lên night: each player's place out where a Big Two night
    has cards left, and the hand's killed, left in hand, chops and instant win, as a Tiến lên
    session's CSV (it had Big Two's 'cards' columns, always empty, and none of what happened)."""
    event = new_event(api, players=PLAYERS[:4], rounds=1, hands=3, rules={"preset": "tien-len"})
    table = draw(api, event["id"])["tables"][0]
    seated = table["players"]
    # Seat 0, 1, 2 out in that order, seat 3 killed holding a red 2; an instant win by seat 2;
    # then seat 1 first and seat 2 chops seat 0's black 2 and three pairs.
    play(
        api,
        table["session"],
        [
            {"order": [0, 1, 2, 3], "killed": [3], "left": [{"player": 3, "red_two": 1}]},
            {"instant": 2},
            {"order": [1, 0, 2, 3], "chops": [{"by": 2, "from": 0, "items": ["black_two", "three_pairs"]}]},
        ],
    )
    reply = api.get(f"/api/events/{event['view_id']}/export.csv")
    assert reply.status_code == 200
    rows = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "round", "table", "hand",
        "player 1", "place 1", "score 1", "player 2", "place 2", "score 2",
        "player 3", "place 3", "score 3", "player 4", "place 4", "score 4",
        "killed", "left in hand", "chops", "instant win", "winner",
    ]  # fmt: skip
    assert len(rows) == 1 + 3
    assert rows[1][:15] == [
        "1", "1", "1",
        seated[0], "1", "6", seated[1], "2", "1", seated[2], "3", "-1", seated[3], "4", "-6",
    ]  # fmt: skip
    assert rows[1][15:] == [seated[3], f"{seated[3]}: red_two 1", "", "", seated[0]]
    assert rows[2][3:15] == [
        seated[0],
        "",
        "-4",
        seated[1],
        "",
        "-4",
        seated[2],
        "1",
        "12",
        seated[3],
        "",
        "-4",
    ]
    assert rows[2][15:] == ["", "", "", seated[2], seated[2]]
    # Places +2 +1 −1 −2; the chop: 1 × (1 + 2) from seat 0 to seat 2.
    assert [rows[3][index] for index in (4, 5, 7, 8, 10, 11, 13, 14)] == [
        "2",
        "-2",
        "1",
        "2",
        "3",
        "2",
        "4",
        "-2",
    ]
    assert rows[3][15:] == ["", "", f"{seated[2]} < {seated[0]}: black_two three_pairs", "", seated[1]]


def test_the_export_of_a_big_two_night_keeps_its_cards(api):
    event = new_event(api, players=PLAYERS[:4], rounds=1, hands=1)
    table = draw(api, event["id"])["tables"][0]
    play(api, table["session"], [{"cards": [5, 0, 11, 13]}])
    rows = list(
        csv.reader(
            io.StringIO(api.get(f"/api/events/{event['view_id']}/export.csv").content.decode("utf-8-sig"))
        )
    )
    assert rows[0][3:6] == ["player 1", "cards 1", "score 1"]
    assert rows[0][-2:] == ["score 4", "winner"]
    assert [rows[1][index] for index in (4, 7, 10, 13)] == ["5", "0", "11", "13"]


BRAND = re.compile(r'<a class="brand" href="/">([^<]*)</a>')


@pytest.mark.parametrize(("rules", "game"), [({"preset": "tien-len"}, "Tiến lên"), (None, "Big Two")])
def test_a_nights_pages_say_the_game_its_tables_play(api, client, rules, game):
    """Its organizer's, follow, join, ratings and print pages name the night's game at the top, as
    its tables' pages do (a Tiến lên night's said "Big Two")."""
    event = new_event(api, players=PLAYERS[:4], rounds=1, hands=1, rules=rules)
    table = draw(api, event["id"])["tables"][0]
    pages = [
        f"/e/{event['id']}/",
        f"/e/{event['view_id']}/",
        table["join"],
        f"/e/{event['view_id']}/ratings",
        f"/e/{event['id']}/print/slips",
        table["page"],
    ]
    for path in pages:
        page = client.get(path, HTTP_ACCEPT_LANGUAGE="vi").content.decode()
        assert BRAND.findall(page) == [game], path
    title = re.search(r"<title>([^<]*)</title>", client.get(f"/e/{event['id']}/").content.decode()).group(1)
    assert title.endswith(f"{game} scorekeeper")


def test_the_export_of_an_own_scores_night_has_each_score_and_no_places(api):
    """A club night of typed scores keeps Big Two's columns, its cards empty (its hand is the
    scores, no order out to place anybody by)."""
    event = new_event(api, players=PLAYERS[:4], rounds=1, hands=1, rules={"mode": "own_scores"})
    table = draw(api, event["id"])["tables"][0]
    play(api, table["session"], [{"scores": [3, -1, -2, 0]}])
    reply = api.get(f"/api/events/{event['view_id']}/export.csv")
    assert reply.status_code == 200
    rows = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    assert rows[0][3:6] == ["player 1", "cards 1", "score 1"]
    assert rows[0][-2:] == ["score 4", "winner"]
    seated = table["players"]
    assert rows[1][3:] == [
        seated[0], "", "3", seated[1], "", "-1", seated[2], "", "-2", seated[3], "", "0", seated[0],
    ]  # fmt: skip
