"""Reads: a session by key, a round by number, the rules a round was scored under, its history.

The state payload is rounds/reads/state.py's; nothing here writes or refuses a write."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from django.conf import settings

from rounds.clock import clock
from rounds.errors import RoundMissing
from rounds.inputs import SessionSettings
from rounds.models import MAX_ROUND_NUMBER, EntryLock, Player, Round, RoundVersion, Session
from rounds.rules import fields, hands
from rounds.rules.hands import shown_hand
from rounds.rules.refusal import is_whole_number
from rounds.rules.ruleset import Mode
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.standings import Tally, session_totals
from toolkit.keys import KEY_PATTERN

HOUSE = "house"  # the house as a party of the settlement and a total (SPEC 3.6)
Opened = TypeVar("Opened")


class Viewer(StrEnum):
    EDITOR = "edit"  # opened with the edit key: may enter rounds
    FOLLOWER = "view"  # opened with the follow key: watches only


def by_key(model: type[Opened], key: str) -> tuple[Opened, Viewer] | None:
    """The row of `model` (one with an edit_key and a view_key) a key opens, and what that key may do."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        return None  # not a key this app makes (a NUL would even upset PostgreSQL)
    found = model.objects.filter(edit_key=key).first()
    if found is not None:
        return found, Viewer.EDITOR
    found = model.objects.filter(view_key=key).first()
    return (found, Viewer.FOLLOWER) if found is not None else None


def session_by_key(key: str) -> tuple[Session, Viewer] | None:
    """The session a key opens, and what that key may do."""
    return by_key(Session, key)


def open_by_key(
    lookup: Callable[[str], tuple[Opened, Viewer] | None],
    key: str,
    *,
    write: bool,
    missing: Exception,
    view_only: Exception | None = None,
) -> tuple[Opened, Viewer]:
    """What `lookup` opens with `key`, and what that key may do; `missing` is raised for a key that
    opens nothing, `view_only` (or `missing`) for a follow key where `write` asks for the edit key."""
    found = lookup(key)
    if found is None:
        raise missing
    if write and found[1] is not Viewer.EDITOR:
        raise view_only or missing
    return found


def entry_of(round_: Round, hands: list[tuple[int, int | None]]) -> RoundEntry:
    """A stored round as scoring reads it; `hands` are (cards_left, twos_held) in player order."""
    counts_twos = round_.rules.counts_twos
    return RoundEntry(
        cards=tuple(cards_left for cards_left, _ in hands),
        twos=tuple(twos_held or 0 for _, twos_held in hands) if counts_twos else None,
        covering=round_.covering,
        hand=round_.hand,
        spade_two=round_.spade_two,
        bombs=round_.bombs,
    )


@dataclass(frozen=True)
class ScoredSession:
    players: list[Player]
    rounds: list[tuple[Round, RoundEntry, ScoredRound]]

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    @property
    def totals(self) -> list[int]:
        return session_totals([scored for _, _, scored in self.rounds], len(self.names))


def scored_session(session: Session) -> ScoredSession:
    """Every round scored afresh from its cards under its own rules, in two queries.

    Only a rescore and the evening's story need this; writes and the state read what is stored.
    """
    players = list(session.players.all())
    names = [player.name for player in players]
    # Ordered by hand, so a restored round (a later pk) sits at its number.
    rounds = list(Round.objects.filter(session=session).order_by("number"))
    scored = []
    for round_ in rounds:
        entry = entry_of(round_, stored_hands(round_))
        scored.append((round_, entry, hands.score_round(entry, names, round_.rules)))
    return ScoredSession(players=players, rounds=scored)


def stored_hands(round_: Round) -> list[tuple[int, int | None]]:
    """The round's hands as kept on it: (cards_left, twos_held) in player order."""
    return list(zip(round_.cards, round_.twos or [None] * len(round_.cards), strict=True))


def stored_tally(session: Session, player_count: int) -> Tally:
    if not session.totals:  # made before it had any round stored
        return Tally.empty(player_count)
    return Tally(
        totals=tuple(session.totals),
        pairwise=tuple(tuple(row) for row in session.pairwise),
        house=tuple(session.house or (0,) * player_count),
    )


