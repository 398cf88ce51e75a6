"""Every impossible Tiến lên hand is refused (SPEC 14.1), with the message a player reads, the
field and the player it is about."""

import pytest

from rounds.rules.refusal import ScoringError
from rounds.rules.tien_len import TienLenHand, TienLenRules

NAMES = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)
ITEMS = "(give black_two, red_two, three_pairs, four_of_a_kind or four_pairs)"


def refusal(raw, *, rules=None, names=NAMES):
    with pytest.raises(ScoringError) as refused:
        TienLenHand.from_json(raw, players=names, rules=rules or TienLenRules())
    return refused.value.message, refused.value.field, refused.value.player


ORDER = [ANN, BEN, CAT, DAN]


# --- The order ------------------------------------------------------------------------------------


def test_a_player_twice_in_the_order_is_refused():
    assert refusal({"order": [ANN, BEN, ANN]}) == ("Ann is in the order twice", "order", ANN)
    assert refusal({"order": [CAT, BEN, DAN, BEN]}) == ("Ben is in the order twice", "order", BEN)


@pytest.mark.parametrize(
    ("given", "shown"), [(4, "4"), (-1, "-1"), ("Ben", '"Ben"'), (True, "true"), (1.0, "1.0"), (None, "null")]
)
def test_a_player_out_of_range_in_the_order_is_refused(given, shown):
    assert refusal({"order": [ANN, given, CAT]}) == (
        f"order: {shown} is not one of this table's players (0 to 3)",
        "order",
        None,
    )


def test_a_player_of_a_smaller_table_is_out_of_range():
    assert refusal({"order": [ANN, DAN]}, names=NAMES[:3]) == (
        "order: 3 is not one of this table's players (0 to 2)",
        "order",
        None,
    )


def test_an_order_missing_more_than_one_player_is_refused_naming_them():
    assert refusal({"order": [BEN, DAN]}) == (
        "Order: missing Ann, Cat (only the last player may be left out)",
        "order",
        ANN,
    )
    assert refusal({"order": [CAT]}, names=NAMES[:3]) == (
        "Order: missing Ann, Ben (only the last player may be left out)",
        "order",
        ANN,
    )


@pytest.mark.parametrize("raw", [{}, {"order": None}, {"order": []}, {"order": "0123"}, {"order": {"0": 1}}])
def test_a_hand_without_an_order_list_is_refused(raw):
    assert refusal(raw) == ("Order: list the players from the first out to the last", "order", None)


@pytest.mark.parametrize("raw", [[0, 1, 2, 3], "order", None])
def test_a_hand_that_is_not_an_object_is_refused(raw):
    assert refusal(raw) == (
        "Tiến lên: give the order the players went out in, or an instant win alone",
        "order",
        None,
    )


@pytest.mark.parametrize("key", ["cards", "request_id", "Order"])
def test_an_unknown_key_is_refused_naming_it(key):
    assert refusal({"order": ORDER, key: [0, 5, 3, 2]}) == (
        f"Tiến lên: {key} is not part of a hand (give order, killed, left, chops or instant)",
        key,
        None,
    )


# --- Killed ---------------------------------------------------------------------------------------


def test_killed_players_not_taking_the_last_places_are_refused():
    assert refusal({"order": ORDER, "killed": [CAT]}) == (
        "Cat is killed but Dan, after them in the order, is not: killed players take the last places",
        "killed",
        CAT,
    )
    assert refusal({"order": ORDER, "killed": [DAN, BEN]}) == (
        "Ben is killed but Cat, after them in the order, is not: killed players take the last places",
        "killed",
        BEN,
    )


def test_the_first_cannot_be_killed():
    assert refusal({"order": [CAT, ANN, BEN, DAN], "killed": [ANN, BEN, DAN, CAT]}) == (
        "Cat went out first, so cannot be killed",
        "killed",
        CAT,
    )


def test_a_player_killed_twice_is_refused():
    assert refusal({"order": ORDER, "killed": [DAN, DAN]}) == ("Dan is listed as killed twice", "killed", DAN)


def test_a_killed_player_out_of_range_is_refused():
    assert refusal({"order": ORDER, "killed": [4]}) == (
        "killed: 4 is not one of this table's players (0 to 3)",
        "killed",
        None,
    )


