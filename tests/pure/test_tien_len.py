"""Every worked number of SPEC 14.3 against rounds/rules/tien_len.py, the silent cases as its
docstring settles them, the ranks and facts a season counts, and the JSON of API.md."""

import pytest

from rounds.rules.scoring import Payment
from rounds.rules.tien_len import (
    Chop,
    Held,
    Item,
    TienLenHand,
    TienLenRules,
    score_tien_len,
    tien_len_payments,
    tien_len_ranks,
)

NAMES = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)
DEFAULTS = TienLenRules()


def hand(raw, *, names=NAMES, rules=DEFAULTS):
    return TienLenHand.from_json(raw, players=names, rules=rules)


def scores(raw, *, names=NAMES, rules=DEFAULTS):
    return score_tien_len(hand(raw, names=names, rules=rules), rules)


# --- SPEC 14.3's examples, defaults, Ann Ben Cat Dan --------------------------------------------


def test_by_place_four_players_score_two_one_minus_one_minus_two():
    assert scores({"order": [CAT, ANN, DAN, BEN]}) == (1, -2, 2, -1)


def test_left_in_hand_the_last_pays_what_they_hold_to_the_player_just_above():
    left = [{"player": BEN, "red_two": 1, "black_two": 1}]
    assert scores({"order": [CAT, ANN, DAN, BEN], "left": left}) == (1, -5, 2, 2)


def test_killed_pays_the_first_kill_times_first_plus_what_they_hold_and_the_middle_keep_second():
    raw = {
        "order": [ANN, BEN, CAT, DAN],
        "killed": [DAN],
        "left": [{"player": DAN, "four_of_a_kind": 1}],
    }
    assert scores(raw) == (7, 1, -1, -7)


def test_two_killed_each_pay_the_first_and_the_second_without_a_partner_scores_zero():
    raw = {"order": [ANN, BEN, CAT, DAN], "killed": [CAT, DAN], "left": [{"player": CAT, "red_two": 1}]}
    assert scores(raw) == (10, 0, -6, -4)


def test_three_killed_pay_the_first_four_each():
    assert scores({"order": [DAN, ANN, BEN, CAT], "killed": [ANN, BEN, CAT]}) == (-4, -4, -4, 12)


def test_a_chop_is_paid_by_the_chopped_whatever_the_places():
    raw = {"order": [ANN, BEN, CAT, DAN], "chops": [{"by": CAT, "from": BEN, "items": ["red_two"]}]}
    assert scores(raw) == (2, -1, 1, -2)


def test_a_chop_chain_is_one_entry_the_last_chopped_pays_the_last_chopper_every_item():
    chain = {"by": CAT, "from": ANN, "items": ["red_two", "three_pairs"]}
    chopped = hand({"order": [ANN, BEN, CAT, DAN], "chops": [chain]})
    assert tien_len_payments(chopped, DEFAULTS) == (
        Payment(DAN, ANN, 2),
        Payment(CAT, BEN, 1),
        Payment(ANN, CAT, 4),
    )
    assert score_tien_len(chopped, DEFAULTS) == (-2, 1, 3, -2)


def test_an_instant_win_takes_instant_times_first_from_each_other_player():
    assert scores({"instant": BEN}) == (-4, 12, -4, -4)


def test_three_players_the_last_pays_what_they_hold_to_the_second():
    raw = {"order": [BEN, CAT, ANN], "left": [{"player": ANN, "black_two": 2}]}
    assert scores(raw, names=NAMES[:3]) == (-4, 2, 2)


# --- By place for two and three players, and settings other than the defaults ------------------


def test_three_players_score_first_zero_minus_first():
    assert scores({"order": [CAT, ANN]}, names=NAMES[:3]) == (0, -2, 2)


def test_two_players_score_first_and_minus_first():
    assert scores({"order": [BEN]}, names=NAMES[:2]) == (-2, 2)


def test_every_setting_is_the_number_it_says():
    rules = TienLenRules.from_json(
        {"first": 5, "second": 3, "kill": 3, "chop": 2, "values": {"four_of_a_kind": 10, "red_two": 7}}
    )
    raw = {
        "order": [ANN, BEN, CAT, DAN],
        "killed": [DAN],
        "left": [{"player": DAN, "four_of_a_kind": 1, "red_two": 1}],
        "chops": [{"by": CAT, "from": BEN, "items": ["red_two", "four_of_a_kind"]}],
    }
    # Dan pays Ann 3 × 5 + 10 + 7; Cat pays Ben 3; Ben pays Cat 2 × (7 + 10).
    assert scores(raw, rules=rules) == (32, 3 - 34, -3 + 34, -32)
    assert scores({"instant": CAT}, rules=TienLenRules.from_json({"first": 5, "instant": 3})) == (
        -15,
        -15,
        45,
        -15,
    )


# --- Where SPEC 14 is silent (tien_len.py's docstring) -----------------------------------------


