"""The state payload: one shape for page, API and socket, in a constant number of queries."""

import pytest

from rounds.models import Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

ROUND = [5, 0, 11, 13]


def queries_for_state(django_assert_max_num_queries, rounds, budget):
    session = make_session(value_per_point="0.50")
    add_rounds(session, *[ROUND] * rounds)
    session = Session.objects.get(pk=session.pk)
    with django_assert_max_num_queries(budget) as captured:
        state = table_state(session, viewer=Viewer.EDITOR)
    assert len(state["rounds"]) == rounds
    return len(captured.captured_queries)


def test_state_costs_the_same_queries_at_1_and_200_rounds(django_assert_max_num_queries):
    one = queries_for_state(django_assert_max_num_queries, 1, 5)
    many = queries_for_state(django_assert_max_num_queries, 200, 5)
    assert one == many


def test_state_totals_at_200_rounds():
    session = make_session()
    add_rounds(session, *[ROUND] * 200)
    state = table_state(Session.objects.get(pk=session.pk), viewer=Viewer.EDITOR)
    assert state["totals"] == [1000, 0, 4400, 7800]
    assert state["rounds"][-1]["totals_after"] == [1000, 0, 4400, 7800]


def test_each_round_keeps_its_running_totals():
    session = make_session()
    add_rounds(session, ROUND, [0, 1, 2, 3])
    state = table_state(Session.objects.get(pk=session.pk), viewer=Viewer.EDITOR)
    assert [r["totals_after"] for r in state["rounds"]] == [[5, 0, 22, 39], [5, 1, 24, 42]]
