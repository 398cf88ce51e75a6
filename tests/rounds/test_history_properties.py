"""Random sequences of add, correct, delete, restore and undo against a model of the evening.

The model is a list of rounds, each with its own list of versions; after every step the
stored rounds, each round's own history and the session history must match it.
"""

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rounds import services
from rounds.models import RoundVersion
from rounds.reads.selectors import Viewer, round_history, session_history
from rounds.reads.state import table_state
from rounds.rules.scoring import RoundEntry
from tests.factories import grab_lock, make_session

pytestmark = pytest.mark.django_db


@st.composite
def rounds(draw):
    winner = draw(st.integers(0, 3))
    return tuple(0 if player == winner else draw(st.integers(1, 13)) for player in range(4))


class Evening(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.session = make_session()
        self.token = grab_lock(self.session)
        self.order = []  # lineages of the live rounds, in round order
        self.versions = {}  # lineage -> [(action, number, cards)]

    def record(self, write):
        version = RoundVersion.objects.get(pk=write.version_id)
        lineage = str(version.lineage)
        self.versions.setdefault(lineage, []).append((version.action, version.number, tuple(version.cards)))
        return lineage

    def cards_of(self, lineage):
        return self.versions[lineage][-1][2]

    def deleted(self):
        return [lineage for lineage in self.versions if lineage not in self.order]

    @rule(cards=rounds())
    def add(self, cards):
        write = services.round_add(session=self.session, token=self.token, entry=RoundEntry(cards=cards))
        self.order.append(self.record(write))
        assert write.number == len(self.order)

    @precondition(lambda self: self.order)
    @rule(data=st.data(), cards=rounds())
    def correct(self, data, cards):
        number = data.draw(st.integers(1, len(self.order)))
        write = services.round_edit(
            session=self.session, token=self.token, number=number, entry=RoundEntry(cards=cards)
        )
        assert self.record(write) == self.order[number - 1]

    @precondition(lambda self: self.order)
    @rule(data=st.data())
    def delete(self, data):
        number = data.draw(st.integers(1, len(self.order)))
        write = services.round_delete(session=self.session, token=self.token, number=number)
        assert self.record(write) == self.order.pop(number - 1)

    @precondition(lambda self: self.deleted())
    @rule(data=st.data())
    def restore(self, data):
        lineage = data.draw(st.sampled_from(self.deleted()))
        old_number = self.versions[lineage][-1][1]
        version = RoundVersion.objects.filter(lineage=lineage, action="deleted").last()
        write = services.round_restore(session=self.session, token=self.token, version_id=version.pk)
        position = min(old_number, len(self.order) + 1)
        self.order.insert(position - 1, lineage)
        self.record(write)
        assert write.number == position

    @precondition(lambda self: self.versions)
    @rule(data=st.data())
    def undo_last_change_of_a_round(self, data):
        lineage = data.draw(st.sampled_from(list(self.versions)))  # in order of creation: uuids are random
        action, number, _cards = self.versions[lineage][-1]
        latest = RoundVersion.objects.filter(lineage=lineage).order_by("pk").last()
        write = services.round_undo(session=self.session, token=self.token, version_id=latest.pk)
        if action in ("added", "restored"):
            # The round may have moved since that version (earlier rounds deleted or restored).
            assert write.number == self.order.index(lineage) + 1
            self.order.remove(lineage)
        elif action == "deleted":
            self.order.insert(min(number, len(self.order) + 1) - 1, lineage)
        self.record(write)
        if action == "edited":
            assert self.cards_of(lineage) == self.versions[lineage][-3][2]

    @invariant()
    def rounds_match_the_model(self):
        self.session.refresh_from_db()  # the state reads the totals the session keeps
        state = table_state(self.session, viewer=Viewer.EDITOR)
        assert [tuple(r["cards"]) for r in state["rounds"]] == [self.cards_of(lin) for lin in self.order]
        assert state["totals"] == [sum(r["scores"][p] for r in state["rounds"]) for p in range(4)]
        for number, lineage in enumerate(self.order, start=1):
            own = [(v["action"], v["number"], tuple(v["cards"])) for v in round_history(self.session, number)]
            assert own == self.versions[lineage]
        history = session_history(self.session)
        assert len(history) == sum(map(len, self.versions.values()))
        assert {v["lineage"] for v in history if v["restorable"]} == set(self.deleted())


Evening.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def test_random_evenings_of_edits_deletes_restores_and_undos(db):
    Evening.TestCase("runTest").runTest()
