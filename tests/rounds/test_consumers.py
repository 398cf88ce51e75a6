"""The live table over the WebSocket (SPEC 8), through the real ASGI stack with its origin check.

Each test commits for real (transaction=True): the consumer reads and writes in
its own threads and connections. Every socket is disconnected, even when a test fails.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable

import pytest
from channels.db import database_sync_to_async
from channels.layers import DEFAULT_CHANNEL_LAYER, BaseChannelLayer, channel_layers, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import AsyncClient

from rounds import services
from rounds.errors import LOCK_NEEDED, LOCK_STILL_LIVE, SESSION_FINISHED
from rounds.live import consumers
from rounds.models import Round, RoundVersion, Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.services.locking import lock_release
from scorekeeper.asgi import application
from tests.factories import add_rounds, grab_lock, make_session

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1")
WAIT = 5.0  # seconds to wait for a message that must come; a timeout also ends the consumer


@pytest.fixture(autouse=True)
async def channel_layer() -> AsyncIterator[BaseChannelLayer]:
    """A channel layer of this test's own: the Redis layer keeps state bound to one event loop."""
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    yield get_channel_layer()
    layer = channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    if hasattr(layer, "close_pools"):
        await layer.close_pools()


class Device:
    """One phone's socket: a request waits for its own reply; events queue up in arrival order."""

    def __init__(self, communicator: WebsocketCommunicator) -> None:
        self.communicator = communicator
        self.pending: list[dict] = []
        self.last_id = 0

    async def request(self, kind: str, **fields: object) -> dict:
        self.last_id += 1
        await self.communicator.send_json_to({"type": kind, "id": self.last_id, **fields})
        while True:
            message = await self.communicator.receive_json_from(WAIT)
            if message["type"] == "reply" and message["id"] == self.last_id:
                return message
            self.pending.append(message)

    async def event(
        self, kind: str, *, timeout: float = WAIT, where: Callable[[dict], bool] | None = None
    ) -> dict:
        """The next event of this kind (whose state passes `where`); others before it are passed over.

        A change may name several events (round.added, then session.finished); a lock change
        carries the lock alone, which `where` sees as a state with only the lock.
        """

        def wanted(message: dict) -> bool:
            kinds = message.get("events", [message["type"]])
            return kind in kinds and (where is None or where(message.get("state", message)))

        while self.pending:
            message = self.pending.pop(0)
            if wanted(message):
                return message
        while True:
            message = await self.communicator.receive_json_from(timeout)
            if wanted(message):
                return message

    async def quiet(self, seconds: float = 0.3) -> bool:
        return not self.pending and await self.communicator.receive_nothing(seconds)

    async def drop(self) -> None:
        """The radio goes: the server sees the socket close, without waiting for the consumer to wind down.

        (communicator.disconnect() also waits for the app to finish, which on the Redis layer can
        take a blocking receive's full timeout, long past a short grace.)
        """
        await self.communicator.send_input({"type": "websocket.disconnect", "code": 1006})

    async def acquire(self, device: str = "Ann's phone") -> str:
        reply = await self.request("lock.acquire", device=device)
        assert reply["ok"], reply
        return reply["token"]


@contextlib.asynccontextmanager
async def socket_to(key: str) -> AsyncIterator[tuple[Device, dict]]:
    """A connected device and the state it got on connect."""
    communicator = WebsocketCommunicator(application, f"/ws/sessions/{key}/", headers=[ORIGIN])
    try:
        accepted, _ = await communicator.connect(WAIT)
        assert accepted
        first = await communicator.receive_json_from(WAIT)
        assert first["type"] == "state"
        yield Device(communicator), first["state"]
    finally:
        if not communicator.future.done():
            await communicator.disconnect(timeout=WAIT)


@contextlib.asynccontextmanager
async def table(key: str, *more_keys: str) -> AsyncIterator[list[Device]]:
    """Several devices on one session, all disconnected at the end."""
    async with contextlib.AsyncExitStack() as stack:
        devices = [(await stack.enter_async_context(socket_to(k)))[0] for k in (key, *more_keys)]
        yield devices


