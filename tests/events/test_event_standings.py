"""SPEC 11 standings: each player's net summed over their tables (SPEC 10's net), then hands won,
then fewer real losses, checked against sums made here from each table's own state."""

import random
from collections import defaultdict

import pytest

from events.models import Event
from events.reads.standings import Line, event_standings, ranked
from tests.events.helpers import NAMES, draw, new_event, play_table

pytestmark = pytest.mark.django_db


def random_hand(rng, size):
    winner = rng.randrange(size)
    return [0 if seat == winner else rng.randint(1, 13) for seat in range(size)]


def independent_figures(api, tables, mode):
    """Net, hands won and real losses per name, from each table's state alone."""
    figures = defaultdict(lambda: {"net": 0, "wins": 0, "real_losses": 0, "hands": 0})
    for key in tables:
        state = api.get(f"/api/sessions/{key}").json()
        names = [player["name"] for player in state["players"]]
        totals = state["totals"]
        for index, name in enumerate(names):
            own = totals[index]
            net = sum(totals) - len(totals) * own if mode == "points" else own
            figures[name]["net"] += net
        for played in state["rounds"]:
            for index, name in enumerate(names):
                figures[name]["hands"] += 1
                figures[name]["wins"] += played["cards"][index] == 0
                figures[name]["real_losses"] += (
                    0 if played["cards"][index] == 0 else played["penalties"][index]
                )
    return figures


@pytest.mark.parametrize(("preset", "mode"), [("classic-points", "points"), ("wta-flat", "winner_takes_all")])
def test_standings_are_the_sum_over_each_players_tables(api, preset, mode):
    rng = random.Random(preset)
    players = [*NAMES, "Ivy", "Jo"]
    event = new_event(api, players=players, rounds=2, hands=3, rules={"preset": preset})
    tables = []
    for _round in range(2):
        drawn = draw(api, event["id"])
        for table in drawn["tables"]:
            size = len(table["players"])
            play_table(api, table["session"], *(random_hand(rng, size) for _ in range(3)))
            tables.append(table["session"])
    expected = independent_figures(api, tables, mode)
    standings = api.get(f"/api/events/{event['view_id']}").json()["standings"]
    assert {line["name"] for line in standings} == set(players)
    for line in standings:
        assert line["net"] == expected[line["name"]]["net"], line
        assert line["wins"] == expected[line["name"]]["wins"], line
        assert line["real_losses"] == expected[line["name"]]["real_losses"], line
        assert line["hands"] == 6
    assert sum(line["net"] for line in standings) == 0
    order = [(-line["net"], -line["wins"], line["real_losses"]) for line in standings]
    assert order == sorted(order)
    assert standings[0]["place"] == 1


def test_each_player_is_shown_with_their_table_this_round(api):
    event = new_event(api)
    drawn = draw(api, event["id"])
    lines = event_standings(Event.objects.get())
    for line in lines:
        table = next(table for table in drawn["tables"] if line.name in table["players"])
        assert line.table == table["table"]


def test_ties_go_to_more_hands_won_then_fewer_real_losses_and_equal_share_a_place():
    lines = ranked(
        [
            Line(player=1, name="Ann", net=10, wins=1, real_losses=9),
            Line(player=2, name="Ben", net=10, wins=2, real_losses=30),
            Line(player=3, name="Cat", net=10, wins=1, real_losses=5),
            Line(player=4, name="Dan", net=-30, wins=0, real_losses=40),
            Line(player=5, name="Eve", net=10, wins=1, real_losses=5),
        ]
    )
    assert [(line.name, line.place) for line in lines] == [
        ("Ben", 1),
        ("Cat", 2),
        ("Eve", 2),
        ("Ann", 4),
        ("Dan", 5),
    ]


def test_players_tied_are_listed_in_the_vietnamese_alphabets_order():
    """A night before its first hand: every player tied, listed by name as a Vietnamese room
    reads a list: "Đặng" after "Dương" among the D (it came after "Võ"), "Hồ" before "Huỳnh",
    "Ngô" before "Nguyễn" (codepoints put ồ after u and ô after u)."""
    names = [
        "Võ Thị Bích Ngọc",
        "Đặng Quốc Bảo",
        "Nguyễn Thị Thanh Hương",
        "Huỳnh Tấn Tài",
        "Ngô Thị Kim Chi",
    ]
    names += ["Hồ Văn Dũng", "Dương Minh Khoa", "Bùi Thị Mai", "Ân", "An"]
    lines = ranked([Line(player=index, name=name) for index, name in enumerate(names)])
    assert [line.name for line in lines] == [
        "An",
        "Ân",
        "Bùi Thị Mai",
        "Dương Minh Khoa",
        "Đặng Quốc Bảo",
        "Hồ Văn Dũng",
        "Huỳnh Tấn Tài",
        "Ngô Thị Kim Chi",
        "Nguyễn Thị Thanh Hương",
        "Võ Thị Bích Ngọc",
    ]
    assert {line.place for line in lines} == {1}