def test_three_players_with_a_kill_the_killed_pay_the_first_and_the_middle_scores_zero():
    raw = {"order": [CAT, ANN, BEN], "killed": [BEN], "left": [{"player": BEN, "red_two": 1}]}
    assert scores(raw, names=NAMES[:3]) == (0, -6, 6)
    assert scores({"order": [CAT, ANN, BEN], "killed": [ANN, BEN]}, names=NAMES[:3]) == (-4, -4, 8)


def test_two_players_the_killed_second_pays_kill_times_first_plus_what_they_hold():
    raw = {"order": [ANN, BEN], "killed": [BEN], "left": [{"player": BEN, "four_pairs": 1}]}
    assert scores(raw, names=NAMES[:2]) == (8, -8)


def test_a_killed_players_items_are_not_times_kill_and_not_paid_to_the_player_above():
    raw = {"order": [ANN, BEN, CAT, DAN], "killed": [DAN], "left": [{"player": DAN, "red_two": 2}]}
    assert scores(raw) == (8, 1, -1, -8)


def test_a_killed_player_chopped_still_pays_the_chop():
    raw = {
        "order": [ANN, BEN, CAT, DAN],
        "killed": [DAN],
        "chops": [{"by": ANN, "from": DAN, "items": ["black_two"]}],
    }
    assert scores(raw) == (5, 1, -1, -5)


def test_a_payment_of_zero_is_left_out():
    rules = TienLenRules.from_json({"second": 0, "chop": 0})
    raw = {"order": [ANN, BEN, CAT, DAN], "chops": [{"by": CAT, "from": BEN, "items": ["red_two"]}]}
    assert tien_len_payments(hand(raw, rules=rules), rules) == (Payment(DAN, ANN, 2),)


# --- Ranks for Skill and the facts a season counts ----------------------------------------------


def test_ranks_follow_the_order():
    assert tien_len_ranks(hand({"order": [CAT, ANN, DAN, BEN]})) == (2, 4, 1, 3)


def test_killed_players_share_the_last_rank():
    killed = hand({"order": [ANN, BEN, CAT, DAN], "killed": [CAT, DAN]})
    assert tien_len_ranks(killed) == (1, 2, 3, 3)
    assert (killed.first, killed.lasts, killed.killed, killed.instant) == (ANN, (CAT, DAN), (CAT, DAN), None)


def test_an_instant_win_ranks_the_winner_first_and_the_others_share_second():
    instant = hand({"instant": BEN})
    assert tien_len_ranks(instant) == (2, 1, 2, 2)
    assert (instant.first, instant.lasts, instant.killed, instant.instant) == (BEN, (ANN, CAT, DAN), (), BEN)


def test_the_first_and_the_last_of_a_hand_without_kills():
    plain = hand({"order": [CAT, ANN, DAN]})
    assert (plain.first, plain.lasts, plain.killed, plain.instant) == (CAT, (BEN,), (), None)


# --- The JSON of API.md --------------------------------------------------------------------------


def test_the_hand_json_is_the_rounds_shape_in_the_state_the_last_filled_in():
    raw = {
        "order": [2, 0, 3],
        "killed": [1],
        "left": [{"player": 1, "red_two": 1}],
        "chops": [{"by": 2, "from": 1, "items": ["red_two", "three_pairs"]}],
    }
    read = hand(raw)
    assert read == TienLenHand(
        players=4,
        order=(2, 0, 3, 1),
        killed=(1,),
        left=(Held(), Held(red_two=1), Held(), Held()),
        chops=(Chop(by=2, chopped=1, items=(Item.RED_TWO, Item.THREE_PAIRS)),),
    )
    assert read.to_json() == {
        "order": [2, 0, 3, 1],
        "killed": [1],
        "left": [
            {
                "player": 1,
                "black_two": 0,
                "red_two": 1,
                "three_pairs": 0,
                "four_of_a_kind": 0,
                "four_pairs": 0,
            }
        ],
        "chops": [{"by": 2, "from": 1, "items": ["red_two", "three_pairs"]}],
        "instant": None,
    }
    assert hand({"instant": 1}).to_json() == {
        "order": [],
        "killed": [],
        "left": [],
        "chops": [],
        "instant": 1,
    }


@pytest.mark.parametrize("empty", [None, []])
def test_an_empty_list_or_null_is_a_key_not_given_even_with_its_rule_off(empty):
    off = TienLenRules.from_json({"killed": False, "left": False, "chops": False, "instant_win": False})
    raw = {"order": [ANN, BEN, CAT], "killed": empty, "left": empty, "chops": empty, "instant": None}
    assert hand(raw, rules=off) == TienLenHand(players=4, order=(ANN, BEN, CAT, DAN))
    assert hand({"instant": 2, "order": empty, "chops": empty}) == TienLenHand(players=4, instant=2)


def test_an_entry_holding_nothing_is_kept_as_nothing():
    raw = {"order": [ANN, BEN, CAT, DAN], "left": [{"player": DAN}]}
    assert hand(raw).left == (Held(),) * 4
    assert hand(raw).to_json()["left"] == []
