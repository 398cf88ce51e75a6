"""What the entry panel spells out before Add, beyond the scores (pure): each 2's doubling, or by
place each player's place, what it pays, whether the round is heavy and the house's cut."""

from __future__ import annotations

from rounds.scoring import RoundEntry, RoundRules, ScoredRound, is_heavy, penalty, places_of


def rules_detail(entry: RoundEntry, scored: ScoredRound, rules: RoundRules) -> dict:
    """What the entry panel spells out before Add: each loser's doubling ("8 × 2 × 2 = 32":
    `base` from the tiers, `twos` held), or by place each player's place, what it pays, whether
    the round is heavy and the house's cut."""
    if rules.places is not None:
        return {
            "places": list(places_of(entry.cards, scored.winner)),
            "amounts": list(scored.penalties),
            "heavy": is_heavy(entry.cards, rules.places),
            "house": scored.house,
        }
    if rules.twos_double and entry.twos is not None:
        return {
            "doubling": [
                {"base": penalty(cards_left, rules.tiers), "twos": twos_held}
                if twos_held and index != scored.winner
                else None
                for index, (cards_left, twos_held) in enumerate(zip(entry.cards, entry.twos, strict=True))
            ]
        }
    return {}
