"""Writes to the rounds: add, correct, delete, each fenced by the entry lock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from rounds import scoring
from rounds.errors import SessionFinished
from rounds.locking import check_holder, lock_acquire, lock_after_write, lock_release, lock_row
from rounds.models import Round, RoundVersion, Session
from rounds.scoring import RoundEntry
from rounds.selectors import (
    ScoredSession,
    check_covering_rule,
    round_by_number,
    rules_of,
    scored_session,
    session_rules,
    tiers_json,
)
from rounds.services.records import (
    RoundWrite,
    plus,
    record_request,
    record_version,
    replayed_request,
    request_fingerprint,
    save_changed,
    write_hands,
)


@dataclass(frozen=True)
class Change:
    """What one round write did to the session, for the finish check and the broadcast."""

    write: RoundWrite
    rounds_played: int
    totals: list[int]
    event: str


def guarded_write(
    *,
    session: Session,
    token: str | None,
    request_id: str | None,
    action: str,
    fingerprint: str,
    release_lock: bool,
    change: Callable[[Session, ScoredSession, str], Change],
) -> RoundWrite:
    """The frame of every round write, in one transaction under the lock row.

    A request_id seen before gets its first result (before the lock check, so a retry
    after the lock was handed back still gets its reply); then fencing; then the
    change itself; then the idempotency record, the version bump, the finish check,
    the broadcast and the lease.
    """
    with transaction.atomic():
        lock = lock_row(session)
        replay = replayed_request(session, request_id, fingerprint)
        if replay is not None:
            return replay
        check_holder(lock, token)
        session = Session.objects.get(pk=session.pk)
        done = change(session, scored_session(session), lock.holder)
        record_request(session, request_id, fingerprint, done.write, action=action)
        save_changed(session, rounds_played=done.rounds_played, totals=done.totals, event=done.event)
        lock_after_write(lock, release=release_lock)
    return done.write


def add_round(session: Session, current: ScoredSession, entry: RoundEntry, device: str) -> Change:
    """Score and store the next round under the session's current rules."""
    if session.finished:
        raise SessionFinished()
    rules = session_rules(session)
    check_covering_rule(session, entry)
    checked = scoring.validate_round(entry, current.names, rules)
    scored = scoring.score_checked(checked, rules)
    round_ = Round.objects.create(
        session=session,
        number=len(current.rounds) + 1,
        covering=checked.covering,
        mode=rules.mode.value,
        tiers=tiers_json(rules.tiers),
        points_per_two=rules.points_per_two,
    )
    write_hands(round_, checked)
    version = record_version(round_, checked, scored, action=RoundVersion.Action.ADDED, device=device)
    return Change(
        write=RoundWrite(number=round_.number, round=round_, version_id=version.pk),
        rounds_played=len(current.rounds) + 1,
        totals=plus(current.totals, scored.scores),
        event="round.added",
    )


def edit_round(
    session: Session, current: ScoredSession, round_: Round, entry: RoundEntry, device: str
) -> Change:
    """Correct a round; it is scored again under the rules it was first scored under."""
    round_, _, before = current.find(round_)
    rules = rules_of(round_)
    check_covering_rule(session, entry)
    checked = scoring.validate_round(entry, current.names, rules)
    scored = scoring.score_checked(checked, rules)
    round_.covering = checked.covering
    round_.updated_at = timezone.now()
    round_.save()
    write_hands(round_, checked)
    version = record_version(round_, checked, scored, action=RoundVersion.Action.EDITED, device=device)
    return Change(
        write=RoundWrite(number=round_.number, round=round_, version_id=version.pk),
        rounds_played=len(current.rounds),
        totals=plus(plus(current.totals, before.scores, -1), scored.scores),
        event="round.edited",
    )


def delete_round(session: Session, current: ScoredSession, round_: Round, device: str) -> Change:
    """Delete a round and renumber the later ones; its last values stay in the history."""
    round_, entry, scored = current.find(round_)
    number = round_.number
    version = record_version(round_, entry, scored, action=RoundVersion.Action.DELETED, device=device)
    round_.delete()
    # One row at a time, lowest first, so the unique round number is never held twice.
    for later in Round.objects.filter(session=session, number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    rounds_played = len(current.rounds) - 1
    session.reopened_after = min(session.reopened_after, rounds_played)
    return Change(
        write=RoundWrite(number=number, round=None, deleted=True, version_id=version.pk),
        rounds_played=rounds_played,
        totals=plus(current.totals, scored.scores, -1),
        event="round.deleted",
    )


def round_add(
    *,
    session: Session,
    token: str | None,
    entry: RoundEntry,
    request_id: str | None = None,
    release_lock: bool = False,
) -> RoundWrite:
    """Score and store the next round under the session's current rules."""

    def add(session: Session, current: ScoredSession, device: str) -> Change:
        return add_round(session, current, entry, device)

    return guarded_write(
        session=session,
        token=token,
        request_id=request_id,
        action="add",
        fingerprint=request_fingerprint("add", None, entry),
        release_lock=release_lock,
        change=add,
    )


def round_edit(
    *,
    session: Session,
    token: str | None,
    number: int,
    entry: RoundEntry,
    request_id: str | None = None,
    release_lock: bool = False,
) -> RoundWrite:
    """Correct a round; it is scored again under the rules it was first scored under."""

    def edit(session: Session, current: ScoredSession, device: str) -> Change:
        return edit_round(session, current, round_by_number(session, number), entry, device)

    return guarded_write(
        session=session,
        token=token,
        request_id=request_id,
        action="edit",
        fingerprint=request_fingerprint("edit", number, entry),
        release_lock=release_lock,
        change=edit,
    )


def round_delete(
    *,
    session: Session,
    token: str | None,
    number: int,
    request_id: str | None = None,
    release_lock: bool = False,
) -> RoundWrite:
    """Delete a round and renumber the later ones; its last values stay in the history."""

    def delete(session: Session, current: ScoredSession, device: str) -> Change:
        return delete_round(session, current, round_by_number(session, number), device)

    return guarded_write(
        session=session,
        token=token,
        request_id=request_id,
        action="delete",
        fingerprint=request_fingerprint("delete", number, None),
        release_lock=release_lock,
        change=delete,
    )


def round_add_once(*, session: Session, entry: RoundEntry, device: str) -> RoundWrite:
    """Take the free lock, add the round and hand the lock back: the plain form's one-shot entry."""
    grant = lock_acquire(session=session, device=device)
    try:
        return round_add(session=session, token=grant.token, entry=entry, release_lock=True)
    finally:
        lock_release(session=session, token=grant.token)
