"""One state per change: built once after commit, sent to the group once, with the rounds since the
change; each consumer adds only its viewer's fields, without a query."""

import json

import pytest
from django.test import AsyncClient

from rounds import services
from rounds.live import consumers
from rounds.models import Session
from rounds.reads import state as state_module
from rounds.reads import state_cache as table_states
from rounds.reads.state import shared_state
from rounds.rules.scoring import RoundEntry
from tests.factories import add_rounds, grab_lock, make_session
from tests.rounds.test_consumers import channel_layer, in_thread, new_session, table  # noqa: F401 (autouse)

pytestmark = pytest.mark.django_db(transaction=True)

ROUND = [5, 0, 11, 13]


@pytest.fixture
def builds(monkeypatch):
    """Every full build of the shared state, and every database read a consumer makes."""
    calls = {"shared_state": 0, "consumer_reads": 0}
    original = table_states.shared_state

    def counted(session, **options):
        calls["shared_state"] += 1
        return original(session, **options)

    # Built where a change is published (rounds.reads.state) and where a reply is read again.
    monkeypatch.setattr(state_module, "shared_state", counted)
    monkeypatch.setattr(table_states, "shared_state", counted)
    for name in ("build_state", "read_lock"):
        reader = getattr(consumers, name)

        async def counted_read(*args, reader=reader):
            calls["consumer_reads"] += 1
            return await reader(*args)

        monkeypatch.setattr(consumers, name, counted_read)
    return calls


async def test_an_http_add_builds_the_state_once_for_the_reply_and_every_follower(builds):
    session = await new_session(value_per_point="0.50")
    token = await in_thread(grab_lock)(session)
    async with table(session.edit_key, session.view_key, session.view_key) as (ann, ben, cat):
        builds.update(shared_state=0, consumer_reads=0)
        response = await AsyncClient().post(
            f"/api/sessions/{session.edit_key}/rounds",
            {"cards": ROUND},
            content_type="application/json",
            headers={"X-Entry-Lock": token},
        )
        assert response.status_code == 201
        for device in (ann, ben, cat):
            assert (await device.event("round.added"))["state"]["totals"] == [5, 0, 22, 39]
        assert response.json()["state"]["totals"] == [5, 0, 22, 39]
        assert builds == {"shared_state": 1, "consumer_reads": 0}


async def test_each_viewer_gets_its_own_fields_and_the_follow_view_never_the_edit_key():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await in_thread(add_rounds)(session, ROUND)
        mine, theirs = await ann.event("round.added"), await ben.event("round.added")
        assert (mine["state"]["id"], mine["state"]["can_edit"]) == (session.edit_key, True)
        assert mine["state"]["links"]["page"] == f"/s/{session.edit_key}/"
        assert theirs["state"]["can_edit"] is False
        assert "id" not in theirs["state"]
        assert "page" not in theirs["state"]["links"]
        assert theirs["state"]["links"]["socket"] == f"/ws/sessions/{session.view_key}/"
        assert session.edit_key not in json.dumps(theirs)


async def test_the_group_gets_the_rounds_from_the_one_a_change_touched():
    session = await new_session(value_per_point="0.50")
    token = await in_thread(add_rounds)(session, *[ROUND] * 30)
    async with table(session.view_key) as (ben,):
        await in_thread(add_rounds)(session, [0, 1, 2, 3], token=token)
        added = (await ben.event("round.added"))["state"]
        assert (added["rounds_from"], [r["number"] for r in added["rounds"]]) == (31, [31])
        assert added["rounds"][0]["totals_after"] == added["totals"] == [150, 1, 662, 1173]

        edit = in_thread(services.round_edit)
        await edit(session=session, token=token, number=29, entry=RoundEntry(cards=(0, 1, 1, 1)))
        edited = (await ben.event("round.edited"))["state"]
        assert (edited["rounds_from"], [r["number"] for r in edited["rounds"]]) == (29, [29, 30, 31])
        assert edited["rounds"][-1]["totals_after"] == edited["totals"] == [145, 2, 641, 1135]

        update = in_thread(services.session_update)
        await update(session=session, token=token, changes={"currency": "EUR"})
        changed = (await ben.event("session.changed"))["state"]
        assert (changed["rounds_from"], changed["rounds"]) == (32, [])
        assert changed["settings"]["currency"] == "EUR"


async def test_a_device_that_asks_gets_the_full_state():
    session = await new_session()
    await in_thread(add_rounds)(session, *[ROUND] * 3)
    async with table(session.view_key) as (ben,):
        await ben.communicator.send_json_to({"type": "state"})
        full = (await ben.event("state"))["state"]
        assert (full["rounds_from"], len(full["rounds"])) == (1, 3)


async def test_a_lock_change_carries_the_lock_alone_timed_by_the_database(builds):
    session = await new_session()
    async with table(session.view_key) as (ben,):
        builds.update(shared_state=0, consumer_reads=0)
        await in_thread(grab_lock)(session, "Cat's tablet")
        message = await ben.event("lock.changed")
        assert "state" not in message
        assert message["lock"]["holder"] == "Cat's tablet"
        assert 29 < message["lock"]["expires_in"] <= 30
        assert builds == {"shared_state": 0, "consumer_reads": 0}


def test_the_state_built_from_the_one_before_equals_a_fresh_build():
    """Each publish reuses the rounds before the change from the version before; check it against
    a full build after every kind of write."""
    session = make_session(value_per_point="0.50")
    token = add_rounds(session, *[ROUND, [0, 1, 2, 3], [2, 0, 13, 1]] * 4)
    writes = [
        lambda: add_rounds(session, [1, 1, 0, 1], token=token),
        lambda: services.round_edit(
            session=session, token=token, number=5, entry=RoundEntry(cards=(0, 9, 9, 9))
        ),
        lambda: services.round_delete(session=session, token=token, number=2),
        lambda: services.session_update(session=session, token=token, changes={"currency": "EUR"}),
        lambda: services.session_update(
            session=session, token=token, changes={"tiers": [[1, 1]]}, rescore=True
        ),
        lambda: add_rounds(session, [0, 13, 13, 13], token=token),
        lambda: services.round_delete(session=session, token=token, number=13),
    ]
    for write in writes:
        write()
        stored = Session.objects.get(pk=session.pk)
        published = table_states.recent[stored.pk, stored.version]
        fresh = shared_state(stored)
        assert published["rounds"] == fresh["rounds"]
        assert {k: v for k, v in published.items() if k != "lock"} == {
            k: v for k, v in fresh.items() if k != "lock"
        }
