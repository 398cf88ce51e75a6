"""Our own scores (SPEC 15): a mode for any table whose rules the app does not know. A hand is
each player's score as typed (whole numbers, negative allowed); "must add up to 0" (on by
default) refuses one that does not, naming the difference. Highest total wins. No Django here.

A zero-sum hand settles as payments (each player below 0 pays the players above it, in seat
order), so the session's money and a season's net work as in the zero-sum modes; a hand that
does not add up settles, as Points does, by the differences between the scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rounds.rules.mode import Mode
from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.scoring import Payment, ScoredRound
from toolkit.messages import gettext_noop

MOST: Final = 1_000_000  # a score typed is a whole number within ± this

NOT_SCORES: Final = gettext_noop("Scores: give one whole number per player (%(players)s), negative allowed")
TOO_BIG: Final = gettext_noop("%(name)s: a score is a whole number from −%(most)s to %(most)s")
NOT_ZERO: Final = gettext_noop(
    "Scores: they add up to %(sum)s, not 0; this session wants every hand to add up to 0"
)


@dataclass(frozen=True)
class OwnScores:
    """A hand of typed scores, checked."""

    scores: tuple[int, ...]

    def to_json(self) -> dict:
        return {"scores": list(self.scores)}

    @classmethod
    def from_json(cls, raw: object, *, names: Sequence[str], zero_sum: bool) -> OwnScores:
        scores = raw.get("scores") if isinstance(raw, Mapping) else None
        if not isinstance(scores, list) or len(scores) != len(names):
            raise ScoringError(NOT_SCORES, field="scores", players=len(names))
        for index, score in enumerate(scores):
            if not is_whole_number(score):
                raise ScoringError(NOT_SCORES, field="scores", player=index, players=len(names))
            if abs(score) > MOST:
                raise ScoringError(TOO_BIG, field="scores", player=index, name=names[index], most=f"{MOST:,}")
        if zero_sum and sum(scores):
            raise ScoringError(NOT_ZERO, field="scores", sum=f"{sum(scores):+d}")
        return cls(tuple(scores))


def score_own(hand: OwnScores) -> ScoredRound:
    """The scores as typed; the winner the first highest; payments when they add up to 0."""
    scores = hand.scores
    winner = scores.index(max(scores))
    return ScoredRound(
        winner=winner,
        penalties=(0,) * len(scores),
        payments=payments_of(scores) if not sum(scores) else (),
        scores=scores,
        mode=Mode.OWN_SCORES,
    )


def payments_of(scores: Sequence[int]) -> tuple[Payment, ...]:
    """A zero-sum hand as payments: the players below 0, in seat order, pay those above it."""
    owed = [[index, -score] for index, score in enumerate(scores) if score < 0]
    due = [[index, score] for index, score in enumerate(scores) if score > 0]
    payments = []
    for payer in owed:
        for payee in due:
            amount = min(payer[1], payee[1])
            if amount:
                payments.append(Payment(payer[0], payee[0], amount))
                payer[1] -= amount
                payee[1] -= amount
    return tuple(payments)
