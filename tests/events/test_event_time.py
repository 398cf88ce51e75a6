"""SPEC 11.1 "Time limit" and "What next": a round's minutes, counted on the event's clock (which
these tests move: none waits); at zero the hand in play is each table's last; the organizer ends
the round now; the night's status and its one line of what happens next."""

import pytest
from django.utils import translation

from events.models import Event, EventRound
from events.reads.progress import tables_text
from events.reads.selectors import event_live
from rounds.models import Session
from rounds.reads.selectors import Viewer
from tests.events.helpers import NAMES, draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def event_clock(frozen_clock):
    """The time limits' clock (rounds/clock.py, the leases' too), stopped: each test moves it
    (`advance`), none waits."""
    return frozen_clock


def event_of(api, event):
    """The event as the API answers, checked against what the live view says of it (its own
    reading of the same state, from the rounds it shows)."""
    shown = api.get(f"/api/events/{event['id']}").json()
    live = event_live(Event.objects.get(edit_key=event["id"]), Viewer.FOLLOWER)
    assert (live["status"], live["next"]) == (shown["status"], shown["next"])
    return shown


@pytest.mark.parametrize("minutes", [0, 241, "25", 2.5, True])
def test_a_time_limit_out_of_range_is_refused_and_nothing_made(api, minutes):
    body = {"name": "Friday club", "players": NAMES, "rounds": 2, "hands": 2, "minutes": minutes}
    reply = api.post("/api/events", body)
    assert reply.status_code == 400
    assert reply.json()["field"] == "minutes"
    assert "1 to 240" in reply.json()["error"]
    assert Event.objects.count() == 0


def test_the_round_carries_its_end_while_tables_play(api, event_clock):
    event = new_event(api, minutes=25, hands=3)
    assert event["minutes"] == 25
    drawn = draw(api, event["id"])
    stored = EventRound.objects.get()
    assert stored.drawn_at == event_clock.now()
    assert (stored.ends_at - stored.drawn_at).total_seconds() == 25 * 60
    assert drawn["ends_at"] == stored.ends_at.isoformat()
    assert drawn["ends_at"].endswith("+00:00")  # UTC
    shown = event_of(api, event)
    assert shown["status"] == "playing"
    assert shown["next"] == "Round 1: 25 minutes left"
    event_clock.advance(24 * 60 + 30)
    assert event_of(api, event)["next"] == "Round 1: 1 minute left"
    event_clock.advance(60)
    assert event_of(api, event)["next"] == "Waiting for tables 1 and 2"


def test_at_zero_the_hand_in_play_is_each_tables_last(api, event_clock):
    event = new_event(api, minutes=25, hands=5)
    first, second = draw(api, event["id"])["tables"]
    play_table(api, first["session"], hand_for(4))
    event_clock.advance(25 * 60)
    play_table(api, first["session"], hand_for(4, winner=2))
    tables = event_of(api, event)["rounds"][0]["tables"]
    assert (tables[0]["hands_played"], tables[0]["finished"]) == (2, True)
    assert (tables[1]["hands_played"], tables[1]["finished"]) == (0, False)
    token = api.post(f"/api/sessions/{first['session']}/lock", {"device": "Late"}).json()["token"]
    refused = api.post(f"/api/sessions/{first['session']}/rounds", {"cards": hand_for(4)}, token=token)
    assert refused.status_code == 409
    assert "Friday club" in refused.json()["error"]
    play_table(api, second["session"], hand_for(4))
    shown = event_of(api, event)
    assert shown["status"] == "between"
    assert shown["next"] == "Draw round 2"
    lines = {line["name"]: line for line in shown["standings"]}
    assert {lines[name]["hands"] for name in first["players"]} == {2}  # the standings count the hands played
    assert {lines[name]["hands"] for name in second["players"]} == {1}
    assert "ends_at" not in shown["rounds"][0]


def test_before_zero_a_hand_leaves_the_table_playing(api, event_clock):
    event = new_event(api, minutes=25, hands=5)
    first, _second = draw(api, event["id"])["tables"]
    event_clock.advance(24 * 60 + 59)
    play_table(api, first["session"], hand_for(4))
    assert Session.objects.get(edit_key=first["session"]).finished is False


def test_the_organizer_ends_the_round_now_and_every_table_finishes_as_it_stands(api):
    event = new_event(api, hands=5)
    first, second = draw(api, event["id"])["tables"]
    play_table(api, first["session"], hand_for(4), hand_for(4, winner=1))
    ended = api.post(f"/api/events/{event['id']}/rounds/end", {})
    assert ended.status_code == 200, ended.content
    tables = ended.json()["rounds"][0]["tables"]
    assert [(table["hands_played"], table["finished"]) for table in tables] == [(2, True), (0, True)]
    assert ended.json()["status"] == "between"
    assert Session.objects.get(edit_key=second["session"]).finished is True
    again = api.post(f"/api/events/{event['id']}/rounds/end", {})
    assert again.status_code == 409
    assert again.json()["field"] == "round"
    assert "no round is being played" in again.json()["error"]
    follower = api.post(f"/api/events/{event['view_id']}/rounds/end", {})
    assert follower.status_code == 403


