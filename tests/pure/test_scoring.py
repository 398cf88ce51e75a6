"""Every worked number of SPEC sections 1-3, against rounds/rules/scoring.py (and tiers.py)."""

import pytest

from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import CLASSIC_TIERS, FLAT_TIERS, CoveringStyle, Mode, RoundRules
from rounds.rules.scoring import (
    Payment,
    RoundEntry,
    Twos,
    apply_covering,
    penalty,
    real_losses,
    round_payments,
    score_round,
    validate_round,
)
from rounds.rules.tiers import house_tiers, validate_tiers

NAMES = ["Ann", "Ben", "Cat", "Dan"]
A, B, C, D = range(4)
HOUSE = house_tiers(2, higher=(8, 3), all_thirteen=5)


def scores(
    cards,
    mode,
    tiers=FLAT_TIERS,
    covering=None,
    twos=None,
    points_per_two=None,
    style=CoveringStyle.PAYS_FOR_EVERYONE,
):
    rules = RoundRules(mode=mode, tiers=tiers, twos=Twos(points_per_two), covering_style=style)
    entry = RoundEntry(cards=tuple(cards), twos=twos, covering=covering)
    return list(score_round(entry, NAMES, rules).scores)


# --- SPEC 2: penalty of one loser ------------------------------------------


@pytest.mark.parametrize(("cards_left", "expected"), [(9, 9), (10, 20), (12, 24), (13, 39)])
def test_classic_tiers_double_from_ten_and_triple_at_thirteen(cards_left, expected):
    assert penalty(cards_left, CLASSIC_TIERS) == expected


def test_flat_table_scores_one_a_card_even_for_thirteen():
    assert penalty(13, FLAT_TIERS) == 13


def test_house_tiers_are_base_two_three_from_eight_five_for_thirteen():
    assert HOUSE == ((1, 2), (8, 3), (13, 5))


def test_house_tiers_seven_cards_holding_one_two():
    assert penalty(7, HOUSE, twos_held=1, twos=Twos(points_per_two=4)) == 18


def test_house_tiers_eight_cards_reach_the_higher_rate():
    assert penalty(8, HOUSE, twos_held=0, twos=Twos(points_per_two=4)) == 24


def test_house_tiers_thirteen_cards_with_two_twos():
    assert penalty(13, HOUSE, twos_held=2, twos=Twos(points_per_two=4)) == 73


def test_highest_tier_reached_applies_to_every_card():
    assert penalty(11, ((1, 1), (5, 2), (10, 4))) == 44


def test_twos_count_nothing_when_the_rule_is_off():
    assert penalty(7, HOUSE, twos_held=2, twos=None) == 14


def test_tier_whose_rate_is_not_higher_is_refused():
    with pytest.raises(
        ScoringError, match=r"rate from 10 cards \(2\) must be higher than the one before \(2\)"
    ):
        validate_tiers([[1, 2], [10, 2]])


@pytest.mark.parametrize(
    ("tiers", "problem"),
    [
        ([], "at least one tier"),
        ([[2, 1]], "first tier must start at 1 card"),
        ([[1, 1], [14, 2]], "between 1 and 13 cards, not 14"),
        ([[1, 1], [10, 2], [9, 3]], "tier from 9 cards must start after the one from 10"),
        ([[1, 0]], "points per card must be from 1 to 1000, not 0"),
        ([[1, "1"]], "pair of whole numbers"),
        ("classic", "at least one tier"),
    ],
)
def test_bad_tiers_are_refused_with_the_problem(tiers, problem):
    with pytest.raises(ScoringError, match=problem) as refused:
        validate_tiers(tiers)
    assert refused.value.field == "tiers"


def test_house_higher_rate_must_start_between_two_and_twelve():
    with pytest.raises(ScoringError, match="between 2 and 12"):
        house_tiers(2, higher=(13, 3))


# --- SPEC 1: a valid round --------------------------------------------------


def test_valid_round_needs_no_change():
    entry = RoundEntry(cards=(5, 0, 11, 13))
    assert validate_round(entry, NAMES, RoundRules()) == entry


def test_fourteen_cards_is_more_than_a_hand():
    with pytest.raises(ScoringError) as refused:
        validate_round(RoundEntry(cards=(0, 14, 3, 4)), NAMES, RoundRules())
    assert str(refused.value) == "Ben: 14 cards is more than a hand"
    assert refused.value.player == B


