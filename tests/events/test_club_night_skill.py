"""A club's night shows the club's Skill (SPEC 13): a regular ranked over the club's season is
ranked on the night's page from its first hand, as the API's `rating` says, not "30 more hands"."""

import re

import pytest

from tests.events.helpers import draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db

# 32 rounds of the paper log: Budi, Sari, Andi and Dewi are ranked in the club's season.
LOG = "2025-01-02\nBudi Sari Andi Dewi\n" + "0 2 5 7\n3 0 5 7\n" * 16


def skill_cells(html):
    """Each standings row's player and Skill cell: (name, its data-rating, unranked?)."""
    rows = re.findall(r"<tr data-standing=[^>]*>(.*?)</tr>", html, re.S)
    return {
        re.search(r"<td>([^<]+)</td>", row).group(1): bool(re.search(r"data-unranked", row)) for row in rows
    }


def test_a_regular_ranked_over_the_season_is_ranked_at_the_nights_first_draw(api, client):
    group = api.post("/api/groups", {"name": "Klub Capsa"}).json()
    imported = api.post(f"/api/groups/{group['id']}/import", LOG, content_type="text/plain")
    assert imported.status_code == 201, imported.content
    event = new_event(api, players=["Budi", "Sari", "Andi", "Dewi", "Eko"], rounds=1, group=group["id"])
    draw(api, event["id"])
    lines = api.get(f"/api/events/{event['view_id']}").json()["standings"]
    assert {line["name"]: line["rating"]["ranked"] for line in lines} == {
        "Budi": True,
        "Sari": True,
        "Andi": True,
        "Dewi": True,
        "Eko": False,
    }
    for key in (event["id"], event["view_id"]):
        page = client.get(f"/e/{key}/").content.decode()
        assert skill_cells(page) == {"Budi": False, "Sari": False, "Andi": False, "Dewi": False, "Eko": True}


def test_a_regular_short_of_ranked_is_told_the_hands_left_over_the_season(api, client):
    """A regular with 20 of the club's hands and 2 tonight is 8 hands from ranked; the night's
    page said 28 (30 less tonight's 2), as if the season did not count. The API's rating carries
    the hands it is over (`rounds`), and the page counts from it."""
    group = api.post("/api/groups", {"name": "Klub Capsa"}).json()
    log = "2025-01-02\nBudi Sari Andi Dewi\n" + "0 2 5 7\n3 0 5 7\n" * 10
    assert api.post(f"/api/groups/{group['id']}/import", log, content_type="text/plain").status_code == 201
    event = new_event(api, players=["Budi", "Sari", "Andi", "Dewi"], rounds=1, group=group["id"])
    table = draw(api, event["id"])["tables"][0]
    play_table(api, table["session"], hand_for(4), hand_for(4, winner=1))
    lines = {line["name"]: line for line in api.get(f"/api/events/{event['view_id']}").json()["standings"]}
    assert {name: (line["hands"], line["rating"]["rounds"]) for name, line in lines.items()} == {
        name: (2, 22) for name in ("Budi", "Sari", "Andi", "Dewi")
    }
    assert not any(line["rating"]["ranked"] for line in lines.values())
    page = client.get(f"/e/{event['view_id']}/").content.decode()
    assert page.count("8 more hands to be ranked") == 4
    assert "28 more hands" not in page
    season = api.get(f"/api/groups/{group['view_id']}/season").json()
    assert {player["rating"]["rounds"] for player in season["players"]} == {22}
