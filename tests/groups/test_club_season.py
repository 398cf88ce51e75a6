"""SPEC 13 "one history": the 2013 paper log imported into a group, then three club nights of 8,
11 and 13 players made from the group. The season table, head to head and Skill include every
hand of the nights (a night counts as one evening), names matched as everywhere (a new name
joins the group), and Skill equals openskill's own figures over the same ordered hands; a
night's standings show the club's Skill."""

import random
from collections import Counter
from datetime import date, timedelta
from itertools import combinations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from events.models import Event
from events.reads import standings
from groups.rules.skill import rate
from tests.conftest import Api, generous
from tests.groups.helpers import club_night
from tests.groups.test_ratings import LOG_2013, new_group, rated_directly, tables_of

pytestmark = pytest.mark.django_db

# Typed as the organizer typed them: "c" and "jj" are the log's "C" and "Jj"; three are new.
NIGHTS = [
    ["c", "H", "S", "T", "jj", "Js", "L", "Newcomer"],
    ["C", "H", "S", "T", "Jj", "Js", "L", "MW", "JG", "Newcomer", "Zed"],
    ["C", "H", "S", "T", "Jj", "Js", "L", "MW", "JG", "JP", "CA", "Zed", "Yan"],
]


def random_cards(draw):
    def cards_of(_round, _table, _hand, size):
        cards = [draw.randint(1, 13) for _ in range(size)]
        cards[draw.randrange(size)] = 0
        return cards

    return cards_of


@pytest.fixture(scope="module")
def club(django_db_setup, django_db_blocker):
    """Made once for the module (the log and three nights take seconds): each test only reads it,
    or changes it inside its own transaction, rolled back after it. Flushed at the end, as a
    transactional test leaves the database."""
    with django_db_blocker.unblock(), override_settings(RATE_LIMITS=generous(settings.RATE_LIMITS)):
        yield made_club(Api(Client()))
        call_command("flush", interactive=False, verbosity=0)


def made_club(api):
    log = LOG_2013.read_text(encoding="utf-8")
    group = new_group(api)
    imported = api.post(f"/api/groups/{group['id']}/import", log, content_type="text/plain; charset=utf-8")
    assert imported.status_code == 201, imported.content
    draw = random.Random(32)
    nights = [
        club_night(
            api, group["id"], players, rounds=3, hands=2, cards_of=random_cards(draw), name=f"Night {n}"
        )
        for n, players in enumerate(NIGHTS, start=1)
    ]
    return group, tables_of(log), nights


def test_the_season_head_to_head_and_skill_include_the_nights_hands(api, club):
    group, logged, nights = club
    season = api.get(f"/api/groups/{group['view_id']}/season").json()
    players = {player["name"]: player for player in season["players"]}
    assert {"Newcomer", "Zed", "Yan"} <= set(players)  # new names joined the group
    assert "c" not in players
    assert "jj" not in players
    names = [player["name"] for player in api.get(f"/api/groups/{group['id']}").json()["players"]]
    assert len(names) == len(set(names))

    # Games and evenings: the log's tables (each an evening), then each night's hands, a night
    # one evening however many tables a player sat at.
    games, evenings, pairs = Counter(), Counter(), Counter()
    for number, (_day, seated, rounds) in enumerate(logged):
        for name in seated:
            games[name] += len(rounds)
        for name in seated if rounds else ():
            evenings[name, f"table {number}"] = 1
        for first, second in combinations(seated, 2):
            pairs[frozenset((first, second))] += len(rounds)
    for number, (_event, hands) in enumerate(nights):
        for seated, _cards in hands:
            for name in seated:
                games[name] += 1
                evenings[name, f"night {number}"] = 1
            for first, second in combinations(seated, 2):
                pairs[frozenset((first, second))] += 1
    assert {name: player["games"] for name, player in players.items()} == dict(games)
    assert {name: player["evenings"] for name, player in players.items()} == {
        name: sum(1 for (who, _day) in evenings if who == name) for name in games
    }
    assert season["evenings"] == len({day for (_name, day) in evenings})
    index = {player["name"]: position for position, player in enumerate(season["players"])}
    shown = {
        frozenset(season["players"][i]["name"] for i in pair["players"]): pair["games"]
        for pair in season["head_to_head"]
    }
    assert shown == {pair: count for pair, count in pairs.items() if count and all(n in index for n in pair)}

    # Skill: openskill's own numbers over the log's rounds by date, then each night's hands in
    # the order they were played (event round, table, hand), the nights after the log.
    later = [
        (f"9999-12-{n:02}", list(seated), [list(cards)])
        for n, (_e, hands) in enumerate(nights, 1)
        for seated, cards in hands
    ]
    expected, rounds = rated_directly([*logged, *later])
    for name, rating in expected.items():
        assert (players[name]["rating"]["mu"], players[name]["rating"]["sigma"]) == (
            rating.mu,
            rating.sigma,
        ), name
        assert players[name]["rating"]["ranked"] is (rounds[name] >= 30)
    assert players["Newcomer"]["rating"]["ranked"] is False

    # The last night's standings show the club's Skill over the season, the same floats.
    event = api.get(f"/api/events/{nights[-1][0]['view_id']}").json()
    for line in event["standings"]:
        assert line["rating"] == players[line["name"]]["rating"], line["name"]


def test_the_groups_nights_and_the_net_of_each_night_add_up(api, club):
    group, _logged, nights = club
    league = api.get(f"/api/groups/{group['id']}/league").json()
    assert [night["players"] for night in league["nights"]] == [8, 11, 13]
    assert sum(row["net"] for row in league["table"]) == 0
    assert {row["name"]: row["nights"] for row in league["table"]}["Zed"] == 2
    for event, hands in nights:
        standings = api.get(f"/api/events/{event['view_id']}").json()["standings"]
        assert sum(line["net"] for line in standings) == 0
        assert sum(line["hands"] for line in standings) == sum(len(seated) for seated, _cards in hands)


def test_the_night_in_play_rates_only_its_own_hands_on_from_the_season_before_it(api, club, monkeypatch):
    group, _logged, nights = club
    # The first two nights a week and two weeks before the third: the third is the season's last.
    for weeks, (event, _hands) in zip((2, 1), nights[:2], strict=True):
        Event.objects.filter(view_key=event["view_id"]).update(
            played_on=date.today() - timedelta(weeks=weeks)
        )
    season = {
        player["name"]: player["rating"]
        for player in api.get(f"/api/groups/{group['id']}/season").json()["players"]
    }
    rated = []
    monkeypatch.setattr(
        standings, "rate", lambda hands, **options: rated.append(len(hands)) or rate(hands, **options)
    )
    event = api.get(f"/api/events/{nights[-1][0]['view_id']}").json()
    assert rated == [len(nights[-1][1])]  # the last night's hands only, on from the kept ratings
    for line in event["standings"]:
        assert line["rating"] == season[line["name"]], line["name"]
