"""API.md "Events: club night": create, draw, tables as sessions, players, swap, refusals."""

import pytest

from events.models import Event, EventPlayer, EventRound
from rounds.models import Session
from tests.events.helpers import NAMES, draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def test_an_event_has_its_keys_players_and_links(api):
    event = new_event(api)
    assert event["name"] == "Friday club"
    assert [player["name"] for player in event["players"]] == NAMES
    assert event["id"] != event["view_id"]
    assert event["links"]["page"] == f"/e/{event['id']}/"
    assert event["links"]["follow"] == f"/e/{event['view_id']}/"
    assert event["links"]["screen"] == f"/e/{event['view_id']}/screen"
    assert event["links"]["socket"] == f"/ws/events/{event['view_id']}/"
    followed = api.get(f"/api/events/{event['view_id']}").json()
    assert "id" not in followed
    assert "page" not in followed["links"]


def test_a_draw_makes_ordinary_sessions_of_the_events_hands(api):
    event = new_event(api, hands=3, rules={"preset": "wta-flat"})
    drawn = draw(api, event["id"])
    assert drawn["round"] == 1
    assert [table["table"] for table in drawn["tables"]] == [1, 2]
    assert sorted(name for table in drawn["tables"] for name in table["players"]) == sorted(NAMES)
    assert drawn["byes"] == []
    session = api.get(f"/api/sessions/{drawn['tables'][0]['session']}").json()
    assert [player["name"] for player in session["players"]] == drawn["tables"][0]["players"]
    assert session["settings"]["rounds"] == 3
    assert session["settings"]["mode"] == "winner_takes_all"
    assert session["can_edit"] is True


def test_the_follow_key_sees_tables_without_their_edit_keys(api):
    event = new_event(api)
    draw(api, event["id"])
    followed = api.get(f"/api/events/{event['view_id']}").json()
    table = followed["rounds"][0]["tables"][0]
    assert "session" not in table
    assert Session.objects.filter(view_key=table["view_id"]).exists()
    refused = api.post(f"/api/events/{event['view_id']}/rounds", {})
    assert refused.status_code == 403
    assert EventRound.objects.count() == 1


def test_the_next_round_waits_for_every_table_unless_forced(api):
    event = new_event(api, hands=1)
    first = draw(api, event["id"])
    play_table(api, first["tables"][0]["session"], hand_for(4))
    refused = api.post(f"/api/events/{event['id']}/rounds", {})
    assert refused.status_code == 409
    assert refused.json()["field"] == "force"
    assert "table 2" in refused.json()["error"]
    forced = draw(api, event["id"], force=True)
    assert forced["round"] == 2
    assert forced["forced"] is True
    assert EventRound.objects.get(number=2).forced is True


def test_a_draw_after_the_last_round_is_refused(api):
    event = new_event(api, rounds=1, hands=1)
    drawn = draw(api, event["id"])
    for table in drawn["tables"]:
        play_table(api, table["session"], hand_for(len(table["players"])))
    refused = api.post(f"/api/events/{event['id']}/rounds", {})
    assert refused.status_code == 409
    assert refused.json()["field"] == "round"
    assert EventRound.objects.count() == 1


def test_five_players_give_one_bye_and_it_rotates(api):
    event = new_event(api, players=NAMES[:5], rounds=3, hands=1)
    seen = []
    for _round in range(3):
        drawn = draw(api, event["id"])
        assert len(drawn["byes"]) == 1
        seen.append(drawn["byes"][0])
        play_table(api, drawn["tables"][0]["session"], hand_for(4))
    assert len(set(seen)) == 3


def test_players_added_and_dropped_between_rounds(api):
    event = new_event(api, hands=1)
    first = draw(api, event["id"])
    during = api.patch(f"/api/events/{event['id']}", {"add": ["Ivy"]})
    assert during.status_code == 409
    assert during.json()["field"] == "players"
    for table in first["tables"]:
        play_table(api, table["session"], hand_for(4))
    changed = api.patch(f"/api/events/{event['id']}", {"add": ["Ivy"], "drop": ["ben"]})
    assert changed.status_code == 200, changed.content
    assert EventPlayer.objects.get(name="Ben").dropped is True
    second = draw(api, event["id"])
    seated = {name for table in second["tables"] for name in table["players"]}
    assert "Ivy" in seated
    assert "Ben" not in seated
    assert {line["name"] for line in changed.json()["standings"]} >= {"Ben", "Ivy"}


def test_swap_before_the_first_hand_keeps_the_tables_links(api):
    event = new_event(api)
    drawn = draw(api, event["id"])
    first, second = drawn["tables"]
    one, other = first["players"][0], second["players"][2]
    swapped = api.patch(f"/api/events/{event['id']}", {"swap": [one, other]})
    assert swapped.status_code == 200, swapped.content
    tables = swapped.json()["rounds"][0]["tables"]
    assert tables[0]["players"][0] == other
    assert tables[1]["players"][2] == one
    session = api.get(f"/api/sessions/{first['session']}").json()
    assert session["players"][0]["name"] == other


