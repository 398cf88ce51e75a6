"""Every number of SPEC 2 (Hong Kong tiers, twos that double) and 3.6 (paying by place, the
house, ties, covering) against the engine; no Django, no database."""

from decimal import Decimal

import pytest

from rounds.rules.places import check_places
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import CLASSIC_TIERS, CoveringStyle, Mode, Places, RoundRules, Twos
from rounds.rules.scoring import RoundEntry, is_heavy, penalty, places_of, real_losses, score_round
from rounds.rules.settlement import settle
from rounds.rules.standings import Tally
from rounds.rules.tiers import validate_tiers

NAMES = ["A", "B", "C", "D"]
HONG_KONG = ((1, 1), (8, 2), (10, 3), (13, 4))
BY_PLACE = RoundRules(Mode.BY_PLACE)


def by_place(cards, *, covering=None, places=None, style=CoveringStyle.PAYS_FOR_EVERYONE):
    rules = RoundRules(Mode.BY_PLACE, places=places or Places(), covering_style=style)
    return score_round(RoundEntry(tuple(cards), covering=covering), NAMES[: len(cards)], rules)


@pytest.mark.parametrize(("cards", "expected"), [(7, 7), (8, 16), (10, 30), (13, 52)])
def test_hong_kong_tiers_double_from_8_triple_from_10_and_quadruple_at_13(cards, expected):
    assert penalty(cards, validate_tiers(HONG_KONG)) == expected


@pytest.mark.parametrize(
    ("cards", "twos", "expected"),
    [(8, 2, 32), (10, 1, 40), (13, 4, 624), (9, 0, 9)],
)
def test_each_two_held_doubles_the_classic_penalty(cards, twos, expected):
    assert penalty(cards, CLASSIC_TIERS, twos_held=twos, twos=Twos(doubles=True)) == expected


def test_doubling_applies_to_the_loser_in_every_mode():
    rules = RoundRules(Mode.WINNER_TAKES_ALL, CLASSIC_TIERS, twos=Twos(doubles=True))
    scored = score_round(RoundEntry((8, 0, 10, 13), twos=(2, 0, 1, 0)), NAMES, rules)
    assert scored.penalties == (32, 0, 40, 39)
    assert scored.scores == (-32, 111, -40, -39)


def test_tiers_take_any_number_of_steps_up_to_13_rows():
    thirteen = [[n, n] for n in range(1, 14)]
    assert len(validate_tiers(thirteen)) == 13
    with pytest.raises(ScoringError) as refused:
        validate_tiers([*thirteen, [14, 14]])
    assert refused.value.field == "tiers"


def test_places_pay_100_200_300_by_cards_left():
    scored = by_place([3, 0, 7, 5])
    assert scored.scores == (-100, 600, -300, -200)
    assert scored.house == 0


def test_a_heavy_round_pays_double_and_the_winner_gives_the_house_its_cut():
    scored = by_place([3, 0, 11, 5])
    assert scored.scores == (-200, 1100, -600, -400)
    assert scored.house == 100
    assert sum(scored.scores) + scored.house == 0


def test_tied_losers_share_their_places_amounts():
    assert by_place([4, 0, 4, 9]).scores == (-150, 600, -150, -300)
    assert places_of((4, 0, 4, 9), 1) == (2, 1, 2, 4)


def test_a_share_that_is_not_whole_rounds_half_up_and_the_winner_gets_what_is_paid():
    places = Places(pays=(100, 201, 300))
    scored = by_place([4, 0, 4, 9], places=places)
    assert scored.scores == (-151, 602, -151, -300)  # (100 + 201) / 2 = 150.5 → 151
    down = by_place([5, 5, 0, 5], places=Places(pays=(100, 100, 101)))
    assert down.scores == (-100, -100, 300, -100)  # 301 / 3 = 100.33 → 100; the winner gets the 300 paid
    up = by_place([5, 5, 0, 5], places=Places(pays=(100, 101, 101)))
    assert up.scores == (-101, -101, 303, -101)  # 302 / 3 = 100.67 → 101


def test_three_players_use_the_first_two_amounts_and_two_players_the_first():
    assert by_place([3, 0, 7]).scores == (-100, 300, -200)
    assert by_place([0, 12]).scores == (100, -200)  # heavy: 200 in, 100 to the house
    assert by_place([0, 12]).house == 100


def test_the_covering_player_pays_every_losers_amount_under_both_styles():
    for style in CoveringStyle:
        scored = by_place([3, 0, 11, 5], covering=0, style=style)
        assert scored.scores == (-1200, 1100, 0, 0)
        assert real_losses(scored.penalties, winner=1, covering=0) == (1200, 0, 0, 0)


def test_real_losses_by_place_are_what_each_paid():
    scored = by_place([3, 0, 11, 5])
    assert real_losses(scored.penalties, winner=1, covering=None) == (200, 0, 600, 400)


def test_heavy_is_reached_at_heavy_from():
    places = Places(heavy_from=11)
    assert not is_heavy((0, 10, 3), places)
    assert is_heavy((0, 11, 3), places)
    assert by_place([3, 0, 10, 5], places=places).house == 0


def test_a_house_cut_of_0_turns_the_house_off():
    scored = by_place([3, 0, 11, 5], places=Places(house_cut=0))
    assert scored.house == 0
    assert sum(scored.scores) == 0


def test_the_house_settles_as_a_party_at_net_times_value():
    rounds = [by_place(cards) for cards in ([3, 0, 7, 5], [3, 0, 11, 5])]
    tally = Tally.of(rounds, 4)
    assert tally.totals == (-300, 1700, -900, -600)
    assert tally.house == (0, 100, 0, 0)
    settlement = settle(tally.pairwise, Decimal("0.10"), house=tally.house)
    assert settlement.net == [Decimal(v) for v in ("-30.00", "170.00", "-90.00", "-60.00", "10.00")]
    assert sum(settlement.net) == 0


def test_rules_json_round_trips_every_field():
    rules = RoundRules(
        Mode.BY_PLACE,
        HONG_KONG,
        covering_style=CoveringStyle.TAKES_WHOLE_LOSS,
        places=Places(pays=(50, 100), heavy_pays=(100, 200), heavy_from=9, house_cut=50),
    )
    assert RoundRules.from_json(rules.to_json()) == rules
    doubles = RoundRules(Mode.PAY_DIFFERENCE, HONG_KONG, twos=Twos(doubles=True))
    assert doubles.to_json()["twos"] == {"doubles": True}
    assert RoundRules.from_json(doubles.to_json()) == doubles
    assert "places" not in doubles.to_json()


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"pays": [200, 100]}, "places.pays"),
        ({"pays": [-1]}, "places.pays"),
        ({"heavy_pays": [1, 2, 3, 4]}, "places.heavy_pays"),
        ({"heavy_from": 0}, "places.heavy_from"),
        ({"heavy_from": 14}, "places.heavy_from"),
        ({"heavy_from": True}, "places.heavy_from"),
        ({"house_cut": 201}, "places.house_cut"),
        ({"pays": "100"}, "places.pays"),
        ([], "places"),
    ],
)
def test_bad_place_tables_are_refused_naming_the_field(raw, field):
    with pytest.raises(ScoringError) as refused:
        check_places(raw)
    assert refused.value.field == field


def test_a_checked_table_keeps_what_was_not_sent():
    assert check_places({"house_cut": 0}) == Places(house_cut=0)
    assert check_places({"pays": [10, 20]}, base=Places(heavy_from=8)) == Places(pays=(10, 20), heavy_from=8)
