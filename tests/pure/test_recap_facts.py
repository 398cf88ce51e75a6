"""rounds/rules/recap_lines.py without Django: best and worst round, fries, the comeback, the parties."""

from rounds.rules.recap_lines import Comeback, Moment, best_and_worst, comeback, fries, gain_of, parties

DOUBLES = {"mode": "points", "tiers": [[1, 1], [10, 2], [13, 3]]}


def a_state(mode, rounds, settlement=None, players=("Ann", "Ben", "Cat")):
    totals = [0] * len(players)
    built = []
    for number, (cards, scores) in enumerate(rounds, start=1):
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        built.append(
            {"number": number, "cards": cards, "scores": scores, "totals_after": totals, "rules": DOUBLES}
        )
    return {
        "settings": {"mode": mode},
        "players": [{"name": name} for name in players],
        "rounds": built,
        "settlement": settlement,
    }


def test_a_round_is_worth_its_score_or_in_points_the_differences():
    assert gain_of([7, -3, -4], 0, points=False) == 7
    # Points: Ann 0 against 5 and 11 gains 5 + 11; Cat 11 loses 11 - 0 and 11 - 5.
    assert gain_of([0, 5, 11], 0, points=True) == 16
    assert gain_of([0, 5, 11], 2, points=True) == -17


def test_best_and_worst_round_and_the_earlier_on_a_tie():
    state = a_state(
        "pay_difference",
        [([0, 3, 9], [12, -3, -9]), ([4, 0, 12], [-4, 28, -24]), ([0, 12, 1], [13, -24, 11])],
    )
    assert best_and_worst(state) == (
        Moment(player=1, number=2, score=28, gain=28),
        Moment(player=2, number=2, score=-24, gain=-24),
    )
    assert best_and_worst(a_state("pay_difference", [])) is None


def test_in_points_the_best_and_worst_round_are_the_scoreboards_scores():
    """Points ranks the lowest total first: the worst round is the highest score a player took,
    as the scoreboard shows it (+39), never a net against the table of another sign; every win
    scores 0, so the best is the win that left the others the most."""
    state = a_state(
        "points",
        [([5, 0, 11], [5, 0, 22]), ([13, 2, 0], [39, 2, 0]), ([0, 13, 13], [0, 39, 39])],
    )
    best, worst = best_and_worst(state)
    assert (best.player, best.number, best.score) == (0, 3, 0)  # 0 against 39 + 39
    # Two rounds scored 39: round 2's cost Ann more against the table (39 against 2 and 0).
    assert (worst.player, worst.number, worst.score) == (0, 2, 39)
    assert worst.gain == gain_of([39, 2, 0], 0, points=True) == -76


def test_fries_count_the_hands_from_the_second_tier():
    state = a_state("points", [([0, 10, 9], [0, 20, 9]), ([13, 0, 12], [39, 0, 24])])
    assert fries(state) == [1, 1, 1]
    state["rounds"][1]["rules"] = {**DOUBLES, "tiers": [[1, 1]]}  # one tier: nothing fries
    assert fries(state) == [0, 1, 0]


def test_the_biggest_comeback_is_the_most_ground_won_back():
    # Ben is 20 behind Ann after round 1, ends 2 ahead of her: 22 won back, more than anyone.
    state = a_state(
        "pay_difference", [([0, 10, 0], [10, -10, 0]), ([9, 0, 3], [-12, 24, -12]), ([0, 5, 0], [5, -5, 0])]
    )
    assert comeback(state) == Comeback(player=1, behind=20, number=1, final_behind=0)
    # In Points the lowest total leads.
    points = a_state("points", [([0, 9, 1], [0, 9, 1]), ([5, 0, 5], [5, 0, 5]), ([4, 0, 4], [4, 0, 4])])
    assert comeback(points) == Comeback(player=1, behind=9, number=1, final_behind=0)
    assert comeback(a_state("points", [([0, 1, 2], [0, 1, 2])])) is None


def test_the_parties_are_the_players_by_index_and_the_house_by_its_name():
    everyone = parties(a_state("by_place", []), "Auntie")
    assert [everyone[index] for index in range(3)] == ["Ann", "Ben", "Cat"]
    assert everyone["house"] == "Auntie"


def test_paying_by_place_a_hand_is_fried_from_where_it_turns_heavy():
    state = a_state("by_place", [([0, 10, 9], [300, -200, -100]), ([12, 0, 3], [-200, 300, -100])])
    for round_ in state["rounds"]:
        round_["rules"] = {**DOUBLES, "mode": "by_place", "places": {"heavy_from": 12}}
    assert fries(state) == [1, 0, 0]  # heavy from 12: not the tiers' second step (10)


def test_winning_back_less_than_half_the_gap_is_no_comeback():
    # Cat is 35 behind after round 1 and still 23 behind at the end: 12 of 35 won back.
    state = a_state("pay_difference", [([5, 0, 9], [5, 15, -20]), ([0, 0, 4], [-4, -4, 8])])
    assert comeback(state) is None
