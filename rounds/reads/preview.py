"""Scoring a round without storing it (the entry panel's live preview), and the one rule about
the entry that depends on the session rather than the rules: naming who covered."""

from __future__ import annotations

from rounds.errors import ServiceError
from rounds.inputs import SessionSettings
from rounds.models import Session
from rounds.reads.selectors import current_settings, round_by_number
from rounds.rules import hands
from rounds.rules.hands import hand_json, shown_hand
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.working import rules_detail
from toolkit.messages import gettext_noop


def scored_json(entry: RoundEntry, scored: ScoredRound) -> dict:
    """A round as the table reported it and as it scored."""
    return {
        "cards": list(entry.cards),
        "twos": None if entry.twos is None else list(entry.twos),
        "covering": entry.covering,
        "winner": scored.winner,
        "penalties": list(scored.penalties),
        "scores": list(scored.scores),
        **shown_hand(hand_json(entry)),
    }


def round_preview(session: Session, entry: RoundEntry, *, number: object = None) -> dict:
    """Score a round without storing it: under the session's rules, or those of round `number`.

    Raises ScoringError exactly as adding it would, so the entry panel shows the
    same message inline before anything is sent for real.
    """
    names = [player.name for player in session.players.all()]
    settings = current_settings(session)
    if number is None:
        rules, kept = settings.rules, None
    else:
        round_ = round_by_number(session, number)
        rules, kept = round_.rules, round_.covering
    check_covering_rule(settings, entry, kept=kept)
    entry = hands.validate_round(entry, names, rules)
    scored = hands.score_checked(entry, rules)
    return scored_json(entry, scored) | rules_detail(entry, scored, rules)


def check_covering_rule(settings: SessionSettings, entry: RoundEntry, *, kept: int | None = None) -> None:
    """Covering is named only in a session whose settings play the covering (assistant) rule, or
    `kept` on a round played with it when it is corrected after the rule was turned off."""
    if entry.covering not in (None, kept) and settings.covering_kept(entry.covering) is None:
        raise ServiceError(
            gettext_noop("Covering: this session does not use the covering rule"), field="covering"
        )
