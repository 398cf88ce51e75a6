"""Tiến lên hands stored = recomputed (SPEC 14, issue 40): random hands under random settings,
added, corrected and deleted through the services; every round keeps the scores the rules give
and the independent reference scorer agrees with each, and the session's totals are their sums."""

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rounds import services
from rounds.models import Round, Session
from rounds.reads.selectors import Viewer, scored_session
from rounds.reads.state import table_state
from rounds.rules.scoring import RoundEntry
from rounds.rules.standings import Tally
from tests.factories import grab_lock, make_session
from tests.pure.tien_len_hands import valid_hands
from tests.pure.tien_len_reference import reference_scores

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan"]


@st.composite
def tables(draw):
    """A table size, one session's settings, and hands allowed under them (drawn until they fit)."""
    players = draw(st.integers(2, 4))
    first, settings = draw(valid_hands(players))
    steps = [("add", 0, first)]
    for _ in range(draw(st.integers(0, 5))):
        hand, _ = draw(valid_hands(players))
        if all(settings.get(switch, True) or hand.get(key) in (None, []) for switch, key in SWITCHED):
            steps.append(
                (draw(st.sampled_from(["add", "add", "edit", "delete"])), draw(st.integers(0, 20)), hand)
            )
    return players, settings, steps


def assert_stored_equals_scoring(session: Session) -> None:
    """Every round's stored winner, payments out and scores are the rules' from its stored hand,
    the session's sums are theirs, and the state shows each hand with its scores."""
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
    state = table_state(session, viewer=Viewer.EDITOR)
    assert sum(state["totals"]) == 0
    assert [(shown["cards"], shown["order"], shown["scores"]) for shown in state["rounds"]] == [
        (None, round_.hand["order"], list(result.scores)) for round_, _, result in scored.rounds
    ]


# Each switch and the key of a hand it allows (a hand using a rule switched off is refused).
SWITCHED = (("killed", "killed"), ("left", "left"), ("chops", "chops"), ("instant_win", "instant"))


@examples(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables())
def test_stored_scores_equal_the_rules_and_the_reference_scorer(table):
    players, settings, steps = table
    session = make_session(players=NAMES[:players], game="tien_len", tien_len=settings)
    token = grab_lock(session)
    for kind, pick, hand in steps:
        session = Session.objects.get(pk=session.pk)
        played = Round.objects.filter(session=session).count()
        entry = RoundEntry(cards=(), hand=hand)
        if kind == "add":
            services.round_add(session=session, token=token, entry=entry)
        elif played and kind == "edit":
            services.round_edit(session=session, token=token, number=pick % played + 1, entry=entry)
        elif played:
            services.round_delete(session=session, token=token, number=pick % played + 1)
        assert_stored_equals_scoring(session)
    for round_ in Round.objects.filter(session=session):
        given = {key: value for key, value in round_.hand.items() if value not in ([], None)}
        assert round_.scores == reference_scores(given, settings, players), round_.number
