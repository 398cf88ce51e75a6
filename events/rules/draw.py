"""The draw of one event round (SPEC 11) as pure functions: no Django here.

Players are any hashable ids. A draw is a list of tables (each in seat order, shuffled) and
the players who sit out (byes). Tables hold 4, with tables of 3 only where the count needs
them; players sit out only when no split into 3s and 4s exists (5 players), and then the
ones who sat out least so far.

- random: the players shuffled into the tables;
- by_rank: places 1-4 at table 1, 5-8 at table 2 ... (ties in a random order);
- mixed: nobody meets anyone twice when the search finds such a plan for the rounds left, else as
  few repeat meetings as it finds (events/rules/mixing.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from events.rules import mixing
from events.rules.mixing import split

SEATINGS: Final = ("random", "by_rank", "mixed")
MIN_TABLE: Final = 3
FULL_TABLE: Final = 4
# The mixed search plans this many rounds ahead (16 players: 5 rounds without a repeat exist).
PLAN_AHEAD: Final = 5

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
    """This round's tables, as the first of a plan for the rounds left (up to PLAN_AHEAD): a plan
    where nobody meets anyone twice when the exact search finds one, else one with as few repeat
    meetings as the local search finds (events/rules/mixing.py). A round drawn alone can leave no way
    to play the next without a repeat (16 players, the 4th round); the first round of a whole
    plan cannot."""
    rounds = max(1, min(rounds_left, PLAN_AHEAD))
    sizes = table_sizes(len(playing))
    before = [[0] * len(playing) for _ in playing]
    for first, second in combinations(range(len(playing)), 2):
        before[first][second] = before[second][first] = met.get(Pair((playing[first], playing[second])), 0)
    plan = mixing.exact_plan(sizes, before, rounds, rng) or mixing.fewest_repeats(sizes, before, rounds, rng)
    return [[playing[index] for index in table] for table in plan[0]]


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
