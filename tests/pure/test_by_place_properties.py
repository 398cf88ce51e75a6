"""Paying by place for any round and any valid tables (hypothesis): players and house sum to 0,
the winner gets exactly what the losers pay, ties share within half a point, and places follow
the cards."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rounds.rules.places import check_places
from rounds.rules.ruleset import CoveringStyle, Mode, RoundRules
from rounds.rules.scoring import RoundEntry, places_of, real_losses, score_round

NAMES = ["A", "B", "C", "D"]


@st.composite
def by_place_rounds(draw):
    count = draw(st.integers(2, 4))
    winner = draw(st.integers(0, count - 1))
    cards = tuple(0 if index == winner else draw(st.integers(1, 13)) for index in range(count))
    pays = sorted(draw(st.lists(st.integers(0, 1000), min_size=3, max_size=3)))
    heavy_pays = sorted(draw(st.lists(st.integers(0, 1000), min_size=3, max_size=3)))
    raw = {
        "pays": pays,
        "heavy_pays": heavy_pays,
        "heavy_from": draw(st.integers(1, 13)),
        "house_cut": draw(st.integers(0, heavy_pays[0])),
    }
    covering = draw(st.none() | st.sampled_from([index for index in range(count) if index != winner]))
    style = draw(st.sampled_from(list(CoveringStyle)))
    rules = RoundRules(Mode.BY_PLACE, places=check_places(raw), covering_style=style)
    return RoundEntry(cards, covering=covering), rules, NAMES[:count]


@given(by_place_rounds())
def test_players_and_house_sum_to_zero_and_the_winner_gets_what_is_paid(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    assert sum(scored.scores) + scored.house == 0
    paid = -sum(score for index, score in enumerate(scored.scores) if index != scored.winner)
    assert scored.scores[scored.winner] + scored.house == paid == sum(scored.penalties)
    assert scored.scores[scored.winner] >= 0  # the cut never exceeds the smallest heavy amount
    assert scored.house in (0, rules.places.house_cut)


@given(by_place_rounds())
def test_tied_losers_pay_the_same_share_within_half_a_point_of_their_places(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    places = places_of(entry.cards, scored.winner)
    heavy = max(entry.cards) >= rules.places.heavy_from
    amounts = rules.places.heavy_pays if heavy else rules.places.pays
    for index, place in enumerate(places):
        if index == scored.winner:
            assert place == 1
            continue
        tied = [other for other, cards in enumerate(entry.cards) if cards == entry.cards[index]]
        exact = Fraction(sum(amounts[place - 2 : place - 2 + len(tied)]), len(tied))
        assert exact - Fraction(1, 2) < scored.penalties[index] <= exact + Fraction(1, 2)
        assert all(scored.penalties[other] == scored.penalties[index] for other in tied)
        fewer = [
            other
            for other in range(len(names))
            if other != scored.winner and entry.cards[other] < entry.cards[index]
        ]
        assert place == 2 + len(fewer)


@given(by_place_rounds())
def test_real_losses_are_what_each_paid(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    losses = real_losses(scored.penalties, winner=scored.winner, covering=entry.covering)
    paid = tuple(0 if index == scored.winner else -score for index, score in enumerate(scored.scores))
    assert losses == paid