def test_two_winners_are_named():
    with pytest.raises(ScoringError) as refused:
        validate_round(RoundEntry(cards=(0, 3, 0, 4)), NAMES, RoundRules())
    assert str(refused.value) == "Two winners: Ann and Cat both have 0 cards"
    assert refused.value.player == C


def test_three_winners_are_named():
    with pytest.raises(ScoringError, match="Three winners: Ann, Ben and Dan all have 0 cards"):
        validate_round(RoundEntry(cards=(0, 0, 5, 0)), NAMES, RoundRules())


def test_a_round_without_a_winner_is_refused():
    with pytest.raises(ScoringError, match="No winner"):
        validate_round(RoundEntry(cards=(1, 2, 3, 4)), NAMES, RoundRules())


@pytest.mark.parametrize("bad", [-1, 2.5, "3", None, True])
def test_cards_left_must_be_a_whole_number_from_zero_to_thirteen(bad):
    with pytest.raises(ScoringError, match=r"^Cat: cards left") as refused:
        validate_round(RoundEntry(cards=(0, 2, bad, 4)), NAMES, RoundRules())
    assert refused.value.player == C


def test_one_count_per_player():
    with pytest.raises(ScoringError, match=r"one count per player \(4\), not 3"):
        validate_round(RoundEntry(cards=(0, 2, 3)), NAMES, RoundRules())


def test_twos_fill_with_zeros_when_the_rule_is_on():
    rules = RoundRules(twos=Twos(points_per_two=4))
    assert validate_round(RoundEntry(cards=(0, 2, 3, 4)), NAMES, rules).twos == (0, 0, 0, 0)


def test_twos_held_cannot_exceed_cards_left():
    rules = RoundRules(twos=Twos(points_per_two=4))
    with pytest.raises(ScoringError, match=r"^Ben: 3 twos held, more than the cards left \(2\)$"):
        validate_round(RoundEntry(cards=(0, 2, 3, 4), twos=(0, 3, 0, 0)), NAMES, rules)


def test_at_most_four_twos_across_the_table():
    rules = RoundRules(twos=Twos(points_per_two=4))
    with pytest.raises(ScoringError, match="5 twos held across the table"):
        validate_round(RoundEntry(cards=(0, 2, 3, 4), twos=(0, 2, 2, 1)), NAMES, rules)


def test_twos_refused_when_the_session_does_not_count_them():
    with pytest.raises(ScoringError, match="does not count twos"):
        validate_round(RoundEntry(cards=(0, 2, 3, 4), twos=(0, 1, 0, 0)), NAMES, RoundRules())


def test_the_winner_cannot_be_covering():
    with pytest.raises(ScoringError, match="Ben: the winner cannot be covering"):
        validate_round(RoundEntry(cards=(5, 0, 11, 13), covering=B), NAMES, RoundRules())


def test_covering_must_name_a_player():
    with pytest.raises(ScoringError, match="Covering: pick one of the players"):
        validate_round(RoundEntry(cards=(5, 0, 11, 13), covering=7), NAMES, RoundRules())


# --- SPEC 3: modes ------------------------------------------------------------


def test_points_mode_classic_example():
    assert scores([5, 0, 11, 13], Mode.POINTS, CLASSIC_TIERS) == [5, 0, 22, 39]


def test_winner_takes_all_flat_example():
    assert scores([5, 0, 11, 13], Mode.WINNER_TAKES_ALL) == [-5, 29, -11, -13]


def test_pay_the_difference_seed_example():
    assert scores([3, 0, 1, 4], Mode.PAY_DIFFERENCE) == [-4, 8, 4, -8]


def test_pay_the_difference_pairs_as_payments():
    payments = round_payments([5, 0, 11, 13], B, Mode.PAY_DIFFERENCE)
    assert payments == [
        Payment(A, B, 5),
        Payment(C, A, 6),
        Payment(D, A, 8),
        Payment(C, B, 11),
        Payment(D, B, 13),
        Payment(D, C, 2),
    ]


def test_points_mode_pays_into_the_pot():
    assert round_payments([5, 0, 22, 39], B, Mode.POINTS) == [
        Payment(A, None, 5),
        Payment(C, None, 22),
        Payment(D, None, 39),
    ]


# --- SPEC 3.4: covering ------------------------------------------------------


def test_covering_in_winner_takes_all():
    assert scores([5, 0, 11, 13], Mode.WINNER_TAKES_ALL, covering=A) == [-29, 29, 0, 0]