def keeps_house(session: Session) -> bool:
    """The house shows in a by_place session, and wherever it was ever given something."""
    return session.rules_json["mode"] == Mode.BY_PLACE.value or any(session.house)


def version_json(version: RoundVersion) -> dict:
    return {
        "id": version.pk,
        "lineage": str(version.lineage),
        "action": version.action,
        "number": version.number,
        "cards": version.cards,
        "twos": version.twos,
        "covering": version.covering,
        "scores": version.scores,
        "rules": version.rules,
        "device": version.device,
        **shown_hand(version.hand),
        # 锄大地's doublings, where the version's rules play them, as the state's round shows them.
        **({"spade_two": version.spade_two} if "spade_two" in version.rules else {}),
        **({"bombs": version.bombs} if "bombs" in version.rules else {}),
        "at": version.created_at.isoformat(),
    }


def round_by_number(session: Session, number: object) -> Round:
    wellformed = is_whole_number(number) and 1 <= number <= MAX_ROUND_NUMBER  # type: ignore[operator]
    round_ = Round.objects.filter(session=session, number=number).first() if wellformed else None
    if round_ is None:
        raise RoundMissing(number)
    return round_


def round_history(session: Session, number: object) -> list[dict]:
    """Every version of a round, oldest first (the last is how it stands now), also from
    before it was deleted and restored."""
    lineage = round_by_number(session, number).lineage
    versions = RoundVersion.objects.filter(session=session, lineage=lineage).order_by("pk")
    return [version_json(version) for version in versions]


def session_history(session: Session) -> list[dict]:
    """Every version of every round, deleted ones included, newest first.

    `restorable` marks the versions of rounds that are deleted now.
    """
    live = set(Round.objects.filter(session=session).values_list("lineage", flat=True))
    return [
        {**version_json(version), "restorable": version.lineage not in live}
        for version in RoundVersion.objects.filter(session=session).order_by("-pk")
    ]


# The entry lock as followers see it (its writes are rounds/services/locking.py's).


def lease_id(token: str) -> str:
    """A public name for a lease: followers see it, only the holder can match it to its token."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def lock_state(session_id: int) -> dict | None:
    """The entry lock as followers see it, timed by the database's clock."""
    lock = EntryLock.objects.filter(session_id=session_id).annotate(db_now=clock.db_now()).first()
    if lock is None or not is_live(lock):
        return None
    return lock_json(
        lock, expires_in=(lock.expires_at - lock.db_now).total_seconds(), idle_for=idle_for(lock)
    )


def idle_for(lock: EntryLock) -> float:
    """How idle the lease is, against `idle_after`: a lease may be taken over once it has not
    been renewed for LOCK_IDLE_SECONDS, or held LOCK_HOLD_SECONDS without entry activity (a
    round written or a count typed), or LOCK_ROUND_SECONDS without a round added, however often
    it was renewed meanwhile."""
    now = lock.db_now
    unrenewed = (now - lock.renewed_at).total_seconds()
    inactive = (now - (lock.active_at or lock.renewed_at)).total_seconds()
    unwritten = (now - (lock.written_at or lock.renewed_at)).total_seconds()
    return max(
        unrenewed,
        inactive - (settings.LOCK_HOLD_SECONDS - settings.LOCK_IDLE_SECONDS),
        unwritten - (settings.LOCK_ROUND_SECONDS - settings.LOCK_IDLE_SECONDS),
    )


def lock_json(lock: EntryLock, *, expires_in: float, idle_for: float) -> dict:
    return {
        "holder": lock.holder,
        "expires_in": round(expires_in, 1),
        "idle_for": round(idle_for, 1),
        "idle_after": settings.LOCK_IDLE_SECONDS,
        "round": lock.editing_round,
        "lease": lease_id(lock.token),
    }


def is_live(lock: EntryLock) -> bool:
    return bool(lock.token) and lock.expires_at > lock.db_now


def current_settings(session: Session) -> SessionSettings:
    """The settings the session plays now (its rules and its own options), as a form reads them."""
    return SessionSettings(
        rules=session.rules,
        **{setting.stored_as: session.own_setting(setting) for setting in fields.SESSION},
    )