new_session = database_sync_to_async(make_session)
in_thread = database_sync_to_async


@in_thread
def round_count(session: Session) -> int:
    return Round.objects.filter(session=session).count()


@in_thread
def fresh(session: Session) -> Session:
    return Session.objects.get(pk=session.pk)


def held_by(state: dict, holder: str) -> bool:
    return state["lock"] is not None and state["lock"]["holder"] == holder


def totals(message: dict) -> list[int]:
    return message["state"]["totals"]


# --- Connecting ------------------------------------------------------------------


async def test_connect_sends_the_full_state_with_players_and_totals():
    session = await new_session()
    await in_thread(add_rounds)(session, (5, 0, 11, 13), (0, 3, 7, 10))
    async with socket_to(session.edit_key) as (_, state):
        assert [player["name"] for player in state["players"]] == ["Ann", "Ben", "Cat", "Dan"]
        assert state["totals"] == [5, 3, 29, 59]
        assert [round_["scores"] for round_ in state["rounds"]] == [[5, 0, 22, 39], [0, 3, 7, 20]]
        assert state["next"]["round"] == 3
        assert state["next"]["leader"] == 0
        assert state["lock"]["holder"] == "Ann's phone"
        assert state["can_edit"] is True
        assert state["id"] == session.edit_key
        assert state["links"]["socket"] == f"/ws/sessions/{session.edit_key}/"


async def test_follow_key_connects_and_reads_the_table():
    session = await new_session()
    await in_thread(add_rounds)(session, (5, 0, 11, 13))
    async with socket_to(session.view_key) as (_, state):
        assert state["totals"] == [5, 0, 22, 39]
        assert state["can_edit"] is False
        assert "id" not in state
        assert "page" not in state["links"]
        assert state["links"]["socket"] == f"/ws/sessions/{session.view_key}/"


async def test_unknown_key_is_closed_with_4404():
    communicator = WebsocketCommunicator(application, "/ws/sessions/no-such-key/", headers=[ORIGIN])
    try:
        accepted, _ = await communicator.connect(WAIT)
        # Accepted, then closed: a browser sees the code only after the handshake, and stops retrying.
        assert accepted
        assert await communicator.receive_output(WAIT) == {"type": "websocket.close", "code": 4404}
    finally:
        if not communicator.future.done():
            await communicator.disconnect()


async def test_the_state_message_resends_the_full_state():
    session = await new_session()
    async with socket_to(session.view_key) as (ann, _):
        await in_thread(add_rounds)(session, (5, 0, 11, 13))
        await ann.event("round.added")
        await ann.communicator.send_json_to({"type": "state"})
        assert totals(await ann.event("state")) == [5, 0, 22, 39]


async def test_a_bad_message_gets_an_error_reply_and_the_socket_stays_open():
    session = await new_session()
    async with socket_to(session.edit_key) as (ann, _):
        communicator = ann.communicator
        await communicator.send_to(text_data="{not json")
        reply = await communicator.receive_json_from(WAIT)
        assert (reply["ok"], reply["status"], reply["error"]) == (
            False,
            400,
            "Send a JSON object with a type",
        )
        await communicator.send_to(bytes_data=b"\x00\x01")
        assert (await communicator.receive_json_from(WAIT))["status"] == 400
        await communicator.send_json_to(["lock.acquire"])
        assert (await communicator.receive_json_from(WAIT))["status"] == 400
        reply = await ann.request("round.shuffle")
        assert (reply["ok"], reply["status"], reply["error"]) == (
            False,
            400,
            "Unknown message type: round.shuffle",
        )
        reply = await ann.request("lock.acquire", device={"name": "Ann"})
        assert (reply["status"], reply["field"]) == (400, "device")
        assert (await ann.request("lock.acquire", device="Ann's phone"))["ok"] is True
        reply = await ann.request("round.edit", number="one", cards=[5, 0, 11, 13])
        assert (reply["status"], reply["field"], reply["error"]) == (404, "number", "There is no round one")


