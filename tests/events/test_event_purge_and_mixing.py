"""purge_events (API.md "Events, turn 4"), and mixed seating drawn round by round over the API as
an organizer's script would, each table playing its hand (SPEC 11.1 "Mixed seating")."""

from collections import Counter
from datetime import timedelta
from io import StringIO
from itertools import combinations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from events.models import Event, EventPlayer, EventTable
from rounds.models import Round, Session
from tests.events.helpers import draw, hand_for, new_event, play_table
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def purge(*arguments):
    out = StringIO()
    call_command("purge_events", *arguments, stdout=out)
    return out.getvalue().splitlines()


def age(event_id, days):
    then = timezone.now() - timedelta(days=days)
    Event.objects.filter(pk=event_id).update(updated_at=then)
    tables = EventTable.objects.filter(event_round__event_id=event_id).values("session_id")
    Session.objects.filter(pk__in=tables).update(updated_at=then)


def test_purge_events_removes_old_events_whole_and_keeps_recent_ones(api):
    old = new_event(api, hands=1)
    drawn = draw(api, old["id"])
    play_table(api, drawn["tables"][0]["session"], hand_for(4))
    recent = new_event(api)
    draw(api, recent["id"])
    lone = make_session()
    old_id = Event.objects.get(view_key=old["view_id"]).pk
    age(old_id, 100)
    listed = purge("--days", "90", "--dry-run")
    assert listed[-1] == "1 events not changed for 90 days would be removed"
    assert "Friday club" in listed[0]
    assert Event.objects.count() == 2
    assert purge("--older-than", "90") == ["Removed 1 events not changed for 90 days, with their 2 tables"]
    assert list(Event.objects.values_list("view_key", flat=True)) == [recent["view_id"]]
    assert not EventPlayer.objects.filter(event_id=old_id).exists()
    assert not Round.objects.filter(session__edit_key=drawn["tables"][0]["session"]).exists()
    assert Session.objects.filter(pk=lone.pk).exists()
    assert EventTable.objects.count() == 2


def test_an_event_whose_table_played_lately_is_kept(api):
    event = new_event(api, hands=2)
    drawn = draw(api, event["id"])
    found = Event.objects.get(view_key=event["view_id"])
    age(found.pk, 100)
    play_table(api, drawn["tables"][0]["session"], hand_for(4))  # a hand today
    assert purge("--days", "90") == ["Removed 0 events not changed for 90 days, with their 0 tables"]
    assert Event.objects.filter(pk=found.pk).exists()


def test_purge_events_needs_a_number_of_days():
    with pytest.raises(CommandError):
        purge("--days", "0")


def pairs_of(tables):
    return Counter(frozenset(pair) for table in tables for pair in combinations(table["players"], 2))


@pytest.mark.parametrize("night", range(3))
def test_sixteen_players_drawn_over_the_api_play_five_rounds_without_meeting_twice(api, night):
    players = [f"Player {number:02d}" for number in range(16)]
    event = new_event(api, players=players, rounds=5, hands=1, seating="mixed")
    met = Counter()
    for _round in range(5):
        drawn = draw(api, event["id"])
        assert drawn["repeats"] == 0
        for table in drawn["tables"]:
            play_table(api, table["session"], hand_for(4, winner=night % 4))
        met.update(pairs_of(drawn["tables"]))
    assert len(met) == 120
    assert set(met.values()) == {1}


def test_twelve_players_meet_again_as_little_as_they_can_and_the_page_says_how_many(api, client):
    players = [f"Player {number:02d}" for number in range(12)]
    event = new_event(api, players=players, rounds=2, hands=1, seating="mixed")
    first = draw(api, event["id"])
    assert first["repeats"] == 0
    for table in first["tables"]:
        play_table(api, table["session"], hand_for(4))
    second = draw(api, event["id"])
    assert second["repeats"] == 3
    assert sum(count > 1 for count in (pairs_of(first["tables"]) + pairs_of(second["tables"])).values()) == 3
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert "3 pairs meet again at this round's tables: no seating avoids it." in page
