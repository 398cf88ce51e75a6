"""What every write leaves behind: the round's hands and history, and the session's version,
finish check and broadcast."""

from __future__ import annotations

from django.utils import timezone

from rounds.errors import HistoryFull
from rounds.models import MAX_SESSION_CHANGES, Player, Round, RoundVersion, Session
from rounds.reads.state import UNREAD
from rounds.rules.hands import hand_json
from rounds.rules.ruleset import Mode
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.standings import Tally, end_reached
from rounds.services import publish
from rounds.signals import session_saved


def save_changed(
    session: Session,
    *,
    rounds_played: int,
    tally: Tally,
    event: str,
    rounds_from: int | None,
    was_finished: bool | None = None,
    players: list[Player] | None = None,
    lock: object = UNREAD,
    written: Round | None = None,
) -> None:
    """Keep the totals, settle whether the session is finished, bump the version, save, tell the table.

    `rounds_from`: the first round the change added, rewrote or renumbered (None: no round).
    `was_finished`: whether it was finished before the caller changed it (finishing by hand).
    `players`, `lock`, `written`: what the write already read or wrote, handed on to the state
    (the lock as the write left it; the round it wrote when that is the last one).
    """
    reached = rounds_played > session.reopened_after and end_reached(
        rounds_played=rounds_played,
        totals=tally.totals,
        mode=Mode(session.rules_json["mode"]),
        rounds_limit=session.rounds_limit,
        target=session.target,
    )
    if was_finished is None:
        was_finished = session.finished
    if reached and not session.finished:
        session.finished_at = timezone.now()
    elif not reached and session.finished and not session.ended_by_hand:
        session.finished_at = None
    session.totals = list(tally.totals)
    session.pairwise = [list(row) for row in tally.pairwise]
    session.house = list(tally.house)
    session.version += 1
    session.updated_at = timezone.now()
    session.save()
    session_saved.send(sender=Session, session=session)
    kinds = [event]
    if session.finished != was_finished:
        kinds.append("session.finished" if session.finished else "session.reopened")
    publish.changed(
        session.pk,
        kinds,
        rounds_from=rounds_from,
        session=session,
        players=players,
        lock=lock,
        written=written,
    )


def note_changes(session: Session, count: int = 1) -> None:
    """Make room in the session's history for `count` versions (saved by save_changed), or refuse
    the write before it does anything."""
    if session.history_size + count > MAX_SESSION_CHANGES:
        raise HistoryFull(MAX_SESSION_CHANGES)
    session.history_size += count


def version_of(
    round_: Round, entry: RoundEntry, scored: ScoredRound, *, action: str, device: str
) -> RoundVersion:
    """The history version of a change to `round_`, not yet saved."""
    return RoundVersion(
        session_id=round_.session_id,
        round=round_ if action != RoundVersion.Action.DELETED else None,
        lineage=round_.lineage,
        number=round_.number,
        action=action,
        cards=list(entry.cards),
        twos=None if entry.twos is None else list(entry.twos),
        covering=entry.covering,
        hand=hand_json(entry),
        spade_two=entry.spade_two,
        bombs=entry.bombs,
        scores=list(scored.scores),
        rules=round_.rules.to_json(),
        device=device,
    )


def record_version(
    round_: Round, entry: RoundEntry, scored: ScoredRound, *, action: str, device: str
) -> RoundVersion:
    version = version_of(round_, entry, scored, action=action, device=device)
    version.save()
    return version


def store_scores(round_: Round, entry: RoundEntry, scored: ScoredRound) -> None:
    """Keep the hands and how the round scored on the round itself (saved by the caller): the one
    place a round's hands are stored.

    Every write of a round calls this, so what the state reads is never stale.
    """
    round_.cards = list(entry.cards)
    round_.twos = None if entry.twos is None else list(entry.twos)
    round_.covering = entry.covering
    round_.hand = hand_json(entry)
    round_.spade_two, round_.bombs = entry.spade_two, entry.bombs
    round_.winner = scored.winner
    round_.penalties = list(scored.penalties)
    round_.scores = list(scored.scores)
    round_.house = scored.house