async def test_an_unexpected_failure_is_a_500_reply_and_the_socket_stays_open(monkeypatch):
    session = await new_session()

    def broken(**arguments):
        raise RuntimeError("the database went away")

    async with table(session.edit_key) as (ann,):
        await ann.acquire()
        monkeypatch.setattr(services, "round_add", broken)
        reply = await ann.request("round.add", cards=[5, 0, 11, 13])
        assert (reply["ok"], reply["status"], reply["error"]) == (
            False,
            500,
            "Something went wrong; nothing was changed",
        )
        monkeypatch.undo()
        assert (await ann.request("round.add", cards=[5, 0, 11, 13]))["number"] == 1


# --- Every change reaches every device ---------------------------------------------


async def test_follower_sees_round_added_without_reload():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        reply = await ann.request("round.add", cards=[5, 0, 11, 13], request_id="r1")
        assert (reply["ok"], reply["number"], reply["replayed"]) == (True, 1, False)
        added = await ben.event("round.added")
        assert totals(added) == [5, 0, 22, 39]
        assert added["state"]["rounds"][0]["penalties"] == [5, 0, 22, 39]
        assert added["state"]["next"] == {
            "round": 2,
            "leader": 1,
            "dealer": 1,
            "direction": "counterclockwise",
        }
        assert added["state"]["can_edit"] is False
        # The writer gets the state once, in its reply, not again from the group.
        assert totals(reply) == [5, 0, 22, 39]
        assert not any("round.added" in message.get("events", []) for message in ann.pending)
        # Over Redis the acquire's own lock.changed may still be on its way; nothing else comes.
        later = []
        while not await ann.communicator.receive_nothing(0.3):
            later.append(await ann.communicator.receive_json_from(WAIT))
        assert [message["type"] for message in later if message["type"] != "lock.changed"] == []


async def test_follower_sees_round_edited_and_deleted_over_the_socket():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        await ann.request("round.add", cards=[5, 0, 11, 13])
        assert totals(await ben.event("round.added")) == [5, 0, 22, 39]
        await ann.request("round.add", cards=[0, 3, 7, 10])
        assert totals(await ben.event("round.added")) == [5, 3, 29, 59]

        reply = await ann.request("round.edit", number=1, cards=[2, 4, 0, 13])
        assert (reply["ok"], reply["number"]) == (True, 1)
        edited = await ben.event("round.edited")
        assert totals(edited) == [2, 7, 7, 59]
        assert edited["state"]["rounds"][0]["edited"] is True

        reply = await ann.request("round.delete", number=1, release_lock=True)
        assert (reply["ok"], reply["number"], reply["deleted"]) == (True, 1, True)
        deleted = await ben.event("round.deleted")
        assert totals(deleted) == [0, 3, 7, 20]
        assert [round_["number"] for round_ in deleted["state"]["rounds"]] == [1]
        assert deleted["state"]["lock"] is None


async def test_follower_sees_rounds_another_device_writes_over_http():
    session = await new_session()
    api = AsyncClient()
    base = f"/api/sessions/{session.edit_key}"
    async with table(session.view_key) as (ben,):
        response = await api.post(f"{base}/lock", {"device": "Cat's tablet"}, content_type="application/json")
        token = response.json()["token"]
        assert (await ben.event("lock.changed"))["lock"]["holder"] == "Cat's tablet"
        headers = {"X-Entry-Lock": token}

        response = await api.post(
            f"{base}/rounds", {"cards": [5, 0, 11, 13]}, content_type="application/json", headers=headers
        )
        assert response.status_code == 201
        assert totals(await ben.event("round.added")) == [5, 0, 22, 39]

        response = await api.put(
            f"{base}/rounds/1", {"cards": [0, 3, 7, 10]}, content_type="application/json", headers=headers
        )
        assert response.status_code == 200
        assert totals(await ben.event("round.edited")) == [0, 3, 7, 20]

        response = await api.delete(f"{base}/rounds/1", headers=headers)
        assert response.status_code == 200
        assert totals(await ben.event("round.deleted")) == [0, 0, 0, 0]


