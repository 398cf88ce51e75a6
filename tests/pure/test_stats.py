"""The evening's story per player, against rounds/rules/stats.py."""

from decimal import Decimal

from rounds.rules.ruleset import CLASSIC_TIERS, Mode, RoundRules
from rounds.rules.scoring import RoundEntry, score_round
from rounds.rules.stats import PlayerStats, player_stats

NAMES = ["Ann", "Ben", "Cat", "Dan"]
A, B, C, D = range(4)


def test_player_stats_count_wins_worst_hands_and_thirteen_card_disasters():
    rules = RoundRules(mode=Mode.POINTS, tiers=CLASSIC_TIERS)
    entries = [RoundEntry(cards=cards) for cards in [(5, 0, 11, 13), (0, 10, 2, 13), (3, 3, 0, 9)]]
    rounds = [(entry, score_round(entry, NAMES, rules)) for entry in entries]
    assert player_stats(rounds, 4) == [
        PlayerStats(rounds_won=1, worst_hand=5, thirteen_card_rounds=0, average_penalty=Decimal("2.7")),
        PlayerStats(rounds_won=1, worst_hand=10, thirteen_card_rounds=0, average_penalty=Decimal("7.7")),
        PlayerStats(rounds_won=1, worst_hand=11, thirteen_card_rounds=0, average_penalty=Decimal("8.0")),
        PlayerStats(rounds_won=0, worst_hand=13, thirteen_card_rounds=2, average_penalty=Decimal("29.0")),
    ]


def test_player_stats_before_the_first_round():
    assert player_stats([], 2) == [PlayerStats(0, 0, 0, Decimal("0.0"))] * 2
