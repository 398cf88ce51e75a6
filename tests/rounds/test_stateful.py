"""A stateful property test: random sequences of every write, through the services, against a model.

Two devices share one session. Each step is a lock acquire, renew, takeover or release, a round
added, corrected or deleted (valid or not), a deleted round restored, any history version undone
(a refused one changes nothing), a settings change with or without rescore, or time
passing (the lease going idle or running out). After every step: the totals are the sums of
the rounds' scores, rounds of zero-sum modes sum to 0, round numbers run 1..n, at most one
live lock exists and only its holder's writes went through, and the rounds are exactly the
ones the model expects.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta

import pytest
from django.db.models import F
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rounds import services
from rounds.errors import LockRefused, RoundMissing, SessionFinished
from rounds.inputs import clean_settings
from rounds.models import EntryLock, Round, RoundVersion, Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.rules.mode import BY_CARDS
from rounds.rules.ruleset import Mode
from rounds.rules.scoring import RoundEntry
from rounds.services.locking import current_lock, is_live
from tests.reports import count
from toolkit.messages import Refusal

pytestmark = pytest.mark.django_db

DEVICES = ("Ann's phone", "Ben's phone")
MODES = [mode.value for mode in Mode if mode in BY_CARDS]


def counts(players: int):
    """Cards left: mostly a valid round (one 0, the rest 1-13), sometimes anything from -1 to 14."""
    valid = st.integers(0, players - 1).flatmap(
        lambda winner: st.lists(st.integers(1, 13), min_size=players - 1, max_size=players - 1).map(
            lambda rest: tuple([*rest[:winner], 0, *rest[winner:]])
        )
    )
    anything = st.lists(st.integers(-1, 14), min_size=players, max_size=players).map(tuple)
    return st.one_of(valid, valid, valid, anything)


class Evening(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.tokens: dict[str, str] = {}
        self.rounds: list[tuple[int, ...]] = []  # the cards of every round, in order: the model
        self.steps = 0

    @initialize(players=st.integers(2, 4), mode=st.sampled_from(MODES), length=st.sampled_from([None, 3, 6]))
    def create(self, players: int, mode: str, length: int | None) -> None:
        names = ["Ann", "Ben", "Cat", "Dan"][:players]
        fields = {"mode": mode, "rounds": length, "value_per_point": "0.50"}
        self.session = services.session_create(players=names, settings=clean_settings(fields))
        self.players = players

    def live_token(self) -> str | None:
        lock = current_lock(self.session)
        return lock.token if is_live(lock) else None

    def write(self, device: str, action) -> bool:
        """Run a write as `device`; True if it went through. Fencing: only the live holder's can."""
        holder = self.live_token()
        token = self.tokens.get(device)
        try:
            action(token)
        except LockRefused:
            assert token is None or token != holder
            return False
        except (RoundMissing, SessionFinished, Refusal):
            assert token == holder
            return False
        assert token is not None
        assert token == holder, "a write went through without the live lock"
        return True

    @rule(device=st.sampled_from(DEVICES))
    def acquire(self, device: str) -> None:
        try:
            self.tokens[device] = services.lock_acquire(
                session=self.session, device=device, token=self.tokens.get(device)
            ).token
        except LockRefused:
            assert self.live_token() not in (None, self.tokens.get(device))

    @rule(device=st.sampled_from(DEVICES))
    def renew(self, device: str) -> None:
        try:
            services.lock_renew(session=self.session, token=self.tokens.get(device))
        except LockRefused:
            assert self.live_token() != self.tokens.get(device) or self.tokens.get(device) is None

    @rule(device=st.sampled_from(DEVICES))
    def takeover(self, device: str) -> None:
        with contextlib.suppress(LockRefused):
            self.tokens[device] = services.lock_takeover(session=self.session, device=device).token

    @rule(device=st.sampled_from(DEVICES))
    def release(self, device: str) -> None:
        services.lock_release(session=self.session, token=self.tokens.get(device))

    @rule(idle=st.booleans())
    def time_passes(self, idle: bool) -> None:
        """The lease goes idle (takeover allowed) or runs out altogether."""
        shift = timedelta(seconds=16 if idle else 31)
        EntryLock.objects.filter(session=self.session).exclude(token="").update(
            renewed_at=F("renewed_at") - shift, expires_at=F("expires_at") - shift
        )

    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def add(self, device: str, data) -> None:
        cards = data.draw(counts(self.players))
        entry = RoundEntry(cards=cards)
        if self.write(
            device, lambda token: services.round_add(session=self.session, token=token, entry=entry)
        ):
            self.rounds.append(cards)

    @precondition(lambda self: self.rounds)
    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def edit(self, device: str, data) -> None:
        number = data.draw(st.integers(1, len(self.rounds) + 1))
        cards = data.draw(counts(self.players))

        def action(token):
            services.round_edit(
                session=self.session, token=token, number=number, entry=RoundEntry(cards=cards)
            )

        if self.write(device, action):
            self.rounds[number - 1] = cards

    @precondition(lambda self: self.rounds)
    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def delete(self, device: str, data) -> None:
        number = data.draw(st.integers(1, len(self.rounds) + 1))
        if self.write(
            device, lambda token: services.round_delete(session=self.session, token=token, number=number)
        ):
            del self.rounds[number - 1]

    def versions(self):
        return list(RoundVersion.objects.filter(session=self.session).order_by("pk"))

    @precondition(lambda self: hasattr(self, "session"))
    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def restore(self, device: str, data) -> None:
        """Restore a deleted round: back at the number it had, or last if fewer rounds remain."""
        live = set(Round.objects.filter(session=self.session).values_list("lineage", flat=True))
        deleted = [v for v in self.versions() if v.action == "deleted" and v.lineage not in live]
        if not deleted:
            return
        version = data.draw(st.sampled_from(deleted))
        latest = RoundVersion.objects.filter(lineage=version.lineage).order_by("pk").last()
        position = min(latest.number, len(self.rounds) + 1)
        if self.write(
            device,
            lambda token: services.round_restore(session=self.session, token=token, version_id=version.pk),
        ):
            self.rounds.insert(position - 1, tuple(version.cards))

    @precondition(lambda self: hasattr(self, "session"))
    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def undo(self, device: str, data) -> None:
        """Undo any version: only a round's last change (not a rescore) is taken back."""
        versions = self.versions()
        if not versions:
            return
        version = data.draw(st.sampled_from(versions))
        done = []
        if self.write(
            device,
            lambda token: done.append(
                services.round_undo(session=self.session, token=token, version_id=version.pk)
            ),
        ):
            recorded = RoundVersion.objects.get(pk=done[0].version_id)
            if recorded.action == "deleted":
                del self.rounds[recorded.number - 1]
            elif recorded.action == "restored":
                self.rounds.insert(recorded.number - 1, tuple(recorded.cards))
            else:
                self.rounds[recorded.number - 1] = tuple(recorded.cards)

    @rule(
        device=st.sampled_from(DEVICES),
        mode=st.sampled_from(MODES),
        rescore=st.booleans(),
        finished=st.booleans(),
    )
    def change_rules(self, device: str, mode: str, rescore: bool, finished: bool) -> None:
        changes = {"mode": mode, "finished": finished}
        self.write(
            device,
            lambda token: services.session_update(
                session=self.session, token=token, changes=changes, rescore=rescore
            ),
        )

    @invariant()
    def the_books_balance(self) -> None:
        if not hasattr(self, "session"):
            return
        self.steps += 1
        state = table_state(Session.objects.get(pk=self.session.pk), viewer=Viewer.EDITOR)
        rounds = state["rounds"]
        assert [item["number"] for item in rounds] == list(range(1, len(rounds) + 1))
        assert [tuple(item["cards"]) for item in rounds] == self.rounds
        sums = [sum(item["scores"][player] for item in rounds) for player in range(self.players)]
        assert state["totals"] == sums
        for item in rounds:
            if Mode(item["rules"]["mode"]).zero_sum:
                assert sum(item["scores"]) == 0
        if all(Mode(item["rules"]["mode"]).zero_sum for item in rounds):
            assert sum(state["totals"]) == 0
        assert Round.objects.filter(session=self.session).count() == len(self.rounds)
        live = [token for token in set(self.tokens.values()) if token == self.live_token()]
        assert len(live) <= 1
        assert (state["lock"] is None) == (self.live_token() is None)

    def teardown(self) -> None:
        count("stateful steps checked", self.steps)


def test_random_evenings_keep_the_books():
    run_state_machine_as_test(
        Evening,
        settings=settings(
            max_examples=25,
            stateful_step_count=30,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