async def test_follower_sees_a_round_a_service_call_adds():
    session = await new_session()
    async with table(session.view_key) as (ben,):
        await in_thread(add_rounds)(session, (5, 0, 11, 13))
        added = await ben.event("round.added")
        assert totals(added) == [5, 0, 22, 39]
        assert added["state"]["lock"]["holder"] == "Ann's phone"


async def test_follower_sees_changed_settings():
    session = await new_session()
    token = await in_thread(grab_lock)(session)
    async with table(session.view_key) as (ben,):
        await in_thread(services.session_update)(
            session=session, token=token, changes={"target": 50, "value_per_point": "0.50", "currency": "EUR"}
        )
        changed = await ben.event("session.changed")
        assert changed["state"]["settings"]["target"] == 50
        assert changed["state"]["settings"]["value_per_point"] == "0.50"
        assert changed["state"]["settings"]["currency"] == "EUR"
        assert changed["state"]["settlement"]["net"] == ["0.00", "0.00", "0.00", "0.00"]
        assert changed["state"]["version"] == (await fresh(session)).version


async def test_follower_sees_the_session_finished_and_reopened():
    session = await new_session()
    token = await in_thread(add_rounds)(session, (5, 0, 11, 13))
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await in_thread(services.session_finish)(session=session, token=token)
        finished = await ben.event("session.finished")
        assert finished["state"]["finished"] is True
        assert totals(finished) == [5, 0, 22, 39]

        reply = await ann.request("round.add", token=token, cards=[0, 3, 7, 10])
        assert (reply["ok"], reply["status"]) == (False, 409)
        assert reply["error"] == SESSION_FINISHED

        await in_thread(services.session_reopen)(session=session, token=token)
        reopened = await ben.event("session.reopened")
        assert reopened["state"]["finished"] is False
        reply = await ann.request("round.add", token=token, cards=[0, 3, 7, 10])
        assert reply["ok"] is True
        assert totals(await ben.event("round.added")) == [5, 3, 29, 59]


async def test_the_round_that_reaches_the_length_finishes_the_session_for_followers():
    session = await new_session(rounds=1)
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        await ann.request("round.add", cards=[5, 0, 11, 13])
        finished = await ben.event("round.added")
        assert finished["events"] == ["round.added", "session.finished"]  # one message for the change
        assert finished["state"]["finished"] is True
        assert finished["state"]["standings"][0] == {"player": 1, "rank": 1, "total": 0}


async def test_follower_sees_lock_changed_on_acquire_renew_and_release(frozen_clock, settings):
    session = await new_session()
    await in_thread(lambda: lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13])))()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        token = await ann.acquire("Ann's phone")
        taken = (await ben.event("lock.changed"))["lock"]
        assert taken["holder"] == "Ann's phone"
        assert 0 < taken["expires_in"] <= 30
        assert taken["round"] is None

        reply = await ann.request("lock.renew", token=token)
        assert (reply["ok"], reply["token"], reply["holder"]) == (True, token, "Ann's phone")
        assert await ben.quiet(0.3)  # nothing a follower shows has changed
        frozen_clock.advance(settings.LOCK_IDLE_SECONDS / 2)
        reply = await ann.request("lock.renew", token=token)
        renewed = (await ben.event("lock.changed"))["lock"]
        assert (renewed["holder"], renewed["idle_for"]) == ("Ann's phone", 0)

        reply = await ann.request("lock.acquire", device="Ann's phone", round=1)
        assert reply["token"] == token
        assert (await ben.event("lock.changed"))["lock"]["round"] == 1

        reply = await ann.request("lock.release")
        assert (reply["ok"], reply["released"]) == (True, True)
        assert (await ben.event("lock.changed"))["lock"] is None


# --- Who may write -------------------------------------------------------------------


