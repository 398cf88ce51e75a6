"""Each round keeps its scores and the session its sums: a write scores only the round it writes,
and what is stored always equals what rounds/rules/scoring.py computes from the cards."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rounds import services
from rounds.models import Round, Session
from rounds.reads.selectors import Viewer, scored_session
from rounds.reads.state import table_state
from rounds.rules import scoring
from rounds.rules.mode import BY_CARDS
from rounds.rules.ruleset import CLASSIC_TIERS, FLAT_TIERS, MAX_CARDS, CoveringStyle, Mode
from rounds.rules.scoring import RoundEntry
from rounds.rules.settlement import settle
from rounds.rules.standings import Tally
from tests.factories import add_rounds, grab_lock, make_session

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan"]
HOUSE = ((1, 2), (8, 3), (13, 5))


def assert_stored_equals_scoring(session: Session) -> None:
    """The oracle: score every round afresh from its cards and compare with what is stored and shown."""
    session = Session.objects.get(pk=session.pk)
    scored = scored_session(session)
    for round_, _, result in scored.rounds:
        assert (round_.winner, round_.penalties, round_.scores) == (
            result.winner,
            list(result.penalties),
            list(result.scores),
        ), f"round {round_.number}"
    tally = Tally.of([result for _, _, result in scored.rounds], len(scored.players))
    assert session.totals == list(tally.totals)
    assert session.pairwise == [list(row) for row in tally.pairwise]
    assert session.house == list(tally.house)  # what each gave the house (by place)
    assert [round_.house for round_, _, _ in scored.rounds] == [
        result.house for _, _, result in scored.rounds
    ]
    state = table_state(session, viewer=Viewer.EDITOR)
    keeps_house = session.rules.mode is Mode.BY_PLACE or any(tally.house)
    assert state.get("house") == (tally.house_total if keeps_house else None)
    if all(round_.rules.mode.zero_sum for round_, _, _ in scored.rounds):
        assert sum(state["totals"]) + tally.house_total == 0  # players and house
    assert state["totals"] == list(tally.totals)
    assert [(r["cards"], r["twos"], r["scores"]) for r in state["rounds"]] == [
        (list(entry.cards), None if entry.twos is None else list(entry.twos), list(result.scores))
        for _, entry, result in scored.rounds
    ]
    # Each round shows the covering rule it was scored under, which may not be the session's now.
    assert [r["rules"]["covering_style"] for r in state["rounds"]] == [
        round_.rules.covering_style for round_, _, _ in scored.rounds
    ]
    if session.value_per_point is not None:
        expected = settle(tally.pairwise, session.value_per_point, house=tally.house if keeps_house else None)
        assert state["settlement"]["net"] == [f"{amount:.2f}" for amount in expected.net[: len(tally.totals)]]


@st.composite
def hands(draw, players):
    winner = draw(st.integers(0, players - 1))
    cards = [0 if index == winner else draw(st.integers(1, MAX_CARDS)) for index in range(players)]
    twos, left = [], 4
    for cards_left in cards:
        held = draw(st.integers(0, min(cards_left, left)))
        twos.append(held)
        left -= held
    covering = draw(st.none() | st.sampled_from([i for i in range(players) if i != winner]))
    return tuple(cards), tuple(twos), covering


@st.composite
def evenings(draw):
    """2-4 players, a wager or none, and a random sequence of adds, corrections, deletes and rule changes."""
    players = draw(st.integers(2, 4))
    steps = []
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.sampled_from(["add", "add", "add", "edit", "delete", "rules"]))
        if kind == "rules":
            mode = draw(st.sampled_from(sorted(BY_CARDS)))
            twos = st.builds(lambda n: {"points_per_two": n}, st.integers(1, 10)) | st.just({"doubles": True})
            rules = {
                "mode": mode.value,
                "tiers": [list(tier) for tier in draw(st.sampled_from([CLASSIC_TIERS, FLAT_TIERS, HOUSE]))],
                "twos": None if mode is Mode.BY_PLACE else draw(st.none() | twos),
                "covering_style": draw(st.sampled_from(list(CoveringStyle))).value,
            }
            if mode is Mode.BY_PLACE:
                rules["places"] = draw(
                    st.sampled_from(
                        [{}, {"pays": [10, 20, 30], "heavy_from": 7, "house_cut": 0}, {"house_cut": 150}]
                    )
                )
            steps.append(("rules", rules, draw(st.booleans())))
        else:
            steps.append((kind, draw(st.integers(0, 50)), draw(hands(players))))
    value = draw(st.none() | st.sampled_from(["0.50", "0.10", "1"]))
    return players, value, steps


def entry_for(hand, counts_twos):
    cards, twos, covering = hand
    return RoundEntry(cards=cards, twos=twos if counts_twos else None, covering=covering)


@examples(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(evenings())
def test_stored_scores_and_totals_always_equal_scoring_from_the_cards(evening):
    players, value, steps = evening
    session = make_session(players=NAMES[:players], value_per_point=value, covering_rule=True)
    token = grab_lock(session)
    for kind, pick, hand in steps:
        session = Session.objects.get(pk=session.pk)
        played = Round.objects.filter(session=session).count()
        if kind == "add":
            entry = entry_for(hand, session.rules.counts_twos)
            services.round_add(session=session, token=token, entry=entry)
        elif kind == "rules":
            services.session_update(session=session, token=token, changes=pick, rescore=hand)
        elif played and kind == "edit":
            round_ = Round.objects.get(session=session, number=pick % played + 1)
            entry = entry_for(hand, round_.rules.counts_twos)
            services.round_edit(session=session, token=token, number=round_.number, entry=entry)
        elif played:
            services.round_delete(session=session, token=token, number=pick % played + 1)
        assert_stored_equals_scoring(session)


@pytest.fixture
def scorings(monkeypatch):
    """How many rounds get scored: every path to a round's scores goes through score_checked."""
    calls = []
    original = scoring.score_checked

    def counted(entry, rules):
        calls.append(entry)
        return original(entry, rules)

    monkeypatch.setattr(scoring, "score_checked", counted)
    return calls


