"""Writes to the rounds: add, correct, delete, each fenced by the entry lock.

Every write goes through guarded_write(), the one place that checks the lock,
records the request, keeps the session's totals, version and end, and tells the
table. A write scores only the round it writes: the others keep their stored scores.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone

from rounds.bodies import RequestReused
from rounds.errors import SessionFinished, SessionFull
from rounds.models import MAX_SESSION_ROUNDS, Player, Round, RoundRequest, RoundVersion, Session
from rounds.reads.preview import check_covering_rule
from rounds.reads.replies import RoundWrite
from rounds.reads.selectors import current_settings, round_by_number, stored_tally
from rounds.rules import hands
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.services.locking import check_holder, lock_acquire, lock_after_write, lock_for_write, lock_release
from rounds.services.records import note_changes, record_version, save_changed, store_scores
from rounds.signals import write_checked


@dataclass(frozen=True)
class Table:
    """What a round write may read of its session without scoring any round."""

    names: list[str]
    rounds_played: int

    def written(self, round_: Round) -> tuple[RoundEntry, ScoredRound]:
        """One stored round as the table reported it, scored under its own rules (its share to take back)."""
        checked = hands.validate_round(round_.entry, self.names, round_.rules)
        return checked, hands.score_checked(checked, round_.rules)

    def check_room(self) -> None:
        """One more round fits in the session (MAX_SESSION_ROUNDS)."""
        if self.rounds_played >= MAX_SESSION_ROUNDS:
            raise SessionFull(MAX_SESSION_ROUNDS)


@dataclass(frozen=True)
class Change:
    """What one round write did: the reply, the round count after it, the event, and the scores
    it added to and took from the session's sums (None when nothing on that side)."""

    write: RoundWrite
    rounds_played: int
    event: str
    added: ScoredRound | None = None
    removed: ScoredRound | None = None


def request_fingerprint(action: str, number: int | None, entry: RoundEntry | None) -> str:
    """What a request asked for, so a request_id reused for something else is caught."""
    body = [action, number]
    if entry is not None:
        body += [list(entry.cards), None if entry.twos is None else list(entry.twos), entry.covering]
        if entry.hand is not None:  # a Tiến lên hand as sent: the same order and events
            body.append(entry.hand)
        if entry.spade_two is not None or entry.bombs:  # 锄大地's doublings
            body += [entry.spade_two, entry.bombs]
    return hashlib.sha256(json.dumps(body, default=str).encode()).hexdigest()


def replayed_request(session: Session, request_id: str | None, fingerprint: str) -> RoundWrite | None:
    """The earlier result of this request_id, or None; a different body under it is refused."""
    if request_id is None:
        return None
    previous = RoundRequest.objects.under(session, [request_id]).get(request_id)
    if previous is None:
        return None
    if previous.fingerprint != fingerprint:
        raise RequestReused()
    recorded = previous.version
    return RoundWrite(
        number=previous.round_number,
        round=previous.round,
        replayed=True,
        deleted=recorded.action == RoundVersion.Action.DELETED if recorded else previous.action == "delete",
        version_id=previous.version_id,
    )


def record_request(
    session: Session, request_id: str | None, fingerprint: str, write: RoundWrite, *, action: str
) -> None:
    if request_id is not None:
        RoundRequest.objects.create(
            session=session,
            request_id=request_id,
            action=action,
            fingerprint=fingerprint,
            round=write.round,
            version_id=write.version_id,
            round_number=write.number,
        )


