"""Properties of the rules that must hold for every round and every evening (hypothesis)."""

from decimal import ROUND_HALF_UP, Decimal
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from rounds.rules.mode import BY_CARDS
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import (
    CLASSIC_TIERS,
    FLAT_TIERS,
    MAX_CARDS,
    CoveringStyle,
    Mode,
    Places,
    RoundRules,
    Twos,
)
from rounds.rules.scoring import RoundEntry, real_losses, score_round, validate_round
from rounds.rules.settlement import fewest_transfers, settle, to_cents_keeping_sum
from rounds.rules.standings import Tally, session_totals

NAMES = ["Ann", "Ben", "Cat", "Dan"]
HOUSE = ((1, 2), (8, 3), (13, 5))


@st.composite
def valid_rounds(draw, player_count=None):
    """A round as the table would report it, with rules and maybe covering and twos."""
    count = player_count or draw(st.integers(2, 4))
    winner = draw(st.integers(0, count - 1))
    cards = [0 if index == winner else draw(st.integers(1, MAX_CARDS)) for index in range(count)]
    mode = draw(st.sampled_from(sorted(BY_CARDS)))
    tiers = draw(st.sampled_from([CLASSIC_TIERS, FLAT_TIERS, HOUSE]))
    points_per_two = None if mode is Mode.BY_PLACE else draw(st.none() | st.integers(1, 10))
    twos_double = points_per_two is None and mode is not Mode.BY_PLACE and draw(st.booleans())
    twos = None
    if points_per_two is not None or twos_double:
        twos, left = [], 4
        for cards_left in cards:
            held = draw(st.integers(0, min(cards_left, left)))
            twos.append(held)
            left -= held
    covering = draw(st.none() | st.sampled_from([i for i in range(count) if i != winner]))
    covering_style = draw(st.sampled_from(list(CoveringStyle)))
    entry = RoundEntry(cards=tuple(cards), twos=None if twos is None else tuple(twos), covering=covering)
    places = draw(place_tables()) if mode is Mode.BY_PLACE else None
    rules = RoundRules(
        mode=mode,
        tiers=tiers,
        twos=Twos(points_per_two, twos_double) if points_per_two is not None or twos_double else None,
        covering_style=covering_style,
        places=places,
    )
    return entry, rules, NAMES[:count]


@st.composite
def place_tables(draw):
    """Paying by place: any two tables of 3 non-decreasing amounts, a threshold, a cut the
    heavy table allows (SPEC 3.6)."""
    pays = tuple(sorted(draw(st.lists(st.integers(0, 999), min_size=3, max_size=3))))
    heavy_pays = tuple(sorted(draw(st.lists(st.integers(0, 999), min_size=3, max_size=3))))
    return Places(
        pays=pays,
        heavy_pays=heavy_pays,
        heavy_from=draw(st.integers(1, 13)),
        house_cut=draw(st.integers(0, heavy_pays[0])),
    )


