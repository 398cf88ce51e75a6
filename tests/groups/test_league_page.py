"""The club's league on the group's page (SPEC 13): the table over the range shown, the club's
nights linked to their follow pages, the small form for points and best_of (edit key only), and
the print page for A4."""

import re

import pytest

from groups.models import Group
from tests.groups.helpers import club_night, new_group

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def league_names(html):
    return re.findall(r'data-league-player="([^"]+)"', html)


@pytest.fixture
def club(api):
    group = new_group(api)
    first, _hands = club_night(api, group["id"], PLAYERS, name="First night")
    second, _hands = club_night(api, group["id"], [*PLAYERS[2:], "Ivy", "Jo"], name="Second night")
    return group, [first, second]


def test_the_groups_page_shows_the_league_and_links_each_night(client, api, club):
    group, nights = club
    page = client.get(f"/g/{group['view_id']}/").content.decode()
    table = api.get(f"/api/groups/{group['id']}/league").json()["table"]
    assert league_names(page) == [row["name"] for row in table]
    for night in nights:
        assert f'href="/e/{night["view_id"]}/"' in page
    assert "First night" in page
    assert "Second night" in page
    assert "every night counts" in page
    assert f"/api/groups/{group['view_id']}/league.csv" in page
    assert "data-league-form" not in page  # the follow link only reads
    assert "data-league-form" in client.get(f"/g/{group['id']}/").content.decode()


def test_the_form_sets_points_and_best_of_and_the_league_is_ranked_again(client, api, club):
    group, _nights = club
    reply = client.post(f"/g/{group['id']}/league", {"points": "3, 2.5, 1", "best_of": "1"})
    assert reply.status_code == 302
    assert api.get(f"/api/groups/{group['id']}").json()["league"] == {"points": [3, 2.5, 1], "best_of": 1}
    page = client.get(f"/g/{group['id']}/").content.decode()
    table = api.get(f"/api/groups/{group['id']}/league").json()["table"]
    assert league_names(page) == [row["name"] for row in table]
    assert max(row["points"] for row in table) == 2.75  # 1st shared by two: (3 + 2.5) / 2
    assert "3, 2.5, 1" in page
    assert "best 1 night counts" in page


@pytest.mark.parametrize(
    ("points", "best_of", "words"),
    [
        ("5, 8", "", "place 2 earns 8"),
        ("10, -2", "", "-2 is below 0"),
        ("10, eight", "", "&#x27;eight&#x27; is not a number"),
        ("10, 8", "0", "from 1 to 100"),
        (", ".join(["1"] * 51), "", "1 to 50 numbers"),
    ],
)
def test_bad_points_are_named_on_the_page_and_change_nothing(client, api, club, points, best_of, words):
    group, _nights = club
    reply = client.post(f"/g/{group['id']}/league", {"points": points, "best_of": best_of})
    assert reply.status_code == 400
    html = reply.content.decode()
    assert words in html
    assert "data-league-problem" in html
    assert Group.objects.get(edit_key=group["id"]).league is None


def test_the_follow_key_cannot_set_the_league(client, club):
    group, _nights = club
    assert client.post(f"/g/{group['view_id']}/league", {"points": "1"}).status_code == 404
    assert Group.objects.get(edit_key=group["id"]).league is None


def test_the_print_page_lists_the_league_for_a4(client, api, club):
    group, _nights = club
    reply = client.get(f"/g/{group['view_id']}/league/print")
    assert reply.status_code == 200
    html = reply.content.decode()
    table = api.get(f"/api/groups/{group['id']}/league").json()["table"]
    assert re.findall(r'data-print-league="([^"]+)"', html) == [row["name"] for row in table]
    assert "css/event-print" in html
    assert 'data-action="print"' in html
    day = api.get(f"/api/groups/{group['id']}/league").json()["nights"][0]["date"]
    ranged = client.get(f"/g/{group['id']}/league/print?from={day}&to={day}")
    assert ranged.status_code == 200
    assert "No club night" not in ranged.content.decode()
    assert client.get(f"/g/{group['id']}/league/print?from=2030-01-02&to=2030-01-01").status_code == 400
    empty = client.get(f"/g/{group['id']}/league/print?from=2030-01-01").content.decode()
    assert "No club night has a hand played in these dates yet." in empty


def test_a_club_nights_pages_say_its_skill_is_the_clubs_and_link_the_club(client, api, club):
    group, nights = club
    for key in (nights[0]["id"], nights[0]["view_id"]):
        page = client.get(f"/e/{key}/").content.decode()
        assert "Skill is the club's, over its whole season" in page
        assert f'href="/g/{group["view_id"]}/" data-link="club"' in page
    assert "data-club-skill" in client.get(f"/e/{nights[0]['view_id']}/ratings").content.decode()
    plain = api.post(
        "/api/events", {"name": "Open night", "players": PLAYERS, "rounds": 1, "hands": 1}
    ).json()
    assert "data-club-skill" not in client.get(f"/e/{plain['id']}/").content.decode()