def guarded_write(
    *,
    session: Session,
    token: str | None,
    action: str,
    fingerprint: str,
    change: Callable[[Session, Table, str], Change],
    request_id: str | None = None,
    release_lock: bool = False,
) -> RoundWrite:
    """The frame of every round write, in one transaction under the lock row.

    A request_id seen before gets its first result (before the lock check, so a retry
    after the lock was handed back still gets its reply); then fencing; then the
    change itself, which stores its round's scores; then the idempotency record, the
    session's sums, version and finish check, the lease, and (after commit) the one state
    of the change, sent to the table with the rounds from the one written on. The session is
    read once, with the lock row; the state is built from what the write hands on.
    """
    with transaction.atomic():
        lock = lock_for_write(session)
        replay = replayed_request(session, request_id, fingerprint)
        if replay is not None:
            return replay
        check_holder(lock, token)
        session = lock.session  # read afresh under the lock, in the lock's own statement
        last_write = write_checked(session, action)  # the app owning the session may refuse it
        note_changes(session)  # every round write records one version
        players = list(Player.objects.filter(session=session))
        table = Table(names=[player.name for player in players], rounds_played=lock.rounds_played)
        done = change(session, table, lock.holder)
        was_finished = session.finished
        if last_write and not session.finished:
            session.finished_at, session.ended_by_hand = timezone.now(), True
        record_request(session, request_id, fingerprint, done.write, action=action)
        tally = stored_tally(session, len(table.names)).minus(done.removed).plus(done.added)
        lock_left = lock_after_write(lock, release=release_lock, added=action == "add")
        written = done.write.round
        save_changed(
            session,
            rounds_played=done.rounds_played,
            tally=tally,
            event=done.event,
            rounds_from=done.write.number,  # from the round written on, every round may have moved
            players=players,
            lock=lock_left,
            written=written if written is not None and written.number == done.rounds_played else None,
            was_finished=was_finished,
        )
    return replace(done.write, session_version=session.version)


def add_round(session: Session, table: Table, entry: RoundEntry, device: str) -> Change:
    """Score and store the next round under the session's current rules."""
    if session.finished:
        raise SessionFinished()
    table.check_room()
    settings = current_settings(session)
    rules = settings.rules
    check_covering_rule(settings, entry)
    checked = hands.validate_round(entry, table.names, rules)
    scored = hands.score_checked(checked, rules)
    round_ = Round(session=session, number=table.rounds_played + 1)
    round_.set_rules(rules)
    store_scores(round_, checked, scored)
    round_.save()
    version = record_version(round_, checked, scored, action=RoundVersion.Action.ADDED, device=device)
    return Change(
        write=RoundWrite(number=round_.number, round=round_, version_id=version.pk),
        rounds_played=table.rounds_played + 1,
        event="round.added",
        added=scored,
    )


def edit_round(session: Session, table: Table, round_: Round, entry: RoundEntry, device: str) -> Change:
    """Correct a round; it is scored again under the rules it was first scored under."""
    _, before = table.written(round_)
    rules = round_.rules
    check_covering_rule(current_settings(session), entry, kept=round_.covering)
    checked = hands.validate_round(entry, table.names, rules)
    scored = hands.score_checked(checked, rules)
    round_.updated_at = timezone.now()
    round_.edited = True
    store_scores(round_, checked, scored)
    round_.save()
    version = record_version(round_, checked, scored, action=RoundVersion.Action.EDITED, device=device)
    return Change(
        write=RoundWrite(number=round_.number, round=round_, version_id=version.pk),
        rounds_played=table.rounds_played,
        event="round.edited",
        added=scored,
        removed=before,
    )


def delete_round(session: Session, table: Table, round_: Round, device: str) -> Change:
    """Delete a round and renumber the later ones; its last values stay in the history."""
    entry, scored = table.written(round_)
    number = round_.number
    version = record_version(round_, entry, scored, action=RoundVersion.Action.DELETED, device=device)
    round_.delete()
    # One row at a time, lowest first, so the unique round number is never held twice.
    for later in Round.objects.filter(session=session, number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    rounds_played = table.rounds_played - 1
    session.reopened_after = min(session.reopened_after, rounds_played)
    return Change(
        write=RoundWrite(number=number, round=None, deleted=True, version_id=version.pk),
        rounds_played=rounds_played,
        event="round.deleted",
        removed=scored,
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

    def add(session: Session, table: Table, device: str) -> Change:
        return add_round(session, table, entry, device)

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

    def edit(session: Session, table: Table, device: str) -> Change:
        return edit_round(session, table, round_by_number(session, number), entry, device)

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

    def delete(session: Session, table: Table, device: str) -> Change:
        return delete_round(session, table, round_by_number(session, number), device)

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
