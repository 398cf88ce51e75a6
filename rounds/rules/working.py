"""What the entry panel spells out before Add, beyond the scores (pure): how each loser's penalty
comes about (cards × the tier's rate, then the 2s), or by place each player's place, what it pays,
whether the round is heavy and the house's cut."""

from __future__ import annotations

from rounds.rules.own_scores import OwnScores
from rounds.rules.ruleset import RoundRules
from rounds.rules.scoring import (
    RoundEntry,
    ScoredRound,
    doublings,
    is_heavy,
    penalty,
    places_of,
    rate_for,
    rules_penalty,
)
from rounds.rules.tien_len import TienLenHand, tien_len_ranks


def working(entry: RoundEntry, scored: ScoredRound, rules: RoundRules) -> list[dict | None]:
    """Each loser's own penalty as the panel writes it out ("13 × 4 = 52", "16 × 2 × 2 = 64"):
    cards left, the rate of the tier reached, the 2s held, the penalty; None for the winner."""
    twos = entry.twos or (0,) * len(entry.cards)
    # 锄大地's doublings (SPEC 15): what each penalty is multiplied by, the ♠2 and the bombs.
    times = doublings((1,) * len(entry.cards), entry, rules)
    return [
        None
        if index == scored.winner
        else {
            "cards": cards_left,
            "rate": rate_for(cards_left, rules.tiers),
            "twos": twos_held,
            "penalty": rules_penalty(cards_left, twos_held, rules),
            "times": times[index],
        }
        for index, (cards_left, twos_held) in enumerate(zip(entry.cards, twos, strict=True))
    ]


def rules_detail(entry: RoundEntry, scored: ScoredRound, rules: RoundRules) -> dict:
    """What the entry panel spells out before Add: how each loser's penalty comes about
    (`working`; with 2s that double also `doubling`: `base` from the tiers, `twos` held), or by
    place each player's place, what it pays, whether the round is heavy and the house's cut; a
    Tiến lên hand its payments (who pays whom, rule by rule) and each player's rank; typed scores
    nothing."""
    if isinstance(entry.hand, TienLenHand):
        return {
            "payments": [
                {"from": payment.payer, "to": payment.payee, "amount": payment.amount}
                for payment in scored.payments
            ],
            "ranks": list(tien_len_ranks(entry.hand)),
        }
    if isinstance(entry.hand, OwnScores):
        return {}  # the scores typed are the whole hand: nothing to work out
    if rules.places is not None:
        return {
            "places": list(places_of(entry.cards, scored.winner)),
            "amounts": list(scored.penalties),
            "heavy": is_heavy(entry.cards, rules.places),
            "house": scored.house,
        }
    detail: dict = {"working": working(entry, scored, rules)}
    if rules.twos is not None and rules.twos.doubles and entry.twos is not None:
        detail["doubling"] = [
            {"base": penalty(cards_left, rules.tiers), "twos": twos_held}
            if twos_held and index != scored.winner
            else None
            for index, (cards_left, twos_held) in enumerate(zip(entry.cards, entry.twos, strict=True))
        ]
    return detail
