"""Every write to a session and its rounds. Keyword-only and transactional.

A round write locks the session's EntryLock row and checks, inside its
transaction, that the caller's token is the current unexpired one (fencing), so
a device that lost its lease can never write. The lock itself is in locking.py.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from rounds import events, scoring
from rounds.errors import RequestReused, RoundMissing, SessionFinished
from rounds.inputs import SessionSettings, clean_players, clean_settings
from rounds.locking import check_holder, held_lock, lock_acquire, lock_after_write, lock_release, lock_row
from rounds.models import EntryLock, Hand, Player, Round, RoundRequest, RoundVersion, Session
from rounds.scoring import Mode, RoundEntry, RoundRules, ScoredRound
from rounds.selectors import rules_of, scored_session, session_rules, tiers_json, twos_json


@dataclass(frozen=True)
class RoundWrite:
    """What a round write did; `replayed` when a request_id had already done it."""

    number: int
    round: Round | None
    replayed: bool = False
    deleted: bool = False


# --- Sessions ---------------------------------------------------------------


@transaction.atomic
def session_create(
    *,
    players: Sequence[str],
    settings: SessionSettings,
    randomize_seats: bool = False,
    seats: Sequence[int] | None = None,
) -> Session:
    names = clean_players(list(players))
    seats = list(seats) if seats is not None else list(range(len(names)))
    if randomize_seats:
        secrets.SystemRandom().shuffle(seats)
    session = Session.objects.create(
        mode=settings.mode.value,
        tiers=tiers_json(settings.tiers),
        points_per_two=settings.points_per_two,
        rounds_limit=settings.rounds_limit,
        target=settings.target,
        value_per_point=settings.value_per_point,
        currency=settings.currency,
        covering_rule=settings.covering_rule,
    )
    Player.objects.bulk_create(
        Player(session=session, index=index, name=name, seat=seats[index]) for index, name in enumerate(names)
    )
    EntryLock.objects.create(session=session)
    return session


def current_settings(session: Session) -> SessionSettings:
    rules = session_rules(session)
    return SessionSettings(
        mode=rules.mode,
        tiers=rules.tiers,
        points_per_two=rules.points_per_two,
        rounds_limit=session.rounds_limit,
        target=session.target,
        value_per_point=session.value_per_point,
        currency=session.currency,
        covering_rule=session.covering_rule,
    )


@transaction.atomic
def session_update(
    *, session: Session, token: str | None, changes: Mapping[str, object], rescore: bool = False
) -> Session:
    """Change the settings. New rules apply from the next round unless `rescore`."""
    lock = held_lock(session=session, token=token)
    session = Session.objects.get(pk=session.pk)
    was_finished = session.finished
    settings = clean_settings(changes, base=current_settings(session))
    session.mode = settings.mode.value
    session.tiers = tiers_json(settings.tiers)
    session.points_per_two = settings.points_per_two
    session.rounds_limit = settings.rounds_limit
    session.target = settings.target
    session.value_per_point = settings.value_per_point
    session.currency = settings.currency
    session.covering_rule = settings.covering_rule
    if rescore:
        rescore_rounds(session=session, rules=settings.rules, device=lock.holder)
    scored = scored_session(session)
    if changes.get("finished") is False and session.finished:
        session.finished_at = None
        session.ended_by_hand = False
        session.reopened_after = len(scored.rounds)
    elif changes.get("finished") is True and not session.finished:
        session.finished_at = timezone.now()
        session.ended_by_hand = True
    save_changed(
        session,
        rounds_played=len(scored.rounds),
        totals=scored.totals,
        event="session.changed",
        was_finished=was_finished,
    )
    lock_after_write(lock, release=False)
    return session


def session_update_once(*, session: Session, changes: Mapping[str, object], device: str) -> Session:
    """Take the free lock, change the settings and hand the lock back (the plain form)."""
    grant = lock_acquire(session=session, device=device)
    try:
        return session_update(session=session, token=grant.token, changes=changes)
    finally:
        lock_release(session=session, token=grant.token)


def session_rematch(*, session: Session) -> Session:
    """A new session with the same players, seats and settings: the next evening, one tap away."""
    players = list(session.players.order_by("index"))
    return session_create(
        players=[player.name for player in players],
        settings=current_settings(session),
        seats=[player.seat for player in players],
    )


def session_reopen(*, session: Session, token: str | None) -> Session:
    """Play on past the length: the end is checked again from the next round."""
    return session_update(session=session, token=token, changes={"finished": False})


def session_finish(*, session: Session, token: str | None) -> Session:
    """End an evening by hand (an open-ended session, or early)."""
    return session_update(session=session, token=token, changes={"finished": True})


def rescore_rounds(*, session: Session, rules: RoundRules, device: str) -> None:
    scored = scored_session(session)
    for round_, entry, _ in scored.rounds:
        round_.mode = rules.mode.value
        round_.tiers = tiers_json(rules.tiers)
        round_.points_per_two = rules.points_per_two
        round_.updated_at = timezone.now()
        round_.save()
        if entry.twos is None and rules.counts_twos:
            round_.hands.update(twos_held=0)
        elif entry.twos is not None and not rules.counts_twos:
            round_.hands.update(twos_held=None)
        rescored = scoring.score_round(entry, scored.names, rules)
        record_version(round_, entry, rescored, action=RoundVersion.Action.RESCORED, device=device)


def save_changed(
    session: Session,
    *,
    rounds_played: int,
    totals: Sequence[int],
    event: str,
    was_finished: bool | None = None,
) -> None:
    """Bump the version, settle whether the session is finished, save, and tell the table.

    `was_finished`: whether it was finished before the caller changed it (finishing by hand).
    """
    reached = rounds_played > session.reopened_after and scoring.end_reached(
        rounds_played=rounds_played,
        totals=totals,
        mode=Mode(session.mode),
        rounds_limit=session.rounds_limit,
        target=session.target,
    )
    if was_finished is None:
        was_finished = session.finished
    if reached and not session.finished:
        session.finished_at = timezone.now()
    elif not reached and session.finished and not session.ended_by_hand:
        session.finished_at = None
    session.version += 1
    session.updated_at = timezone.now()
    session.save()
    events.announce(session.pk, event)
    if session.finished != was_finished:
        events.announce(session.pk, "session.finished" if session.finished else "session.reopened")


def plus(totals: Sequence[int], scores: Sequence[int], sign: int = 1) -> list[int]:
    return [total + sign * score for total, score in zip(totals, scores, strict=True)]


# --- Rounds -----------------------------------------------------------------


def fingerprint(action: str, number: int | None, entry: RoundEntry | None) -> str:
    body = [action, number]
    if entry is not None:
        body += [list(entry.cards), None if entry.twos is None else list(entry.twos), entry.covering]
    return hashlib.sha256(json.dumps(body, default=str).encode()).hexdigest()


def replayed_request(session: Session, request_id: str | None, print_: str) -> RoundWrite | None:
    """The earlier result of this request_id, or None; a different body under it is refused."""
    if request_id is None:
        return None
    previous = RoundRequest.objects.filter(session=session, request_id=request_id).first()
    if previous is None:
        return None
    if previous.fingerprint != print_:
        raise RequestReused()
    return RoundWrite(
        number=previous.round_number,
        round=previous.round,
        replayed=True,
        deleted=previous.action == "delete",
    )


def record_request(
    session: Session, request_id: str | None, print_: str, write: RoundWrite, *, action: str
) -> None:
    if request_id is not None:
        RoundRequest.objects.create(
            session=session,
            request_id=request_id,
            action=action,
            fingerprint=print_,
            round=write.round,
            round_number=write.number,
        )


def record_version(
    round_: Round, entry: RoundEntry, scored: ScoredRound, *, action: str, device: str
) -> None:
    RoundVersion.objects.create(
        session_id=round_.session_id,
        round=round_ if action != RoundVersion.Action.DELETED else None,
        number=round_.number,
        action=action,
        cards=list(entry.cards),
        twos=None if entry.twos is None else list(entry.twos),
        covering=entry.covering,
        scores=list(scored.scores),
        rules={
            "mode": round_.mode,
            "tiers": tiers_json(round_.tiers),
            "twos": twos_json(round_.points_per_two),
        },
        device=device,
    )


def write_hands(round_: Round, entry: RoundEntry) -> None:
    round_.hands.all().delete()
    twos = entry.twos if entry.twos is not None else (None,) * len(entry.cards)
    Hand.objects.bulk_create(
        Hand(round=round_, player_index=index, cards_left=cards_left, twos_held=twos_held)
        for index, (cards_left, twos_held) in enumerate(zip(entry.cards, twos, strict=True))
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
    print_ = fingerprint("add", None, entry)
    with transaction.atomic():
        lock = lock_row(session)
        replay = replayed_request(session, request_id, print_)
        if replay is not None:
            return replay
        check_holder(lock, token)
        session = Session.objects.get(pk=session.pk)
        if session.finished:
            raise SessionFinished()
        current = scored_session(session)
        rules = session_rules(session)
        entry = scoring.validate_round(entry, current.names, rules)
        scored = scoring.score_checked(entry, rules)
        round_ = Round.objects.create(
            session=session,
            number=len(current.rounds) + 1,
            covering=entry.covering,
            mode=rules.mode.value,
            tiers=tiers_json(rules.tiers),
            points_per_two=rules.points_per_two,
        )
        write_hands(round_, entry)
        record_version(round_, entry, scored, action=RoundVersion.Action.ADDED, device=lock.holder)
        write = RoundWrite(number=round_.number, round=round_)
        record_request(session, request_id, print_, write, action="add")
        save_changed(
            session,
            rounds_played=len(current.rounds) + 1,
            totals=plus(current.totals, scored.scores),
            event="round.added",
        )
        lock_after_write(lock, release=release_lock)
    return write


def round_to_change(session: Session, number: object) -> Round:
    round_ = Round.objects.filter(session=session, number=number).first() if isinstance(number, int) else None
    if round_ is None:
        raise RoundMissing(number)
    return round_


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
    print_ = fingerprint("edit", number, entry)
    with transaction.atomic():
        lock = lock_row(session)
        replay = replayed_request(session, request_id, print_)
        if replay is not None:
            return replay
        check_holder(lock, token)
        session = Session.objects.get(pk=session.pk)
        current = scored_session(session)
        round_, _, before = current.find(round_to_change(session, number))
        rules = rules_of(round_)
        entry = scoring.validate_round(entry, current.names, rules)
        scored = scoring.score_checked(entry, rules)
        round_.covering = entry.covering
        round_.updated_at = timezone.now()
        round_.save()
        write_hands(round_, entry)
        record_version(round_, entry, scored, action=RoundVersion.Action.EDITED, device=lock.holder)
        write = RoundWrite(number=round_.number, round=round_)
        record_request(session, request_id, print_, write, action="edit")
        save_changed(
            session,
            rounds_played=len(current.rounds),
            totals=plus(plus(current.totals, before.scores, -1), scored.scores),
            event="round.edited",
        )
        lock_after_write(lock, release=release_lock)
    return write


def round_delete(
    *,
    session: Session,
    token: str | None,
    number: int,
    request_id: str | None = None,
    release_lock: bool = False,
) -> RoundWrite:
    """Delete a round and renumber the later ones; its last values stay in the history."""
    print_ = fingerprint("delete", number, None)
    with transaction.atomic():
        lock = lock_row(session)
        replay = replayed_request(session, request_id, print_)
        if replay is not None:
            return replay
        check_holder(lock, token)
        session = Session.objects.get(pk=session.pk)
        current = scored_session(session)
        round_, entry, scored = current.find(round_to_change(session, number))
        record_version(round_, entry, scored, action=RoundVersion.Action.DELETED, device=lock.holder)
        round_.delete()
        # One row at a time, lowest first, so the unique round number is never held twice.
        for later in Round.objects.filter(session=session, number__gt=number).order_by("number"):
            later.number -= 1
            later.save(update_fields=["number"])
        write = RoundWrite(number=number, round=None, deleted=True)
        record_request(session, request_id, print_, write, action="delete")
        rounds_played = len(current.rounds) - 1
        session.reopened_after = min(session.reopened_after, rounds_played)
        save_changed(
            session,
            rounds_played=rounds_played,
            totals=plus(current.totals, scored.scores, -1),
            event="round.deleted",
        )
        lock_after_write(lock, release=release_lock)
    return write


def round_add_once(*, session: Session, entry: RoundEntry, device: str) -> RoundWrite:
    """Take the free lock, add the round and hand the lock back: the plain form's one-shot entry."""
    grant = lock_acquire(session=session, device=device)
    try:
        return round_add(session=session, token=grant.token, entry=entry, release_lock=True)
    finally:
        lock_release(session=session, token=grant.token)
