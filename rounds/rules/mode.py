"""The ways a round is scored (SPEC 3): a setting says in which of them it plays (setting.py)."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    POINTS = "points"
    WINNER_TAKES_ALL = "winner_takes_all"
    PAY_DIFFERENCE = "pay_difference"
    BY_PLACE = "by_place"  # SPEC 3.6: places pay fixed amounts; zero-sum with the house

    @property
    def zero_sum(self) -> bool:
        return self is not Mode.POINTS

    @property
    def lowest_wins(self) -> bool:
        return self is Mode.POINTS
