"""groups/rules/skill.py without Django: ranks by cards left, ties, order, ranking from 30 rounds."""

import subprocess
import sys
from pathlib import Path

import pytest

from groups.rules.skill import RANKED_FROM, RatedRound, ranks_of, rate

ROOT = Path(__file__).resolve().parent.parent.parent


def test_ranks_follow_cards_left_and_ties_share_a_rank():
    assert ranks_of([0, 5, 5, 9]) == [1, 2, 2, 4]
    assert ranks_of([7, 0, 7, 7]) == [2, 1, 2, 2]
    assert ranks_of([3, 0]) == [2, 1]


def test_tied_players_move_alike_and_the_winner_gains():
    ratings = rate([RatedRound(("A", "B", "C", "D"), (0, 5, 5, 9))]).players
    assert ratings["B"] == ratings["C"]
    assert ratings["A"].mu > 25 > ratings["D"].mu
    assert ratings["A"].ordinal == ratings["A"].mu - 3 * ratings["A"].sigma


def test_the_order_of_rounds_matters_and_the_same_order_repeats():
    rounds = [RatedRound(("A", "B", "C"), (0, 4, 9)), RatedRound(("A", "B", "C"), (6, 0, 2))]
    assert rate(rounds) == rate(list(rounds))
    assert rate(rounds).players["A"] != rate(rounds[::-1]).players["A"]


def test_ranked_from_30_rounds_and_the_history_keeps_one_point_a_step():
    rounds = [RatedRound(("A", "B"), (0, 3), step=1 + number // 10) for number in range(RANKED_FROM - 1)]
    ratings = rate(rounds)
    assert not ratings.players["A"].ranked
    assert ratings.players["A"].rounds_to_ranked == 1
    assert [step for step, _ordinal in ratings.history["A"]] == [1, 2, 3]
    assert ratings.history["A"][-1][1] == ratings.players["A"].ordinal
    assert rate([*rounds, RatedRound(("A", "B"), (3, 0), step=3)]).players["B"].ranked


@pytest.mark.parametrize(
    "module", ["groups.rules.skill", "rounds.rules.recap_lines", "rounds.rules.recap_image"]
)
def test_the_rating_and_the_recap_drawing_import_without_django(module):
    script = f"import sys, {module}; print(sorted(name for name in sys.modules if name.startswith('django')))"
    loaded = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"
