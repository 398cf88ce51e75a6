"""Writes to a session: create, change the rules and length, reopen, finish, rematch."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace

from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from rounds.errors import ServiceError
from rounds.inputs import SessionSettings, clean_players, clean_settings
from rounds.models import EntryLock, Player, Round, RoundVersion, Session
from rounds.reads.selectors import current_settings, scored_session, stored_tally
from rounds.rules import fields, hands
from rounds.rules.places import check_place_amounts
from rounds.rules.ruleset import RoundRules
from rounds.rules.standings import Tally
from rounds.services.locking import held_lock, lock_acquire, lock_after_write, lock_release, lock_row
from rounds.services.records import note_changes, record_version, save_changed, store_scores
from rounds.signals import rematch_settings, session_rematched, write_checked
from toolkit.messages import gettext_noop

GAME_FIXED = gettext_noop(
    "Game: this session plays %(game)s, chosen when it started; start a new session for another game"
)


def game_label(game: str) -> Promise:
    """The game's name as a refusal says it, in the language the refusal is read in ("Tiến lên",
    not tien_len)."""
    return gettext_lazy(fields.GAME.choice_label(game))


@transaction.atomic
def session_create(
    *,
    players: Sequence[str],
    settings: SessionSettings,
    randomize_seats: bool = False,
    seats: Sequence[int] | None = None,
) -> Session:
    names = clean_players(list(players))
    check_rules_fit(settings, len(names))
    seats = list(seats) if seats is not None else list(range(len(names)))
    if randomize_seats:
        secrets.SystemRandom().shuffle(seats)
    session = Session()
    apply_settings(session, settings)
    empty = Tally.empty(len(names))
    session.totals = list(empty.totals)
    session.pairwise = [list(row) for row in empty.pairwise]
    session.house = list(empty.house)
    session.save()
    Player.objects.bulk_create(
        Player(session=session, index=index, name=name, seat=seats[index]) for index, name in enumerate(names)
    )
    EntryLock.objects.create(session=session)
    return session


def check_rules_fit(settings: SessionSettings, player_count: int) -> None:
    """Rules that depend on the table: paying by place has an amount for every loser."""
    if settings.rules.places is not None:
        check_place_amounts(settings.rules.places, player_count)


def apply_settings(session: Session, settings: SessionSettings) -> None:
    session.set_rules(settings.rules)
    for setting in fields.SESSION:
        session.set_own_setting(setting, getattr(settings, setting.stored_as))


@transaction.atomic
def session_update(
    *, session: Session, token: str | None, changes: Mapping[str, object], rescore: bool = False
) -> Session:
    """Change the settings. New rules apply from the next round unless `rescore`. `changes`: the
    settings a body sent (rounds/session_bodies.py's SettingsSent: its declared keys only, and
    `finished`), read here over the session's settings now, once the lock is checked."""
    lock = held_lock(session=session, token=token)
    session = Session.objects.get(pk=session.pk)
    finishing = changes.get("finished")
    write_checked(session, "settings" if finishing is None else "finish" if finishing else "reopen")
    was_finished = session.finished
    settings = clean_settings(changes, base=current_settings(session))
    if settings.rules.game != session.rules.game:
        raise ServiceError(GAME_FIXED, field="game", game=game_label(session.rules.game))
    check_rules_fit(settings, session.players.count())
    apply_settings(session, settings)
    if rescore:
        note_changes(session, Round.objects.filter(session=session).count())
        tally = rescore_rounds(session=session, rules=settings.rules, device=lock.holder)
    else:
        tally = stored_tally(session, session.players.count())
    rounds_played = Round.objects.filter(session=session).count()
    if changes.get("finished") is False and session.finished:
        session.finished_at = None
        session.ended_by_hand = False
        session.reopened_after = rounds_played
    elif changes.get("finished") is True and not session.finished:
        session.finished_at = timezone.now()
        session.ended_by_hand = True
    save_changed(
        session,
        rounds_played=rounds_played,
        tally=tally,
        event="session.changed",
        rounds_from=1 if rescore else None,
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


@transaction.atomic
def session_rematch(*, session: Session) -> Session:
    """A new session with the same players, seats and settings (or those another app gives it,
    rounds.signals.rematch_rules): the next evening, one tap away."""
    write_checked(session, "rematch")
    players = list(session.players.order_by("index"))
    rematch = session_create(
        players=[player.name for player in players],
        settings=rematch_settings(session) or current_settings(session),
        seats=[player.seat for player in players],
    )
    session_rematched.send(sender=Session, session=session, rematch=rematch)
    return rematch


def session_reopen(*, session: Session, token: str | None) -> Session:
    """Play on past the length: the end is checked again from the next round."""
    return session_update(session=session, token=token, changes={"finished": False})


def session_finish(*, session: Session, token: str | None) -> Session:
    """End an evening by hand (an open-ended session, or early)."""
    return session_update(session=session, token=token, changes={"finished": True})


@transaction.atomic
def session_close(*, session: Session) -> Session:
    """Finish the session as it stands, for the app that owns it (an event's organizer ends the
    round): no entry lock needed; a phone entering a round is refused its write afterwards."""
    lock_row(session)  # one write at a time, as under the lock
    session = Session.objects.get(pk=session.pk)
    if session.finished:
        return session
    session.finished_at, session.ended_by_hand = timezone.now(), True
    save_changed(
        session,
        rounds_played=Round.objects.filter(session=session).count(),
        tally=stored_tally(session, session.players.count()),
        event="session.changed",
        rounds_from=None,
        was_finished=False,
    )
    return session


def rescore_rounds(*, session: Session, rules: RoundRules, device: str) -> Tally:
    """Score every round again under `rules`, keeping what the table reported; the new sums.
    In a session without the covering rule (as now set) nobody covers any more."""
    scored = scored_session(session)
    settings = current_settings(session)
    rescored_rounds = []
    for round_, entry, _ in scored.rounds:
        # 2s held are kept only while 2s count; turning the rule on starts everyone at none.
        entry = replace(
            entry,
            twos=entry.twos if rules.counts_twos else None,
            covering=settings.covering_kept(entry.covering),
        )
        entry = hands.validate_round(entry, scored.names, rules)
        rescored = hands.score_checked(entry, rules)
        round_.set_rules(rules)
        round_.updated_at = timezone.now()
        round_.edited = True
        store_scores(round_, entry, rescored)
        round_.save()
        record_version(round_, entry, rescored, action=RoundVersion.Action.RESCORED, device=device)
        rescored_rounds.append(rescored)
    return Tally.of(rescored_rounds, len(scored.names))