def test_killed_that_is_not_a_list_is_refused():
    assert refusal({"order": ORDER, "killed": DAN}) == ("Killed: list the killed players", "killed", None)


# --- Left in hand ---------------------------------------------------------------------------------


def test_left_for_a_player_neither_last_nor_killed_is_refused():
    expected = ("Cat: only the last player and killed players can have cards left in hand", "left", CAT)
    assert refusal({"order": ORDER, "left": [{"player": CAT, "red_two": 1}]}) == expected
    # With a killed player, the last who is not killed is not the last.
    assert refusal({"order": ORDER, "killed": [DAN], "left": [{"player": CAT}]}) == expected
    assert refusal({"order": ORDER, "left": [{"player": ANN}]})[2] == ANN


@pytest.mark.parametrize(
    ("item", "count", "most"),
    [
        ("black_two", 3, 2),
        ("red_two", 3, 2),
        ("three_pairs", 3, 2),
        ("four_of_a_kind", 4, 3),
        ("four_pairs", 2, 1),
        ("red_two", -1, 2),
        ("four_pairs", True, 1),
        ("three_pairs", 1.5, 2),
        ("black_two", "1", 2),
    ],
)
def test_an_item_count_out_of_bounds_is_refused(item, count, most):
    assert refusal({"order": ORDER, "left": [{"player": DAN, item: count}]}) == (
        f"Dan: {item} left in hand is a whole number from 0 to {most}",
        "left",
        DAN,
    )


def test_more_than_thirteen_cards_left_is_refused():
    assert refusal({"order": ORDER, "left": [{"player": DAN, "four_pairs": 1, "three_pairs": 1}]}) == (
        "Dan: what is left in hand makes 14 cards, more than a hand",
        "left",
        DAN,
    )


def test_thirteen_cards_left_is_a_hand():
    held = {"player": DAN, "four_pairs": 1, "four_of_a_kind": 1, "red_two": 1}
    assert TienLenHand.from_json({"order": ORDER, "left": [held]}, players=NAMES, rules=TienLenRules())


@pytest.mark.parametrize(("colour", "words"), [("red_two", "red"), ("black_two", "black")])
def test_more_than_two_twos_of_a_colour_across_the_table_are_refused(colour, words):
    left = [{"player": BEN, colour: 1}, {"player": DAN, colour: 1}, {"player": CAT, colour: 1}]
    assert refusal({"order": ORDER, "killed": [BEN, CAT, DAN], "left": left}) == (
        f"Left in hand: 3 {words} 2s across the table, but a deck has only 2",
        "left",
        CAT,
    )


def test_two_twos_of_each_colour_across_the_table_are_a_hand():
    left = [{"player": CAT, "red_two": 2, "black_two": 1}, {"player": DAN, "black_two": 1}]
    read = TienLenHand.from_json(
        {"order": ORDER, "killed": [CAT, DAN], "left": left}, players=NAMES, rules=TienLenRules()
    )
    assert read.left[CAT].red_two == 2


def test_left_twice_for_one_player_is_refused():
    left = [{"player": DAN, "red_two": 1}, {"player": DAN, "black_two": 1}]
    assert refusal({"order": ORDER, "left": left}) == ("Dan has cards left in hand twice", "left", DAN)


def test_an_unknown_item_left_in_hand_is_refused_naming_it():
    assert refusal({"order": ORDER, "left": [{"player": DAN, "red_twos": 1}]}) == (
        f'left: "red_twos" is not an item {ITEMS}',
        "left",
        None,
    )


def test_left_for_a_player_out_of_range_is_refused():
    assert refusal({"order": ORDER, "left": [{"player": 9}]}) == (
        "left: 9 is not one of this table's players (0 to 3)",
        "left",
        None,
    )


@pytest.mark.parametrize("left", [{"player": DAN}, [DAN], [{"red_two": 1}]])
def test_left_that_is_not_a_list_of_entries_naming_a_player_is_refused(left):
    assert refusal({"order": ORDER, "left": left}) == (
        'Left in hand: give a list of entries, each with "player" and what they hold',
        "left",
        None,
    )


# --- Chops ----------------------------------------------------------------------------------------


def chops(*entries):
    return {"order": ORDER, "chops": list(entries)}


