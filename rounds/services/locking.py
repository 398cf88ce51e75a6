"""The entry lock (SPEC 8): a lease held in the database and timed by the database's clock
(rounds/clock.py).

Every change is one conditional UPDATE, so two devices that grab at the same
instant cannot both win, on one server process or many. The token changes on
every acquire and takeover; writes check it under a row lock (fencing).
"""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from rounds import channels as events
from rounds.clock import clock
from rounds.errors import (
    LOCK_EDITING,
    LOCK_HELD,
    LOCK_LOST,
    LOCK_NEEDED,
    LOCK_STILL_LIVE,
    LockRefused,
    ServiceError,
)
from rounds.models import MAX_ROUND_NUMBER, EntryLock, Round, Session
from rounds.reads.selectors import idle_for, is_live, lease_id, lock_json, lock_state
from rounds.rules.refusal import is_whole_number
from rounds.write_inputs import clean_counts, clean_device, clean_token
from toolkit.messages import gettext_noop


@dataclass(frozen=True)
class LockGrant:
    token: str
    holder: str
    expires_in: float

    @property
    def lease(self) -> str:
        return lease_id(self.token)

    def as_json(self) -> dict:
        return {
            "token": self.token,
            "holder": self.holder,
            "expires_in": self.expires_in,
            "lease": self.lease,
        }


def clean_round_number(session: Session, raw: object) -> int | None:
    """The round a correction is for: None (a new round) or one the session has."""
    if raw is None:
        return None
    if not is_whole_number(raw) or raw < 1:  # type: ignore[operator]
        raise ServiceError(gettext_noop("Round: give the number of the round to correct"), field="round")
    if raw > MAX_ROUND_NUMBER or not Round.objects.filter(session=session, number=raw).exists():
        raise ServiceError(
            gettext_noop("Round: there is no round %(number)s to correct"), field="round", number=raw
        )
    return raw  # type: ignore[return-value]


def announce_lock(session_id: int) -> None:
    """After commit, send the table the lock alone: nothing else changed."""
    events.after_commit(
        lambda: events.send(session_id, {"events": ["lock.changed"], "lock": lock_state(session_id)})
    )


def lock_row(session: Session) -> EntryLock:
    """The session's lock row, locked until the transaction ends, with the database's time."""
    return EntryLock.objects.select_for_update().annotate(db_now=clock.db_now()).get(session=session)


@functools.cache
def rows_for_write() -> QuerySet[EntryLock]:
    """The lock rows as a round write reads them, built once per process (its subquery resolved
    once, not at every write; a queryset is copied by each call on it, never changed)."""
    last = Round.objects.filter(session=OuterRef("session")).order_by("-number").values("number")[:1]
    return (
        EntryLock.objects.select_for_update(of=("self",))
        .select_related("session")
        .annotate(rounds_played=Coalesce(Subquery(last), 0))
    )


def lock_for_write(session: Session) -> EntryLock:
    """lock_row() for a round write, in the same statement: the session read afresh under the lock
    (`lock.session`) and the number of its last round (`lock.rounds_played`, 0 for none)."""
    return rows_for_write().annotate(db_now=clock.db_now()).get(session=session)


def refusal(lock: EntryLock, token: str | None) -> LockRefused:
    if is_live(lock):
        if lock.editing_round is not None:
            return LockRefused(LOCK_EDITING, holder=lock.holder, round=lock.editing_round)
        next_number = Round.objects.filter(session_id=lock.session_id).count() + 1
        return LockRefused(LOCK_HELD, holder=lock.holder, round=next_number)
    return LockRefused(LOCK_LOST if token else LOCK_NEEDED)


def check_holder(lock: EntryLock, token: str | None) -> None:
    """Fencing: only the current, unexpired token may write."""
    token = clean_token(token)
    if not (token and lock.token == token and is_live(lock)):
        raise refusal(lock, token)


def held_lock(*, session: Session, token: str | None) -> EntryLock:
    lock = lock_row(session)
    check_holder(lock, token)
    return lock


def lock_after_write(lock: EntryLock, *, release: bool, added: bool = False) -> dict | None:
    """A write is activity: renew the lease, or hand the lock back when the entry is done; a round
    `added` starts the hold's LOCK_ROUND_SECONDS again. The lock as followers now see it
    (lock_state()), without reading it again."""
    rows = EntryLock.objects.filter(pk=lock.pk, token=lock.token)
    if release:
        rows.update(**FREE)
        return None
    now = clock.db_now()
    rows.update(
        renewed_at=now,
        active_at=now,
        announced_at=now,  # the write's state carries the lock to every follower
        expires_at=clock.db_after(settings.LOCK_LEASE_SECONDS),
        **({"written_at": now} if added else {}),
    )
    if added:
        lock.written_at = lock.db_now
    lock.renewed_at = lock.active_at = lock.db_now
    return lock_json(lock, expires_in=settings.LOCK_LEASE_SECONDS, idle_for=idle_for(lock))


FREE = {
    "token": "",
    "holder": "",
    "editing_round": None,
    "acquired_at": None,
    "renewed_at": None,
    "active_at": None,
    "activity": "",
    "announced_at": None,
    "written_at": None,
    "expires_at": None,
}


def current_lock(session: Session) -> EntryLock:
    return EntryLock.objects.annotate(db_now=clock.db_now()).get(session=session)