async def test_the_follow_key_cannot_write_anything():
    session = await new_session()
    token = await in_thread(add_rounds)(session, (5, 0, 11, 13))
    async with table(session.view_key) as (ben,):
        writes = [
            ("lock.acquire", {"device": "Ben's phone"}),
            ("lock.renew", {"token": token}),
            ("lock.takeover", {"device": "Ben's phone"}),
            ("round.add", {"token": token, "cards": [0, 3, 7, 10]}),
            ("round.edit", {"token": token, "number": 1, "cards": [0, 3, 7, 10]}),
            ("round.delete", {"token": token, "number": 1}),
            ("round.restore", {"token": token, "version": 1}),
            ("round.undo", {"token": token, "version": 1}),
            ("lock.release", {"token": token}),
        ]
        assert {kind for kind, _ in writes} == consumers.WRITES  # every write the socket takes
        for kind, fields in writes:
            reply = await ben.request(kind, **fields)
            assert (reply["ok"], reply["status"], reply["field"]) == (False, 403, "key"), kind
        assert await ben.quiet()
    state = await in_thread(lambda: table_state(Session.objects.get(pk=session.pk), viewer=Viewer.FOLLOWER))()
    assert state["totals"] == [5, 0, 22, 39]
    assert state["lock"]["holder"] == "Ann's phone"
    assert await in_thread(RoundVersion.objects.count)() == 1


async def test_second_device_gets_409_with_the_holders_name():
    session = await new_session()
    async with table(session.edit_key, session.edit_key) as (ann, ben):
        await ann.acquire("Ann's phone")
        reply = await ben.request("lock.acquire", device="Ben's phone")
        assert (reply["ok"], reply["status"], reply["holder"]) == (False, 409, "Ann's phone")
        reply = await ben.request("round.add", cards=[5, 0, 11, 13])
        assert (reply["status"], reply["holder"]) == (409, "Ann's phone")
        assert await round_count(session) == 0


async def test_a_round_write_without_the_lock_is_refused():
    session = await new_session()
    async with table(session.edit_key) as (ann,):
        reply = await ann.request("round.add", cards=[5, 0, 11, 13])
        assert (reply["ok"], reply["status"], reply["field"]) == (False, 409, "lock")
        assert reply["error"] == LOCK_NEEDED
        assert await round_count(session) == 0


async def test_a_released_lock_goes_to_the_next_device():
    session = await new_session()
    async with table(session.edit_key, session.edit_key) as (ann, ben):
        await ann.acquire("Ann's phone")
        assert (await ann.request("lock.release"))["released"] is True
        await ben.acquire("Ben's phone")
        taken = await ann.event("lock.changed", where=lambda state: held_by(state, "Ben's phone"))
        assert taken["lock"]["expires_in"] > 29


async def test_takeover_is_refused_while_the_lease_is_live():
    session = await new_session()
    async with table(session.edit_key, session.edit_key) as (ann, ben):
        await ann.acquire("Ann's phone")
        reply = await ben.request("lock.takeover", device="Ben's phone")
        assert (reply["ok"], reply["status"], reply["holder"]) == (False, 409, "Ann's phone")
        assert reply["error"] == LOCK_STILL_LIVE % {"holder": "Ann's phone"}


async def test_takeover_is_allowed_once_the_lease_is_idle_and_the_old_holder_is_told(frozen_clock, settings):
    session = await new_session()
    async with table(session.edit_key, session.edit_key) as (ann, ben):
        await ann.acquire("Ann's phone")
        frozen_clock.advance(settings.LOCK_IDLE_SECONDS)
        reply = await ben.request("lock.takeover", device="Ben's phone")
        assert (reply["ok"], reply["holder"]) == (True, "Ben's phone")
        told = await ann.event("lock.changed", where=lambda state: held_by(state, "Ben's phone"))
        assert told["lock"]["idle_for"] == 0


