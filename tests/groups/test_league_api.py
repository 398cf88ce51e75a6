"""SPEC 13's league over the API: GET /api/groups/<id>/league against an independent computation
from each night's own standings (GET /api/events/<id>), with shared places, best_of and a date
range; zero-sum nets per night; PATCH league re-ranks at once; bad input named, nothing changed."""

import csv
import io
from datetime import timedelta
from fractions import Fraction

import pytest

from tests.groups.helpers import club_night, new_group

pytestmark = pytest.mark.django_db

CLUB = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
POINTS = [12, 9, 7, 5, 4, 3, 2, 1]


def standings(api, view_id):
    reply = api.get(f"/api/events/{view_id}")
    assert reply.status_code == 200, reply.content
    return reply.json()["standings"]


def expected_table(nights, points, best_of):
    """The league computed apart from the app: each night's places as its standings give them,
    tied places sharing the mean of the points of the places they fill, the best `best_of`
    nights summed, ordered by points, then net, then hands won (equal on all three share)."""
    earned, figures = {}, {}
    for lines in nights:
        for line in lines:
            sharing = [other for other in lines if other["place"] == line["place"]]
            filled = range(line["place"], line["place"] + len(sharing))
            share = sum(Fraction(points[p - 1]) if p <= len(points) else Fraction(0) for p in filled)
            earned.setdefault(line["name"], []).append(share / len(sharing))
            row = figures.setdefault(line["name"], {"nights": 0, "hands": 0, "wins": 0, "net": 0})
            row["nights"] += 1
            row["hands"] += line["hands"]
            row["wins"] += line["wins"]
            row["net"] += line["net"]
    table = []
    for name, row in figures.items():
        counted = sorted(earned[name], reverse=True)[:best_of]
        table.append({"name": name, **row, "exact": sum(counted), "counted": counted})
    table.sort(key=lambda row: (-row["exact"], -row["net"], -row["wins"], row["name"]))
    for position, row in enumerate(table):
        before = table[position - 1] if position else None
        same = before and (before["exact"], before["net"], before["wins"]) == (
            row["exact"],
            row["net"],
            row["wins"],
        )
        row["place"] = before["place"] if same else position + 1
    return table


def shown(value):
    return int(value) if value.denominator == 1 else round(float(value), 2)


def assert_league(reply, nights, points, best_of):
    table = expected_table(nights, points, best_of)
    got = reply["table"]
    assert [row["place"] for row in got] == [row["place"] for row in table]
    # Within a shared place the order is the app's; compare place by place as sets of rows.
    by_place = {}
    for row in table:
        by_place.setdefault(row["place"], set()).add(
            (
                row["name"],
                row["nights"],
                row["hands"],
                row["wins"],
                row["net"],
                shown(row["exact"]),
                tuple(shown(value) for value in row["counted"]),
            )
        )
    for place, rows in by_place.items():
        assert {
            (
                row["name"],
                row["nights"],
                row["hands"],
                row["wins"],
                row["net"],
                row["points"],
                tuple(row["counted"]),
            )
            for row in got
            if row["place"] == place
        } == rows


@pytest.fixture
def season(api, frozen_clock):
    """A club with three weekly nights of 8 players at two tables of 4, one round of two hands:
    the two tables play the same hands seat by seat, so every place is shared by two."""
    group = new_group(api)
    nights = []
    for week, players in enumerate((CLUB[:8], CLUB[2:], CLUB[:4] + CLUB[6:])):
        if week:
            frozen_clock.advance(timedelta(days=7).total_seconds())
        event, _hands = club_night(api, group["id"], players, name=f"Week {week + 1}")
        nights.append(event)
    return group, nights


def test_the_league_is_the_independent_computation_with_shared_places_best_of_and_dates(api, season):
    group, events = season
    assert (
        api.patch(f"/api/groups/{group['id']}", {"league": {"points": POINTS, "best_of": 2}}).status_code
        == 200
    )
    nights = [standings(api, event["view_id"]) for event in events]
    for lines in nights:
        assert len(lines) == 8
        assert sum(line["net"] for line in lines) == 0
        assert sorted(line["place"] for line in lines) == [1, 1, 3, 3, 5, 5, 7, 7]

    reply = api.get(f"/api/groups/{group['view_id']}/league").json()
    assert reply["league"] == {"points": POINTS, "best_of": 2}
    assert [(night["name"], night["players"]) for night in reply["nights"]] == [
        ("Week 1", 8),
        ("Week 2", 8),
        ("Week 3", 8),
    ]
    assert [night["view_id"] for night in reply["nights"]] == [event["view_id"] for event in events]
    assert_league(reply, nights, POINTS, 2)
    assert sum(row["net"] for row in reply["table"]) == 0
    assert max(len(row["counted"]) for row in reply["table"]) == 2  # someone came three times

    # From the second night on: the first is left out.
    second_day = reply["nights"][1]["date"]
    ranged = api.get(f"/api/groups/{group['id']}/league?from={second_day}").json()
    assert [night["name"] for night in ranged["nights"]] == ["Week 2", "Week 3"]
    assert_league(ranged, nights[1:], POINTS, 2)

    # The club's points changed: the whole season ranked again at once, every night counting.
    assert (
        api.patch(
            f"/api/groups/{group['id']}", {"league": {"points": [3, 2, 1], "best_of": None}}
        ).status_code
        == 200
    )
    again = api.get(f"/api/groups/{group['id']}/league").json()
    assert again["league"] == {"points": [3, 2, 1], "best_of": None}
    assert_league(again, nights, [3, 2, 1], None)
    assert again["table"] != reply["table"]


