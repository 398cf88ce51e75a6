"""The mixed seating's search (SPEC 11.1), pure: no Django here.

A plan is several rounds of tables over players 0..n-1 (the rounds left, up to PLAN_AHEAD);
the draw seats its first round. Two searches, the exact one first:

- `exact_plan`: a depth-first search for rounds where nobody meets anyone they met before or
  earlier in the plan, table by table, always seating first the player with the fewest
  partners left (sets of players as bits of an int). It finds the schedules that exist in a
  few hundred steps: 16 players over 5 rounds (the affine plane of order 4), 9 players in
  tables of 3 over 4 rounds (order 3), 20 to 200 players over 3 rounds. Drawn round by round,
  each round is the first of a whole plan for the rounds left, so the rounds after it stay
  possible.
- `fewest_repeats`: where no such plan exists (12 players: three tables of 4 always hold two
  who met) or the exact search runs out of steps, a local search with restarts for as few
  repeat meetings as it finds: the cost is the sum over pairs of C(k, 2), k their meetings
  before and in the plan.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final

# The exact search's budget: tables tried, for each length of plan it tries.
EXACT_STEPS: Final = 20_000
# The local search's budget: swaps in all, restarts, swaps without a better plan before a
# restart, and how long a player just swapped stays put.
SEARCH_STEPS: Final = 4000
STEPS_PER_SEAT: Final = 10
RESTARTS: Final = 50
STALE_STEPS: Final = 400
TABU_STEPS: Final = 3

Rounds = list[list[list[int]]]


def bits(players: Sequence[int]) -> int:
    mask = 0
    for player in players:
        mask |= 1 << player
    return mask


def members(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class ExactSearch:
    """Rounds without a repeat meeting, by depth-first search; None when the steps run out."""

    def __init__(self, size: int, sizes: Sequence[int], met: Sequence[Sequence[int]], rng: random.Random):
        self.size, self.rng = size, rng
        self.sizes = sorted(sizes, reverse=True)
        everyone = (1 << size) - 1
        # Who each player may still sit with: not themselves, nobody met before.
        self.partners = [
            everyone & ~(1 << player) & ~bits([other for other in range(size) if met[player][other]])
            for player in range(size)
        ]
        self.steps = 0

    def plan(self, rounds: int) -> Rounds | None:
        self.steps = 0
        plan: Rounds = []
        return plan if self.fill(rounds, plan, (1 << self.size) - 1, []) else None

    def fill(self, rounds: int, plan: Rounds, free: int, tables: list[list[int]]) -> bool:
        """Seat the free players of the round being built, then the rounds after it."""
        if not free:
            plan.append(tables)
            if len(plan) == rounds or self.fill(rounds, plan, (1 << self.size) - 1, []):
                return True
            plan.pop()
            return False
        size = self.sizes[len(tables)]
        player, choices = min(
            ((player, self.partners[player] & free) for player in members(free)),
            key=lambda item: (item[1].bit_count(), self.rng.random()),
        )
        if choices.bit_count() < size - 1:
            return False
        candidates = members(choices)
        self.rng.shuffle(candidates)
        for mates in combinations(candidates, size - 1):
            self.steps += 1
            if self.steps > EXACT_STEPS:
                return False
            if any(not self.partners[first] >> second & 1 for first, second in combinations(mates, 2)):
                continue
            table = [player, *mates]
            self.seat(table, together=True)
            if self.fill(rounds, plan, free & ~bits(table), [*tables, table]):
                return True
            self.seat(table, together=False)
        return False

    def seat(self, table: list[int], *, together: bool) -> None:
        """Players at one table may not meet again in the plan (or may again, once unseated)."""
        for first, second in combinations(table, 2):
            if together:
                self.partners[first] &= ~(1 << second)
                self.partners[second] &= ~(1 << first)
            else:
                self.partners[first] |= 1 << second
                self.partners[second] |= 1 << first


def exact_plan(
    sizes: Sequence[int], met: Sequence[Sequence[int]], rounds: int, rng: random.Random
) -> Rounds | None:
    """The longest plan of up to `rounds` rounds without a repeat the exact search finds; None
    when not even one round is found."""
    search = ExactSearch(sum(sizes), sizes, met, rng)
    for length in range(rounds, 0, -1):
        found = search.plan(length)
        if found is not None:
            return found
    return None


def split(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def fewest_repeats(
    sizes: Sequence[int], met: Sequence[Sequence[int]], rounds: int, rng: random.Random
) -> Rounds:
    """A plan with as few repeat meetings as the local search finds."""
    return LocalSearch(sizes, met, rounds, rng).search()


class LocalSearch:
    """Several rounds of tables, searched by swapping two players of a round."""

    def __init__(self, sizes: Sequence[int], met: Sequence[Sequence[int]], rounds: int, rng: random.Random):
        self.size = sum(sizes)
        self.rounds = rounds
        self.rng = rng
        self.sizes = tuple(sizes)
        self.before = [list(row) for row in met]

    def search(self) -> Rounds:
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

    def descend(self, budget: int) -> tuple[Rounds, int, int]:
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