def test_a_write_scores_only_the_round_it_writes(scorings):
    session = make_session(value_per_point="0.50")
    token = add_rounds(session, *[[5, 0, 11, 13], [0, 1, 2, 3]] * 15)
    scorings.clear()
    services.round_add(session=session, token=token, entry=RoundEntry(cards=(1, 0, 1, 1)))
    assert len(scorings) == 1
    scorings.clear()
    services.round_edit(session=session, token=token, number=7, entry=RoundEntry(cards=(2, 0, 2, 2)))
    assert len(scorings) == 2  # the correction, and the old version once, to take its share back
    scorings.clear()
    services.round_delete(session=session, token=token, number=3)
    assert len(scorings) == 1
    assert_stored_equals_scoring(session)


def test_reading_the_state_scores_no_round(scorings):
    session = make_session(value_per_point="0.50")
    add_rounds(session, *[[5, 0, 11, 13]] * 20)
    scorings.clear()
    state = table_state(Session.objects.get(pk=session.pk), viewer=Viewer.FOLLOWER)
    assert scorings == []
    assert state["totals"] == [100, 0, 440, 780]
    assert state["settlement"]["net"] == ["460.00", "660.00", "-220.00", "-900.00"]


def test_an_add_costs_the_same_queries_at_1_and_60_rounds():
    counts = []
    for rounds in (1, 60):
        session = make_session(value_per_point="0.50")
        token = add_rounds(session, *[[5, 0, 11, 13]] * rounds)
        session = Session.objects.get(pk=session.pk)
        with CaptureQueriesContext(connection) as captured:
            services.round_add(session=session, token=token, entry=RoundEntry(cards=(1, 0, 1, 1)))
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]


def test_a_rescore_rewrites_every_stored_round_in_one_go():
    session = make_session(value_per_point="1")
    token = add_rounds(session, [5, 0, 11, 13], [0, 10, 2, 7])
    services.session_update(session=session, token=token, changes={"tiers": [[1, 1]]}, rescore=True)
    stored = list(Round.objects.filter(session=session).values_list("scores", "edited"))
    assert stored == [([5, 0, 11, 13], True), ([0, 10, 2, 7], True)]
    assert Session.objects.get(pk=session.pk).totals == [5, 10, 13, 20]
    assert_stored_equals_scoring(session)


def test_a_rules_change_without_rescore_leaves_the_stored_rounds_alone():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    services.session_update(session=session, token=token, changes={"tiers": [[1, 1]]})
    token = add_rounds(session, [5, 0, 11, 13], token=token)
    assert list(Round.objects.filter(session=session).values_list("scores", flat=True)) == [
        [5, 0, 22, 39],
        [5, 0, 11, 13],
    ]
    assert Session.objects.get(pk=session.pk).totals == [10, 0, 33, 52]