def test_three_sharing_a_place_earn_thirds_shown_to_two_places(api):
    group = new_group(api)
    api.patch(f"/api/groups/{group['id']}", {"league": {"points": [10, 8, 7, 5, 4, 2, 2, 2]}})
    # 12 players at three tables of 4 playing the same hand: each place shared by three.
    club_night(api, group["id"], [*CLUB, "Kim", "Lu"], hands=1)
    reply = api.get(f"/api/groups/{group['id']}/league").json()
    assert [(row["place"], row["points"], row["counted"]) for row in reply["table"]] == (
        [(1, 8.33, [8.33])] * 3 + [(4, 3.67, [3.67])] * 3 + [(7, 1.33, [1.33])] * 3 + [(10, 0, [0])] * 3
    )


def test_the_csv_is_the_same_table(api, season):
    group, _events = season
    reply = api.get(f"/api/groups/{group['view_id']}/league.csv")
    assert reply.status_code == 200
    assert reply["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    table = api.get(f"/api/groups/{group['view_id']}/league").json()["table"]
    assert rows[0] == ["place", "name", "nights", "hands", "wins", "net", "points", "counted"]
    assert rows[1:] == [
        [
            str(row["place"]),
            row["name"],
            str(row["nights"]),
            str(row["hands"]),
            str(row["wins"]),
            str(row["net"]),
            str(row["points"]),
            " ".join(str(value) for value in row["counted"]),
        ]
        for row in table
    ]


@pytest.mark.parametrize(
    ("league", "field", "words"),
    [
        ({"points": [5, 8, 3]}, "league.points", "place 2 earns 8"),
        ({"points": [10, -1]}, "league.points", "-1 is below 0"),
        ({"points": [1] * 51}, "league.points", "1 to 50 numbers"),
        ({"points": []}, "league.points", "1 to 50 numbers"),
        ({"points": [10, "8"]}, "league.points", "'8' is not a number"),
        ({"best_of": 0}, "league.best_of", "from 1 to 100"),
        ({"best_of": 101}, "league.best_of", "from 1 to 100"),
        ({"best_of": 2.5}, "league.best_of", "from 1 to 100"),
        ({"best": 2}, "league", "best is not a league setting"),
        ([10, 8], "league", "give an object"),
    ],
)
def test_bad_league_rules_are_named_and_change_nothing(api, league, field, words):
    group = new_group(api, rules={"preset": "pay-difference"})
    api.patch(f"/api/groups/{group['id']}", {"league": {"points": [4, 2], "best_of": 3}})
    before = api.get(f"/api/groups/{group['id']}").json()
    reply = api.patch(f"/api/groups/{group['id']}", {"league": league, "rules": {"preset": "pay-by-place"}})
    assert reply.status_code == 400, reply.content
    assert reply.json()["field"] == field
    assert words in reply.json()["error"]
    assert api.get(f"/api/groups/{group['id']}").json() == before  # neither the league nor the rules


def test_the_league_is_read_with_either_key_and_changed_with_the_edit_key_only(api):
    group = new_group(api)
    assert api.get(f"/api/groups/{group['id']}/league").json() == {
        "league": {"points": [10, 8, 6, 5, 4, 3, 2, 1], "best_of": None},
        "nights": [],
        "table": [],
    }
    refused = api.patch(f"/api/groups/{group['view_id']}", {"league": {"best_of": 2}})
    assert refused.status_code == 403
    assert api.get(f"/api/groups/{group['view_id']}").json()["league"]["best_of"] is None


@pytest.mark.parametrize(
    ("query", "field"),
    [("?from=2026-03-02&to=2026-03-01", "from"), ("?from=2026-3-1", "from"), ("?to=yesterday", "to")],
)
def test_a_bad_league_range_is_named(api, query, field):
    group = new_group(api)
    for path in ("league", "league.csv"):
        reply = api.get(f"/api/groups/{group['id']}/{path}{query}")
        assert reply.status_code == 400, reply.content
        assert reply.json()["field"] == field


def test_a_corrected_hand_changes_the_league_and_the_season_at_once(api, season):
    """What is kept of a club (groups/reads/season_cache.py) is never read stale: a hand corrected at a
    night's table moves the league, the season and the night's standings on the next read."""
    group, events = season
    before = api.get(f"/api/groups/{group['id']}/league").json()
    season_before = api.get(f"/api/groups/{group['id']}/season").json()
    last = api.get(f"/api/events/{events[-1]['id']}").json()
    table = last["rounds"][-1]["tables"][0]
    token = api.post(f"/api/sessions/{table['session']}/lock", {"device": "Table phone"}).json()["token"]
    corrected = api.put(f"/api/sessions/{table['session']}/rounds/1", {"cards": [13, 0, 13, 13]}, token=token)
    assert corrected.status_code == 200, corrected.content
    after = api.get(f"/api/groups/{group['id']}/league").json()
    assert after["table"] != before["table"]
    nights = [standings(api, event["view_id"]) for event in events]
    assert_league(after, nights, [10, 8, 6, 5, 4, 3, 2, 1], None)
    season_after = api.get(f"/api/groups/{group['id']}/season").json()
    winner = table["players"][1]
    wins = {player["name"]: player["wins"] for player in season_after["players"]}
    wins_before = {player["name"]: player["wins"] for player in season_before["players"]}
    assert wins[winner] == wins_before[winner] + 1
    assert wins[table["players"][0]] == wins_before[table["players"][0]] - 1