async def test_a_stale_token_after_takeover_is_refused_and_stores_nothing(frozen_clock, settings):
    session = await new_session()
    async with table(session.edit_key, session.edit_key) as (ann, ben):
        old = await ann.acquire("Ann's phone")
        frozen_clock.advance(settings.LOCK_IDLE_SECONDS)
        new = (await ben.request("lock.takeover", device="Ben's phone"))["token"]
        assert new != old
        for kind, fields in [
            ("round.add", {"cards": [5, 0, 11, 13]}),
            ("round.add", {"token": old, "cards": [5, 0, 11, 13], "request_id": "late"}),
            ("lock.renew", {"token": old}),
        ]:
            reply = await ann.request(kind, **fields)
            assert (reply["ok"], reply["status"], reply["holder"]) == (False, 409, "Ben's phone"), kind
        assert (await ann.request("lock.release", token=old))["released"] is False
        assert await round_count(session) == 0
        holder = (await ann.request("lock.acquire", device="Ann's phone", token=old))["holder"]
        assert holder == "Ben's phone"


# --- The lease keeps time by itself --------------------------------------------------


async def test_a_lapsed_lease_reaches_followers_without_anybody_sending_anything(fast_lock):
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire("Ann's phone")
        started = time.monotonic()
        assert (await ben.event("lock.changed"))["lock"]["holder"] == "Ann's phone"
        # A second's lease on the real clock: how soon after it the news comes is a benchmark's
        # figure; that it comes, and not before the lease ended, is this test's.
        lapsed = await ben.event("lock.changed", timeout=10, where=lambda state: state["lock"] is None)
        assert time.monotonic() - started >= 0.9
        assert "state" not in lapsed  # the lock alone: nothing else changed
        assert await ann.event("lock.changed", where=lambda state: state["lock"] is None)
        reply = await ann.request("round.add", cards=[5, 0, 11, 13])
        assert (reply["status"], reply["error"]) == (409, "Your entry lock has run out; open the entry again")


async def test_a_dropped_holder_frees_the_lock_after_the_grace(settings):
    """The lease is 30 s: what frees the lock a second after the drop is the grace."""
    settings.LOCK_GRACE_SECONDS = 1.0
    session = await new_session()
    async with table(session.edit_key) as (ben,), socket_to(session.edit_key) as (ann, _):
        await ann.acquire("Ann's phone")
        assert (await ben.event("lock.changed"))["lock"]["expires_in"] > 29
        await ann.drop()
        started = time.monotonic()
        dropped = await ben.event("lock.changed", where=lambda state: held_by(state, "Ann's phone"))
        assert dropped["lock"]["expires_in"] <= 1.0
        reply = await ben.request("lock.acquire", device="Ben's phone")
        assert (reply["status"], reply["holder"]) == (409, "Ann's phone")
        assert await ben.event("lock.changed", timeout=10, where=lambda state: state["lock"] is None)
        assert time.monotonic() - started >= 0.9
        assert (await ben.request("lock.acquire", device="Ben's phone"))["holder"] == "Ben's phone"


async def test_a_holder_that_reconnects_within_the_grace_resumes(settings):
    # A grace long enough for a loaded machine to reconnect within it, well short of the 30 s lease.
    settings.LOCK_GRACE_SECONDS = 10.0
    session = await new_session()
    async with table(session.view_key) as (cat,):
        async with socket_to(session.edit_key) as (ann, _):
            token = await ann.acquire("Ann's phone")
            assert (await cat.event("lock.changed"))["lock"]["expires_in"] > 29
            await ann.drop()
            dropped = await cat.event("lock.changed", where=lambda state: state["lock"] is not None)
            assert dropped["lock"]["expires_in"] <= 10
        async with socket_to(session.edit_key) as (ann_again, state):
            assert state["lock"]["holder"] == "Ann's phone"
            reply = await ann_again.request("lock.renew", token=token)
            assert (reply["ok"], reply["token"]) == (True, token)
            assert await cat.event("lock.changed", where=lambda state: state["lock"]["expires_in"] > 29)
            reply = await ann_again.request("round.add", cards=[5, 0, 11, 13], release_lock=True)
            assert (reply["ok"], reply["number"]) == (True, 1)
            assert totals(await cat.event("round.added")) == [5, 0, 22, 39]


