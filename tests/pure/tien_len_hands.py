"""Random Tiến lên hands that SPEC 14.1 allows, with random settings, as the API's JSON: a pair
(hand, settings) where settings is the session's `"tien_len"` object. Two sources, one recipe:
`valid_hands(players)`, a hypothesis strategy (it shrinks), and `random_hands(seed, count)`, plain
`random.Random(seed)` for a fixed, large comparison.

What a hand may hold (SPEC 14.1, 14.2): every player once in the order, first out first, the last
left out half of the time; killed players take the last places, never the first; left in hand
only for the last and killed players, at most two 2s of each colour across the table and at most
13 cards a player (a 2 is one card, a three-pair run six, four of a kind four, a four-pair run
eight); chops between two different players with one to four items; an instant win alone. Every
key of the settings is optional (so is every item of `values`); a hand uses a rule only when its
switch is on; second < first; every number 0–1000, small ones as often as large ones.
"""

import random

from hypothesis import strategies as st

ITEMS = ("black_two", "red_two", "three_pairs", "four_of_a_kind", "four_pairs")
CARDS = {"black_two": 1, "red_two": 1, "three_pairs": 6, "four_of_a_kind": 4, "four_pairs": 8}
DEFAULTS = {"first": 2, "second": 1, "kill": 2, "instant": 2, "chop": 1}
SWITCHES = ("killed", "left", "chops", "instant_win")


class _Draws:
    """The choices a hand is built from, drawn by hypothesis."""

    def __init__(self, draw):
        self.draw = draw

    def integer(self, low, high):
        return self.draw(st.integers(low, high))

    def boolean(self):
        return self.draw(st.booleans())

    def shuffled(self, values):
        return list(self.draw(st.permutations(list(values))))


class _Rolls:
    """The same choices, rolled by random.Random."""

    def __init__(self, rng):
        self.rng = rng

    def integer(self, low, high):
        return self.rng.randint(low, high)

    def boolean(self):
        return self.rng.random() < 0.5

    def shuffled(self, values):
        return self.rng.sample(list(values), len(values))


@st.composite
def valid_hands(draw, players):
    """A (hand, settings) pair for a table of `players` (2–4)."""
    return _pair(_Draws(draw), players)


def random_hand(rng: random.Random, players: int) -> tuple[dict, dict]:
    return _pair(_Rolls(rng), players)


def random_hands(seed: int, count: int, tables=(2, 3, 4)):
    """`count` triples (players, hand, settings), the table sizes taking turns."""
    rng = random.Random(seed)
    for number in range(count):
        players = tables[number % len(tables)]
        yield (players, *random_hand(rng, players))


def _pair(pick, players):
    settings, switched_on = _settings(pick)
    return _hand(pick, players, settings, switched_on), settings


def _number(pick, low, high):
    return pick.integer(low, min(high, 12)) if pick.boolean() else pick.integer(low, high)


def _settings(pick):
    settings = {}
    give_first, give_second = pick.boolean(), pick.boolean()
    first = _number(pick, 1 if give_second else 2, 1000) if give_first else DEFAULTS["first"]
    if give_first:
        settings["first"] = first
    if give_second:
        settings["second"] = _number(pick, 0, first - 1)
    for key in ("kill", "instant", "chop"):
        if pick.boolean():
            settings[key] = _number(pick, 0, 1000)
    if pick.boolean():
        settings["values"] = {item: _number(pick, 0, 1000) for item in ITEMS if pick.boolean()}
    switched_on = {}
    for switch in SWITCHES:
        switched_on[switch] = True
        if pick.boolean():
            switched_on[switch] = settings[switch] = pick.integer(0, 2) > 0
    return settings, switched_on


def _hand(pick, players, settings, on):
    if on["instant_win"] and pick.integer(0, 5) == 0:
        return {"instant": pick.integer(0, players - 1)}
    order = pick.shuffled(range(players))
    hand = {"order": order[:-1] if pick.boolean() else order}
    killed = []
    if on["killed"] and pick.integer(0, 2) > 0:
        killed = pick.shuffled(order[len(order) - pick.integer(0, players - 1) :])
        hand["killed"] = killed
    if on["left"] and pick.boolean():
        hand["left"] = _left(pick, killed or [order[-1]])
    if on["chops"] and pick.boolean():
        hand["chops"] = [_chop(pick, players) for _ in range(pick.integer(0, 3))]
    return hand


def _left(pick, holders):
    entries = []
    twos = {"black_two": 2, "red_two": 2}
    for player in holders:
        if not pick.boolean():
            continue
        entry, room = {"player": player}, 13
        for item in pick.shuffled(ITEMS):
            most = room // CARDS[item]
            if item in twos:
                most = min(most, twos[item])
            count = pick.integer(0, most)
            room -= count * CARDS[item]
            if item in twos:
                twos[item] -= count
            if count or pick.boolean():
                entry[item] = count
        entries.append(entry)
    return entries


def _chop(pick, players):
    chopper, chopped = pick.shuffled(range(players))[:2]
    return {
        "by": chopper,
        "from": chopped,
        "items": [ITEMS[pick.integer(0, len(ITEMS) - 1)] for _ in range(pick.integer(1, 4))],
    }
