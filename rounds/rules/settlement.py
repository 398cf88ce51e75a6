"""Money (SPEC 6) as pure functions: who owes whom in points, then in Decimal to the cent,
and the fewest transfers that square everyone."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from rounds.rules.ruleset import Mode
from rounds.rules.scoring import ScoredRound

CENT: Final = Decimal("0.01")
# Money counted in whole units, with no decimals: đồng and rupiah. Their tables group the
# thousands with dots ("5.000" is five thousand đồng), and the pages write them that way.
WHOLE_UNIT_CURRENCIES: Final = frozenset({"VND", "IDR"})
# What a table types for its money when it types the symbol its own notes use, not the code:
# "Rp" (kept as "RP", a code's capitals) is the rupiah, "₫" and "VNĐ" the đồng.
CURRENCY_ALIASES: Final = {"RP": "IDR", "₫": "VND", "VNĐ": "VND"}
GROUPED_THOUSANDS: Final = re.compile(r"[1-9]\d{0,2}(?:([.,])\d{3})(?:\1\d{3})*")


def currency_code(currency: str) -> str:
    """The code a currency as kept stands for: "RP" is IDR, "₫" VND; anything else is itself."""
    return CURRENCY_ALIASES.get(currency, currency)


def whole_units_typed(text: str) -> Decimal | None:
    """An amount in whole units as it was typed with its thousands grouped ("5.000", "1.000.000",
    "25,000"): the number it stands for; None for anything else (read as a decimal)."""
    text = text.strip()
    return Decimal(re.sub(r"[.,]", "", text)) if GROUPED_THOUSANDS.fullmatch(text) else None


def difference_matrix(totals: Sequence[int]) -> list[list[int]]:
    """Points mode: player i receives T_j - T_i from each j (negative: i pays)."""
    return [[other - own for other in totals] for own in totals]


def pairwise_points(rounds: Sequence[ScoredRound], player_count: int) -> list[list[int]]:
    """Who owes whom in points before netting: row i is what i receives from each player.

    Points-mode rounds settle the score difference; zero-sum rounds settle their
    payments (so covering shows up where it was paid).
    """
    points_totals = [0] * player_count
    matrix = [[0] * player_count for _ in range(player_count)]
    for scored in rounds:
        if scored.mode is Mode.POINTS or (scored.mode is Mode.OWN_SCORES and not scored.payments):
            # By the differences: Points' lowest is best, typed scores' highest (a hand of own
            # scores that does not add up to 0; one that does settles its payments).
            sign = -1 if scored.mode is Mode.OWN_SCORES else 1
            for index, score in enumerate(scored.scores):
                points_totals[index] += sign * score
            continue
        for payment in scored.payments:
            assert payment.payee is not None
            matrix[payment.payee][payment.payer] += payment.amount
            matrix[payment.payer][payment.payee] -= payment.amount
    differences = difference_matrix(points_totals)
    return [
        [matrix[row][column] + differences[row][column] for column in range(player_count)]
        for row in range(player_count)
    ]


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    net: list[Decimal]
    pairwise: list[list[Decimal]]
    transfers: list[Transfer] = field(default_factory=list)


def to_cents_keeping_sum(amounts: Sequence[Decimal]) -> list[Decimal]:
    """Round to cents so the rounded amounts add up to the rounded sum, to the cent.

    Rounds half away from zero, then moves any cent the rounding created or lost
    onto the amounts it moved furthest (lowest index first on ties), so every
    amount stays within a cent of the exact one and no cent appears or vanishes.
    """
    rounded = [amount.quantize(CENT, rounding=ROUND_HALF_UP) for amount in amounts]
    target = sum(amounts, Decimal(0)).quantize(CENT, rounding=ROUND_HALF_UP)
    excess = int((sum(rounded, Decimal(0)) - target) / CENT)
    step = CENT if excess > 0 else -CENT
    moved_most = sorted(
        range(len(amounts)), key=lambda index: (-(rounded[index] - amounts[index]) * step, index)
    )
    for index in moved_most[: abs(excess)]:
        rounded[index] -= step
    return rounded


def fewest_transfers(net: Sequence[Decimal]) -> list[Transfer]:
    """Largest debtor pays largest creditor until everyone is square.

    Each step settles at least one player, so there are at most n-1 transfers; for
    up to four players that is also the fewest possible.
    """
    balance = list(net)
    transfers = []
    while True:
        debtor = min(range(len(balance)), key=lambda index: (balance[index], index))
        creditor = max(range(len(balance)), key=lambda index: (balance[index], -index))
        if balance[debtor] >= 0 or balance[creditor] <= 0:
            return transfers
        amount = min(-balance[debtor], balance[creditor])
        transfers.append(Transfer(payer=debtor, payee=creditor, amount=amount))
        balance[debtor] += amount
        balance[creditor] -= amount


def with_house(pairwise: Sequence[Sequence[int]], house: Sequence[int]) -> list[list[int]]:
    """The pairwise table with the house as one more party (last row and column): it received
    house[i] from player i (SPEC 3.6)."""
    rows = [[*row, -given] for row, given in zip(pairwise, house, strict=True)]
    return [*rows, [*house, 0]]


def settle(
    pairwise: Sequence[Sequence[int]], value_per_point: Decimal, *, house: Sequence[int] | None = None
) -> Settlement:
    """Turn the points each pair owes into money: nets, the pairwise table and transfers.

    With `house` (paying by place) the house is a party too: the last net, row and column.
    """
    if house is not None:
        pairwise = with_house(pairwise, house)
    exact_net = [sum(row) * value_per_point for row in pairwise]
    net = to_cents_keeping_sum(exact_net)
    # Half-up rounds away from zero, so the table stays antisymmetric.
    money_pairwise = [
        [(points * value_per_point).quantize(CENT, rounding=ROUND_HALF_UP) for points in row]
        for row in pairwise
    ]
    return Settlement(net=net, pairwise=money_pairwise, transfers=fewest_transfers(net))
