"""The draw of an event round (SPEC 11): table sizes, byes, by rank, mixed, seats."""

import random
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.rules.draw import bye_count, draw_round, pairs_met, repeats, table_sizes

ROOT = Path(__file__).resolve().parent.parent.parent


def split_of_threes_and_fours(count):
    """Every split into 3s and 4s, by brute force: the fewest 3s is what the draw must pick."""
    return [
        (fours, threes)
        for fours in range(count // 4 + 1)
        for threes in range(count // 3 + 1)
        if 4 * fours + 3 * threes == count
    ]


def test_the_draw_imports_without_django():
    script = "import sys, events.rules.draw; print(sorted(n for n in sys.modules if n.startswith('django')))"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (4, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (13, (4, 3, 3, 3)),
        (16, (4, 4, 4, 4)),
    ],
)
def test_tables_of_four_with_threes_only_where_needed(count, sizes):
    assert table_sizes(count) == sizes


def test_five_players_have_no_split_and_one_sits_out():
    assert table_sizes(5) == ()
    assert bye_count(5) == 1
    assert bye_count(4) == 0


@pytest.mark.parametrize("count", range(3, 201))
def test_sizes_use_the_fewest_threes(count):
    splits = split_of_threes_and_fours(count)
    sizes = table_sizes(count)
    if not splits:
        assert sizes == ()
        return
    fewest = min(threes for _fours, threes in splits)
    assert sum(sizes) == count
    assert Counter(sizes)[3] == fewest


def test_byes_rotate_so_nobody_sits_out_twice_while_avoidable():
    rng = random.Random(7)
    byes = Counter()
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    for _round in range(5):
        draw = draw_round("random", players, byes_so_far=byes, rng=rng)
        assert len(draw.byes) == 1
        assert byes[draw.byes[0]] == 0
        byes.update(draw.byes)
    assert set(byes.values()) == {1}
    sixth = draw_round("random", players, byes_so_far=byes, rng=rng)
    assert len(sixth.byes) == 1


def test_by_rank_seats_places_one_to_four_at_table_one():
    players = [f"p{number}" for number in range(10)]
    places = {player: number + 1 for number, player in enumerate(reversed(players))}
    draw = draw_round("by_rank", players, places=places, rng=random.Random(3))
    by_place = sorted(players, key=places.get)
    assert set(draw.tables[0]) == set(by_place[:4])
    assert set(draw.tables[1]) == set(by_place[4:7])
    assert set(draw.tables[2]) == set(by_place[7:10])


def test_by_rank_breaks_a_tie_across_two_tables_either_way():
    players = ["a", "b", "c", "d", "e", "f", "g", "h"]
    # Three share third place: one of them sits at table 1, two at table 2, drawn at random.
    places = {"a": 1, "b": 2, "c": 3, "d": 3, "e": 3, "f": 6, "g": 7, "h": 8}
    seen_at_first = set()
    for seed in range(40):
        draw = draw_round("by_rank", players, places=places, rng=random.Random(seed))
        first = set(draw.tables[0])
        assert {"a", "b"} <= first
        assert len(first) == 4
        assert len(first & {"c", "d", "e"}) == 2
        assert {"f", "g", "h"} <= set(draw.tables[1])
        seen_at_first |= first & {"c", "d", "e"}
    assert seen_at_first == {"c", "d", "e"}


def test_by_rank_puts_players_without_a_place_last():
    players = ["new", "a", "b", "c", "d", "e", "f", "g"]
    places = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7}
    draw = draw_round("by_rank", players, places=places, rng=random.Random(1))
    assert "new" in draw.tables[1]


def mixed_night(count, rounds, seed):
    """A mixed night drawn round by round as the event does, each round with the rounds left:
    the repeat meetings of each round."""
    rng = random.Random(seed)
    met, byes = Counter(), Counter()
    players = [f"player {number}" for number in range(count)]
    found = []
    for number in range(rounds):
        draw = draw_round("mixed", players, met=met, byes_so_far=byes, rng=rng, rounds_left=rounds - number)
        found.append(repeats(draw.tables, met))
        met.update(pairs_met(draw.tables))
        byes.update(draw.byes)
    return found, met


