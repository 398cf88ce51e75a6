"""Tiến lên's scoring for every valid hand and settings (hypothesis): zero-sum, the first never
loses a hand without chops, a hand without events pays exactly by place, the ranks put the first
first and the lasts last, and the hand and its settings survive their JSON.

The hands are built from SPEC 14.1 with the bounds written out here (not read from the module):
orders with the last sometimes left out, killed players in the last places and never the first,
cards left for the last or the killed only (at most 13 cards' worth, two 2s of each colour across
the table), chops between two players, an instant win alone; each rule only when switched on."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rounds.rules.tien_len import TienLenHand, TienLenRules, score_tien_len, tien_len_ranks

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# Each item: how many one player can hold at the end, and the cards one stands for.
ITEMS = {
    "black_two": (2, 1),
    "red_two": (2, 1),
    "three_pairs": (2, 6),
    "four_of_a_kind": (3, 4),
    "four_pairs": (1, 8),
}
SWITCHES = ("killed", "left", "chops", "instant_win")
COUNTS = (2, 3, 4)


@st.composite
def tien_len_settings(draw):
    """Settings JSON as a body sends it: whole numbers 0-1000, second < first, random switches."""
    first = draw(st.integers(1, 1000))
    return {
        "first": first,
        "second": draw(st.integers(0, first - 1)),
        "kill": draw(st.integers(0, 1000)),
        "instant": draw(st.integers(0, 1000)),
        "chop": draw(st.integers(0, 1000)),
        "values": {item: draw(st.integers(0, 1000)) for item in ITEMS},
        **{switch: draw(st.booleans()) for switch in SWITCHES},
    }


@st.composite
def held(draw, player, twos_left):
    """What one player is left holding, within one hand and the 2s still in the deck."""
    entry, cards = {"player": player}, 13
    for item in draw(st.permutations(list(ITEMS))):
        most, size = ITEMS[item]
        count = draw(st.integers(0, min(most, cards // size, twos_left.get(item, most))))
        if count or draw(st.booleans()):
            entry[item] = count
        cards -= count * size
        if item in twos_left:
            twos_left[item] -= count
    return entry


@st.composite
def chop(draw, count):
    by = draw(st.integers(0, count - 1))
    chopped = draw(st.integers(0, count - 2))
    items = draw(st.lists(st.sampled_from(list(ITEMS)), min_size=1, max_size=4))
    return {"by": by, "from": chopped + (chopped >= by), "items": items}


@st.composite
def valid_hands(draw, count, *, events=True, chops=True):
    """(hand, rules, names): a hand SPEC 14.1 allows under random settings, read by from_json."""
    raw_rules = draw(tien_len_settings())
    rules = TienLenRules.from_json(raw_rules)
    names = NAMES[:count]
    if events and rules.instant_win and draw(st.integers(0, 5)) == 0:
        raw = {"instant": draw(st.integers(0, count - 1))}
    else:
        order = draw(st.permutations(range(count)))
        raw = {"order": order[:-1] if draw(st.booleans()) else order}
        killed = order[count - draw(st.integers(0, count - 1)) :] if events and rules.killed else []
        if killed:
            raw["killed"] = draw(st.permutations(killed))
        if events and rules.left:
            twos_left = {"black_two": 2, "red_two": 2}
            holders = draw(st.lists(st.sampled_from(killed or [order[-1]]), unique=True))
            raw["left"] = [draw(held(player, twos_left)) for player in holders]
        if events and chops and rules.chops:
            raw["chops"] = draw(st.lists(chop(count), max_size=4))
    return TienLenHand.from_json(raw, players=names, rules=rules), rules, names


def by_place(count, rules):
    """What each place scores by place alone (SPEC 14.3, rule 1)."""
    return {
        2: (rules.first, -rules.first),
        3: (rules.first, 0, -rules.first),
        4: (rules.first, rules.second, -rules.second, -rules.first),
    }[count]


@pytest.mark.parametrize("count", COUNTS)
@given(data=st.data())
def test_every_hand_is_zero_sum(count, data):
    hand, rules, _names = data.draw(valid_hands(count))
    scores = score_tien_len(hand, rules)
    assert len(scores) == count
    assert sum(scores) == 0


@pytest.mark.parametrize("count", COUNTS)
@given(data=st.data())
def test_the_first_never_loses_a_hand_without_chops(count, data):
    hand, rules, _names = data.draw(valid_hands(count, chops=False))
    scores = score_tien_len(hand, rules)
    assert scores[hand.first] >= 0


@pytest.mark.parametrize("count", COUNTS)
@given(data=st.data())
def test_a_hand_without_events_pays_exactly_by_place(count, data):
    hand, rules, _names = data.draw(valid_hands(count, events=False))
    scores = score_tien_len(hand, rules)
    assert tuple(scores[player] for player in hand.order) == by_place(count, rules)


@pytest.mark.parametrize("count", COUNTS)
@given(data=st.data())
def test_the_ranks_put_the_first_first_and_the_lasts_last(count, data):
    hand, _rules, _names = data.draw(valid_hands(count))
    ranks = tien_len_ranks(hand)
    assert ranks[hand.first] == 1
    assert set(hand.lasts) == {player for player in range(count) if ranks[player] == max(ranks)}
    assert set(hand.killed) <= set(hand.lasts)
    if hand.instant is None:
        assert sorted(ranks) == [min(place, count - len(hand.killed) + 1) for place in range(1, count + 1)]


@pytest.mark.parametrize("count", COUNTS)
@given(data=st.data())
def test_a_hand_and_its_settings_survive_their_json(count, data):
    hand, rules, names = data.draw(valid_hands(count))
    stored_rules = TienLenRules.from_json(json.loads(json.dumps(rules.to_json())))
    assert stored_rules == rules
    stored = TienLenHand.from_json(json.loads(json.dumps(hand.to_json())), players=names, rules=stored_rules)
    assert stored == hand
    assert score_tien_len(stored, stored_rules) == score_tien_len(hand, rules)
