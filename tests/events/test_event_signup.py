"""Sign-up before the night (SPEC 13, API.md "Events, turn 4"): POST /api/events with "signup"
opens the night; POST /api/events/<follow id>/signup adds a player while it is on and before the
first draw (403 off, 409 after the draw, 400 for a bad or duplicate name); the organizer turns it
on and off before the first draw and drops a sign-up like any player; capped and rate-limited."""

import json

import pytest

from events.models import MAX_EVENT_PLAYERS, Event, EventPlayer
from groups.models import MAX_GROUP_PLAYERS, Group, GroupPlayer
from rounds.rules.names import name_key
from tests.events.helpers import NAMES, draw, new_event
from tests.groups.helpers import new_group

pytestmark = pytest.mark.django_db


def sign_up(api, key, name):
    return api.post(f"/api/events/{key}/signup", {"name": name})


def players_of(api, key):
    return [(player["name"], player["dropped"]) for player in api.get(f"/api/events/{key}").json()["players"]]


def test_a_night_open_for_sign_up_takes_a_player_on_its_follow_key(api):
    event = new_event(api, players=NAMES[:3], signup=True)
    assert event["signup"] is True
    reply = sign_up(api, event["view_id"], "  Eve   Lee ")
    assert reply.status_code == 201, reply.content
    body = reply.json()
    assert body["player"]["name"] == "Eve Lee"
    assert [player["name"] for player in body["players"]] == ["Ann", "Ben", "Cat", "Eve Lee"]
    assert [player["signed_up"] for player in body["players"]] == [False, False, False, True]
    assert EventPlayer.objects.get(name="Eve Lee").signed_up is True


def test_the_first_draw_closes_sign_up_and_a_late_one_gets_409(api):
    event = new_event(api, players=NAMES[:3], signup=True)
    assert sign_up(api, event["view_id"], "Eve").status_code == 201
    drawn = draw(api, event["id"])
    seated = [name for table in drawn["tables"] for name in table["players"]]
    assert sorted(seated + drawn["byes"]) == [
        "Ann",
        "Ben",
        "Cat",
        "Eve",
    ]
    assert api.get(f"/api/events/{event['view_id']}").json()["signup"] is False
    late = sign_up(api, event["view_id"], "Fay")
    assert late.status_code == 409, late.content
    assert late.json()["field"] == "signup"
    assert "round 1 is drawn" in late.json()["error"]
    assert "Fay" not in [name for name, _dropped in players_of(api, event["id"])]


def test_sign_up_while_off_is_403_and_adds_nobody(api):
    event = new_event(api)
    refused = sign_up(api, event["view_id"], "Zed")
    assert refused.status_code == 403, refused.content
    assert refused.json()["field"] == "signup"
    assert "not open for sign-up" in refused.json()["error"]
    assert len(players_of(api, event["id"])) == len(NAMES)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ann", "Ann is already in tonight's list"),
        ("Jos\u00e9", "already in tonight's list"),  # José typed the other way
        ("   ", "type your name"),
        (7, "type your name"),
        ("\u3164", "visible character"),
        ("A\u202eB", "cannot be shown"),
        ("x" * 41, "at most 40 characters"),
    ],
)
def test_a_bad_or_duplicate_name_is_named_and_changes_nothing(api, name, words):
    event = new_event(api, players=["Ann", "Ben", "Jose\u0301"], signup=True)
    before = list(EventPlayer.objects.order_by("pk").values_list("name", "signed_up"))
    refused = sign_up(api, event["view_id"], name)
    assert refused.status_code == 400, refused.content
    assert refused.json()["field"] == "name"
    assert words in refused.json()["error"]
    assert list(EventPlayer.objects.order_by("pk").values_list("name", "signed_up")) == before


def test_a_dropped_sign_up_is_dropped_like_any_player_and_cannot_sign_up_again(api):
    event = new_event(api, players=NAMES[:4], signup=True)
    sign_up(api, event["view_id"], "Eve")
    dropped = api.patch(f"/api/events/{event['id']}", {"drop": ["Eve"]})
    assert dropped.status_code == 200, dropped.content
    assert ("Eve", True) in players_of(api, event["id"])
    again = sign_up(api, event["view_id"], "eve")
    assert again.status_code == 400
    drawn = draw(api, event["id"])
    assert "Eve" not in {name for table in drawn["tables"] for name in table["players"]}


def test_the_organizer_turns_sign_up_on_and_off_before_the_first_draw_only(api):
    event = new_event(api)
    opened = api.patch(f"/api/events/{event['id']}", {"signup": True})
    assert (opened.status_code, opened.json()["signup"]) == (200, True)
    assert sign_up(api, event["view_id"], "Ivy").status_code == 201
    closed = api.patch(f"/api/events/{event['id']}", {"signup": False})
    assert closed.json()["signup"] is False
    assert sign_up(api, event["view_id"], "Jay").status_code == 403
    assert api.patch(f"/api/events/{event['view_id']}", {"signup": True}).status_code == 403
    bad = api.patch(f"/api/events/{event['id']}", {"signup": "yes"})
    assert (bad.status_code, bad.json()["field"]) == (400, "signup")
    draw(api, event["id"])
    late = api.patch(f"/api/events/{event['id']}", {"signup": True})
    assert (late.status_code, late.json()["field"]) == (409, "signup")
    assert Event.objects.get().signup is False


