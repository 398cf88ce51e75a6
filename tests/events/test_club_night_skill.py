"""A club's night shows the club's Skill (SPEC 13): a regular ranked over the club's season is
ranked on the night's page from its first hand, as the API's `rating` says, not "30 more hands"."""

import re

import pytest

from tests.events.helpers import draw, new_event

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
