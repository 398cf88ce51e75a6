"""The season of a group (SPEC 10) as pure functions: no Django here.

An evening comes in as it is stored: which group player sat in each seat index, its rounds
(cards left, real losses, the hand count that fries) and the session's pairwise points (row i:
what player i received from each player, before netting). The pairwise table is what makes the
net score right in every mode: in a zero-sum mode a row sums to the player's total, and in
Points mode it holds the score differences, so a row sums to `Σ_j T_j − n·T_i` (SPEC 6).
"""

from __future__ import annotations

import calendar
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

# Head to head names a rival or a nemesis only over this many shared games.
MIN_SHARED_GAMES: Final = 3
RATE_PLACES: Final = Decimal("0.01")
FIGURES: Final = ("evenings", "games", "wins", "fries", "real_losses", "net_score")
RATES: Final = ("wins", "fries", "real_losses", "net_score")


@dataclass(frozen=True)
class SeasonRound:
    cards: tuple[int, ...]
    real_losses: tuple[int, ...]  # the penalty each player finally bore (SPEC 3.5)
    fry_from: int | None  # cards left from which a hand is fried: the second tier; None with one tier


@dataclass(frozen=True)
class Evening:
    session: int
    played_on: date
    players: tuple[int, ...]  # group player id per player index
    rounds: tuple[SeasonRound, ...]
    pairwise: tuple[tuple[int, ...], ...]
    money: tuple[Decimal, ...] | None = None  # each player's net in the session's currency
    currency: str = ""


@dataclass(frozen=True)
class PlayerLine:
    player: int
    evenings: int = 0
    games: int = 0
    wins: int = 0
    fries: int = 0
    real_losses: int = 0
    net_score: int = 0

    def per_game(self, figure: str) -> Decimal | None:
        """A figure per round played, to two places; None before any game."""
        if not self.games:
            return None
        return (Decimal(getattr(self, figure)) / self.games).quantize(RATE_PLACES, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class HeadToHead:
    """A pair: rounds played at the same table, and the points `first` gained from `second`."""

    first: int
    second: int
    games: int
    net: int


@dataclass(frozen=True)
class Season:
    lines: list[PlayerLine]  # players with at least one game, by group player id
    head_to_head: list[HeadToHead]  # each pair that shared a game once, first < second
    evenings: list[Evening]  # oldest first
    running_net: dict[int, list[int]]  # per player: net after each evening (0 before the first)
    money: dict[int, dict[str, Decimal]] = field(default_factory=dict)

    def pair(self, player: int, other: int) -> HeadToHead | None:
        """The pair as seen from `player` (net: what `player` gained from `other`)."""
        for pair in self.head_to_head:
            if (pair.first, pair.second) == (player, other):
                return pair
            if (pair.first, pair.second) == (other, player):
                return HeadToHead(first=player, second=other, games=pair.games, net=-pair.net)
        return None

    def opponents(self, player: int) -> list[HeadToHead]:
        seen = [line.player for line in self.lines if line.player != player]
        return [pair for other in seen if (pair := self.pair(player, other)) is not None]

    def rival(self, player: int, names: Mapping[int, str] | None = None) -> int | None:
        """Whom `player` played most games with (at least MIN_SHARED_GAMES). Ties go to the one
        who took more points from them, then by name: never by when a player joined the group."""
        shared = [pair for pair in self.opponents(player) if pair.games >= MIN_SHARED_GAMES]
        if not shared:
            return None
        return min(shared, key=lambda pair: (-pair.games, pair.net, by_name(pair.second, names))).second

    def nemesis(self, player: int, names: Mapping[int, str] | None = None) -> int | None:
        """Whom `player` lost most points to (at least MIN_SHARED_GAMES together, and a loss).
        Ties go to the one they played more, then by name."""
        lost = [pair for pair in self.opponents(player) if pair.games >= MIN_SHARED_GAMES and pair.net < 0]
        if not lost:
            return None
        return min(lost, key=lambda pair: (pair.net, -pair.games, by_name(pair.second, names))).second


def by_name(player: int, names: Mapping[int, str] | None) -> tuple[str, int]:
    return ((names or {}).get(player, "").casefold(), player)


def is_fried(cards_left: int, fry_from: int | None) -> bool:
    return fry_from is not None and cards_left >= fry_from


def season_of(evenings: Iterable[Evening]) -> Season:
    """Every SPEC 10 figure over these evenings."""
    ordered = sorted(evenings, key=lambda evening: (evening.played_on, evening.session))
    figures: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(FIGURES, 0))
    pairs: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    running: dict[int, list[int]] = {}
    money: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    net_so_far: dict[int, int] = defaultdict(int)
    for step, evening in enumerate(ordered):
        add_evening(evening, figures, pairs)
        for index, player in enumerate(evening.players):
            net_so_far[player] += sum(evening.pairwise[index]) if evening.pairwise else 0
            running.setdefault(player, [0] * (step + 1))
            if evening.money is not None and evening.rounds:
                money[player][evening.currency] += evening.money[index]
        for player, line in running.items():
            line.append(net_so_far[player])
    lines = [PlayerLine(player=player, **counts) for player, counts in sorted(figures.items())]
    return Season(
        lines=[line for line in lines if line.games],
        head_to_head=[
            HeadToHead(first=first, second=second, games=games, net=net)
            for (first, second), (games, net) in sorted(pairs.items())
        ],
        evenings=ordered,
        running_net=running,
        money={player: dict(by_currency) for player, by_currency in sorted(money.items())},
    )


