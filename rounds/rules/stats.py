"""The evening's story as pure functions: per player, rounds won, worst hand, 13-card rounds and
the average penalty; in Tiến lên, the hands come last, killed and won on the deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from rounds.rules.ruleset import MAX_CARDS
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.tien_len_hand import TienLenHand


@dataclass(frozen=True)
class PlayerStats:
    rounds_won: int
    worst_hand: int  # most cards left in one round
    thirteen_card_rounds: int  # caught with the whole hand
    average_penalty: Decimal  # per round played, to one decimal
    lasts: int = 0  # Tiến lên: hands at the last rank (bét; the killed share it)
    killed: int = 0  # Tiến lên: hands killed (cóng)
    instant_wins: int = 0  # Tiến lên: hands won on the deal (tới trắng)


def player_stats(rounds: Sequence[tuple[RoundEntry, ScoredRound]], player_count: int) -> list[PlayerStats]:
    """Per player: rounds won, worst hand, 13-card disasters and the average penalty; in Tiến lên
    the hands come last (as a season counts them: after an instant win, everybody but the winner),
    killed and won on the deal."""
    stats = []
    hands = [entry.hand for entry, _ in rounds if isinstance(entry.hand, TienLenHand)]
    for player in range(player_count):
        cards = [entry.cards[player] for entry, _ in rounds if entry.cards]  # a Tiến lên hand has none
        penalties = [scored.penalties[player] for _, scored in rounds]
        average = Decimal(sum(penalties)) / len(penalties) if penalties else Decimal(0)
        stats.append(
            PlayerStats(
                rounds_won=sum(1 for _, scored in rounds if scored.winner == player),
                worst_hand=max(cards, default=0),
                thirteen_card_rounds=cards.count(MAX_CARDS),
                average_penalty=average.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP),
                lasts=sum(1 for hand in hands if player in hand.lasts and hand.first != player),
                killed=sum(1 for hand in hands if player in hand.killed),
                instant_wins=sum(1 for hand in hands if hand.instant == player),
            )
        )
    return stats
