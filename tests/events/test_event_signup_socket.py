"""A sign-up reaches the organizer's page live (its socket's view lists who signed up, with a way
to remove them) and every follow page's small socket (which reloads the list of players)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from events.inputs import clean_event
from events.services import event_writes as services
from events.services.signup import event_signup, event_signup_switch
from tests.sockets import WAIT, opened_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("own_channel_layer")]


@database_sync_to_async
def a_night_open_for_sign_up():
    plan = clean_event({"name": "Club", "players": ["Ann", "Ben"], "rounds": 1, "hands": 1, "signup": True})
    return services.event_create(plan=plan)


async def test_a_sign_up_reaches_the_organizers_page_and_the_follow_pages():
    event = await a_night_open_for_sign_up()
    async with (
        opened_socket(f"/ws/events/{event.edit_key}/") as (organizer, connected, _),
        opened_socket(f"/ws/events/{event.view_key}/changes/") as (follower, follows, _),
    ):
        assert connected
        assert follows
        first = await organizer.receive_json_from(WAIT)
        assert (first["state"]["signup"], first["state"]["signups"]) == (True, [])
        await database_sync_to_async(event_signup)(event=event, name="Eve")
        message = await organizer.receive_json_from(WAIT)
        while message["state"]["signups"] != ["Eve"]:
            message = await organizer.receive_json_from(WAIT)
        assert "1 signed up" in message["html"]
        assert f'href="/e/{event.edit_key}/?drop=Eve" data-action="remove-signup"' in message["html"]
        assert await follower.receive_json_from(WAIT) == {"event": "event.changed", "kind": "event.players"}
        await database_sync_to_async(event_signup_switch)(event=event, on=False)
        assert await follower.receive_json_from(WAIT) == {"event": "event.changed", "kind": "event.signup"}
