"""Socket manners (issue 19): the reads a socket may ask for (`state`, `round.preview`) are
throttled per socket; a flood gets a clear refusal at once, and another table is answered."""

from __future__ import annotations

import time

import pytest

from rounds.live.consumers import SOCKET_RATES
from tests.rounds.test_consumers import WAIT, channel_layer, new_session, socket_to  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.django_db(transaction=True)

FLOOD = 100


async def replies_to(device, messages):
    """Send every message at once, then read every answer: replies and state messages, in order."""
    started = time.monotonic()
    for number, message in enumerate(messages, start=1):
        await device.communicator.send_json_to({**message, "id": number})
    answers = [await device.communicator.receive_json_from(WAIT) for _ in messages]
    return answers, time.monotonic() - started


async def test_a_flood_of_previews_is_refused_and_another_table_is_answered():
    flooded, other = await new_session(), await new_session()
    burst, per_second = SOCKET_RATES["round.preview"]
    async with socket_to(flooded.edit_key) as (device, _), socket_to(other.view_key) as (neighbour, _):
        preview = {"type": "round.preview", "cards": [5, 0, 11, 13]}
        answers, took = await replies_to(device, [preview] * FLOOD)
        answered = [answer for answer in answers if answer["ok"]]
        refused = [answer for answer in answers if not answer["ok"]]
        assert burst <= len(answered) <= burst + per_second * took + 1
        assert len(answered) + len(refused) == FLOOD
        assert {answer["status"] for answer in refused} == {429}
        assert refused[0]["error"] == (
            "Too many round.preview messages on this connection; wait a moment and try again"
        )
        assert answered[0]["round"]["scores"] == [5, 0, 22, 39]
        # The other table's socket has its own allowance and is answered as usual.
        reply = await neighbour.request("round.preview", cards=[0, 3, 3, 3])
        assert reply["ok"]
        assert reply["round"]["scores"] == [0, 3, 3, 3]


async def test_asking_for_the_state_again_and_again_is_refused_past_its_burst():
    session = await new_session()
    burst, _per_second = SOCKET_RATES["state"]
    async with socket_to(session.view_key) as (device, _):
        answers, _took = await replies_to(device, [{"type": "state"}] * (burst + 5))
        kinds = [answer["type"] if answer["type"] == "state" else answer["status"] for answer in answers]
        assert kinds[:burst] == ["state"] * burst
        assert set(kinds[burst:]) <= {"state", 429}
        assert kinds.count(429) >= 4  # at most one token comes back while they are answered
