"""SPEC 11.1: the event's small socket of changes (a follow page's "who are you?" list, a finished
table's page) and the screen following the tables still playing after a forced draw."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from events.inputs import clean_event
from events.models import EventTable
from events.services import event_writes as services
from tests.events.screens import Screen, shown_text
from tests.factories import add_rounds
from tests.sockets import WAIT, opened_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("own_channel_layer")]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@database_sync_to_async
def an_event(hands=1, rounds=2):
    plan = clean_event({"name": "Live club", "players": NAMES, "rounds": rounds, "hands": hands})
    return services.event_create(plan=plan)


@database_sync_to_async
def tables_of(event, number):
    return [
        table.session
        for table in EventTable.objects.filter(event_round__event=event, event_round__number=number).order_by(
            "number"
        )
    ]


async def next_kind(socket):
    message = await socket.receive_json_from(WAIT)
    assert message["event"] == "event.changed"
    return message["kind"]


async def test_the_changes_socket_tells_of_a_late_player_a_draw_and_a_finished_table():
    event = await an_event()
    async with opened_socket(f"/ws/events/{event.view_key}/changes/") as (socket, connected, _):
        assert connected
        assert await socket.receive_nothing(0.2)  # nothing on connecting: the page is fresh
        await database_sync_to_async(services.event_players_change)(
            event=event, add=["Ivy", "Jo", "Kim", "Lee"]
        )
        assert await next_kind(socket) == "event.players"
        await database_sync_to_async(services.event_draw)(event=event)
        assert await next_kind(socket) == "event.drawn"
        first = (await tables_of(event, 1))[0]
        await database_sync_to_async(add_rounds)(first, [0, 3, 4, 5])
        assert await next_kind(socket) == "table.finished"
        await database_sync_to_async(services.event_round_end)(event=event)
        kinds = [await next_kind(socket) for _table in range(3)]  # two tables still playing, then the end
        assert sorted(kinds) == ["event.ended", "table.finished", "table.finished"]


async def test_an_unknown_event_closes_the_changes_socket():
    async with opened_socket("/ws/events/nope/changes/") as (_socket, connected, code):
        assert not connected
        assert code == 4404


def tables_shown(state):
    return {
        (item["round"], table["table"]): table["hands_played"]
        for item in state["rounds"]
        for table in item["tables"]
    }


async def test_the_screen_follows_a_table_still_playing_after_a_forced_draw():
    event = await an_event(hands=2)
    await database_sync_to_async(services.event_draw)(event=event)
    first, second = await tables_of(event, 1)
    await database_sync_to_async(add_rounds)(first, [0, 3, 4, 5], [1, 0, 4, 5])
    await database_sync_to_async(services.event_draw)(event=event, force=True)
    async with opened_socket(f"/ws/events/{event.view_key}/") as (socket, _connected, _):
        screen = Screen(socket)
        message = await screen.receive()
        assert tables_shown(screen.state) == {(1, 2): 0, (2, 1): 0, (2, 2): 0}
        assert "Round 1 · Table 2" in message["html"]
        await database_sync_to_async(add_rounds)(second, [0, 3, 4, 5])
        message = await screen.receive()
        while tables_shown(screen.state).get((1, 2)) != 1:
            message = await screen.receive()
        assert [(change["round"], change["table"]["table"]) for change in message["tables"]] == [(1, 2)]
        assert "Round 1 · Table 2" in shown_text(message)  # an earlier round's card
        assert screen.state["status"] == "playing"