def test_a_chop_of_oneself_is_refused():
    assert refusal(chops({"by": BEN, "from": BEN, "items": ["red_two"]})) == (
        "Ben cannot chop themselves",
        "chops",
        BEN,
    )


def test_a_chop_with_no_items_is_refused():
    assert refusal(chops({"by": CAT, "from": BEN, "items": []})) == (
        "Cat chopped Ben: say what was chopped",
        "chops",
        CAT,
    )


@pytest.mark.parametrize(("item", "shown"), [("ace", '"ace"'), ("Red_two", '"Red_two"'), (2, "2")])
def test_a_chop_of_an_unknown_item_is_refused(item, shown):
    assert refusal(chops({"by": CAT, "from": BEN, "items": ["red_two", item]})) == (
        f"chops: {shown} is not an item {ITEMS}",
        "chops",
        CAT,
    )


@pytest.mark.parametrize(("key", "entry"), [("by", {"by": 4, "from": 0}), ("from", {"by": 0, "from": -1})])
def test_a_chop_by_or_from_out_of_range_is_refused(key, entry):
    given = entry[key]
    assert refusal(chops(entry | {"items": ["red_two"]})) == (
        f"chops.{key}: {given} is not one of this table's players (0 to 3)",
        "chops",
        None,
    )


def test_an_unknown_key_in_a_chop_is_refused_naming_it():
    assert refusal(chops({"by": CAT, "from": BEN, "items": ["red_two"], "chain": True})) == (
        'Chops: "chain" is not part of a chop (give "by", "from" and "items")',
        "chops",
        None,
    )


@pytest.mark.parametrize(
    "entry",
    [{"by": CAT, "from": BEN}, {"by": CAT, "items": ["red_two"]}, {"by": 2, "from": 1, "items": "red_two"}],
)
def test_a_chop_missing_a_part_is_refused(entry):
    assert refusal(chops(entry)) == (
        'Chops: give a list of chops, each with "by", "from" and "items"',
        "chops",
        None,
    )


def test_more_chops_than_a_deck_can_make_are_refused():
    entry = {"by": CAT, "from": BEN, "items": ["red_two"]}
    assert refusal(chops(*[entry] * 14)) == (
        "Chops: at most 13 in a hand (a chain is one chop)",
        "chops",
        None,
    )
    assert TienLenHand.from_json(chops(*[entry] * 13), players=NAMES, rules=TienLenRules())


def test_a_chain_longer_than_a_deck_can_make_is_refused():
    assert refusal(chops({"by": CAT, "from": BEN, "items": ["four_of_a_kind"] * 14})) == (
        "Cat chopped Ben: at most 13 items in one chop",
        "chops",
        CAT,
    )


# --- Instant win ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [("order", ORDER), ("killed", [DAN]), ("left", [{"player": DAN}]), ("chops", [{"by": 0}])],
)
def test_an_instant_win_with_anything_else_is_refused(key, value):
    assert refusal({"instant": BEN, key: value}) == (
        f"Ben won on the deal: an instant win is the whole hand, give no {key}",
        key,
        BEN,
    )


def test_an_instant_win_by_a_player_out_of_range_is_refused():
    assert refusal({"instant": 4}) == (
        "instant: 4 is not one of this table's players (0 to 3)",
        "instant",
        None,
    )


# --- Each rule used while switched off -------------------------------------------------------------


@pytest.mark.parametrize(
    ("switch", "raw", "expected"),
    [
        (
            "killed",
            {"order": ORDER, "killed": [DAN]},
            ("Killed: this session does not score killed players", "killed", None),
        ),
        (
            "left",
            {"order": ORDER, "left": [{"player": DAN, "red_two": 1}]},
            ("Left in hand: this session does not score cards left in hand", "left", None),
        ),
        (
            "chops",
            chops({"by": CAT, "from": BEN, "items": ["red_two"]}),
            ("Chops: this session does not score chops", "chops", None),
        ),
        (
            "instant_win",
            {"instant": BEN},
            ("Instant win: this session does not score instant wins", "instant", None),
        ),
    ],
)
def test_a_rule_used_while_switched_off_is_refused(switch, raw, expected):
    assert refusal(raw, rules=TienLenRules.from_json({switch: False})) == expected
    assert TienLenHand.from_json(raw, players=NAMES, rules=TienLenRules())
