"""The league table (SPEC 13) against an independent computation: place points by each night's
standings, shared places sharing the mean of the places they fill, the best `best_of` nights,
ordered by points, then net, then hands won, equal on all three sharing a place."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from groups.rules.league import LeagueRules, Night, NightLine, league_table, night_points, shown_number

DAY = date(2026, 12, 3)


def night(number: int, *lines: tuple[str, int, int, int, int]) -> Night:
    """Lines of (player, place, net, hands, wins)."""
    return Night(night=number, played_on=DAY, lines=tuple(NightLine(*line) for line in lines))


def test_two_tied_for_second_of_10_8_6_earn_7_each():
    shared = night(1, ("Ann", 1, 30, 8, 4), ("Ben", 2, 0, 8, 2), ("Cat", 2, 0, 8, 2), ("Dan", 4, -30, 8, 0))
    assert night_points(shared, LeagueRules()) == {"Ann": 10, "Ben": 7, "Cat": 7, "Dan": 5}


def test_three_tied_earn_thirds_kept_exact_and_shown_to_two_places():
    rules = LeagueRules(points=(Fraction(10), Fraction(8), Fraction(7)))
    tied = night(1, ("Ann", 1, 9, 4, 2), ("Ben", 1, 9, 4, 2), ("Cat", 1, 9, 4, 2), ("Dan", 4, -27, 4, 0))
    points = night_points(tied, rules)
    assert points["Ann"] == Fraction(25, 3)
    assert points["Dan"] == 0  # past the list of points
    assert shown_number(points["Ann"]) == 8.33


def test_best_of_counts_a_players_best_nights_and_orders_by_points_then_net_then_wins():
    nights = [
        night(1, ("Ann", 1, 40, 8, 5), ("Ben", 2, 10, 8, 2), ("Cat", 3, -20, 8, 1), ("Dan", 4, -30, 8, 0)),
        night(2, ("Ben", 1, 50, 8, 4), ("Dan", 2, 5, 8, 2), ("Ann", 3, -15, 8, 1), ("Cat", 4, -40, 8, 1)),
        night(3, ("Dan", 1, 20, 4, 2), ("Cat", 2, -20, 4, 1)),
    ]
    table = league_table(nights, LeagueRules(best_of=2))
    assert [(line.player, line.points, line.counted, line.place) for line in table] == [
        ("Ben", 18, [10, 8], 1),
        ("Dan", 18, [10, 8], 2),  # equal points: Ben's net over the nights (60) beats Dan's (-5)
        ("Ann", 16, [10, 6], 3),
        ("Cat", 14, [8, 6], 4),  # best two of 6, 5, 8
    ]
    assert [(line.nights, line.hands, line.wins, line.net) for line in table] == [
        (2, 16, 6, 60),
        (3, 20, 4, -5),
        (2, 16, 6, 25),
        (3, 20, 3, -80),
    ]


def test_equal_on_points_net_and_hands_won_share_a_place():
    nights = [night(1, ("Ann", 1, 0, 4, 1), ("Ben", 1, 0, 4, 1), ("Cat", 3, 0, 4, 1))]
    assert [(line.player, line.place) for line in league_table(nights, LeagueRules())] == [
        ("Ann", 1),
        ("Ben", 1),
        ("Cat", 3),
    ]


# --- Against an independent computation ----------------------------------------------


def independent(nights: list[list[tuple[str, int, int, int, int]]], points: list[int], best_of: int | None):
    """The same table computed another way: places expanded into positions, each tie's points
    the mean over its positions (as a Fraction of sums), whole tuples compared for the order."""
    earned: dict[str, list[Fraction]] = {}
    totals: dict[str, list[int]] = {}
    for lines in nights:
        for player, place, net, hands, wins in lines:
            tied = [other for other in lines if other[1] == place]
            positions = range(place, place + len(tied))
            worth = [points[p - 1] if p - 1 < len(points) else 0 for p in positions]
            earned.setdefault(player, []).append(Fraction(sum(worth), len(tied)))
            total = totals.setdefault(player, [0, 0, 0, 0])
            total[0] += 1
            total[1] += hands
            total[2] += wins
            total[3] += net
    rows = []
    for player, values in earned.items():
        kept = sorted(values, reverse=True)[:best_of] if best_of else sorted(values, reverse=True)
        nights_, hands, wins, net = totals[player]
        rows.append((player, sum(kept), net, wins, nights_, hands))
    rows.sort(key=lambda row: (-row[1], -row[2], -row[3]))
    placed = []
    for index, row in enumerate(rows):
        same = [earlier for earlier in rows[:index] if earlier[1:4] == row[1:4]]
        placed.append((row[0], row[1], index + 1 - len(same)))
    return placed


@st.composite
def a_night(draw, players=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")):
    """A night's standings: nets summing to 0, places as the standings would give them."""
    seated = draw(st.lists(st.sampled_from(players), min_size=2, max_size=len(players), unique=True))
    nets = draw(st.lists(st.integers(-50, 50), min_size=len(seated), max_size=len(seated)))
    nets[-1] -= sum(nets)  # zero-sum over the night, as a night's nets are
    wins = draw(st.lists(st.integers(0, 3), min_size=len(seated), max_size=len(seated)))
    order = sorted(range(len(seated)), key=lambda index: (-nets[index], -wins[index]))
    lines = []
    for position, index in enumerate(order):
        before = order[position - 1] if position else None
        same = before is not None and (nets[before], wins[before]) == (nets[index], wins[index])
        place = lines[-1][1] if same else position + 1
        lines.append((seated[index], place, nets[index], 4, wins[index]))
    return lines


@given(
    st.lists(a_night(), min_size=1, max_size=8),
    st.lists(st.integers(0, 12), min_size=1, max_size=10).map(lambda values: sorted(values, reverse=True)),
    st.one_of(st.none(), st.integers(1, 5)),
)
def test_the_league_table_equals_an_independent_computation(nights, points, best_of):
    rules = LeagueRules(points=tuple(Fraction(value) for value in points), best_of=best_of)
    table = league_table([night(number, *lines) for number, lines in enumerate(nights)], rules)
    assert [(line.player, line.points, line.place) for line in table] == independent(nights, points, best_of)
    for lines in nights:
        assert sum(net for _player, _place, net, _hands, _wins in lines) == 0
    assert sum(line.net for line in table) == 0  # nets over nights of nets that sum to 0
