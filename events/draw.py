"""The draw of one event round (SPEC 11) as pure functions: no Django here.

Players are any hashable ids. A draw is a list of tables (each in seat order, shuffled) and
the players who sit out (byes). Tables hold 4, with tables of 3 only where the count needs
them; players sit out only when no split into 3s and 4s exists (5 players), and then the
ones who sat out least so far.

- random: the players shuffled into the tables;
- by_rank: places 1-4 at table 1, 5-8 at table 2 ... (ties in a random order);
- mixed: as few pairs that already met as the search finds, by local search with restarts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

SEATINGS: Final = ("random", "by_rank", "mixed")
MIN_TABLE: Final = 3
FULL_TABLE: Final = 4
# The mixed search plans this many rounds ahead (16 players: 5 rounds without a repeat exist), and
# its budget: swaps in all, restarts, swaps without a better plan before a restart, and how long a
# player just swapped stays put. 16 players over 4 rounds take a few hundred swaps.
PLAN_AHEAD: Final = 5
SEARCH_STEPS: Final = 4000
STEPS_PER_SEAT: Final = 10
RESTARTS: Final = 50
STALE_STEPS: Final = 400
TABU_STEPS: Final = 3

Player = Hashable
Pair = frozenset


@dataclass(frozen=True)
class Draw:
    tables: tuple[tuple[Player, ...], ...]
    byes: tuple[Player, ...]


def table_sizes(count: int) -> tuple[int, ...]:
    """Tables of 4, and of 3 only where `count` needs them (10 -> 4, 3, 3); () if none exists."""
    for threes in range(FULL_TABLE):
        rest = count - MIN_TABLE * threes
        if rest >= 0 and rest % FULL_TABLE == 0 and count > 0:
            return (FULL_TABLE,) * (rest // FULL_TABLE) + (MIN_TABLE,) * threes
    return ()


def bye_count(count: int) -> int:
    """How few players must sit out so the rest split into 3s and 4s (5 players: 1)."""
    for byes in range(count + 1):
        if table_sizes(count - byes):
            return byes
    return count


def choose_byes(
    players: Sequence[Player], byes_so_far: Mapping[Player, int], rng: random.Random
) -> list[Player]:
    """Who sits out: the ones who sat out least so far (a random pick among equals)."""
    count = bye_count(len(players))
    order = sorted(players, key=lambda player: (byes_so_far.get(player, 0), rng.random()))
    return order[:count]


def seated(groups: Sequence[Sequence[Player]], rng: random.Random) -> tuple[tuple[Player, ...], ...]:
    """Each table's seats drawn at random."""
    tables = []
    for group in groups:
        seats = list(group)
        rng.shuffle(seats)
        tables.append(tuple(seats))
    return tuple(tables)