@given(valid_rounds())
def test_zero_sum_modes_sum_to_zero_every_round_covered_or_not(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    if rules.mode.zero_sum:
        assert sum(scored.scores) + scored.house == 0  # the house is a party in by_place
    else:
        assert sum(scored.scores) == sum(scored.penalties)


@given(valid_rounds())
def test_real_losses_move_the_losers_whole_loss_onto_the_covering_player(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    losses = real_losses(scored.penalties, winner=scored.winner, covering=entry.covering)
    assert sum(losses) == sum(scored.penalties)  # the table's loss is neither made nor lost
    assert losses[scored.winner] == 0
    if entry.covering is None:
        assert losses == scored.penalties
    else:
        assert losses[entry.covering] == sum(scored.penalties)
        assert all(loss == 0 for index, loss in enumerate(losses) if index != entry.covering)


@given(valid_rounds())
def test_taking_the_whole_loss_leaves_the_other_losers_nothing_to_pay(round_):
    entry, rules, names = round_
    if entry.covering is None or rules.covering_style is not CoveringStyle.TAKES_WHOLE_LOSS:
        return
    scored = score_round(entry, names, rules)
    whole_loss = sum(scored.penalties)
    others = [index for index in range(len(names)) if index not in {entry.covering, scored.winner}]
    if rules.mode is Mode.PAY_DIFFERENCE:
        # Every other player settles the difference with the covering player: L each.
        assert scored.scores[entry.covering] == -(len(names) - 1) * whole_loss
        assert all(scored.scores[index] == whole_loss for index in [*others, scored.winner])
    else:
        sign = 1 if rules.mode is Mode.POINTS else -1
        assert scored.scores[entry.covering] == sign * whole_loss
        assert all(scored.scores[index] == 0 for index in others)


@given(valid_rounds())
def test_the_winner_never_loses_points(round_):
    entry, rules, names = round_
    scored = score_round(entry, names, rules)
    assert scored.penalties[scored.winner] == 0
    if rules.mode is Mode.POINTS:
        assert scored.scores[scored.winner] == 0
    else:
        assert scored.scores[scored.winner] >= 0


@given(st.lists(st.integers(0, 13), min_size=2, max_size=4))
def test_a_round_is_accepted_exactly_when_it_has_one_winner(cards):
    names = NAMES[: len(cards)]
    try:
        validate_round(RoundEntry(cards=tuple(cards)), names, RoundRules())
    except ScoringError:
        assert cards.count(0) != 1
    else:
        assert cards.count(0) == 1


@st.composite
def evenings(draw):
    count = draw(st.integers(2, 4))
    return count, draw(st.lists(valid_rounds(player_count=count), max_size=12))


@given(evenings())
def test_totals_equal_the_sum_of_the_rounds(evening):
    count, rounds = evening
    scored = [score_round(entry, names, rules) for entry, rules, names in rounds]
    totals = session_totals(scored, count)
    for player in range(count):
        assert totals[player] == sum(result.scores[player] for result in scored)


@given(evenings(), st.decimals(min_value=0, max_value=50, places=4))
def test_settlement_nets_sum_to_zero_and_transfers_reproduce_them(evening, value_per_point):
    count, rounds = evening
    scored = [score_round(entry, names, rules) for entry, rules, names in rounds]
    tally = Tally.of(scored, count)
    settlement = settle(tally.pairwise, value_per_point, house=tally.house)  # the house: one more party
    assert sum(settlement.net, Decimal(0)) == 0
    assert len(settlement.transfers) <= count
    balance = [Decimal(0)] * (count + 1)
    for transfer in settlement.transfers:
        assert transfer.amount > 0
        assert transfer.amount == transfer.amount.quantize(Decimal("0.01"))
        balance[transfer.payer] -= transfer.amount
        balance[transfer.payee] += transfer.amount
    assert balance == settlement.net


@given(evenings(), st.decimals(min_value=0, max_value=50, places=2))
def test_zero_sum_evenings_settle_at_exactly_points_times_value(evening, value_per_point):
    count, rounds = evening
    zero_sum = [(entry, rules, names) for entry, rules, names in rounds if rules.mode.zero_sum]
    scored = [score_round(entry, names, rules) for entry, rules, names in zero_sum]
    tally = Tally.of(scored, count)
    settlement = settle(tally.pairwise, value_per_point, house=tally.house)
    assert settlement.net[:count] == [total * value_per_point for total in session_totals(scored, count)]
    assert settlement.net[count] == tally.house_total * value_per_point


@given(
    st.lists(st.integers(-400, 400), min_size=2, max_size=4), st.decimals(min_value=0, max_value=5, places=4)
)
def test_cents_keep_the_sum_and_stay_within_a_cent(points, value_per_point):
    exact = [Decimal(point) * value_per_point for point in points]
    rounded = to_cents_keeping_sum(exact)
    assert sum(rounded, Decimal(0)) == sum(exact, Decimal(0)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert all(abs(r - e) < Decimal("0.01") for r, e in zip(rounded, exact, strict=True))


def fewest_possible(net):
    """Brute force: n minus the most groups the players split into that each sum to zero."""
    players = [index for index, amount in enumerate(net) if amount != 0]

    def most_groups(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 0
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                group = (first, *others)
                if sum(net[i] for i in group) == 0:
                    remaining = [i for i in rest if i not in others]
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(players) - most_groups(players)


@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=3))
def test_transfers_are_the_fewest_possible_for_up_to_four_players(cents):
    net = [Decimal(c) / 100 for c in cents]
    net.append(-sum(net, Decimal(0)))
    transfers = fewest_transfers(net)
    assert len(transfers) == fewest_possible(net)
