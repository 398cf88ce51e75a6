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
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from rounds.rules.names import alphabetical

# Head to head names a rival or a nemesis only over this many shared games.
MIN_SHARED_GAMES: Final = 3
RATE_PLACES: Final = Decimal("0.01")
FIGURES: Final = ("evenings", "games", "wins", "fries", "real_losses", "net_score")
# What a Tiến lên hand adds per player (SPEC 14.4): shown where a season has such hands.
TIEN_LEN_FIGURES: Final = ("firsts", "lasts", "killed", "instant_wins")
RATES: Final = ("wins", "fries", "real_losses", "net_score")


@dataclass(frozen=True)
class SeasonRound:
    cards: tuple[int, ...]
    real_losses: tuple[int, ...]  # the penalty each player finally bore (SPEC 3.5)
    fry_from: int | None  # cards left from which a hand is fried: the second tier; None with one tier
    # A Tiến lên hand (cards empty): each player's rank (1 the first; the killed share the last),
    # who was killed and who won on the deal.
    ranks: tuple[int, ...] = ()
    killed: tuple[int, ...] = ()
    instant: int | None = None

    @property
    def places(self) -> tuple[int, ...]:
        """What ranks the players in this hand, lowest first: the cards left, or a Tiến lên rank;
        nothing for typed scores, which Skill leaves out."""
        return self.ranks or self.cards


@dataclass(frozen=True)
class Evening:
    session: int
    played_on: date
    players: tuple[int, ...]  # group player id per player index
    rounds: tuple[SeasonRound, ...]
    pairwise: tuple[tuple[int, ...], ...]
    money: tuple[Decimal, ...] | None = None  # each player's net in the session's currency
    currency: str = ""
    house: tuple[int, ...] = ()  # what each player gave the house (paying by place, SPEC 3.6)
    # The club night this is a table of (SPEC 13): a night's tables count as one evening.
    night: Hashable | None = None

    @property
    def unit(self) -> tuple[str, Hashable]:
        """What counts as one evening: the session, or the club night it is a table of."""
        return ("evening", self.session) if self.night is None else ("night", self.night)

    def net_score(self, index: int) -> int:
        """The player's net: their pairwise row (points in from and out to the others), less
        what they gave the house, so it is the sum of their round scores in zero-sum modes."""
        given = self.house[index] if self.house else 0
        return (sum(self.pairwise[index]) if self.pairwise else 0) - given


@dataclass(frozen=True)
class PlayerLine:
    player: int
    evenings: int = 0
    games: int = 0
    wins: int = 0
    fries: int = 0
    real_losses: int = 0
    net_score: int = 0
    firsts: int = 0
    lasts: int = 0
    killed: int = 0
    instant_wins: int = 0

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
    evenings: list[Evening]  # oldest first (a club night's tables one after another)
    # Per player seated in these evenings: (step, net after it) where the line bends, from (0, 0);
    # step n is the n-th evening (a club night is one). Between two points the net is flat, then
    # moves in the last step.
    running_net: dict[int, list[tuple[int, int]]]
    steps: list[int] = field(default_factory=list)  # the step of each of `evenings`, from 1
    days: list[date] = field(default_factory=list)  # the day of each step
    money: dict[int, dict[str, Decimal]] = field(default_factory=dict)
    # Every pair seen from each side, and each player's pairs: built once, read in O(1) and O(degree).
    pairs: dict[tuple[int, int], HeadToHead] = field(default_factory=dict, repr=False)
    by_player: dict[int, list[HeadToHead]] = field(default_factory=dict, repr=False)

    def pair(self, player: int, other: int) -> HeadToHead | None:
        """The pair as seen from `player` (net: what `player` gained from `other`)."""
        return self.pairs.get((player, other))

    def opponents(self, player: int) -> list[HeadToHead]:
        return self.by_player.get(player, [])

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


def by_name(player: int, names: Mapping[int, str] | None) -> tuple[tuple[str, str], int]:
    return (alphabetical((names or {}).get(player, "")), player)


def is_fried(cards_left: int, fry_from: int | None) -> bool:
    return fry_from is not None and cards_left >= fry_from


def in_order(evenings: Iterable[Evening]) -> list[Evening]:
    """Oldest first: by day, then by session; a club night's tables together, where its first
    table falls, in the order they were drawn (event round, then table)."""
    evenings = list(evenings)
    first: dict[tuple[str, Hashable], int] = {}
    for evening in evenings:
        first[evening.unit] = min(evening.session, first.get(evening.unit, evening.session))
    return sorted(evenings, key=lambda evening: (evening.played_on, first[evening.unit], evening.session))


