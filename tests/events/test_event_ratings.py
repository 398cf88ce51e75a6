"""SPEC 12 in an event: ratings over every table's hands, in the order event round, table, hand,
checked against openskill itself; the standings' `rating` (API.md), the Rating column and the
event's ratings page, in English and zh-Hant."""

import random
import re

import pytest
from openskill.models import PlackettLuce

from events.models import Event, EventRatings
from events.reads import night_ratings as ratings
from events.reads.standings import event_standings
from groups.rules.skill import rate
from tests.events.helpers import NAMES, draw, new_event, play_table
from tests.groups.helpers import rate_hand

pytestmark = pytest.mark.django_db


def random_hand(rng, size):
    winner = rng.randrange(size)
    return [0 if seat == winner else rng.randint(1, 13) for seat in range(size)]


def openskill_ratings(api, rounds):
    """Rate every hand with openskill directly: `rounds` is each event round's tables (session
    keys) in table order; each hand one match, ranked by cards left (equal counts share)."""
    model = PlackettLuce()
    current, played = {}, {}
    for tables in rounds:
        for key in tables:
            state = api.get(f"/api/sessions/{key}").json()
            names = [player["name"] for player in state["players"]]
            for hand in state["rounds"]:
                rate_hand(model, current, played, names, hand["cards"])
    return current, played


def standings(api, event):
    return api.get(f"/api/events/{event['view_id']}").json()["standings"]


def test_ratings_are_openskills_over_the_hands_in_event_round_table_hand_order(api):
    rng = random.Random(23)
    players = [*NAMES, "Ivy", "Jo"]
    event = new_event(api, players=players, rounds=2, hands=3)
    rounds = []
    for _round in range(2):
        drawn = draw(api, event["id"])["tables"]
        for table in reversed(drawn):  # entered last table first: the order rated is the tables'
            size = len(table["players"])
            play_table(api, table["session"], *(random_hand(rng, size) for _ in range(3)))
        rounds.append([table["session"] for table in drawn])
    expected, played = openskill_ratings(api, rounds)
    lines = standings(api, event)
    assert {line["name"] for line in lines} == set(players)
    for line in lines:
        rating, theirs = line["rating"], expected[line["name"]]
        assert (rating["mu"], rating["sigma"], rating["ordinal"]) == (
            theirs.mu,
            theirs.sigma,
            theirs.ordinal(),
        )
        assert rating["ranked"] is False
        assert line["hands"] == played[line["name"]]
    assert len({line["rating"]["ordinal"] for line in lines}) > 1


def test_equal_cards_share_a_rank(api):
    event = new_event(api, players=NAMES[:4], rounds=1, hands=1)
    table = draw(api, event["id"])["tables"][0]
    play_table(api, table["session"], [0, 5, 5, 9])
    lines = {line["name"]: line["rating"] for line in standings(api, event)}
    seated = table["players"]
    assert lines[seated[1]] == lines[seated[2]]
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    assert [lines[name]["mu"] for name in seated] == [team[0].mu for team in rated]
    assert lines[seated[0]]["ordinal"] > lines[seated[1]]["ordinal"] > lines[seated[3]]["ordinal"]


def test_the_api_field_is_there_for_every_player_even_before_a_hand(api):
    event = new_event(api, players=NAMES[:5])
    lines = standings(api, event)
    start = PlackettLuce().rating()
    for line in lines:
        assert line["rating"] == {
            "mu": start.mu,
            "sigma": start.sigma,
            "ordinal": start.ordinal(),
            "ranked": False,
            "rounds": 0,
        }


@pytest.fixture
def long_table(api):
    """Four players at one table of 30 hands, 29 of them played."""
    event = new_event(api, players=NAMES[:4], rounds=1, hands=30)
    table = draw(api, event["id"])["tables"][0]
    rng = random.Random(29)
    play_table(api, table["session"], *(random_hand(rng, 4) for _ in range(29)))
    return event, table


def rating_cells(html):
    return re.findall(r"<td[^>]*data-rating=\"([^\"]+)\"[^>]*>(.*?)</td>", html, re.S)