def split(order: Sequence[Player], sizes: Sequence[int]) -> list[list[Player]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def pairs_met(tables: Sequence[Sequence[Player]]) -> Counter:
    """How often each pair shared a table in these tables."""
    return Counter(Pair(pair) for table in tables for pair in combinations(table, 2))


def repeats(tables: Sequence[Sequence[Player]], met: Mapping[Pair, int]) -> int:
    """Pairs at these tables that had met before, each counted as often as they had."""
    return sum(met.get(Pair(pair), 0) for table in tables for pair in combinations(table, 2))


def draw_random(
    players: Sequence[Player], playing: Sequence[Player], rng: random.Random
) -> list[list[Player]]:
    order = list(playing)
    rng.shuffle(order)
    return split(order, table_sizes(len(order)))


def draw_by_rank(
    playing: Sequence[Player], places: Mapping[Player, int], rng: random.Random
) -> list[list[Player]]:
    """Places 1-4 at table 1 and so on; players tied on a place in a random order; a player
    without a place (not yet played) after those with one."""
    last = max(places.values(), default=0) + 1
    order = sorted(playing, key=lambda player: (places.get(player, last), rng.random()))
    return split(order, table_sizes(len(order)))


def draw_mixed(
    playing: Sequence[Player], met: Mapping[Pair, int], rng: random.Random, *, rounds_left: int = 1
) -> list[list[Player]]:
    """This round's tables, as the first of a plan for the rounds left (up to PLAN_AHEAD) with as
    few repeat meetings as the search finds: a round drawn alone can leave no way to play the next
    without a repeat (16 players, the 4th round), a plan cannot."""
    rounds = max(1, min(rounds_left, PLAN_AHEAD))
    plan = Plan(playing, met, rounds, rng)
    return [[playing[index] for index in table] for table in plan.search()[0]]


class Plan:
    """Several rounds of tables over players 0..n-1, searched by swapping two players of a round:
    the cost is the sum over pairs of C(k, 2), k their meetings before and in the plan."""

    def __init__(self, playing: Sequence[Player], met: Mapping[Pair, int], rounds: int, rng: random.Random):
        self.size = len(playing)
        self.rounds = rounds
        self.rng = rng
        self.sizes = table_sizes(self.size)
        self.before = [[0] * self.size for _ in range(self.size)]
        for first, second in combinations(range(self.size), 2):
            known = met.get(Pair((playing[first], playing[second])), 0)
            self.before[first][second] = self.before[second][first] = known

    def search(self) -> list[list[list[int]]]:
        budget = SEARCH_STEPS + STEPS_PER_SEAT * self.size * self.rounds
        best, best_cost = None, -1
        for _ in range(RESTARTS):
            plan, cost, budget = self.descend(budget)
            if best is None or cost < best_cost:
                best, best_cost = plan, cost
            if best_cost == self.floor or budget <= 0:
                break
        return best

    @property
    def floor(self) -> int:
        """The cost of meeting nobody twice: what the history alone already costs."""
        return sum(k * (k - 1) // 2 for row in self.before for k in row) // 2

    def descend(self, budget: int) -> tuple[list[list[list[int]]], int, int]:
        """One restart: random rounds, then the best swap of a clashing player (never undoing a
        recent swap) until no better plan for a while. Returns the best plan seen, its cost and
        the steps left."""
        count = [row[:] for row in self.before]
        plan, where = [], []
        for _ in range(self.rounds):
            order = list(range(self.size))
            self.rng.shuffle(order)
            tables = split(order, self.sizes)
            plan.append(tables)
            where.append({player: index for index, table in enumerate(tables) for player in table})
            for table in tables:
                for first, second in combinations(table, 2):
                    count[first][second] += 1
                    count[second][first] += 1
        cost = sum(k * (k - 1) // 2 for row in count for k in row) // 2
        best, best_cost, stale = [[t[:] for t in r] for r in plan], cost, 0
        tabu: dict[tuple[int, int], int] = {}
        step = 0
        while budget > 0 and stale < STALE_STEPS and best_cost > self.floor:
            budget, step, stale = budget - 1, step + 1, stale + 1
            clashes = [
                (r, player)
                for r, tables in enumerate(plan)
                for table in tables
                for player in table
                if any(count[player][other] > 1 for other in table if other != player)
            ]
            if not clashes:
                break
            r, player = self.rng.choice(clashes)
            home = plan[r][where[r][player]]
            moves = []
            for away in plan[r]:
                if away is home:
                    continue
                for other in away:
                    if tabu.get((r, other), -1) >= step:
                        continue
                    delta = self.swap_delta(count, home, away, player, other)
                    moves.append((delta, self.rng.random(), other, away))
            if not moves:
                continue
            delta, _tie, other, away = min(moves)
            self.swap(count, plan[r], where[r], player, other)
            tabu[r, player] = tabu[r, other] = step + TABU_STEPS
            cost += delta
            if cost < best_cost:
                best, best_cost, stale = [[t[:] for t in rr] for rr in plan], cost, 0
        return best, best_cost, budget

    @staticmethod
    def swap_delta(count: list[list[int]], home: list[int], away: list[int], player: int, other: int) -> int:
        delta = 0
        for mate in home:
            if mate != player:
                delta += count[other][mate] - (count[player][mate] - 1)
        for mate in away:
            if mate != other:
                delta += count[player][mate] - (count[other][mate] - 1)
        return delta

    @staticmethod
    def swap(count: list[list[int]], tables: list[list[int]], where: dict, player: int, other: int) -> None:
        home, away = tables[where[player]], tables[where[other]]
        for table, leaving, joining in ((home, player, other), (away, other, player)):
            for mate in table:
                if mate != leaving:
                    count[leaving][mate] -= 1
                    count[mate][leaving] -= 1
                    count[joining][mate] += 1
                    count[mate][joining] += 1
        home[home.index(player)] = other
        away[away.index(other)] = player
        where[player], where[other] = where[other], where[player]


def draw_round(
    seating: str,
    players: Sequence[Player],
    *,
    places: Mapping[Player, int] | None = None,
    met: Mapping[Pair, int] | None = None,
    byes_so_far: Mapping[Player, int] | None = None,
    rng: random.Random | None = None,
    rounds_left: int = 1,
) -> Draw:
    """One event round's tables (seats shuffled) and byes for `players` by the `seating` rule."""
    if seating not in SEATINGS:
        raise ValueError(f"unknown seating {seating!r}")
    rng = rng or random.SystemRandom()
    byes = choose_byes(players, byes_so_far or {}, rng)
    sitting_out = set(byes)
    playing = [player for player in players if player not in sitting_out]
    if seating == "by_rank":
        groups = draw_by_rank(playing, places or {}, rng)
    elif seating == "mixed":
        groups = draw_mixed(playing, met or {}, rng, rounds_left=rounds_left)
    else:
        groups = draw_random(players, playing, rng)
    return Draw(tables=seated(groups, rng), byes=tuple(byes))