def take(session: Session, condition: Q, *, device: str, editing_round: int | None) -> LockGrant | None:
    token = secrets.token_urlsafe(24)
    taken = (
        EntryLock.objects.filter(session=session)
        .filter(condition)
        .update(
            token=token,
            holder=device,
            editing_round=editing_round,
            acquired_at=clock.db_now(),
            renewed_at=clock.db_now(),
            active_at=clock.db_now(),
            activity="",
            announced_at=clock.db_now(),
            written_at=clock.db_now(),
            expires_at=clock.db_after(settings.LOCK_LEASE_SECONDS),
        )
    )
    if not taken:
        return None
    announce_lock(session.pk)
    return LockGrant(token=token, holder=device, expires_in=settings.LOCK_LEASE_SECONDS)


def lock_acquire(
    *,
    session: Session,
    device: object,
    token: str | None = None,
    editing_round: object = None,
    counts: object = None,
) -> LockGrant:
    """Take the free lock, or renew it with the current token; otherwise refuse with the holder."""
    device = clean_device(device)
    editing_round = clean_round_number(session, editing_round)
    token = clean_token(token)
    if token:
        grant = renew(session, token, counts=clean_counts(counts), holder=device, editing_round=editing_round)
        if grant is not None:
            return grant
    grant = take(
        session, Q(token="") | Q(expires_at__lte=clock.db_now()), device=device, editing_round=editing_round
    )
    if grant is None:
        raise refusal(current_lock(session), None)
    return grant


def lock_renew(*, session: Session, token: str | None, counts: object = None) -> LockGrant:
    """The holder is still at it: extend the lease. A lost or expired lease is refused."""
    token = clean_token(token)
    grant = renew(session, token, counts=clean_counts(counts)) if token else None
    if grant is None:
        raise refusal(current_lock(session), token)
    return grant


def renew(
    session: Session,
    token: str,
    *,
    counts: str | None,
    holder: str | None = None,
    editing_round: object = ...,
) -> LockGrant | None:
    """Renew a live lease held with `token`, or None. Counts that changed since the last renewal
    (`counts`, as the holder's entry shows them) are entry activity; the lease runs on only while
    the holder shows some within LOCK_HOLD_SECONDS. Followers hear of a renewal only when what
    they show changes: a new round, a new holder name (at most once every
    LOCK_DEVICE_NEWS_SECONDS: a device renamed on every renewal is not sent to every follower each
    time; they read it with the next news), or an idle time they last heard half an idle limit
    ago, or a lease since cut short to a grace."""
    with transaction.atomic():
        lock = lock_row(session)
        if not (lock.token == token and is_live(lock)):
            return None
        now = lock.db_now
        changes: dict = {"renewed_at": now}
        if counts is not None and counts != lock.activity:
            changes.update(active_at=now, activity=counts)
        if holder is not None and holder != lock.holder:
            changes.update(holder=holder)
        if editing_round is not ... and editing_round != lock.editing_round:
            changes.update(editing_round=editing_round, active_at=now)
        active_at = changes.get("active_at", lock.active_at or lock.renewed_at)
        if (now - active_at).total_seconds() < settings.LOCK_HOLD_SECONDS:
            changes["expires_at"] = now + timedelta(seconds=settings.LOCK_LEASE_SECONDS)
        told = lock.announced_at
        since_told = None if told is None else (now - told).total_seconds()
        stale = (
            since_told is None
            or since_told >= settings.LOCK_IDLE_SECONDS / 2
            or lock.expires_at < told + timedelta(seconds=settings.LOCK_LEASE_SECONDS)  # cut to a grace
        )
        renamed = "holder" in changes and since_told >= settings.LOCK_DEVICE_NEWS_SECONDS
        if stale or renamed or "editing_round" in changes:
            changes["announced_at"] = now
            announce_lock(session.pk)
        EntryLock.objects.filter(pk=lock.pk).update(**changes)
    expires_at = changes.get("expires_at", lock.expires_at)
    return LockGrant(
        token=token, holder=changes.get("holder", lock.holder), expires_in=(expires_at - now).total_seconds()
    )


def lock_takeover(*, session: Session, device: object, editing_round: object = None) -> LockGrant:
    """Take a lease that went idle (not renewed for LOCK_IDLE_SECONDS, or renewed without entry
    activity for LOCK_HOLD_SECONDS, or held LOCK_ROUND_SECONDS without a round added, whatever
    its renewals) or ran out."""
    device = clean_device(device)
    editing_round = clean_round_number(session, editing_round)
    grant = take(
        session,
        Q(token="")
        | Q(expires_at__lte=clock.db_now())
        | Q(renewed_at__lte=clock.db_after(-settings.LOCK_IDLE_SECONDS))
        | Q(active_at__lte=clock.db_after(-settings.LOCK_HOLD_SECONDS))
        | Q(written_at__lte=clock.db_after(-settings.LOCK_ROUND_SECONDS)),
        device=device,
        editing_round=editing_round,
    )
    if grant is None:
        raise LockRefused(LOCK_STILL_LIVE, holder=current_lock(session).holder)
    return grant


def lock_release(*, session: Session, token: str | None) -> bool:
    """Hand the lock back; a token that no longer holds it changes nothing."""
    token = clean_token(token)
    released = EntryLock.objects.filter(session=session, token=token or "-").update(**FREE)
    if released:
        announce_lock(session.pk)
    return bool(released)


def lock_disconnect(*, session: Session, token: str, quiet_for: float = 0.0) -> bool:
    """The holder's socket dropped: keep the lease only for the grace, so a reconnect can resume.

    `quiet_for` is how long ago that socket last renewed the lease: a lease renewed
    since then (the device came back on a new socket before the old one was noticed
    dead) is left alone.
    """
    grace = clock.db_after(settings.LOCK_GRACE_SECONDS)
    shortened = EntryLock.objects.filter(
        session=session, token=token, expires_at__gt=grace, renewed_at__lte=clock.db_after(-quiet_for)
    ).update(expires_at=grace)
    if shortened:
        announce_lock(session.pk)
    return bool(shortened)