def season_of(evenings: Iterable[Evening]) -> Season:
    """Every SPEC 10 figure over these evenings, in time linear in the seats and rounds played."""
    ordered = in_order(evenings)
    figures: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys((*FIGURES, *TIEN_LEN_FIGURES), 0))
    totals: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    running: dict[int, list[tuple[int, int]]] = {}
    money: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    attended: set[tuple[int, tuple[str, Hashable]]] = set()
    steps: list[int] = []
    days: list[date] = []
    for position, evening in enumerate(ordered):
        if not position or evening.unit != ordered[position - 1].unit:
            days.append(evening.played_on)
        step = len(days)
        steps.append(step)
        add_evening(evening, figures, totals, attended)
        for index, player in enumerate(evening.players):
            line = running.setdefault(player, [(0, 0)])
            last_step, last_net = line[-1]
            if last_step < step - 1:
                line.append((step - 1, last_net))  # flat until the evening before this one
            if last_step == step:
                line.pop()  # another table of the same night
            line.append((step, last_net + evening.net_score(index)))
            if evening.money is not None and evening.rounds:
                money[player][evening.currency] += evening.money[index]
    lines = [PlayerLine(player=player, **counts) for player, counts in sorted(figures.items())]
    head_to_head = [
        HeadToHead(first=first, second=second, games=games, net=net)
        for (first, second), (games, net) in sorted(totals.items())
    ]
    pairs: dict[tuple[int, int], HeadToHead] = {}
    by_player: dict[int, list[HeadToHead]] = defaultdict(list)
    for pair in head_to_head:
        other_side = HeadToHead(first=pair.second, second=pair.first, games=pair.games, net=-pair.net)
        for seen in (pair, other_side):
            pairs[seen.first, seen.second] = seen
            by_player[seen.first].append(seen)
    return Season(
        lines=[line for line in lines if line.games],
        head_to_head=head_to_head,
        evenings=ordered,
        running_net=running,
        steps=steps,
        days=days,
        money={player: dict(by_currency) for player, by_currency in sorted(money.items())},
        pairs=pairs,
        by_player=dict(by_player),
    )


def add_evening(
    evening: Evening,
    figures: dict[int, dict[str, int]],
    totals: dict[tuple[int, int], list[int]],
    attended: set[tuple[int, tuple[str, Hashable]]] | None = None,
) -> None:
    """One evening into each seated player's figures and each pair's games and net (one pass).
    `attended`: the (player, evening or night) already counted, so a night counts once a player."""
    games = len(evening.rounds)
    attended = set() if attended is None else attended
    for index, player in enumerate(evening.players):
        line = figures[player]
        if games and (player, evening.unit) not in attended:
            attended.add((player, evening.unit))
            line["evenings"] += 1
        line["games"] += games
        line["net_score"] += evening.net_score(index)
        for round_ in evening.rounds:
            line["real_losses"] += round_.real_losses[index]
            if round_.ranks:
                add_tien_len(line, round_, index)
                continue
            if not round_.cards:  # typed scores (SPEC 15): counted in net and games only
                continue
            cards_left = round_.cards[index]
            line["wins"] += cards_left == 0
            line["fries"] += is_fried(cards_left, round_.fry_from)
    if not games:
        return
    for index, player in enumerate(evening.players):
        for other_index, other in enumerate(evening.players):
            if player < other:
                pair = totals[player, other]
                pair[0] += games
                pair[1] += evening.pairwise[index][other_index] if evening.pairwise else 0


def add_tien_len(line: dict[str, int], round_: SeasonRound, index: int) -> None:
    """A Tiến lên hand's figures for one player: a first is a win; the last rank, killed, instant."""
    rank = round_.ranks[index]
    line["wins"] += rank == 1
    line["firsts"] += rank == 1
    line["lasts"] += rank == max(round_.ranks) and rank != 1
    line["killed"] += index in round_.killed
    line["instant_wins"] += round_.instant == index


SORTABLE: Final = ("name", "rating", *FIGURES, *TIEN_LEN_FIGURES, *(f"{figure}_per_game" for figure in RATES))


def sort_key(
    line: PlayerLine, column: str, names: dict[int, str], ratings: Mapping[int, tuple[bool, float]]
) -> tuple:
    if column == "rating":  # the ranked first, then by ordinal (groups/rules/skill.py)
        ranked, ordinal = ratings.get(line.player, (False, float("-inf")))
        return (ranked, ordinal, line.player)
    if column == "name":
        return (alphabetical(names.get(line.player, "")), line.player)
    if column.endswith("_per_game"):
        rate = line.per_game(column.removesuffix("_per_game"))
        return (rate if rate is not None else Decimal("-Infinity"), line.player)
    return (getattr(line, column), line.player)


def sorted_lines(
    lines: Sequence[PlayerLine],
    column: str,
    *,
    descending: bool,
    names: dict[int, str],
    ratings: Mapping[int, tuple[bool, float]] | None = None,
) -> list[PlayerLine]:
    """The season table by any column; an unknown column sorts by net score, highest first.
    `ratings`: per player, (ranked, ordinal), for the rating column."""
    if column not in SORTABLE:
        column, descending = "net_score", True
    return sorted(lines, key=lambda line: sort_key(line, column, names, ratings or {}), reverse=descending)


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
