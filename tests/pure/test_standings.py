"""Every worked number of SPEC 4 (the session), against rounds/rules/standings.py."""

from rounds.rules.ruleset import CLASSIC_TIERS, Mode, RoundRules
from rounds.rules.scoring import RoundEntry, score_round
from rounds.rules.standings import (
    Direction,
    Standing,
    end_reached,
    next_round,
    points_to_target,
    session_totals,
    standings,
    target_losers,
)

NAMES = ["Ann", "Ben", "Cat", "Dan"]
A, B, C, D = range(4)


def test_totals_are_the_sum_of_the_rounds():
    rules = RoundRules(mode=Mode.POINTS, tiers=CLASSIC_TIERS)
    rounds = [
        score_round(RoundEntry(cards=cards), NAMES, rules)
        for cards in [(5, 0, 11, 13), (0, 10, 2, 1), (3, 3, 0, 9)]
    ]
    assert session_totals(rounds, 4) == [8, 23, 24, 49]


def test_points_standings_lowest_first_and_ties_share_a_rank():
    assert standings([30, 12, 30, 20], Mode.POINTS) == [
        Standing(B, 1, 12),
        Standing(D, 2, 20),
        Standing(A, 3, 30),
        Standing(C, 3, 30),
    ]


def test_zero_sum_standings_highest_first():
    assert standings([-5, 29, -11, -13], Mode.WINNER_TAKES_ALL) == [
        Standing(B, 1, 29),
        Standing(A, 2, -5),
        Standing(C, 3, -11),
        Standing(D, 4, -13),
    ]


def test_fixed_length_ends_after_the_last_round():
    assert not end_reached(rounds_played=2, totals=[1, 2], mode=Mode.POINTS, rounds_limit=3, target=None)
    assert end_reached(rounds_played=3, totals=[1, 2], mode=Mode.POINTS, rounds_limit=3, target=None)


def test_target_ends_the_session_when_reached():
    assert not end_reached(rounds_played=5, totals=[49, 3], mode=Mode.POINTS, rounds_limit=None, target=50)
    assert end_reached(rounds_played=5, totals=[50, 3], mode=Mode.POINTS, rounds_limit=None, target=50)


def test_open_session_never_ends_by_itself():
    assert not end_reached(
        rounds_played=99, totals=[900, 3], mode=Mode.POINTS, rounds_limit=None, target=None
    )


def test_highest_crosser_loses_when_several_cross_together():
    assert target_losers([55, 12, 61, 50], 50) == [C]


def test_tied_highest_crossers_both_lose():
    assert target_losers([61, 12, 61, 50], 50) == [A, C]


def test_nobody_loses_before_the_target():
    assert target_losers([49, 12], 50) == []


def test_points_to_the_target_count_down_and_stop_at_zero():
    assert points_to_target([12, 0, 49, 61], 50) == [38, 50, 1, 0]
    assert points_to_target([12, 0], None) is None


def test_round_one_is_clockwise_dealt_by_the_first_seat_and_led_by_three_of_diamonds():
    upcoming = next_round(rounds_played=0, seats=[0, 1, 2, 3], last_winner=None)
    assert (upcoming.number, upcoming.leader, upcoming.dealer, upcoming.direction) == (
        1,
        None,
        A,
        Direction.CLOCKWISE,
    )


def test_round_two_turns_counterclockwise_and_the_winner_leads():
    upcoming = next_round(rounds_played=1, seats=[0, 1, 2, 3], last_winner=C)
    assert (upcoming.number, upcoming.leader, upcoming.dealer, upcoming.direction) == (
        2,
        C,
        B,
        Direction.COUNTERCLOCKWISE,
    )


def test_direction_alternates_and_the_deal_goes_round_the_seats():
    seats = [2, 0, 3, 1]  # Ben sits first, then Dan, Ann, Cat
    dealers = [next_round(rounds_played=played, seats=seats, last_winner=A).dealer for played in range(5)]
    directions = [
        next_round(rounds_played=played, seats=seats, last_winner=A).direction for played in range(3)
    ]
    assert dealers == [B, D, A, C, B]
    assert directions == [Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.CLOCKWISE]