def test_29_hands_are_unranked_and_30_ranked(api, client, long_table):
    event, table = long_table
    lines = standings(api, event)
    assert all(line["hands"] == 29 and line["rating"]["ranked"] is False for line in lines)
    page = client.get(f"/e/{event['id']}/").content.decode()
    cells = rating_cells(page)
    assert len(cells) == 4
    assert all(cell == "<small>1 more hand to be ranked</small>" for _shown, cell in cells)
    assert page.count('class="unranked"') == 4
    play_table(api, table["session"], [0, 3, 7, 13])
    lines = standings(api, event)
    assert all(line["hands"] == 30 and line["rating"]["ranked"] is True for line in lines)
    page = client.get(f"/e/{event['view_id']}/").content.decode()
    cells = rating_cells(page)
    expected = sorted(f"{line['rating']['ordinal']:.1f}" for line in lines)
    assert sorted(shown for shown, _cell in cells) == expected
    assert all(cell == shown for shown, cell in cells)
    assert "unranked" not in page


def test_the_rating_column_in_both_languages_and_not_on_the_screen(api, client, long_table):
    event, _table = long_table
    for key in (event["id"], event["view_id"]):
        english = client.get(f"/e/{key}/").content.decode()
        assert ">Skill</th>" in english
        assert "Skill: a cautious estimate from every hand," in english
        assert "μ" not in english  # the details are the ratings page's
        assert "σ" not in english
        chinese = client.get(f"/e/{key}/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
        assert ">實力</th>" in chinese
        assert all("再打 1 局即可排名" in cell for _shown, cell in rating_cells(chinese))
        assert len(rating_cells(chinese)) == 4
    screen = client.get(f"/e/{event['view_id']}/screen").content.decode()
    assert "data-rating" not in screen
    assert ">Skill</th>" not in screen


def test_the_ratings_page_lists_the_ranked_first_by_ordinal(api, client):
    rng = random.Random(7)
    event = new_event(api, players=NAMES[:5], rounds=1, hands=30)
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], *(random_hand(rng, 4) for _ in range(30)))
    lines = {line["name"]: line for line in standings(api, event)}
    (bye,) = drawn["byes"]
    page = client.get(f"/e/{event['view_id']}/ratings").content.decode()
    rows = re.findall(
        r"<tr data-rated=\"\d+\"[^>]*>\s*<td class=\"num\">([^<]*)</td>\s*<td>([^<]*)</td>", page
    )
    ranked = sorted(
        (name for name in lines if name != bye), key=lambda name: -lines[name]["rating"]["ordinal"]
    )
    assert [name for _place, name in rows] == [*ranked, bye]
    assert [place for place, _name in rows] == ["1", "2", "3", "4", "–"]
    mus = re.findall(r"data-mu>([^<]*)<", page)
    assert mus[0] == f"{lines[ranked[0]]['rating']['mu']:.2f}"
    assert "30 more hands to be ranked" in page
    assert "Skill is μ − 3σ" in page
    assert "round" not in page.split("data-ratings")[1].split("</table>")[0]
    chinese = client.get(f"/e/{event['id']}/ratings", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "再打 30 局即可排名" in chinese
    assert "評分榜" in chinese


def test_ratings_are_stored_once_per_state_of_the_hands_and_rated_on_from_the_round_before(api, monkeypatch):
    rng = random.Random(3)
    event = new_event(api, players=NAMES, rounds=2, hands=2)
    first = draw(api, event["id"])["tables"]
    for table in first:
        play_table(api, table["session"], *(random_hand(rng, 4) for _ in range(2)))
    found = Event.objects.get()
    event_standings(found)
    stored = EventRatings.objects.count()
    event_standings(found)
    assert EventRatings.objects.count() == stored  # the same hands: read, not rated again
    second = draw(api, event["id"], force=True)["tables"]
    play_table(api, second[1]["session"], random_hand(rng, 4))
    rated = []
    monkeypatch.setattr(
        ratings, "rate", lambda rounds, **kw: rated.append(len(list(rounds))) or rate(rounds, **kw)
    )
    on_from_before = {line.name: line.extra["rating"] for line in event_standings(found)}
    assert rated == [1]  # only the new hand: round 1's ratings were stored
    monkeypatch.undo()
    assert EventRatings.objects.count() == min(stored + 1, 3)
    EventRatings.objects.all().delete()
    from_scratch = {line.name: line.extra["rating"] for line in event_standings(found)}
    assert on_from_before == from_scratch
    assert from_scratch == {line["name"]: line["rating"] for line in standings(api, event)}


def test_the_ratings_page_of_an_unknown_event_is_a_404(client):
    assert client.get("/e/nope/ratings").status_code == 404
