"""The evening as a whole (SPEC 4) as pure functions: totals, standings, the end, who deals
and leads next, and the running sums a session keeps (Tally)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rounds.rules.ruleset import Mode
from rounds.rules.scoring import ScoredRound
from rounds.rules.settlement import pairwise_points


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


def session_totals(rounds: Sequence[ScoredRound], player_count: int) -> list[int]:
    totals = [0] * player_count
    for scored in rounds:
        for index, score in enumerate(scored.scores):
            totals[index] += score
    return totals


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    total: int


def standings(totals: Sequence[int], mode: Mode) -> list[Standing]:
    """Best first (lowest total in Points, highest otherwise); ties share a rank."""
    sign = 1 if mode.lowest_wins else -1
    order = sorted(range(len(totals)), key=lambda index: (sign * totals[index], index))
    ranked = []
    for index in order:
        better = sum(1 for other in totals if sign * other < sign * totals[index])
        ranked.append(Standing(player=index, rank=better + 1, total=totals[index]))
    return ranked


def end_reached(
    *,
    rounds_played: int,
    totals: Sequence[int],
    mode: Mode,
    rounds_limit: int | None,
    target: int | None,
) -> bool:
    """A fixed length is played out, or (Points) someone reached the target."""
    if rounds_limit is not None and rounds_played >= rounds_limit:
        return True
    return target is not None and mode is Mode.POINTS and max(totals, default=0) >= target


def target_losers(totals: Sequence[int], target: int | None) -> list[int]:
    """Who lost to the target: the highest total among those who crossed it (ties share)."""
    if target is None:
        return []
    crossed = [total for total in totals if total >= target]
    if not crossed:
        return []
    return [index for index, total in enumerate(totals) if total == max(crossed)]


def points_to_target(totals: Sequence[int], target: int | None) -> list[int] | None:
    """How many points each player may still take before reaching the target (0 once there)."""
    if target is None:
        return None
    return [max(0, target - total) for total in totals]


@dataclass(frozen=True)
class NextRound:
    number: int
    leader: int | None
    dealer: int
    direction: Direction


def next_round(*, rounds_played: int, seats: Sequence[int], last_winner: int | None) -> NextRound:
    """Who deals and leads the next round, and which way play goes (seeds 001, 002).

    `seats[i]` is player i's seat, numbered clockwise from 0. The dealer moves one
    seat clockwise each round; the previous winner leads (3 of diamonds in round 1);
    direction alternates, clockwise in odd rounds.
    """
    number = rounds_played + 1
    dealer_seat = (number - 1) % len(seats)
    return NextRound(
        number=number,
        leader=last_winner if rounds_played else None,
        dealer=list(seats).index(dealer_seat),
        direction=Direction.CLOCKWISE if number % 2 else Direction.COUNTERCLOCKWISE,
    )


@dataclass(frozen=True)
class Tally:
    """A session's running sums, kept as rounds come and go: the totals, the pairwise table and
    what each player gave the house (paying by place, SPEC 3.6).

    All are sums over rounds, so a write adds its round's share and takes back the
    share of the round it replaced, and never needs the other rounds.
    """

    totals: tuple[int, ...]
    pairwise: tuple[tuple[int, ...], ...]
    house: tuple[int, ...] = ()

    @classmethod
    def empty(cls, player_count: int) -> Tally:
        return cls(
            totals=(0,) * player_count,
            pairwise=((0,) * player_count,) * player_count,
            house=(0,) * player_count,
        )

    @classmethod
    def of(cls, rounds: Sequence[ScoredRound], player_count: int) -> Tally:
        house = [0] * player_count
        for scored in rounds:
            house[scored.winner] += scored.house
        return cls(
            totals=tuple(session_totals(rounds, player_count)),
            pairwise=tuple(tuple(row) for row in pairwise_points(rounds, player_count)),
            house=tuple(house),
        )

    @property
    def house_total(self) -> int:
        return sum(self.house)

    def plus(self, scored: ScoredRound | None, sign: int = 1) -> Tally:
        if scored is None:
            return self
        share = Tally.of([scored], len(self.totals))
        return Tally(
            totals=tuple(
                total + sign * score for total, score in zip(self.totals, share.totals, strict=True)
            ),
            pairwise=tuple(
                tuple(points + sign * added for points, added in zip(row, added_row, strict=True))
                for row, added_row in zip(self.pairwise, share.pairwise, strict=True)
            ),
            house=tuple(
                given + sign * added
                for given, added in zip(self.house or (0,) * len(self.totals), share.house, strict=True)
            ),
        )

    def minus(self, scored: ScoredRound | None) -> Tally:
        return self.plus(scored, -1)
