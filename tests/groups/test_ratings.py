"""SPEC 12 ratings through the API: the real 2013 paper log rated by the app and by openskill
directly in the same order; ranking from 30 rounds; same history, same ratings; a correction."""

import re
from datetime import date
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from groups.models import GroupEvening, SeasonRatings
from groups.reads import season_ratings as ratings_module
from tests.groups.helpers import rate_hand

pytestmark = pytest.mark.django_db

LOG_2013 = Path(__file__).resolve().parent.parent / "data" / "big-two-2013.txt"
COUNT = re.compile(r"\d+t?")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def tables_of(text):
    """The log read plainly, apart from the app's parser: (date, names, [cards, ...]) per table."""
    tables, day = [], None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split()
        if not line or line[0].startswith("F="):
            continue
        if DATE.fullmatch(line[0]):
            day = line[0]
        elif all(COUNT.fullmatch(token) for token in line):
            tables[-1][2].append([int(token.rstrip("t")) for token in line])
        else:
            tables.append((day, line, []))
    return tables


def rated_directly(tables):
    """openskill's own numbers: one rate() per round, by date then table then round (a stable sort
    keeps the log's order within a day), ranks by cards left with ties sharing a rank."""
    model = PlackettLuce()
    ratings, rounds = {}, {}
    for _day, names, card_rows in sorted(tables, key=lambda table: table[0]):
        for cards in card_rows:
            rate_hand(model, ratings, rounds, names, cards)
    return ratings, rounds


def new_group(api, name="Thursdays 2013"):
    reply = api.post("/api/groups", {"name": name})
    assert reply.status_code == 201, reply.content
    return reply.json()


def season_ratings(api, key):
    reply = api.get(f"/api/groups/{key}/season")
    assert reply.status_code == 200, reply.content
    return {player["name"]: (player["rating"], player["games"]) for player in reply.json()["players"]}


def play(api, group_key, players, rounds):
    created = api.post("/api/sessions", {"players": players, "group": group_key, "preset": "pay-difference"})
    assert created.status_code == 201, created.content
    key = created.json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    for cards in rounds:
        assert api.post(f"/api/sessions/{key}/rounds", {"cards": cards}, token=token).status_code == 201
    return key, token


@pytest.fixture
def log_2013():
    return LOG_2013.read_text(encoding="utf-8")


def test_the_2013_log_rates_exactly_as_openskill_does(api, log_2013):
    group = new_group(api)
    imported = api.post(
        f"/api/groups/{group['id']}/import", log_2013, content_type="text/plain; charset=utf-8"
    )
    assert imported.status_code == 201, imported.content
    tables = tables_of(log_2013)
    assert (imported.json()["sessions"], imported.json()["rounds"]) == (
        len(tables),
        sum(len(r) for *_, r in tables),
    )
    expected, rounds = rated_directly(tables)
    first = season_ratings(api, group["view_id"])
    assert set(first) == set(expected)
    assert len(expected) == 20
    for name, rating in expected.items():
        shown, games = first[name]
        assert games == rounds[name]
        assert (shown["mu"], shown["sigma"], shown["ordinal"]) == (
            rating.mu,
            rating.sigma,
            rating.ordinal(),
        ), name
        assert shown["ranked"] is (rounds[name] >= 30)
    assert {name for name, count in rounds.items() if count < 30}  # some players came a few times only
    # Read again, from the stored ratings: the same floats to the last bit.
    assert SeasonRatings.objects.filter(group__view_key=group["view_id"]).count() == 1
    assert season_ratings(api, group["view_id"]) == first


def test_the_same_history_gives_the_same_ratings(api, log_2013):
    replies = []
    for name in ("One", "Two"):
        group = new_group(api, name)
        api.post(f"/api/groups/{group['id']}/import", log_2013, content_type="text/plain; charset=utf-8")
        SeasonRatings.objects.all().delete()  # rated afresh each time, never read back
        replies.append(season_ratings(api, group["id"]))
    assert replies[0] == replies[1]


def test_a_player_is_ranked_from_30_rounds(api):
    group = new_group(api)
    rounds = [[0, 5, 5, 9], [3, 0, 7, 2], [4, 4, 0, 13]] * 10
    key, token = play(api, group["id"], ["Ann", "Ben", "Cat", "Dan"], rounds[:29])
    play(api, group["id"], ["Ann", "Eve"], [[0, 4]])
    ratings = season_ratings(api, group["id"])
    assert {name: rating["ranked"] for name, (rating, _games) in ratings.items()} == {
        "Ann": True,  # 29 + 1
        "Ben": False,
        "Cat": False,
        "Dan": False,
        "Eve": False,
    }
    assert api.post(f"/api/sessions/{key}/rounds", {"cards": rounds[29]}, token=token).status_code == 201
    ratings = season_ratings(api, group["id"])
    assert [ratings[name][0]["ranked"] for name in ("Ben", "Cat", "Dan", "Eve")] == [True, True, True, False]


