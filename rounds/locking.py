"""The entry lock (SPEC 8): a lease held in the database and timed by the database's clock.

Every change is one conditional UPDATE, so two devices that grab at the same
instant cannot both win, on one server process or many. The token changes on
every acquire and takeover; writes check it under a row lock (fencing).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import DateTimeField, ExpressionWrapper, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce, Now

from rounds import events
from rounds.errors import (
    LOCK_EDITING,
    LOCK_HELD,
    LOCK_LOST,
    LOCK_NEEDED,
    LOCK_STILL_LIVE,
    LockRefused,
    ServiceError,
)
from rounds.inputs import clean_device, clean_token
from rounds.models import MAX_ROUND_NUMBER, EntryLock, Round, Session
from rounds.scoring import gettext_noop, is_whole_number


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


def lease_id(token: str) -> str:
    """A public name for a lease: followers see it, only the holder can match it to its token."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def from_now(seconds: float) -> ExpressionWrapper:
    return ExpressionWrapper(Now() + timedelta(seconds=seconds), output_field=DateTimeField())


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


def lock_state(session_id: int) -> dict | None:
    """The entry lock as followers see it, timed by the database's clock."""
    lock = EntryLock.objects.filter(session_id=session_id).annotate(db_now=Now()).first()
    if lock is None or not is_live(lock):
        return None
    return lock_json(
        lock,
        expires_in=(lock.expires_at - lock.db_now).total_seconds(),
        idle_for=(lock.db_now - lock.renewed_at).total_seconds(),
    )


def lock_json(lock: EntryLock, *, expires_in: float, idle_for: float) -> dict:
    return {
        "holder": lock.holder,
        "expires_in": round(expires_in, 1),
        "idle_for": round(idle_for, 1),
        "idle_after": settings.LOCK_IDLE_SECONDS,
        "round": lock.editing_round,
        "lease": lease_id(lock.token),
    }


def announce_lock(session_id: int) -> None:
    """After commit, send the table the lock alone: nothing else changed."""
    events.after_commit(
        lambda: events.send(session_id, {"events": ["lock.changed"], "lock": lock_state(session_id)})
    )


def lock_row(session: Session) -> EntryLock:
    """The session's lock row, locked until the transaction ends, with the database's time."""
    return EntryLock.objects.select_for_update().annotate(db_now=Now()).get(session=session)


def lock_for_write(session: Session) -> EntryLock:
    """lock_row() for a round write, in the same statement: the session read afresh under the lock
    (`lock.session`) and the number of its last round (`lock.rounds_played`, 0 for none)."""
    last = Round.objects.filter(session=OuterRef("session")).order_by("-number").values("number")[:1]
    return (
        EntryLock.objects.select_for_update(of=("self",))
        .select_related("session")
        .annotate(db_now=Now(), rounds_played=Coalesce(Subquery(last), 0))
        .get(session=session)
    )


def is_live(lock: EntryLock) -> bool:
    return bool(lock.token) and lock.expires_at > lock.db_now


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


def lock_after_write(lock: EntryLock, *, release: bool) -> dict | None:
    """A write is activity: renew the lease, or hand the lock back when the entry is done.
    The lock as followers now see it (lock_state()), without reading it again."""
    rows = EntryLock.objects.filter(pk=lock.pk, token=lock.token)
    if release:
        rows.update(**FREE)
        return None
    rows.update(renewed_at=Now(), expires_at=from_now(settings.LOCK_LEASE_SECONDS))
    return lock_json(lock, expires_in=settings.LOCK_LEASE_SECONDS, idle_for=0.0)


FREE = {
    "token": "",
    "holder": "",
    "editing_round": None,
    "acquired_at": None,
    "renewed_at": None,
    "expires_at": None,
}


def current_lock(session: Session) -> EntryLock:
    return EntryLock.objects.annotate(db_now=Now()).get(session=session)


def take(session: Session, condition: Q, *, device: str, editing_round: int | None) -> LockGrant | None:
    token = secrets.token_urlsafe(24)
    taken = (
        EntryLock.objects.filter(session=session)
        .filter(condition)
        .update(
            token=token,
            holder=device,
            editing_round=editing_round,
            acquired_at=Now(),
            renewed_at=Now(),
            expires_at=from_now(settings.LOCK_LEASE_SECONDS),
        )
    )
    if not taken:
        return None
    announce_lock(session.pk)
    return LockGrant(token=token, holder=device, expires_in=settings.LOCK_LEASE_SECONDS)


def lock_acquire(
    *, session: Session, device: object, token: str | None = None, editing_round: object = None
) -> LockGrant:
    """Take the free lock, or renew it with the current token; otherwise refuse with the holder."""
    device = clean_device(device)
    editing_round = clean_round_number(session, editing_round)
    token = clean_token(token)
    if token:
        renewed = EntryLock.objects.filter(session=session, token=token, expires_at__gt=Now()).update(
            holder=device,
            editing_round=editing_round,
            renewed_at=Now(),
            expires_at=from_now(settings.LOCK_LEASE_SECONDS),
        )
        if renewed:
            announce_lock(session.pk)
            return LockGrant(token=token, holder=device, expires_in=settings.LOCK_LEASE_SECONDS)
    grant = take(session, Q(token="") | Q(expires_at__lte=Now()), device=device, editing_round=editing_round)
    if grant is None:
        raise refusal(current_lock(session), None)
    return grant


def lock_renew(*, session: Session, token: str | None) -> LockGrant:
    """The holder is still at it: extend the lease. A lost or expired lease is refused."""
    token = clean_token(token)
    renewed = EntryLock.objects.filter(session=session, token=token or "-", expires_at__gt=Now()).update(
        renewed_at=Now(), expires_at=from_now(settings.LOCK_LEASE_SECONDS)
    )
    lock = current_lock(session)
    if not renewed:
        raise refusal(lock, token)
    announce_lock(session.pk)
    return LockGrant(token=lock.token, holder=lock.holder, expires_in=settings.LOCK_LEASE_SECONDS)


def lock_takeover(*, session: Session, device: object, editing_round: object = None) -> LockGrant:
    """Take a lease that went idle (not renewed for LOCK_IDLE_SECONDS) or ran out."""
    device = clean_device(device)
    editing_round = clean_round_number(session, editing_round)
    idle_since = ExpressionWrapper(
        Now() - timedelta(seconds=settings.LOCK_IDLE_SECONDS), output_field=DateTimeField()
    )
    grant = take(
        session,
        Q(token="") | Q(expires_at__lte=Now()) | Q(renewed_at__lte=idle_since),
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
    grace = from_now(settings.LOCK_GRACE_SECONDS)
    shortened = EntryLock.objects.filter(
        session=session, token=token, expires_at__gt=grace, renewed_at__lte=from_now(-quiet_for)
    ).update(expires_at=grace)
    if shortened:
        announce_lock(session.pk)
    return bool(shortened)
