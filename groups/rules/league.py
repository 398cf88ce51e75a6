"""The club's league over its nights (SPEC 13) as pure functions: no Django here.

A night comes in as its standings ranked it (SPEC 11: net, then hands won, then fewer real
losses; equal on all three share a place). Place p earns `points[p - 1]` (0 past the list);
players sharing a place share the mean of the points of the places they fill. A player's league
points are the sum of their best `best_of` nights (all nights when None). The table is ordered by
league points, then net over the nights, then hands won; equal on all three share a place.

Points are kept exact (Fraction: two tied for 2nd of 10, 8, 6 earn 7 each; three tied can earn
thirds), and rounded only to be shown. Nothing is stored per night: a change of the club's
points re-ranks the whole season at once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Final

DEFAULT_POINTS: Final = (10, 8, 6, 5, 4, 3, 2, 1)
MAX_POINTS_PLACES: Final = 50
MAX_BEST_OF: Final = 100
SHOWN: Final = Decimal("0.01")


@dataclass(frozen=True)
class LeagueRules:
    points: tuple[Fraction, ...] = tuple(Fraction(value) for value in DEFAULT_POINTS)
    best_of: int | None = None

    def for_place(self, place: int) -> Fraction:
        return self.points[place - 1] if place <= len(self.points) else Fraction(0)

    def shared(self, place: int, sharing: int) -> Fraction:
        """What each of `sharing` players tied at `place` earns: the mean of the places they fill."""
        return sum((self.for_place(place + offset) for offset in range(sharing)), Fraction(0)) / sharing

    def to_json(self) -> dict:
        return {"points": [shown_number(value) for value in self.points], "best_of": self.best_of}


@dataclass(frozen=True)
class NightLine:
    """One player's night, as the night's standings have it."""

    player: Hashable
    place: int
    net: int
    hands: int
    wins: int


@dataclass(frozen=True)
class Night:
    night: Hashable
    played_on: date
    lines: tuple[NightLine, ...]


@dataclass
class LeagueLine:
    player: Hashable
    nights: int = 0
    hands: int = 0
    wins: int = 0
    net: int = 0
    points: Fraction = Fraction(0)
    counted: list[Fraction] = field(default_factory=list)  # the night points summed, best first
    place: int = 0


def night_points(night: Night, rules: LeagueRules) -> dict[Hashable, Fraction]:
    """Each player's points for the night by their place, shared places sharing their points."""
    sharing = defaultdict(int)
    for line in night.lines:
        sharing[line.place] += 1
    return {line.player: rules.shared(line.place, sharing[line.place]) for line in night.lines}


def league_table(nights: Iterable[Night], rules: LeagueRules) -> list[LeagueLine]:
    """Every player who came to a night, best first, with their place."""
    lines: dict[Hashable, LeagueLine] = {}
    earned: dict[Hashable, list[Fraction]] = defaultdict(list)
    for night in nights:
        points = night_points(night, rules)
        for line in night.lines:
            league = lines.setdefault(line.player, LeagueLine(player=line.player))
            league.nights += 1
            league.hands += line.hands
            league.wins += line.wins
            league.net += line.net
            earned[line.player].append(points[line.player])
    for player, league in lines.items():
        best = sorted(earned[player], reverse=True)
        league.counted = best if rules.best_of is None else best[: rules.best_of]
        league.points = sum(league.counted, Fraction(0))
    return placed(lines.values())


def placed(lines: Iterable[LeagueLine]) -> list[LeagueLine]:
    order = sorted(lines, key=lambda line: (-line.points, -line.net, -line.wins))
    for position, line in enumerate(order):
        before = order[position - 1] if position else None
        tied = before is not None and (before.points, before.net, before.wins) == (
            line.points,
            line.net,
            line.wins,
        )
        line.place = before.place if tied else position + 1
    return order


def shown_number(value: Fraction) -> int | float:
    """A number as JSON shows it: whole as an int, else rounded half up to two decimals."""
    if value.denominator == 1:
        return int(value)
    return float(
        (Decimal(value.numerator) / Decimal(value.denominator)).quantize(SHOWN, rounding=ROUND_HALF_UP)
    )