@pytest.mark.parametrize("seed", range(25))
def test_sixteen_players_play_five_mixed_rounds_without_meeting_twice(seed):
    found, met = mixed_night(16, 5, seed)
    assert found == [0, 0, 0, 0, 0]
    assert len(met) == 120  # every pair met exactly once: the affine plane of order 4
    assert set(met.values()) == {1}


@pytest.mark.parametrize("seed", range(25))
def test_nine_players_in_tables_of_three_play_four_rounds_without_meeting_twice(seed):
    found, met = mixed_night(9, 4, seed)
    assert found == [0, 0, 0, 0]
    assert len(met) == 36  # the affine plane of order 3
    assert set(met.values()) == {1}


@pytest.mark.parametrize("count", [20, 24, 32])
@pytest.mark.parametrize("seed", range(15))
def test_twenty_to_thirty_two_players_play_three_rounds_without_meeting_twice(count, seed):
    found, met = mixed_night(count, 3, seed)
    assert found == [0, 0, 0]
    assert set(met.values()) == {1}


@pytest.mark.parametrize("seed", range(5))
def test_twelve_players_meet_again_as_little_as_three_tables_of_four_allow(seed):
    # Three tables of 4 drawn from three tables of 4 seat two who met at each: 3 pairs at best.
    found, _met = mixed_night(12, 3, seed)
    assert found == [0, 3, 6]


def test_sixteen_players_past_five_rounds_still_get_tables():
    found, met = mixed_night(16, 6, 1)
    assert found[:5] == [0, 0, 0, 0, 0]
    assert found[5] == 24  # everyone has met everyone: each of the 24 pairs at a table meets again
    assert sum(met.values()) == 6 * 4 * 6


def test_mixed_repeats_only_what_cannot_be_avoided():
    # Four players over two rounds must meet again: the draw still seats them.
    met = pairs_met([[1, 2, 3, 4]])
    draw = draw_round("mixed", [1, 2, 3, 4], met=met, rng=random.Random(0))
    assert repeats(draw.tables, met) == 6


def test_seats_at_a_table_are_drawn_at_random():
    orders = {draw_round("random", list("abcd"), rng=random.Random(seed)).tables[0] for seed in range(30)}
    assert len(orders) > 10


def test_an_unknown_seating_is_refused():
    with pytest.raises(ValueError, match="seating"):
        draw_round("swiss", list("abcd"))


@settings(max_examples=80)
@given(
    count=st.integers(min_value=4, max_value=200),
    seating=st.sampled_from(["random", "by_rank", "mixed"]),
    seed=st.integers(min_value=0, max_value=2**32),
    rounds=st.integers(min_value=1, max_value=3),
)
def test_every_draw_seats_everyone_once_in_threes_and_fours(count, seating, seed, rounds):
    rng = random.Random(seed)
    players = [f"player {number}" for number in range(count)]
    places = {player: rng.randint(1, count) for player in players}
    met, byes = Counter(), Counter()
    for number in range(rounds):
        draw = draw_round(
            seating, players, places=places, met=met, byes_so_far=byes, rng=rng, rounds_left=rounds - number
        )
        seated = [player for table in draw.tables for player in table]
        assert sorted(seated + list(draw.byes)) == sorted(players)
        assert len(draw.byes) == bye_count(count)
        assert Counter(len(table) for table in draw.tables) == Counter(table_sizes(count - len(draw.byes)))
        # Nobody sits out a second time while someone has not sat out yet.
        if draw.byes:
            assert max(byes[player] for player in draw.byes) <= min(byes[player] for player in players)
        if seating == "mixed" and (number == 0 or count == 9 or count >= 13):
            # Three rounds without a repeat exist from 13 players on (and for 9), and are found.
            assert repeats(draw.tables, met) == 0
        met.update(pairs_met(draw.tables))
        byes.update(draw.byes)
        for table in draw.tables:
            assert all(first != second for first, second in combinations(table, 2))
