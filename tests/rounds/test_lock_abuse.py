"""The entry lock against a holder who abuses it (issue 38): a renewal that changes only the device
name reaches followers at most once every LOCK_DEVICE_NEWS_SECONDS (the lease still renews);
taking and renewing the lock is counted per session, HTTP and socket alike (RATE_LIMIT_LOCKS, a
clear 429); a hold LOCK_ROUND_SECONDS without a round added may be taken over, whatever its
renewals say. Every time is the clock the tests move (rounds/clock.py)."""

from __future__ import annotations

import re

import pytest

from rounds import services
from rounds.errors import LOCK_STILL_LIVE, LockRefused
from rounds.rules.scoring import RoundEntry
from rounds.services import locking
from rounds.services.locking import lock_acquire, lock_renew, lock_state, lock_takeover
from tests.factories import grab_lock, make_session
from tests.rounds.test_consumers import channel_layer, socket_to  # noqa: F401 (autouse fixture)

TOO_MANY = r"Too many requests for this session's entry lock; try again in \d+ minutes?"


@pytest.mark.django_db
def test_a_device_renamed_on_every_renewal_reaches_followers_once_every_5_seconds(
    frozen_clock, settings, monkeypatch
):
    told = []
    monkeypatch.setattr(locking, "announce_lock", told.append)
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    told.clear()
    told_at = []
    for second in range(1, 21):  # a rename a second for 20 s, alternating
        frozen_clock.advance(1)
        before = len(told)
        device = "Ann's tablet" if second % 2 else "Ann's phone"
        grant = lock_acquire(session=session, device=device, token=token)
        assert (grant.token, grant.holder, grant.expires_in) == (token, device, settings.LOCK_LEASE_SECONDS)
        if len(told) > before:
            told_at.append(second)
    assert settings.LOCK_DEVICE_NEWS_SECONDS == 5
    assert told_at == [5, 10, 15, 20]  # not 20 sends: one every 5 s at most
    assert lock_state(session.pk)["holder"] == "Ann's phone"  # what followers read is the latest


@pytest.mark.django_db
def test_a_new_round_to_correct_still_reaches_followers_at_once(frozen_clock, monkeypatch):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    services.round_add(session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)))
    told = []
    monkeypatch.setattr(locking, "announce_lock", told.append)
    lock_acquire(session=session, device="Ann's phone", token=token, editing_round=1)
    assert told == [session.pk]


def hold_for(clock, session, token, seconds, *, every=10):
    """Renew every `every` seconds for `seconds`, the counts typed changing at every renewal."""
    typed = [[5, None, None, None], [5, 7, None, None]]
    for step in range(int(seconds // every)):
        clock.advance(every)
        lock_renew(session=session, token=token, counts=typed[step % 2])


@pytest.mark.django_db
def test_counts_typed_and_typed_again_hold_the_lock_10_minutes_at_most(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    hold_for(frozen_clock, session, token, settings.LOCK_ROUND_SECONDS - 10)
    with pytest.raises(LockRefused) as refused:
        lock_takeover(session=session, device="Ben's phone")  # 590 s of counts that keep changing
    assert refused.value.template == LOCK_STILL_LIVE
    assert lock_state(session.pk)["idle_for"] < settings.LOCK_IDLE_SECONDS
    hold_for(frozen_clock, session, token, 10)
    assert lock_state(session.pk)["idle_for"] >= settings.LOCK_IDLE_SECONDS  # followers offer it
    assert lock_takeover(session=session, device="Ben's phone").holder == "Ben's phone"
    assert settings.LOCK_ROUND_SECONDS == 600


@pytest.mark.django_db
def test_a_round_added_starts_the_10_minutes_again(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    hold_for(frozen_clock, session, token, settings.LOCK_ROUND_SECONDS - 10)
    services.round_add(session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)))
    hold_for(frozen_clock, session, token, settings.LOCK_ROUND_SECONDS - 10)
    with pytest.raises(LockRefused):
        lock_takeover(session=session, device="Ben's phone")
    hold_for(frozen_clock, session, token, 10)
    assert lock_takeover(session=session, device="Ben's phone").holder == "Ben's phone"


@pytest.mark.django_db
def test_taking_and_renewing_the_lock_over_http_is_counted_per_session(api, settings, frozen_clock):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "lock": (3, 60)}
    session, other = make_session(), make_session()
    lock = f"/api/sessions/{session.edit_key}/lock"
    token = api.post(lock, {"device": "Ann's phone"}).json()["token"]
    assert api.post(lock, {"device": "Ben's phone", "takeover": True}).status_code == 409  # not counted
    assert api.post(lock, {"device": "Ann's phone"}, token=token).status_code == 200  # a renewal
    assert api.post(lock, {"device": "Ann's tablet"}, token=token).status_code == 200
    for body in ({"device": "Ann's phone"}, {"device": "Ben's phone", "takeover": True}):
        refused = api.post(lock, body, token=token)
        assert refused.status_code == 429
        assert re.fullmatch(TOO_MANY, refused.json()["error"])
        assert (refused.json()["field"], refused.json()["player"]) == (None, None)
        assert 0 < int(refused["Retry-After"]) <= 60
    assert api.delete(lock, token=token).json()["released"] is True  # handing it back is not counted
    assert api.post(f"/api/sessions/{other.edit_key}/lock", {"device": "Cat's phone"}).status_code == 200
    frozen_clock.advance(60)
    assert api.post(lock, {"device": "Ann's phone"}).status_code == 200  # the next minute


@pytest.mark.django_db(transaction=True)
async def test_taking_and_renewing_the_lock_over_the_socket_is_counted_per_session(settings, frozen_clock):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "lock": (3, 60)}
    session = await locking_session()
    async with socket_to(session.edit_key) as (phone, _), socket_to(session.edit_key) as (other, _):
        grant = await phone.request("lock.acquire", device="Ann's phone")
        assert grant["ok"], grant
        assert (await other.request("lock.acquire", device="Ben's phone"))["status"] == 409  # not counted
        assert (await phone.request("lock.renew", token=grant["token"]))["ok"]
        assert (await phone.request("lock.acquire", token=grant["token"], device="Ann's tablet"))["ok"]
        for device, kind in ((phone, "lock.renew"), (other, "lock.takeover"), (phone, "lock.acquire")):
            refused = await device.request(kind, token=grant["token"], device="Ann's phone")
            assert (refused["ok"], refused["status"]) == (False, 429)
            assert re.fullmatch(TOO_MANY, refused["error"])
        assert (await phone.request("lock.release", token=grant["token"]))["released"] is True


def locking_session():
    from channels.db import database_sync_to_async

    return database_sync_to_async(make_session)()
