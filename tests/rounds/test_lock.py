"""The entry lock under real concurrency: threads with their own connections, behind a barrier.

select_for_update does nothing inside a plain TestCase transaction, so these
tests commit for real (transaction=True).
"""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F

from rounds import services
from rounds.errors import LOCK_HELD, LOCK_LOST, LOCK_STILL_LIVE, LockRefused, ServiceError
from rounds.models import EntryLock, Round, Session
from rounds.rules.scoring import RoundEntry
from rounds.services.locking import (
    lock_acquire,
    lock_disconnect,
    lock_release,
    lock_renew,
    lock_state,
    lock_takeover,
)
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


def test_the_token_changes_on_every_acquire_and_takeover(frozen_clock, settings):
    session = make_session()
    first = lock_acquire(session=session, device="Ann's phone")
    lock_release(session=session, token=first.token)
    second = lock_acquire(session=session, device="Ann's phone")
    frozen_clock.advance(settings.LOCK_IDLE_SECONDS)
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


def test_an_expired_lease_is_free_to_the_next_request(frozen_clock, settings):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    frozen_clock.advance(settings.LOCK_LEASE_SECONDS)
    assert lock_state(session) is None
    assert lock_acquire(session=session, device="Ben's phone").holder == "Ben's phone"
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert (refused.value.template, refused.value.holder) == (LOCK_HELD, "Ben's phone")
    assert Round.objects.count() == 0


def test_an_expired_token_cannot_write_even_if_nobody_took_the_lock(frozen_clock, settings):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    frozen_clock.advance(settings.LOCK_LEASE_SECONDS)
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert refused.value.template == LOCK_LOST
    with pytest.raises(LockRefused):
        lock_renew(session=session, token=old)


def test_a_stale_token_after_takeover_is_refused(frozen_clock, settings):
    session = make_session()
    old = grab_lock(session, "Ann's phone")
    frozen_clock.advance(settings.LOCK_IDLE_SECONDS)
    lock_takeover(session=session, device="Ben's phone")
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=old, entry=RoundEntry(cards=(5, 0, 11, 13)))
    assert refused.value.holder == "Ben's phone"
    assert Round.objects.count() == 0
    assert lock_release(session=session, token=old) is False
    assert lock_state(Session.objects.get(pk=session.pk))["holder"] == "Ben's phone"


def test_a_dropped_holder_keeps_the_lease_only_for_the_grace(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    assert lock_disconnect(session=session, token=token)
    assert lock_state(session)["expires_in"] == settings.LOCK_GRACE_SECONDS
    frozen_clock.advance(settings.LOCK_GRACE_SECONDS - 1)
    assert lock_renew(session=session, token=token).token == token  # a quick reconnect resumes
    assert lock_state(session)["expires_in"] == settings.LOCK_LEASE_SECONDS
    lock_disconnect(session=session, token=token)
    frozen_clock.advance(settings.LOCK_GRACE_SECONDS - 0.1)
    assert lock_state(session)["holder"] == "Ann's phone"
    frozen_clock.advance(0.1)
    assert lock_state(session) is None


# --- A hold without entry activity (a round written or a count typed) ----------------


def hold_for(clock, session, token, seconds, *, counts=None, every=10):
    """Renew every `every` seconds for `seconds`, sending `counts` (a list per renewal, or one
    list for all of them)."""
    for step in range(int(seconds // every)):
        clock.advance(every)
        sent = counts[step] if counts and isinstance(counts[0], list) else counts
        grant = lock_renew(session=session, token=token, counts=sent)
    return grant


def test_renewing_without_typing_cannot_hold_the_lock_past_the_hold_limit(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    # A count typed by the first renewal (10 s in), then the same counts for two minutes.
    hold_for(frozen_clock, session, token, settings.LOCK_HOLD_SECONDS, counts=[5, None, None, None])
    with pytest.raises(LockRefused) as refused:
        lock_takeover(session=session, device="Ben's phone")  # 110 s since the count: still Ann's
    assert refused.value.template == LOCK_STILL_LIVE
    grant = hold_for(frozen_clock, session, token, 10, counts=[5, None, None, None])
    assert grant.expires_in < settings.LOCK_LEASE_SECONDS  # the renewal no longer extends the lease
    assert lock_state(session)["idle_for"] >= settings.LOCK_IDLE_SECONDS  # followers offer a takeover
    assert lock_takeover(session=session, device="Ben's phone").holder == "Ben's phone"


def test_a_count_typed_keeps_a_long_hold_alive(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    typed = [[5, None, None, None], [5, 7, None, None], [5, 7, 9, None]] * 20
    hold_for(frozen_clock, session, token, 3 * settings.LOCK_HOLD_SECONDS, counts=typed)
    assert lock_state(session)["expires_in"] == settings.LOCK_LEASE_SECONDS
    with pytest.raises(LockRefused):
        lock_takeover(session=session, device="Ben's phone")


def test_a_round_written_is_activity(frozen_clock, settings):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    hold_for(frozen_clock, session, token, settings.LOCK_HOLD_SECONDS - 10)
    services.round_add(session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)))
    hold_for(frozen_clock, session, token, settings.LOCK_HOLD_SECONDS - 10)
    with pytest.raises(LockRefused):
        lock_takeover(session=session, device="Ben's phone")


def test_counts_that_are_not_counts_are_refused_naming_the_field(frozen_clock):
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    for counts in ([14], [1, 2, 3, 4, 5], "5,0", [True], [-1]):
        with pytest.raises(ServiceError) as refused:
            lock_renew(session=session, token=token, counts=counts)
        assert refused.value.field == "counts"


def test_renewals_reach_followers_only_when_what_they_show_changes(frozen_clock, settings, monkeypatch):
    from rounds.services import locking

    told = []
    monkeypatch.setattr(locking, "announce_lock", told.append)
    session = make_session()
    token = grab_lock(session, "Ann's phone")
    told.clear()
    for _ in range(500):  # a flood of renewals within the same second
        lock_renew(session=session, token=token, counts=[5, None, None, None])
    assert told == []
    frozen_clock.advance(settings.LOCK_IDLE_SECONDS / 2)
    lock_renew(session=session, token=token)
    assert told == [session.pk]  # the idle time followers last heard is half an idle limit old
    lock_acquire(session=session, device="Ann's phone", token=token, editing_round=None)
    assert told == [session.pk]
    frozen_clock.advance(settings.LOCK_DEVICE_NEWS_SECONDS)
    lock_acquire(session=session, device="Ann's tablet", token=token)
    assert told == [session.pk, session.pk]  # a new holder name shows
