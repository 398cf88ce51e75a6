"""Exports are built once per change of what they show and counted per address (issue 38: a
group's export.txt at its 50,000-round cap took 3 s a time, and its follow key could loop it):
a group's export.txt and league.csv and an event's export.csv, each kept by what it reads
(groups/reads/season_cache.py) and counted against RATE_LIMIT_EXPORTS."""

from __future__ import annotations

import re

import pytest

from events.reads import export as event_export
from groups.models import GroupPlayer
from groups.reads import league_table, paper_export
from tests.events.helpers import draw, new_event, play_table
from tests.groups.helpers import club_night, new_group

pytestmark = pytest.mark.django_db


@pytest.fixture
def builds(monkeypatch):
    """How many times each export was built from the database."""
    counts = {"export.txt": 0, "league.csv": 0, "event export.csv": 0}

    def counted(name, build):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return build(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(paper_export, "log_export", counted("export.txt", paper_export.log_export))
    monkeypatch.setattr(league_table, "league_csv", counted("league.csv", league_table.league_csv))
    monkeypatch.setattr(event_export, "event_csv", counted("event export.csv", event_export.event_csv))
    return counts


def evening(api, group, players, *hands):
    session = api.post(f"/api/groups/{group['id']}/evenings", {"players": players}).json()
    play_table(api, session["id"], *hands)
    return session


def test_a_groups_paper_log_is_built_once_per_change_of_what_it_shows(api, builds):
    group = new_group(api)
    session = evening(api, group, ["Ann", "Ben"], [0, 5])
    first = [
        api.get(f"/api/groups/{key}/export.txt").content.decode()
        for key in (group["id"], group["view_id"]) * 3
    ]
    assert len(set(first)) == 1
    assert "0 5" in first[0]
    assert builds["export.txt"] == 1
    play_table(api, session["id"], [7, 0])  # a hand added: what it shows changed
    second = api.get(f"/api/groups/{group['view_id']}/export.txt").content.decode()
    assert "7 0" in second
    assert builds["export.txt"] == 2
    ann = GroupPlayer.objects.get(name="Ann")
    api.patch(f"/api/groups/{group['id']}/players/{ann.pk}", {"name": "Annie"})  # a rename too
    third = api.get(f"/api/groups/{group['view_id']}/export.txt").content.decode()
    assert "Annie Ben" in third
    assert builds["export.txt"] == 3
    api.get(f"/api/groups/{group['view_id']}/export.txt")
    assert builds["export.txt"] == 3


def test_a_clubs_league_csv_is_built_once_per_change_of_what_it_shows(api, builds):
    group = new_group(api)
    event, _hands = club_night(api, group["id"], ["Ann", "Ben", "Cat", "Dan"])
    first = {api.get(f"/api/groups/{group['view_id']}/league.csv").content for _ in range(3)}
    assert len(first) == 1
    assert builds["league.csv"] == 1
    api.patch(f"/api/groups/{group['id']}", {"league": {"points": [3, 2, 1]}})  # its rules changed
    second = api.get(f"/api/groups/{group['view_id']}/league.csv").content
    assert second not in first
    assert builds["league.csv"] == 2
    ranged = api.get(f"/api/groups/{group['view_id']}/league.csv?from=2000-01-01").content
    assert ranged == second
    assert builds["league.csv"] == 3
    assert event["name"] == "Club night"


def test_an_events_csv_is_built_once_per_change_of_what_it_shows(api, builds):
    event = new_event(api, players=["Ann", "Ben", "Cat", "Dan"], rounds=1)
    table = draw(api, event["id"])["tables"][0]
    play_table(api, table["session"], [0, 3, 4, 5])
    first = {api.get(f"/api/events/{key}/export.csv").content for key in (event["id"], event["view_id"]) * 2}
    assert len(first) == 1
    assert builds["event export.csv"] == 1
    play_table(api, table["session"], [3, 0, 4, 5])
    second = api.get(f"/api/events/{event['view_id']}/export.csv").content.decode()
    assert second.count("\r\n") == 3
    assert builds["event export.csv"] == 2


def test_exports_are_counted_per_address_with_a_clear_429(api, settings, frozen_clock):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "export": (3, 3600)}
    group = new_group(api)
    event = new_event(api, players=["Ann", "Ben", "Cat", "Dan"])
    paths = [
        f"/api/groups/{group['view_id']}/export.txt",
        f"/api/groups/{group['view_id']}/league.csv",
        f"/api/events/{event['view_id']}/export.csv",
    ]
    assert [api.get(path).status_code for path in paths] == [200, 200, 200]
    for path in paths:
        refused = api.get(path)
        assert refused.status_code == 429
        assert re.fullmatch(
            r"Too many exports from this address; try again in \d+ minutes?", refused.json()["error"]
        )
        assert 0 < int(refused["Retry-After"]) <= 3600
    other = api.client.get(paths[0], REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 200  # another address is not refused