def test_a_night_open_for_sign_up_may_start_short_but_draws_only_with_four(api):
    event = new_event(api, players=[], signup=True)
    assert event["players"] == []
    for name in ("Ann", "Ben", "Cat"):
        assert sign_up(api, event["view_id"], name).status_code == 201
    short = api.post(f"/api/events/{event['id']}/rounds", {})
    assert short.status_code == 409, short.content
    assert (short.json()["field"], "at least 4 players, and 3 are in") == (
        "players",
        short.json()["error"].split("needs ")[1],
    )
    sign_up(api, event["view_id"], "Dan")
    assert len(draw(api, event["id"])["tables"]) == 1


def test_without_sign_up_a_night_still_needs_four_names(api):
    refused = api.post(
        "/api/events", {"name": "Club", "players": NAMES[:3], "rounds": 1, "hands": 1, "signup": False}
    )
    assert (refused.status_code, refused.json()["field"]) == (400, "players")
    not_a_flag = api.post(
        "/api/events", {"name": "Club", "players": NAMES, "rounds": 1, "hands": 1, "signup": "yes"}
    )
    assert (not_a_flag.status_code, not_a_flag.json()["field"]) == (400, "signup")
    assert not Event.objects.exists()


def test_sign_up_stops_at_the_events_cap(api):
    event = new_event(api, players=[f"P{number}" for number in range(MAX_EVENT_PLAYERS - 1)], signup=True)
    assert sign_up(api, event["view_id"], "Last").status_code == 201
    full = sign_up(api, event["view_id"], "One more")
    assert full.status_code == 409, full.content
    assert full.json()["field"] == "name"
    assert "at most 200 players, so One more cannot join" in full.json()["error"]
    assert EventPlayer.objects.count() == MAX_EVENT_PLAYERS


def test_sign_up_is_rate_limited_per_address(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (2, 3600)}
    event = new_event(api, players=[], signup=True)
    assert sign_up(api, event["view_id"], "Ann").status_code == 201
    assert sign_up(api, event["view_id"], "ann").status_code == 400  # a refusal does not count
    assert sign_up(api, event["view_id"], "Ben").status_code == 201
    limited = sign_up(api, event["view_id"], "Cat")
    assert limited.status_code == 429, limited.content
    assert "Too many sign-ups from this address" in limited.json()["error"]
    assert [name for name, _dropped in players_of(api, event["id"])] == ["Ann", "Ben"]


def test_at_a_clubs_night_a_sign_up_joins_the_group_at_the_first_draw_unless_removed(api):
    group = new_group(api)
    club = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=club, name=name, name_key=name_key(name)) for name in ("Ann", "Ben", "Member 7")
    )
    event = new_event(api, players=["Ann", "Ben"], signup=True, group=group["id"])
    for name in ("MEMBER 7", "Newcomer", "Passer-by"):
        assert sign_up(api, event["view_id"], name).status_code == 201
    assert api.patch(f"/api/events/{event['id']}", {"add": ["Cat"]}).status_code == 200
    assert api.patch(f"/api/events/{event['id']}", {"drop": ["Passer-by"]}).status_code == 200
    roster = set(GroupPlayer.objects.filter(group=club).values_list("name", flat=True))
    assert roster == {"Ann", "Ben", "Cat", "Member 7"}  # sign-ups wait for the draw
    drawn = draw(api, event["id"])
    seated = [name for table in drawn["tables"] for name in table["players"]]
    assert sorted(seated + drawn["byes"]) == [
        "Ann",
        "Ben",
        "Cat",
        "Member 7",  # the club's name for MEMBER 7, at the table too
        "Newcomer",
    ]
    sessions = [api.get(f"/api/sessions/{table['session']}").json() for table in drawn["tables"]]
    assert "MEMBER 7" not in json.dumps(sessions)
    roster = set(GroupPlayer.objects.filter(group=club).values_list("name", flat=True))
    assert roster == {"Ann", "Ben", "Cat", "Member 7", "Newcomer"}  # never the one removed


def test_at_a_full_clubs_night_a_new_name_is_refused_at_sign_up(api):
    group = new_group(api)
    club = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=club, name=f"Member {number}", name_key=name_key(f"Member {number}"))
        for number in range(MAX_GROUP_PLAYERS - 1)
    )
    event = new_event(api, players=[], signup=True, group=group["id"])
    assert sign_up(api, event["view_id"], "member 3").status_code == 201
    assert sign_up(api, event["view_id"], "Newcomer").status_code == 201  # the group's 200th, at the draw
    full = sign_up(api, event["view_id"], "One too many")
    assert full.status_code == 400, full.content
    assert full.json()["field"] == "name"
    assert "so One too many cannot join" in full.json()["error"]
    assert [player["name"] for player in api.get(f"/api/events/{event['id']}").json()["players"]] == [
        "member 3",
        "Newcomer",
    ]
    assert GroupPlayer.objects.filter(group=club).count() == MAX_GROUP_PLAYERS - 1