def add_evening(
    evening: Evening, figures: dict[int, dict[str, int]], pairs: dict[tuple[int, int], list[int]]
) -> None:
    games = len(evening.rounds)
    for index, player in enumerate(evening.players):
        line = figures[player]
        if games:
            line["evenings"] += 1
        line["games"] += games
        line["net_score"] += sum(evening.pairwise[index]) if evening.pairwise else 0
        for round_ in evening.rounds:
            cards_left = round_.cards[index]
            line["wins"] += cards_left == 0
            line["fries"] += is_fried(cards_left, round_.fry_from)
            line["real_losses"] += round_.real_losses[index]
    for index, player in enumerate(evening.players):
        for other_index, other in enumerate(evening.players):
            if player < other and games:
                pair = pairs[player, other]
                pair[0] += games
                pair[1] += evening.pairwise[index][other_index] if evening.pairwise else 0


SORTABLE: Final = ("name", *FIGURES, *(f"{figure}_per_game" for figure in RATES))


def sort_key(line: PlayerLine, column: str, names: dict[int, str]) -> tuple:
    if column == "name":
        return (names.get(line.player, "").casefold(), line.player)
    if column.endswith("_per_game"):
        rate = line.per_game(column.removesuffix("_per_game"))
        return (rate if rate is not None else Decimal("-Infinity"), line.player)
    return (getattr(line, column), line.player)


def sorted_lines(
    lines: Sequence[PlayerLine], column: str, *, descending: bool, names: dict[int, str]
) -> list[PlayerLine]:
    """The season table by any column; an unknown column sorts by net score, highest first."""
    if column not in SORTABLE:
        column, descending = "net_score", True
    return sorted(lines, key=lambda line: sort_key(line, column, names), reverse=descending)


# --- Date ranges ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DateRange:
    start: date | None = None
    end: date | None = None  # inclusive

    def holds(self, day: date) -> bool:
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


ALL_DATES: Final = DateRange()


def this_month(today: date) -> DateRange:
    last = calendar.monthrange(today.year, today.month)[1]
    return DateRange(today.replace(day=1), today.replace(day=last))


def this_year(today: date) -> DateRange:
    return DateRange(date(today.year, 1, 1), date(today.year, 12, 31))
