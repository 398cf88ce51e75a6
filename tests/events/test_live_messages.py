"""An event's pages are sent the whole view once, then what changed (events/live/messages.py): at
fifty tables a hand is one table's part and the standings rows that moved, on the screen and on
the organizer's page, and a page that asks again is given the whole view as a load shows it."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from events.inputs import clean_event
from events.live.consumers import organizer_message, screen_state
from events.live.messages import difference, whole_view
from events.models import EventTable
from events.services import event_writes as services
from tests.events.screens import Screen
from tests.factories import add_rounds, grab_lock
from tests.sockets import opened_socket

TABLES = 50
HAND_BYTES = 10_000  # issue 42: what a hand costs a screen at fifty tables


@database_sync_to_async
def a_club_night(tables: int = TABLES):
    names = [f"Player {number:03}" for number in range(1, 4 * tables + 1)]
    plan = clean_event({"name": "Big night", "players": names, "rounds": 3, "hands": 8, "seating": "random"})
    event = services.event_create(plan=plan)
    services.event_draw(event=event)
    sessions = [
        table.session for table in EventTable.objects.filter(event_round__event=event).order_by("number")
    ]
    return event, sessions


def size(message: dict) -> int:
    return len(json.dumps(message).encode())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer")
async def test_at_fifty_tables_a_hand_sends_its_table_and_the_rows_that_moved():
    event, sessions = await a_club_night()
    seventh = sessions[6]
    async with opened_socket(f"/ws/events/{event.view_key}/") as (socket, _connected, _code):
        screen = Screen(socket)
        first = await screen.receive()
        assert first["event"] == "event.state"
        assert len(first["state"]["rounds"][-1]["tables"]) == TABLES
        token = await database_sync_to_async(grab_lock)(seventh)
        taken = await screen.receive()
        assert taken["event"] == "event.delta"
        assert [change["table"]["table"] for change in taken["tables"]] == [7]
        assert "standings" not in taken  # nobody's numbers moved
        assert "order" not in taken

        await database_sync_to_async(add_rounds)(seventh, [0, 3, 4, 5], token=token)
        hands = [1 if number == 7 else 0 for number in range(1, TABLES + 1)]
        added = await screen.until(hands)
        at_seventh = first["state"]["rounds"][-1]["tables"][6]["players"]
        assert [change["table"]["table"] for change in added["tables"]] == [7]
        assert "Hand 2 of 8" in added["tables"][0]["html"]
        assert sorted(line["name"] for line in added["standings"]) == sorted(at_seventh)
        assert added["order"][0] == next(line["id"] for line in added["standings"] if line["net"] > 0)
        assert len(added["order"]) == len(added["places"]) == 4 * TABLES
        assert "html" not in added
        assert "rounds" not in added
        assert size(added) <= HAND_BYTES < size(first)
        # The page's merge of every message is the state read afresh.
        assert screen.state == await screen_state(event.pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer")
async def test_at_fifty_tables_the_organizer_gets_the_tables_line_and_rendered_rows():
    event, sessions = await a_club_night()
    async with opened_socket(f"/ws/events/{event.edit_key}/") as (socket, _connected, _code):
        page = Screen(socket)
        first = await page.receive()
        assert first["event"] == "event.state"
        assert first["state"]["rounds"][-1]["tables"][0]["page"]  # the edit key's links
        await database_sync_to_async(add_rounds)(sessions[6], [0, 3, 4, 5])
        added = await page.until([1 if number == 7 else 0 for number in range(1, TABLES + 1)])
        assert added["event"] == "event.delta"
        assert [change["table"]["table"] for change in added["tables"]] == [7]
        line = added["tables"][0]["html"]
        assert line.startswith('<li data-table="7"')
        assert "Hand 2 of 8" in line
        assert added["tables"][0]["table"]["page"] in line  # its Open link
        rows = {row["name"]: row["html"] for row in added["standings"]}
        assert sorted(rows) == sorted(first["state"]["rounds"][-1]["tables"][6]["players"])
        assert all(html.startswith("<tr data-standing=") for html in rows.values())
        assert all("data-rating" in html for html in rows.values())  # the Skill cell
        assert size(added) <= HAND_BYTES < size(first)
        fresh, _whole = await organizer_message(event.pk, "en", None, 1)
        assert page.state == fresh


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer")
async def test_a_page_that_missed_a_message_gets_the_whole_view_again():
    event, sessions = await a_club_night(tables=3)
    async with opened_socket(f"/ws/events/{event.view_key}/") as (socket, _connected, _code):
        screen = Screen(socket)
        await screen.receive()
        await database_sync_to_async(add_rounds)(sessions[1], [0, 3, 4, 5])
        await screen.until([0, 1, 0])
        seen = screen.seq
        await socket.send_json_to({"type": "state"})
        again = await screen.receive()
        fresh = await screen_state(event.pk)
        assert again["event"] == "event.state"
        assert again["seq"] == seen + 1
        assert again["state"] == fresh
        assert again["html"] == whole_view(fresh, seq=seen + 1, language="en")["html"]  # as a page load
        await socket.send_json_to({"type": "state"})  # answered once until the next change
        await socket.send_json_to({"hello": "there"})  # anything else: ignored
        assert await socket.receive_nothing(0.2)


STATE = {
    "version": 3,
    "status": "playing",
    "next": "",
    "waiting": "",
    "signup": False,
    "signups": [],
    "rounds": [
        {
            "round": 1,
            "forced": False,
            "drawn_at": "2026-12-06T20:00:00+00:00",
            "byes": [],
            "tables": [
                {
                    "table": 1,
                    "players": ["Ann", "Ben", "Cat", "Dan"],
                    "hands_played": 0,
                    "hands": 4,
                    "finished": False,
                    "view_id": "view",
                    "follow": "/s/view",
                    "join": "/e/key/join/1/1",
                    "entering": None,
                }
            ],
        }
    ],
    "standings": [
        {"id": pk, "name": name, "net": 0, "hands": 0, "wins": 0, "real_losses": 0, "place": 1, "table": 1}
        for pk, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1)
    ],
}


def test_a_new_shape_goes_whole_and_no_change_goes_unsent():
    assert difference(STATE, STATE, seq=2) == {}
    dropped = STATE | {"standings": STATE["standings"][:3]}
    assert difference(STATE, dropped, seq=2) is None
    over = STATE | {"status": "over"}
    assert difference(STATE, over, seq=2) is None
    timed = STATE | {"rounds": [STATE["rounds"][0] | {"ends_at": "2026-12-06T21:00:00+00:00"}]}
    assert difference(STATE, timed, seq=2) is None
    told = STATE | {"next": "Draw round 2"}
    assert difference(STATE, told, seq=2) == {
        "event": "event.delta",
        "seq": 2,
        "after": 1,
        "next": "Draw round 2",
    }