def test_covering_in_pay_the_difference_drops_payments_to_the_coverer():
    payments = apply_covering(round_payments([5, 0, 11, 13], B, Mode.PAY_DIFFERENCE), A)
    assert payments == [Payment(A, B, 5), Payment(A, B, 11), Payment(A, B, 13), Payment(A, C, 2)]
    assert scores([5, 0, 11, 13], Mode.PAY_DIFFERENCE, covering=A) == [-31, 29, 2, 0]


def test_pay_the_difference_uncovered_example():
    assert scores([5, 0, 11, 13], Mode.PAY_DIFFERENCE) == [9, 29, -15, -23]


def test_covering_in_points_mode():
    assert scores([5, 0, 11, 13], Mode.POINTS, covering=A) == [29, 0, 0, 0]


@pytest.mark.parametrize("style", list(CoveringStyle))
@pytest.mark.parametrize("mode", [Mode.WINNER_TAKES_ALL, Mode.PAY_DIFFERENCE])
@pytest.mark.parametrize("covering", [None, A, C, D])
def test_zero_sum_modes_sum_to_zero_covered_or_not(mode, covering, style):
    assert sum(scores([5, 0, 11, 13], mode, CLASSIC_TIERS, covering=covering, style=style)) == 0


# --- SPEC 3.5: taking the whole loss --------------------------------------------

WHOLE_LOSS = CoveringStyle.TAKES_WHOLE_LOSS


def test_taking_the_whole_loss_in_pay_the_difference():
    # Penalties 5, 0, 11, 13 become 29, 0, 0, 0: A settles 29 with each of the others.
    assert scores([5, 0, 11, 13], Mode.PAY_DIFFERENCE, covering=A, style=WHOLE_LOSS) == [-87, 29, 29, 29]


def test_taking_the_whole_loss_in_winner_takes_all():
    assert scores([5, 0, 11, 13], Mode.WINNER_TAKES_ALL, covering=A, style=WHOLE_LOSS) == [-29, 29, 0, 0]


def test_taking_the_whole_loss_in_points_mode():
    assert scores([5, 0, 11, 13], Mode.POINTS, covering=A, style=WHOLE_LOSS) == [29, 0, 0, 0]


def test_taking_the_whole_loss_keeps_each_players_own_penalty_and_uses_tiers_and_twos():
    rules = RoundRules(Mode.PAY_DIFFERENCE, HOUSE, twos=Twos(points_per_two=4), covering_style=WHOLE_LOSS)
    entry = RoundEntry(cards=(7, 0, 8, 13), twos=(1, 0, 0, 2), covering=C)
    scored = score_round(entry, NAMES, rules)
    assert scored.penalties == (18, 0, 24, 73)  # own penalties, as SPEC 2 gives them
    assert scored.scores == (115, 115, -345, 115)  # C bears L = 115 against each of three


def test_the_style_changes_nothing_without_a_covering_player():
    for mode in Mode:
        assert scores([5, 0, 11, 13], mode, style=WHOLE_LOSS) == scores([5, 0, 11, 13], mode)


def test_two_players_pay_the_same_under_both_covering_rules():
    # With one loser there is nobody else to cover: the loser bears their own penalty either way.
    for style in CoveringStyle:
        rules = RoundRules(Mode.PAY_DIFFERENCE, FLAT_TIERS, covering_style=style)
        scored = score_round(RoundEntry(cards=(0, 9), covering=1), NAMES[:2], rules)
        assert scored.scores == (9, -9)


@pytest.mark.parametrize(
    ("covering", "expected"),
    [(None, (5, 0, 11, 13)), (A, (29, 0, 0, 0)), (C, (0, 0, 29, 0)), (D, (0, 0, 0, 29))],
)
def test_real_losses_are_own_penalties_or_the_whole_loss_on_the_covering_player(covering, expected):
    assert real_losses((5, 0, 11, 13), winner=B, covering=covering) == expected


def test_real_losses_are_the_same_under_both_covering_rules():
    for style in CoveringStyle:
        rules = RoundRules(Mode.PAY_DIFFERENCE, FLAT_TIERS, covering_style=style)
        scored = score_round(RoundEntry(cards=(5, 0, 11, 13), covering=D), NAMES, rules)
        assert real_losses(scored.penalties, winner=scored.winner, covering=D) == (0, 0, 0, 29)


def test_twos_rule_adds_to_the_penalty_in_winner_takes_all():
    result = scores([7, 0, 8, 13], Mode.WINNER_TAKES_ALL, HOUSE, twos=(1, 0, 0, 2), points_per_two=4)
    assert result == [-18, 18 + 24 + 73, -24, -73]
