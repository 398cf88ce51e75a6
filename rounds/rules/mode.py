"""The ways a round is scored (SPEC 3, 14): a setting says in which of them it plays (setting.py).

Big Two's four modes score a hand by the cards left; Tiến lên (SPEC 14) scores it by the
finishing order, a game of its own: a session's `game` is Tiến lên exactly when its mode is.
"""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    BIG_TWO = "big_two"
    TIEN_LEN = "tien_len"


class Mode(StrEnum):
    POINTS = "points"
    WINNER_TAKES_ALL = "winner_takes_all"
    PAY_DIFFERENCE = "pay_difference"
    BY_PLACE = "by_place"  # SPEC 3.6: places pay fixed amounts; zero-sum with the house
    TIEN_LEN = "tien_len"  # SPEC 14: by finishing order, the game's own rules (tien_len.py)
    OWN_SCORES = "own_scores"  # SPEC 15: each player's score typed, the table's own rules

    @property
    def zero_sum(self) -> bool:
        return self is not Mode.POINTS

    @property
    def by_cards(self) -> bool:
        """Scored from the cards left (tiers, 2s, covering and the doublings apply)."""
        return self not in {Mode.TIEN_LEN, Mode.OWN_SCORES}

    @property
    def lowest_wins(self) -> bool:
        return self is Mode.POINTS

    @property
    def game(self) -> Game:
        return Game.TIEN_LEN if self is Mode.TIEN_LEN else Game.BIG_TWO


BIG_TWO_MODES = frozenset(Mode) - {Mode.TIEN_LEN}
BY_CARDS = frozenset(mode for mode in Mode if mode.by_cards)  # what tiers, covering, ♠2 and bombs need
