"""The independent Tiến lên scorer (tests/pure/tien_len_reference.py) against every worked example
of SPEC 14.3 and the properties issue 40 names, then against the app's scorer: 2,000 plain-random
hands and hypothesis's, over 2, 3 and 4 players with random settings and switches."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rounds.rules.tien_len import TienLenHand, TienLenRules, score_tien_len
from tests.pure.tien_len_hands import random_hands, valid_hands
from tests.pure.tien_len_reference import payments, reference_scores

NAMES = ("Ann", "Ben", "Cat", "Dan")


def app_scores(hand: dict, settings: dict, players: int) -> list[int]:
    """The app's scorer on the API's JSON, one int per player: the one place that knows its calls."""
    rules = TienLenRules.from_json(settings)
    parsed = TienLenHand.from_json(hand, players=NAMES[:players], rules=rules)
    return list(score_tien_len(parsed, rules))  # compared as they are: Decimal(5) == 5, 5.5 != 5


ANN, BEN, CAT, DAN = range(4)
DEFAULTS: dict = {}


def score(hand, players=4, settings=DEFAULTS):
    return reference_scores(hand, settings, players)


# SPEC 14.3's examples: defaults, players Ann Ben Cat Dan.


@pytest.mark.parametrize("order", [[CAT, ANN, DAN, BEN], [CAT, ANN, DAN]])
def test_by_place_cat_ann_dan_ben(order):
    assert score({"order": order}) == [1, -2, 2, -1]


def test_ben_last_left_with_a_red_and_a_black_two_pays_dan_above_him():
    left = [{"player": BEN, "red_two": 1, "black_two": 1}]
    assert score({"order": [CAT, ANN, DAN, BEN], "left": left}) == [1, -5, 2, 2]


def test_dan_killed_holding_four_of_a_kind_pays_ann_seven():
    hand = {"order": [ANN, BEN, CAT, DAN], "killed": [DAN], "left": [{"player": DAN, "four_of_a_kind": 1}]}
    assert score(hand) == [7, 1, -1, -7]


@pytest.mark.parametrize("order", [[ANN, BEN, CAT, DAN], [ANN, BEN, DAN, CAT], [ANN, BEN, DAN]])
def test_cat_and_dan_killed_cat_holding_a_red_two_ben_has_no_partner(order):
    hand = {"order": order, "killed": [CAT, DAN], "left": [{"player": CAT, "red_two": 1}]}
    assert score(hand) == [10, 0, -6, -4]


@pytest.mark.parametrize("order", [[DAN, ANN, BEN, CAT], [DAN, CAT, BEN, ANN], [DAN, BEN, ANN]])
def test_dan_first_and_the_other_three_killed_holding_nothing(order):
    assert score({"order": order, "killed": [ANN, BEN, CAT]}) == [-4, -4, -4, 12]


def test_cat_chops_bens_red_two():
    hand = {"order": [ANN, BEN, CAT, DAN], "chops": [{"by": CAT, "from": BEN, "items": ["red_two"]}]}
    assert score(hand) == [2, -1, 1, -2]


@pytest.mark.parametrize("order", [[ANN, BEN, CAT, DAN], [DAN, CAT, BEN, ANN], [BEN, DAN, ANN, CAT]])
def test_a_chain_is_one_entry_the_last_chopped_pays_the_last_chopper_every_item(order):
    chain = {"by": CAT, "from": ANN, "items": ["red_two", "three_pairs"]}
    without = score({"order": order})
    with_chain = score({"order": order, "chops": [chain]})
    assert [after - before for after, before in zip(with_chain, without, strict=True)] == [-4, 0, 4, 0]


def test_bens_instant_win_takes_four_from_each():
    assert score({"instant": BEN}) == [-4, 12, -4, -4]


def test_three_players_ann_last_with_two_black_twos_pays_cat_above_her():
    hand = {"order": [BEN, CAT, ANN], "left": [{"player": ANN, "black_two": 2}]}
    assert score(hand, players=3) == [-4, 2, 2]


# The settings move the numbers as 14.2 says.


def test_settings_change_each_amount():
    settings = {"first": 10, "second": 3, "kill": 3, "chop": 5, "values": {"red_two": 7}}
    hand = {
        "order": [ANN, BEN, CAT, DAN],
        "killed": [DAN],
        "left": [{"player": DAN, "red_two": 1, "black_two": 1}],
        "chops": [{"by": BEN, "from": ANN, "items": ["red_two"]}],
    }
    # Dan pays Ann 3×10 + 7 + 1; Cat pays Ben 3; Ann pays Ben 5×7.
    assert score(hand, settings=settings) == [38 - 35, 3 + 35, -3, -38]
    assert score({"instant": CAT}, players=3, settings={"first": 5, "instant": 4}) == [-20, -20, 40]


def test_two_players_a_killed_last_pays_kill_times_first_and_a_last_not_killed_pays_what_is_left():
    left = [{"player": ANN, "four_pairs": 1}]
    assert score({"order": [BEN], "killed": [ANN], "left": left}, players=2) == [-8, 8]
    assert score({"order": [BEN, ANN], "left": left}, players=2) == [-6, 6]


ORDER = [ANN, BEN, CAT, DAN]


@pytest.mark.parametrize(
    ("hand", "tien_len", "reason"),
    [
        ({"order": [ANN, BEN, CAT, CAT]}, {}, "order: a player twice"),
        ({"order": [ANN, BEN]}, {}, "order: more than the last left out"),
        ({"order": ORDER, "killed": [CAT]}, {}, "killed: killed players take the last places"),
        ({"order": ORDER, "killed": ORDER}, {}, "killed: the first cannot be killed"),
        ({"order": ORDER, "left": [{"player": CAT, "red_two": 1}]}, {}, "left: only for the last and killed"),
        (
            {"order": ORDER, "killed": [CAT, DAN], "left": [{"player": BEN}]},
            {},
            "left: only for the last and killed",
        ),
        (
            {
                "order": ORDER,
                "killed": [CAT, DAN],
                "left": [{"player": CAT, "red_two": 2}, {"player": DAN, "red_two": 1}],
            },
            {},
            "left: at most two 2s of each colour",
        ),
        (
            {"order": ORDER, "left": [{"player": DAN, "red_two": 1}, {"player": DAN}]},
            {},
            "left: a player twice",
        ),
        ({"order": ORDER, "left": [{"player": DAN, "red_two": -1}]}, {}, "left: counts are whole numbers"),
        (
            {"order": ORDER, "chops": [{"by": BEN, "from": BEN, "items": ["red_two"]}]},
            {},
            "chops: nobody chops themselves",
        ),
        ({"order": ORDER, "chops": [{"by": BEN, "from": CAT, "items": []}]}, {}, "chops: one or more items"),
        (
            {"order": ORDER, "chops": [{"by": BEN, "from": 4, "items": ["red_two"]}]},
            {},
            "chops: not a player",
        ),
        ({"instant": BEN, "order": [BEN, ANN, CAT, DAN]}, {}, "instant: an instant win is recorded alone"),
        ({"instant": BEN}, {"instant_win": False}, "instant: switched off"),
        ({"order": ORDER, "killed": [DAN]}, {"killed": False}, "killed: switched off"),
        ({"order": ORDER, "left": [{"player": DAN, "red_two": 1}]}, {"left": False}, "left: switched off"),
        (
            {"order": ORDER, "chops": [{"by": BEN, "from": CAT, "items": ["red_two"]}]},
            {"chops": False},
            "chops: switched off",
        ),
        ({"order": ORDER}, {"first": 2, "second": 2}, "settings: second must be less than first"),
        ({"order": ORDER}, {"first": 1001}, "settings: a whole number 0–1000"),
    ],
)
def test_the_reference_refuses_what_spec_14_refuses(hand, tien_len, reason):
    # `tien_len`, not `settings`: pytest-django has a fixture of that name
    with pytest.raises(ValueError, match=f"^{reason}"):
        reference_scores(hand, tien_len, 4)


# Properties (hypothesis).

any_table = st.sampled_from([2, 3, 4]).flatmap(
    lambda players: st.tuples(st.just(players), valid_hands(players))
)


def first_of(hand):
    return hand["instant"] if "instant" in hand else hand["order"][0]


@given(any_table)
def test_every_hand_is_zero_sum_and_every_payment_positive_or_nothing(case):
    players, (hand, settings) = case
    assert sum(reference_scores(hand, settings, players)) == 0
    assert all(payer != payee and amount >= 0 for payer, payee, amount in payments(hand, settings, players))


@given(any_table)
def test_the_first_never_loses_a_hand_without_chops(case):
    players, (hand, settings) = case
    hand = {key: value for key, value in hand.items() if key != "chops"}
    scores = reference_scores(hand, settings, players)
    assert scores[first_of(hand)] >= 0


@given(any_table)
def test_a_hand_without_events_pays_exactly_by_place(case):
    players, (hand, settings) = case
    if "instant" in hand:
        hand = {"order": [hand["instant"]] + [p for p in range(players) if p != hand["instant"]]}
    order = hand["order"] + [player for player in range(players) if player not in hand["order"]]
    first, second = settings.get("first", 2), settings.get("second", 1)
    by_place = {2: [first, -first], 3: [first, 0, -first], 4: [first, second, -second, -first]}[players]
    scores = reference_scores({"order": hand["order"]}, settings, players)
    assert [scores[player] for player in order] == by_place


# The generator reaches every case it should (a comparison over hands without kills proves little).


def test_the_plain_random_hands_are_valid_repeatable_and_cover_every_rule():
    hands = list(random_hands(seed=40, count=2000))
    assert hands == list(random_hands(seed=40, count=2000))
    seen = Counter()
    for players, hand, settings in hands:
        reference_scores(hand, settings, players)  # raises on a hand SPEC refuses
        seen[players] += 1
        seen["instant"] += "instant" in hand
        seen["last left out"] += len(hand.get("order", [])) == players - 1
        killed = len(hand.get("killed", []))
        seen["killed"] += killed > 0
        seen[f"all but the first killed, {players}"] += killed == players - 1
        seen["left, last not killed"] += bool(hand.get("left")) and not killed
        seen["left, killed"] += any(
            entry["player"] in hand.get("killed", []) for entry in hand.get("left", [])
        )
        seen["chops"] += bool(hand.get("chops"))
        seen["a switch off"] += False in settings.values()
        seen["values"] += bool(settings.get("values"))
        seen["second given"] += "second" in settings
        seen["4: one of the middle pair killed"] += players == 4 and killed >= 2
    for case in (2, 3, 4, "instant", "last left out", "killed", "left, last not killed", "left, killed"):
        assert seen[case] >= 50, (case, seen)
    for case in ("chops", "a switch off", "values", "second given", "4: one of the middle pair killed"):
        assert seen[case] >= 50, (case, seen)
    for players in (2, 3, 4):
        assert seen[f"all but the first killed, {players}"] >= 10, seen


# The app's scorer against the reference.


def test_the_app_agrees_with_the_reference_on_2000_random_hands():
    hands = list(random_hands(seed=1440, count=2001))
    disagreements = []
    for players, hand, settings in hands:
        expected = reference_scores(hand, settings, players)
        try:
            got = app_scores(hand, settings, players)
        except Exception as refused:  # a valid hand refused is a disagreement too: count them all
            got = f"refused: {refused!r}"
        if got != expected:
            disagreements.append((players, hand, settings, expected, got))
    assert Counter(players for players, *_ in hands) == {2: 667, 3: 667, 4: 667}
    assert not disagreements, f"{len(disagreements)} of {len(hands)} differ, e.g. {disagreements[:3]}"


@given(any_table)
def test_the_app_agrees_with_the_reference_on_hypothesis_hands(case):
    players, (hand, settings) = case
    assert app_scores(hand, settings, players) == reference_scores(hand, settings, players)