def test_players_with_the_same_cards_share_a_rank(api):
    group = new_group(api)
    play(api, group["id"], ["Ann", "Ben", "Cat", "Dan"], [[0, 5, 5, 9]])
    ratings = season_ratings(api, group["id"])
    assert ratings["Ben"][0] == ratings["Cat"][0]
    assert ratings["Ann"][0]["mu"] > ratings["Ben"][0]["mu"] > ratings["Dan"][0]["mu"]


def test_a_corrected_round_changes_the_ratings(api):
    group = new_group(api)
    key, token = play(api, group["id"], ["Ann", "Ben", "Cat"], [[0, 3, 9], [2, 0, 5]])
    before = season_ratings(api, group["id"])
    edited = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [9, 3, 0]}, token=token)
    assert edited.status_code == 200, edited.content
    after = season_ratings(api, group["id"])
    assert after["Ann"][0]["mu"] < before["Ann"][0]["mu"]
    assert after["Cat"][0]["mu"] > before["Cat"][0]["mu"]
    expected, _rounds = rated_directly([("2026-01-01", ["Ann", "Ben", "Cat"], [[9, 3, 0], [2, 0, 5]])])
    assert {name: rating["mu"] for name, (rating, _games) in after.items()} == {
        name: rating.mu for name, rating in expected.items()
    }
    deleted = api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    assert deleted.status_code == 200, deleted.content
    expected, _rounds = rated_directly([("2026-01-01", ["Ann", "Ben", "Cat"], [[9, 3, 0]])])
    assert season_ratings(api, group["id"])["Cat"][0]["sigma"] == expected["Cat"].sigma


def test_a_round_added_tonight_rates_tonight_only_and_gives_the_same_floats(api, log_2013, monkeypatch):
    group = new_group(api)
    api.post(f"/api/groups/{group['id']}/import", log_2013, content_type="text/plain; charset=utf-8")
    season_ratings(api, group["id"])
    rated = []
    real_rate = ratings_module.rate
    monkeypatch.setattr(
        ratings_module,
        "rate",
        lambda rounds, **options: rated.append(len(rounds)) or real_rate(rounds, **options),
    )
    tonight = [[0, 4, 9, 2], [6, 0, 1, 3], [5, 5, 0, 8]]
    key, token = play(api, group["id"], ["C", "H", "T", "Newcomer"], tonight[:1])
    season_ratings(api, group["id"])  # tonight's first round: the season before it is rated once
    for cards in tonight[1:]:
        assert api.post(f"/api/sessions/{key}/rounds", {"cards": cards}, token=token).status_code == 201
        after = season_ratings(api, group["id"])
    assert rated[-2:] == [2, 3], rated  # then only tonight's rounds, from the ratings stored before it
    expected, _rounds = rated_directly(
        [*tables_of(log_2013), ("9999-12-31", ["C", "H", "T", "Newcomer"], tonight)]
    )
    assert {name: (rating["mu"], rating["sigma"]) for name, (rating, _games) in after.items()} == {
        name: (rating.mu, rating.sigma) for name, rating in expected.items()
    }


def test_ratings_are_over_the_dates_shown(api):
    group = new_group(api)
    play(api, group["id"], ["Ann", "Ben", "Cat"], [[0, 3, 9], [2, 0, 5]])
    later, _token = play(api, group["id"], ["Ann", "Ben", "Cat"], [[7, 6, 0]])
    GroupEvening.objects.filter(session__view_key=api.get(f"/api/sessions/{later}").json()["view_id"]).update(
        played_on=date(2031, 5, 1)
    )
    reply = api.get(f"/api/groups/{group['id']}/season?from=2031-01-01")
    shown = {player["name"]: player["rating"] for player in reply.json()["players"]}
    expected, _rounds = rated_directly([("2031-05-01", ["Ann", "Ben", "Cat"], [[7, 6, 0]])])
    assert {name: rating["mu"] for name, rating in shown.items()} == {
        name: rating.mu for name, rating in expected.items()
    }
    everything = season_ratings(api, group["id"])
    assert everything["Cat"][0]["mu"] != shown["Cat"]["mu"]
