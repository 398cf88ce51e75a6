"""The season page's socket: told once when an evening of its group changes, and only then."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from groups.services import group_writes as services
from rounds.inputs import clean_settings
from tests.factories import add_rounds, make_session
from tests.sockets import WAIT, opened_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("own_channel_layer")]


@database_sync_to_async
def a_group_evening():
    group = services.group_create(name="Live")
    session = services.group_session_create(
        group=group, players=["Ann", "Ben"], settings=clean_settings({"preset": "wta-flat"})
    )
    return group, session


async def test_a_round_in_an_evening_of_the_group_reaches_its_season_page():
    group, session = await a_group_evening()
    async with opened_socket(f"/ws/groups/{group.view_key}/") as (socket, connected, _):
        assert connected
        await database_sync_to_async(add_rounds)(session, [0, 5])
        message = await socket.receive_json_from(WAIT)
        assert message == {"event": "season.changed", "session": session.pk}


async def test_a_session_outside_the_group_says_nothing_to_it():
    group, _ = await a_group_evening()
    other = await database_sync_to_async(make_session)()
    async with opened_socket(f"/ws/groups/{group.edit_key}/") as (socket, connected, _):
        assert connected
        await database_sync_to_async(add_rounds)(other, [0, 5, 6, 7])
        assert await socket.receive_nothing(0.5)


async def test_an_unknown_group_key_is_closed():
    async with opened_socket("/ws/groups/no-such-group/") as (_, connected, code):
        assert not connected
        assert code == 4404