def test_swap_after_a_hand_is_refused_and_changes_nothing(api):
    event = new_event(api)
    drawn = draw(api, event["id"])
    first, second = drawn["tables"]
    play_table(api, first["session"], hand_for(4))
    refused = api.patch(f"/api/events/{event['id']}", {"swap": [first["players"][0], second["players"][0]]})
    assert refused.status_code == 409
    assert refused.json()["field"] == "swap"
    assert "table 1" in refused.json()["error"]
    unchanged = api.get(f"/api/events/{event['id']}").json()["rounds"][0]["tables"]
    assert unchanged[0]["players"] == first["players"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": NAMES[:3]}, "players"),
        ({"players": [f"P{number}" for number in range(201)]}, "players"),
        ({"players": ["Ann", "Ben", "Cat", "ANN"]}, "players"),
        ({"players": ["Ann", "Ben", "Cat", " "]}, "players"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 21}, "rounds"),
        ({"hands": 0}, "hands"),
        ({"hands": "5"}, "hands"),
        ({"seating": "swiss"}, "seating"),
        ({"name": ""}, "name"),
        ({"rules": {"mode": "poker"}}, "mode"),
        ({"rules": {"rounds": 3}}, "rules"),
        ({"rules": "classic"}, "rules"),
        ({"group": "not-a-key"}, "group"),
    ],
)
def test_bad_events_are_refused_naming_the_field(api, fields, field):
    body = {"name": "Friday club", "players": NAMES, "rounds": 2, "hands": 2, "seating": "random", **fields}
    reply = api.post("/api/events", body)
    assert reply.status_code == 400, reply.content
    assert reply.json()["field"] == field
    assert reply.json()["error"]
    assert Event.objects.count() == 0


def test_a_duplicate_name_is_refused_naming_the_player(api):
    reply = api.post(
        "/api/events", {"name": "Club", "players": ["Ann", "Ben", "Cat", "Ben"], "rounds": 1, "hands": 1}
    )
    assert reply.json()["player"] == 3
    assert "Ben" in reply.json()["error"]


def test_bad_changes_are_refused_naming_the_field(api):
    event = new_event(api, players=NAMES[:4])
    assert api.patch(f"/api/events/{event['id']}", {"drop": ["Zed"]}).json()["field"] == "drop"
    assert api.patch(f"/api/events/{event['id']}", {"drop": ["Ann"]}).json()["field"] == "drop"
    duplicate = api.patch(f"/api/events/{event['id']}", {"add": ["Eve", "ann"]}).json()
    assert duplicate["field"] == "add"
    assert duplicate["player"] == 1
    assert "Ann is already playing" in duplicate["error"]  # the name there
    assert api.patch(f"/api/events/{event['id']}", {"add": "Eve"}).json()["field"] == "add"
    assert api.patch(f"/api/events/{event['id']}", {"swap": ["Ann", "Ben"]}).json()["field"] == "swap"
    assert api.post(f"/api/events/{event['id']}/rounds", {"force": "yes"}).json()["field"] == "force"
    assert EventPlayer.objects.filter(dropped=True).count() == 0
    assert EventPlayer.objects.count() == 4


def test_an_unknown_event_is_a_json_404(api):
    reply = api.get("/api/events/nope")
    assert reply.status_code == 404
    assert reply.json()["error"]


def test_new_events_are_rate_limited_per_address(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event": (1, 3600)}
    new_event(api)
    refused = api.post("/api/events", {"name": "Again", "players": NAMES, "rounds": 1, "hands": 1})
    assert refused.status_code == 429
    assert refused["Retry-After"]
    assert Event.objects.count() == 1


def test_the_export_has_one_line_per_hand_per_table(api):
    event = new_event(api, hands=2)
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], hand_for(4), hand_for(4, winner=2))
    play_table(api, drawn["tables"][1]["session"], hand_for(4, winner=1))
    text = api.get(f"/api/events/{event['view_id']}/export.csv").content.decode("utf-8-sig")
    lines = text.strip().split("\r\n")
    assert lines[0].startswith("round,table,hand,player 1,cards 1,score 1")
    assert len(lines) == 1 + 3
    first_table = drawn["tables"][0]["players"]
    assert lines[2].split(",")[:6] == ["1", "1", "2", first_table[0], "3", lines[2].split(",")[5]]
    assert lines[2].split(",")[-1] == first_table[2]


def test_a_change_refused_in_part_changes_nothing(api):
    event = new_event(api)
    drawn = draw(api, event["id"])
    first, second = drawn["tables"]
    body = {"swap": [first["players"][0], second["players"][0]], "add": ["Ivy"]}
    refused = api.patch(f"/api/events/{event['id']}", body)
    assert refused.status_code == 409  # players join between rounds only
    tables = api.get(f"/api/events/{event['id']}").json()["rounds"][0]["tables"]
    assert tables[0]["players"] == first["players"]
    assert api.get(f"/api/sessions/{first['session']}").json()["players"][0]["name"] == first["players"][0]
    assert EventPlayer.objects.count() == len(NAMES)


def test_the_export_leaves_a_table_of_threes_fourth_seat_empty(api):
    """Seven players: a table of 4 and a table of 3. The three's line has its three seats, the
    fourth empty (the export answered 500 once every seat's cards were read before its player)."""
    event = new_event(api, players=NAMES[:7], hands=1)
    drawn = draw(api, event["id"])
    sizes = {len(table["players"]): table for table in drawn["tables"]}
    three = sizes[3]
    play_table(api, three["session"], hand_for(3, winner=1))
    reply = api.get(f"/api/events/{event['view_id']}/export.csv")
    assert reply.status_code == 200
    (line,) = reply.content.decode("utf-8-sig").strip().split("\r\n")[1:]
    cells = line.split(",")
    seats = [cells[3 + 3 * seat : 6 + 3 * seat] for seat in range(4)]
    assert [seat[:2] for seat in seats[:3]] == [
        [name, str(cards)] for name, cards in zip(three["players"], [3, 0, 5], strict=True)
    ]
    assert seats[3] == ["", "", ""]
    assert cells[-1] == three["players"][1]