def test_ending_before_any_draw_is_refused_and_changes_nothing(api):
    event = new_event(api)
    refused = api.post(f"/api/events/{event['id']}/rounds/end", {})
    assert refused.status_code == 409
    assert refused.json()["field"] == "round"
    assert Event.objects.get().version == 0


def test_status_and_next_through_the_night(api):
    event = new_event(api, rounds=2, hands=1)
    assert (event["status"], event["next"]) == ("before", "Draw round 1")
    drawn = draw(api, event["id"])
    assert event_of(api, event)["status"] == "playing"
    assert event_of(api, event)["next"] == "Waiting for tables 1 and 2"
    play_table(api, drawn["tables"][0]["session"], hand_for(4))
    assert event_of(api, event)["next"] == "Waiting for table 2"
    play_table(api, drawn["tables"][1]["session"], hand_for(4))
    assert (event_of(api, event)["status"], event_of(api, event)["next"]) == ("between", "Draw round 2")
    last = draw(api, event["id"])
    for table in last["tables"]:
        play_table(api, table["session"], hand_for(4))
    shown = event_of(api, event)
    assert (shown["status"], shown["next"]) == ("over", "The night is over")


def test_after_a_forced_draw_the_tables_still_playing_are_waited_for(api):
    event = new_event(api, rounds=2, hands=1)
    first = draw(api, event["id"])
    play_table(api, first["tables"][0]["session"], hand_for(4))
    second = draw(api, event["id"], force=True)
    assert event_of(api, event)["next"] == "Waiting for tables 1 and 2"
    for table in second["tables"]:
        play_table(api, table["session"], hand_for(4))
    shown = event_of(api, event)
    assert (shown["status"], shown["next"]) == ("playing", "Waiting for 1 table of an earlier round")
    play_table(api, first["tables"][1]["session"], hand_for(4))
    assert event_of(api, event)["status"] == "over"
    refused = api.post(f"/api/events/{event['id']}/rounds", {})
    assert refused.status_code == 409


def test_the_organizer_page_has_one_emphasised_button_for_what_is_next(api, client):
    event = new_event(api, rounds=2, hands=1)
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert page.count('class="primary wide"') == 1
    assert "Draw round 1</button>" in page
    drawn = draw(api, event["id"])
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert 'class="primary' not in page.split("data-next-actions")[1].split("</section>")[0]
    assert "Waiting for tables 1 and 2" in page
    assert 'data-action="end-round"' in page
    assert "Draw round 2 anyway" in page
    refused = client.post(f"/e/{event['id']}/draw")
    assert refused.status_code == 409
    assert 'data-next="Waiting for tables 1 and 2"' in refused.content.decode()  # goes once the line changes
    for table in drawn["tables"]:
        play_table(api, table["session"], hand_for(4))
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert "Draw round 2</button>" in page
    assert "data-problem" not in page


def test_an_event_that_is_over_shows_final_standings_export_and_print_only(api, client):
    event = new_event(api, rounds=1, hands=1)
    drawn = draw(api, event["id"])
    for table in drawn["tables"]:
        play_table(api, table["session"], hand_for(4))
    page = client.get(f"/e/{event['id']}/").content.decode()
    assert "The night is over" in page
    assert "Final standings" in page
    for gone in (
        'data-action="draw"',
        'data-action="add-player"',
        'data-action="drop-player"',
        'data-action="swap"',
        'data-action="end-round"',
    ):
        assert gone not in page
    for kept in ('data-link="export"', 'data-link="print-standings"', 'data-link="print-slips"'):
        assert kept in page
    screen = client.get(f"/e/{event['view_id']}/screen").content.decode()
    assert "The night is over" in screen
    assert "data-clock" not in screen  # the clock stops


def test_the_page_ends_a_round_only_once_confirmed(api, client):
    event = new_event(api, hands=3)
    draw(api, event["id"])
    asked = client.post(f"/e/{event['id']}/end")
    assert asked.status_code == 200
    assert "End round 1 now?" in asked.content.decode()
    assert Session.objects.filter(finished_at__isnull=False).count() == 0
    done = client.post(f"/e/{event['id']}/end", {"confirm": "1"})
    assert done.status_code == 302
    assert Session.objects.filter(finished_at__isnull=False).count() == 2


def test_tables_waited_for_are_listed_as_each_language_lists_numbers():
    with translation.override("zh-hant"):
        assert tables_text((3, 5, 7)) == "3、5 和 7"
    with translation.override("en"):
        assert tables_text((3, 5, 7)) == "3, 5 and 7"
