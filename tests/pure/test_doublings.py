"""锄大地's doublings (SPEC 15): SPEC's worked example, each refusal, and as properties: the ♠2
and bombs never change who wins and keep the zero-sum modes zero-sum."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rounds.rules.mode import BY_CARDS
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import CLASSIC_TIERS, Mode, RoundRules
from rounds.rules.scoring import RoundEntry, score_round

NAMES = ["A", "B", "C", "D"]
CHU_DA_DI = ((1, 1), (8, 2), (10, 3), (13, 4))
ON = RoundRules(Mode.WINNER_TAKES_ALL, CHU_DA_DI, spade_two=8, bombs=True)


def test_spec_15_worked_example():
    scored = score_round(RoundEntry((9, 0, 10, 4), spade_two=2, bombs=1), NAMES, ON)
    assert scored.penalties == (36, 0, 120, 8)
    assert scored.scores == (-36, 164, -120, -8)


def test_the_spade_two_doubles_only_from_the_threshold():
    under = score_round(RoundEntry((9, 0, 7, 4), spade_two=2), NAMES, ON)
    assert under.penalties == (18, 0, 7, 4)
    at = score_round(RoundEntry((9, 0, 8, 4), spade_two=2), NAMES, ON)
    assert at.penalties == (18, 0, 32, 4)


def test_each_bomb_doubles_every_penalty():
    for bombs in range(5):
        scored = score_round(RoundEntry((9, 0, 10, 4), bombs=bombs), NAMES, ON)
        assert scored.penalties == tuple(penalty * 2**bombs for penalty in (18, 0, 30, 4))


@pytest.mark.parametrize(
    ("entry", "rules", "field", "player"),
    [
        (RoundEntry((9, 0, 10, 4), spade_two=1), ON, "spade_two", 1),
        (RoundEntry((9, 0, 10, 4), spade_two=4), ON, "spade_two", None),
        (RoundEntry((9, 0, 10, 4), bombs=5), ON, "bombs", None),
        (RoundEntry((9, 0, 10, 4), bombs=-1), ON, "bombs", None),
        (RoundEntry((9, 0, 10, 4), spade_two=2), RoundRules(), "spade_two", None),
        (RoundEntry((9, 0, 10, 4), bombs=1), RoundRules(), "bombs", None),
    ],
)
def test_refusals_name_the_field(entry, rules, field, player):
    with pytest.raises(ScoringError) as refused:
        score_round(entry, NAMES, rules)
    assert (refused.value.field, refused.value.player) == (field, player)


@st.composite
def hands(draw):
    players = draw(st.integers(2, 4))
    winner = draw(st.integers(0, players - 1))
    cards = tuple(0 if seat == winner else draw(st.integers(1, 13)) for seat in range(players))
    losers = [seat for seat in range(players) if seat != winner]
    spade_two = draw(st.none() | st.sampled_from(losers))
    mode = draw(st.sampled_from(sorted(BY_CARDS)))
    rules = RoundRules(
        mode,
        CLASSIC_TIERS if mode is not Mode.BY_PLACE else ((1, 1),),
        spade_two=draw(st.integers(1, 13)),
        bombs=True,
    )
    return NAMES[:players], RoundEntry(cards, spade_two=spade_two, bombs=draw(st.integers(0, 4))), rules


@given(hands())
def test_doublings_never_change_who_wins_and_keep_zero_sum_modes_zero_sum(hand):
    names, entry, rules = hand
    plain = score_round(RoundEntry(entry.cards), names, rules)
    doubled = score_round(entry, names, rules)
    assert doubled.winner == plain.winner
    best = max if not rules.mode.lowest_wins else min
    assert (
        best(range(len(names)), key=lambda seat: (doubled.scores[seat], seat == doubled.winner))
        == doubled.winner
    )
    if rules.mode.zero_sum:
        assert sum(doubled.scores) + doubled.house == 0
    assert all(after >= before for after, before in zip(doubled.penalties, plain.penalties, strict=True))
