"""The entry lock under real concurrency: threads with their own connections, behind a barrier.

select_for_update does nothing inside a plain TestCase transaction, so these
tests commit for real (transaction=True).
"""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F

from rounds import services
from rounds.errors import LOCK_HELD, LOCK_LOST, LOCK_STILL_LIVE, LockRefused
from rounds.locking import lock_acquire, lock_disconnect, lock_release, lock_renew, lock_state, lock_takeover
from rounds.models import EntryLock, Round, Session
from rounds.scoring import RoundEntry
from tests.factories import grab_lock, make_session

pytestmark = pytest.mark.django_db(transaction=True)
TRIALS = 40


def race(*actions):
    """Run the actions at the same instant, each in its own thread and connection."""
    barrier = threading.Barrier(len(actions))
    outcomes = [None] * len(actions)

    def run(slot, action):
        try:
            barrier.wait()
            outcomes[slot] = ("won", action())
        except LockRefused as refused:
            outcomes[slot] = ("refused", refused)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(slot, action)) for slot, action in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_exactly_one_of_two_devices_grabbing_at_once_wins():
    session = make_session()
    winners = []
    for _ in range(TRIALS):
        outcomes = race(
            lambda: lock_acquire(session=session, device="Ann's phone"),
            lambda: lock_acquire(session=session, device="Ben's phone"),
        )
        won = [grant for result, grant in outcomes if result == "won"]
        assert len(won) == 1, outcomes
        assert [result for result, _ in outcomes].count("refused") == 1
        winners.append(won[0].holder)
        lock_release(session=session, token=won[0].token)
    assert len(winners) == TRIALS


def test_exactly_one_of_two_takeovers_of_an_idle_lease_wins(settings):
    session = make_session()
    for _ in range(5):
        grab_lock(session, "Sleepy phone")
        # Sleepy's last sign of life was longer ago than the idle limit, and its lease still
        # runs. The winner's lease is fresh, so the other takeover, however late a busy machine
        # runs it, finds a live lease that is not idle (a fast lock's half second could lapse).
        idle = timedelta(seconds=settings.LOCK_IDLE_SECONDS + 1)
        EntryLock.objects.filter(session=session).update(renewed_at=F("renewed_at") - idle)
        outcomes = race(
            lambda: lock_takeover(session=session, device="Ann's phone"),
            lambda: lock_takeover(session=session, device="Ben's phone"),
        )
        won = [grant for result, grant in outcomes if result == "won"]
        assert len(won) == 1, outcomes
        lock_release(session=session, token=won[0].token)


def test_a_double_tap_under_race_stores_the_round_once():
    session = make_session()
    token = grab_lock(session)

    def add():
        return services.round_add(
            session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)), request_id="tap-1"
        )

    outcomes = race(add, add)
    assert sorted(write.replayed for _, write in outcomes) == [False, True]
    assert Round.objects.filter(session=session).count() == 1


def test_the_token_changes_on_every_acquire_and_takeover(fast_lock):
    session = make_session()
    first = lock_acquire(session=session, device="Ann's phone")
    lock_release(session=session, token=first.token)
    second = lock_acquire(session=session, device="Ann's phone")
    time.sleep(0.55)
    third = lock_takeover(session=session, device="Ben's phone")
    assert len({first.token, second.token, third.token}) == 3


def test_the_same_token_renews_the_lease():
    session = make_session()
    grant = lock_acquire(session=session, device="Ann's phone")
    again = lock_acquire(session=session, device="Ann's phone", token=grant.token)
    assert again.token == grant.token
    assert lock_renew(session=session, token=grant.token).token == grant.token


def test_a_live_lease_cannot_be_taken_over():
    session = make_session()
    grab_lock(session, "Ann's phone")
    with pytest.raises(LockRefused) as refused:
        lock_takeover(session=session, device="Ben's phone")
    assert (refused.value.template, refused.value.holder) == (LOCK_STILL_LIVE, "Ann's phone")


def test_an_expired_lease_is_free_to_the_next_request(fast_lock):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    time.sleep(1.05)
    assert lock_state(session) is None
    assert lock_acquire(session=session, device="Ben's phone").holder == "Ben's phone"
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert (refused.value.template, refused.value.holder) == (LOCK_HELD, "Ben's phone")
    assert Round.objects.count() == 0


def test_an_expired_token_cannot_write_even_if_nobody_took_the_lock(fast_lock):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    time.sleep(1.05)
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert refused.value.template == LOCK_LOST
    with pytest.raises(LockRefused):
        lock_renew(session=session, token=old)


def test_a_stale_token_after_takeover_is_refused(fast_lock):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    time.sleep(0.55)
    lock_takeover(session=session, device="Ben's phone")
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert refused.value.holder == "Ben's phone"
    assert Round.objects.count() == 0
    assert lock_release(session=session, token=old) is False
    assert lock_state(Session.objects.get(pk=session.pk))["holder"] == "Ben's phone"


def test_a_dropped_holder_keeps_the_lease_only_for_the_grace(fast_lock):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    assert lock_disconnect(session=session, token=token)
    assert lock_state(session)["expires_in"] <= 0.3
    assert lock_renew(session=session, token=token).token == token  # a quick reconnect resumes
    assert lock_state(session)["expires_in"] > 0.5
    lock_disconnect(session=session, token=token)
    time.sleep(0.35)
    assert lock_state(session) is None
