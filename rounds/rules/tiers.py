"""Penalty tables as a table writes them down (SPEC 2): checking one as typed, and building
seed 002's house table. Pure; scoring.py applies a checked table to a hand."""

from __future__ import annotations

from typing import Final

from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.ruleset import MAX_CARDS, Tier, Tiers
from toolkit.messages import gettext_noop, ngettext_noop

MAX_RATE: Final = 1000


def validate_tiers(tiers: object) -> Tiers:
    """Check a penalty table and return it as a tuple of (from_cards, points_per_card)."""
    if not isinstance(tiers, (list, tuple)) or not tiers:
        raise ScoringError(
            gettext_noop("Penalty tiers: give at least one tier, starting at 1 card"), field="tiers"
        )
    if len(tiers) > MAX_CARDS:
        raise ScoringError(
            gettext_noop("Penalty tiers: at most 13 tiers, one per card count, not %(given)s"),
            field="tiers",
            given=len(tiers),
        )
    checked: list[Tier] = []
    for tier in tiers:
        if (
            not isinstance(tier, (list, tuple))
            or len(tier) != 2
            or not all(is_whole_number(number) for number in tier)
        ):
            raise ScoringError(
                gettext_noop(
                    "Penalty tiers: each tier is a pair of whole numbers [from cards, points per card]"
                ),
                field="tiers",
            )
        from_cards, rate = tier
        if not 1 <= from_cards <= MAX_CARDS:
            raise ScoringError(
                gettext_noop("Penalty tiers: a tier must start between 1 and 13 cards, not %(cards)s"),
                field="tiers",
                cards=from_cards,
            )
        if not 1 <= rate <= MAX_RATE:
            raise ScoringError(
                gettext_noop("Penalty tiers: points per card must be from 1 to 1000, not %(rate)s"),
                field="tiers",
                rate=rate,
            )
        if checked:
            previous_from, previous_rate = checked[-1]
            if from_cards <= previous_from:
                raise ScoringError(
                    ngettext_noop(
                        "Penalty tiers: the tier from %(cards)s card must start after the one from %(previous)s",
                        "Penalty tiers: the tier from %(cards)s cards must start after the one from %(previous)s",
                        "cards",
                    ),
                    field="tiers",
                    cards=from_cards,
                    previous=previous_from,
                )
            if rate <= previous_rate:
                raise ScoringError(
                    gettext_noop(
                        "Penalty tiers: the rate from %(cards)s cards (%(rate)s) must be higher than the one before (%(previous)s)"
                    ),
                    field="tiers",
                    cards=from_cards,
                    rate=rate,
                    previous=previous_rate,
                )
        elif from_cards != 1:
            raise ScoringError(
                gettext_noop("Penalty tiers: the first tier must start at 1 card"), field="tiers"
            )
        checked.append((from_cards, rate))
    return tuple(checked)


def house_tiers(
    base: int, *, higher: tuple[int, int] | None = None, all_thirteen: int | None = None
) -> Tiers:
    """Seed 002's house table: a base rate, an optional rate from k cards, an optional all-13 rate."""
    tiers: list[Tier] = [(1, base)]
    if higher is not None:
        from_cards, rate = higher
        if not 2 <= from_cards <= MAX_CARDS - 1:
            raise ScoringError(
                gettext_noop("Penalty tiers: the higher rate must start between 2 and 12 cards"),
                field="tiers",
            )
        tiers.append((from_cards, rate))
    if all_thirteen is not None:
        tiers.append((MAX_CARDS, all_thirteen))
    return validate_tiers(tiers)
