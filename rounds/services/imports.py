"""A whole evening written at once from a record kept elsewhere (a paper log): a finished session.

The rounds are scored by scoring.py under the session's rules exactly as round_add would
score them, and stored with their hands on the round and an "added" history version each, in bulk.
The caller holds the transaction (an import is all or nothing across its evenings).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from rounds.errors import SessionFull
from rounds.inputs import SessionSettings
from rounds.models import MAX_SESSION_ROUNDS, Round, RoundVersion, Session
from rounds.reads.preview import check_covering_rule
from rounds.rules import hands
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.standings import Tally
from rounds.services.records import store_scores, version_of
from rounds.services.sessions import session_create

# Rounds written in one transaction (see above).
IMPORT_CHUNK_ROUNDS = 50


def scored_entries(
    names: Sequence[str], settings: SessionSettings, entries: Sequence[RoundEntry]
) -> list[tuple[RoundEntry, ScoredRound]]:
    """Check and score every round under `settings`; the first bad one is refused (ScoringError)."""
    rules = settings.rules
    scored = []
    for entry in entries:
        checked = hands.validate_round(entry, names, rules)
        scored.append((checked, hands.score_checked(checked, rules)))
    return scored


def session_import(
    *,
    players: Sequence[str],
    settings: SessionSettings,
    rounds: Sequence[tuple[RoundEntry, ScoredRound]],
    played_at: datetime,
    device: str,
) -> Session:
    """A finished session with these rounds (from scored_entries), played at `played_at` and
    written now: `updated_at` says when the rows were written, which the purge reads."""
    if len(rounds) > MAX_SESSION_ROUNDS:
        raise SessionFull(MAX_SESSION_ROUNDS)
    for entry, _ in rounds:
        check_covering_rule(settings, entry)  # before anything is written
    with transaction.atomic():
        session = session_create(players=players, settings=settings)
    for first in range(0, len(rounds), IMPORT_CHUNK_ROUNDS):
        with transaction.atomic():
            store_rounds(session, rounds[first : first + IMPORT_CHUNK_ROUNDS], first, played_at, device)
    tally = Tally.of([scored for _, scored in rounds], len(players))
    session.totals = list(tally.totals)
    session.pairwise = [list(row) for row in tally.pairwise]
    session.house = list(tally.house)
    session.created_at = session.finished_at = played_at
    session.ended_by_hand = True
    session.version = len(rounds) + 1
    session.history_size = len(rounds)
    session.save()
    return session


def store_rounds(
    session: Session,
    rounds: Sequence[tuple[RoundEntry, ScoredRound]],
    before: int,
    played_at: datetime,
    device: str,
) -> None:
    """Rounds number before + 1 on, with an "added" version each."""
    rules = session.rules
    stored = []
    for number, (entry, scored) in enumerate(rounds, start=before + 1):
        round_ = Round(session=session, number=number, created_at=played_at, updated_at=played_at)
        round_.set_rules(rules)
        store_scores(round_, entry, scored)
        stored.append(round_)
    Round.objects.bulk_create(stored)
    stored = Round.objects.filter(session=session, number__gt=before).order_by("number")
    versions = []
    for round_, (entry, scored) in zip(stored, rounds, strict=True):
        version = version_of(round_, entry, scored, action=RoundVersion.Action.ADDED, device=device)
        version.created_at = played_at
        versions.append(version)
    RoundVersion.objects.bulk_create(versions)
