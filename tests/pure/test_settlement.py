"""Every worked number of SPEC 6 (wager and settlement), against rounds/rules/settlement.py."""

from decimal import Decimal

from rounds.rules.ruleset import FLAT_TIERS, Mode, RoundRules
from rounds.rules.scoring import RoundEntry, score_round
from rounds.rules.settlement import (
    difference_matrix,
    fewest_transfers,
    pairwise_points,
    settle,
    to_cents_keeping_sum,
)

NAMES = ["Ann", "Ben", "Cat", "Dan"]
A, B, C, D = range(4)


def test_points_settlement_example_nets():
    settlement = settle(difference_matrix([30, 12, 45, 20]), Decimal("0.50"))
    assert settlement.net == [Decimal("-6.50"), Decimal("29.50"), Decimal("-36.50"), Decimal("13.50")]


def test_points_settlement_example_transfers():
    settlement = settle(difference_matrix([30, 12, 45, 20]), Decimal("0.50"))
    assert [(t.payer, t.payee, t.amount) for t in settlement.transfers] == [
        (C, B, Decimal("29.50")),
        (C, D, Decimal("7.00")),
        (A, D, Decimal("6.50")),
    ]


def test_points_settlement_pairwise_table():
    settlement = settle(difference_matrix([30, 12, 45, 20]), Decimal("0.50"))
    assert settlement.pairwise[B] == [Decimal("9.00"), Decimal("0.00"), Decimal("16.50"), Decimal("4.00")]
    assert sum(settlement.pairwise[C], Decimal(0)) == settlement.net[C]


def test_zero_sum_settlement_follows_the_points():
    rules = RoundRules(mode=Mode.WINNER_TAKES_ALL, tiers=FLAT_TIERS)
    scored = [score_round(RoundEntry(cards=(5, 0, 11, 13)), NAMES, rules)]

    settlement = settle(pairwise_points(scored, 4), Decimal("0.50"))
    assert settlement.net == [Decimal("-2.50"), Decimal("14.50"), Decimal("-5.50"), Decimal("-6.50")]


def test_sub_cent_values_never_create_or_lose_a_cent():
    net = to_cents_keeping_sum([Decimal("0.125"), Decimal("-0.125"), Decimal("0.375"), Decimal("-0.375")])
    assert sum(net, Decimal(0)) == 0
    assert net == [Decimal("0.13"), Decimal("-0.13"), Decimal("0.38"), Decimal("-0.38")]


def test_thirds_of_a_cent_round_to_a_zero_sum():
    exact = [Decimal("-0.0066"), Decimal("0.0033"), Decimal("0.0033")]
    settlement = settle(difference_matrix([1, 0, 0]), Decimal("0.0033"))
    assert sum(settlement.net, Decimal(0)) == 0
    assert all(
        abs(net - precise) < Decimal("0.01") for net, precise in zip(settlement.net, exact, strict=True)
    )


def test_everyone_square_needs_no_transfer():
    assert fewest_transfers([Decimal(0)] * 4) == []