async def test_a_late_drop_of_the_old_socket_does_not_cut_the_resumed_lease(frozen_clock, settings):
    """A phone's old socket may be noticed dead only after the phone came back on a new one."""
    session = await new_session()
    async with socket_to(session.edit_key) as (ann_again, _):
        async with socket_to(session.edit_key) as (ann, _):
            token = await ann.acquire("Ann's phone")
            frozen_clock.advance(1)
            assert (await ann_again.request("lock.renew", token=token))["ok"] is True
        frozen_clock.advance(settings.LOCK_GRACE_SECONDS + 1)
        reply = await ann_again.request("round.add", cards=[5, 0, 11, 13])
        assert (reply["ok"], reply["number"]) == (True, 1)


# --- Rounds over the socket ----------------------------------------------------------


async def test_adding_the_same_request_id_twice_stores_one_round():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        first = await ann.request("round.add", cards=[5, 0, 11, 13], request_id="tap-1")
        again = await ann.request("round.add", cards=[5, 0, 11, 13], request_id="tap-1")
        assert (first["number"], first["replayed"]) == (1, False)
        assert (again["ok"], again["number"], again["replayed"]) == (True, 1, True)
        reused = await ann.request("round.add", cards=[0, 3, 7, 10], request_id="tap-1")
        assert (reused["status"], reused["field"]) == (409, "request_id")
        assert totals(await ben.event("round.added")) == [5, 0, 22, 39]
        assert await ben.quiet(0.5)
        assert await round_count(session) == 1


async def test_preview_scores_a_round_without_storing_it():
    session = await new_session()
    async with table(session.view_key) as (ben,):
        reply = await ben.request("round.preview", cards=[5, 0, 11, 13])
        assert reply["ok"] is True
        assert reply["round"] == {
            "cards": [5, 0, 11, 13],
            "twos": None,
            "covering": None,
            "winner": 1,
            "penalties": [5, 0, 22, 39],
            "scores": [5, 0, 22, 39],
            "working": [  # classic: 1 a card, ×2 from 10, ×3 at 13
                {"cards": 5, "rate": 1, "twos": 0, "penalty": 5, "times": 1},
                None,
                {"cards": 11, "rate": 2, "twos": 0, "penalty": 22, "times": 1},
                {"cards": 13, "rate": 3, "twos": 0, "penalty": 39, "times": 1},
            ],
        }
        assert await ben.quiet()
    assert await round_count(session) == 0


async def test_preview_refuses_with_the_message_adding_would_give():
    session = await new_session()
    async with table(session.edit_key) as (ann,):
        await ann.acquire()
        preview = await ann.request("round.preview", cards=[5, 14, 0, 0])
        added = await ann.request("round.add", cards=[5, 14, 0, 0])
        for reply in (preview, added):
            assert (reply["ok"], reply["status"], reply["field"], reply["player"]) == (False, 400, "cards", 1)
    assert await round_count(session) == 0


async def test_preview_follows_the_rules_after_a_settings_change():
    session = await new_session()
    token = await in_thread(grab_lock)(session)
    async with table(session.view_key) as (ben,):
        await in_thread(services.session_update)(session=session, token=token, changes={"tiers": [[1, 1]]})
        await ben.event("session.changed")
        reply = await ben.request("round.preview", cards=[5, 0, 11, 13])
        assert reply["round"]["penalties"] == [5, 0, 11, 13]


async def test_a_socket_write_is_recorded_under_the_holders_device_name():
    session = await new_session()
    async with table(session.edit_key) as (ann,):
        await ann.acquire("Ann's phone")
        await ann.request("round.add", cards=[5, 0, 11, 13])
    version = await in_thread(RoundVersion.objects.get)(session=session)
    assert (version.device, version.scores) == ("Ann's phone", [5, 0, 22, 39])
