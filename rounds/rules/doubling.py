"""锄大地's doublings (SPEC 15), on top of any Big Two mode's penalties: a loser still holding the
♠2 with the session's threshold of cards or more pays double, and every penalty of a hand doubles
for each bomb played in it (four of a kind or a straight flush, 0 to 4 a hand). No Django here.

Worked example (SPEC 15), 锄大地's tiers, winner takes all, A 9 B 0 C 10 D 4, C holds the ♠2, one
bomb: A 9 × 2 × 2 = 36, C 10 × 3 × 2 × 2 = 120, D 4 × 1 × 2 = 8; B takes 164.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rounds.rules.refusal import ScoringError, is_whole_number
from toolkit.messages import gettext_noop

MAX_BOMBS: Final = 4
DEFAULT_SPADE_TWO_FROM: Final = 8

SPADE_TWO_OFF: Final = gettext_noop("♠2 held: this session does not double for the ♠2")
SPADE_TWO_WHO: Final = gettext_noop(
    "♠2 held: give the index of the loser holding it (0 to %(last)s), or null"
)
SPADE_TWO_WINNER: Final = gettext_noop("%(name)s went out, so cannot be holding the ♠2")
BOMBS_OFF: Final = gettext_noop("Bombs: this session does not double for bombs")
BOMBS_RANGE: Final = gettext_noop(
    "Bombs: give the bombs played in the hand, a whole number from 0 to %(most)s"
)


def check_doublings(
    *,
    spade_two: object,
    bombs: object,
    winner: int,
    names: Sequence[str],
    threshold: int | None,
    bombs_on: bool,
) -> None:
    """Who holds the ♠2 is a loser at this table; the bombs 0 to 4; either only when switched on
    (`threshold`: the session's ♠2 threshold, None when off)."""
    if spade_two is not None:
        if threshold is None:
            raise ScoringError(SPADE_TWO_OFF, field="spade_two")
        if not is_whole_number(spade_two) or not 0 <= spade_two < len(names):  # type: ignore[operator]
            raise ScoringError(SPADE_TWO_WHO, field="spade_two", last=len(names) - 1)
        if spade_two == winner:
            raise ScoringError(SPADE_TWO_WINNER, field="spade_two", player=winner, name=names[winner])
    if not is_whole_number(bombs) or not 0 <= bombs <= MAX_BOMBS:  # type: ignore[operator]
        raise ScoringError(BOMBS_RANGE, field="bombs", most=MAX_BOMBS)
    if bombs and not bombs_on:
        raise ScoringError(BOMBS_OFF, field="bombs")


def doubled(
    penalties: Sequence[int],
    *,
    cards: Sequence[int],
    spade_two: int | None,
    bombs: int,
    threshold: int | None,
) -> tuple[int, ...]:
    """Each penalty × 2 for a ♠2 held with `threshold` cards or more, × 2 for each bomb of the hand."""
    holder = (
        spade_two
        if spade_two is not None and threshold is not None and cards[spade_two] >= threshold
        else None
    )
    return tuple(
        penalty * 2**bombs * (2 if index == holder else 1) for index, penalty in enumerate(penalties)
    )
