"""Reads: a session by key, a round by number, the rules a round was scored under, its history.

The state payload is rounds/state.py's; nothing here writes or refuses a write."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rounds import scoring
from rounds.errors import RoundMissing
from rounds.models import MAX_ROUND_NUMBER, Player, Round, RoundVersion, Session
from rounds.scoring import (
    CoveringStyle,
    Mode,
    RoundEntry,
    RoundRules,
    ScoredRound,
    is_whole_number,
)
from rounds.standings import Tally, session_totals

KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Viewer(StrEnum):
    EDITOR = "edit"  # opened with the edit key: may enter rounds
    FOLLOWER = "view"  # opened with the follow key: watches only


def session_by_key(key: str) -> tuple[Session, Viewer] | None:
    """The session a key opens, and what that key may do."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        return None  # not a key this app makes (a NUL would even upset PostgreSQL)
    session = Session.objects.filter(edit_key=key).first()
    if session is not None:
        return session, Viewer.EDITOR
    session = Session.objects.filter(view_key=key).first()
    if session is not None:
        return session, Viewer.FOLLOWER
    return None


def rules_of(round_: Round) -> RoundRules:
    return RoundRules(
        mode=Mode(round_.mode),
        tiers=tuple(tuple(tier) for tier in round_.tiers),  # type: ignore[misc]
        points_per_two=round_.points_per_two,
        covering_style=CoveringStyle(round_.covering_style),
    )


def session_rules(session: Session) -> RoundRules:
    return RoundRules(
        mode=Mode(session.mode),
        tiers=tuple(tuple(tier) for tier in session.tiers),  # type: ignore[misc]
        points_per_two=session.points_per_two,
        covering_style=CoveringStyle(session.covering_style),
    )


def entry_of(round_: Round, hands: list[tuple[int, int | None]]) -> RoundEntry:
    """A stored round as scoring reads it; `hands` are (cards_left, twos_held) in player order."""
    counts_twos = round_.points_per_two is not None
    return RoundEntry(
        cards=tuple(cards_left for cards_left, _ in hands),
        twos=tuple(twos_held or 0 for _, twos_held in hands) if counts_twos else None,
        covering=round_.covering,
    )


@dataclass(frozen=True)
class ScoredSession:
    players: list[Player]
    rounds: list[tuple[Round, RoundEntry, ScoredRound]]

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    def find(self, round_: Round) -> tuple[Round, RoundEntry, ScoredRound]:
        return next(item for item in self.rounds if item[0].pk == round_.pk)

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
        scored.append((round_, entry, scoring.score_round(entry, names, rules_of(round_))))
    return ScoredSession(players=players, rounds=scored)


def stored_hands(round_: Round) -> list[tuple[int, int | None]]:
    """The round's hands as kept on it: (cards_left, twos_held) in player order."""
    return list(zip(round_.cards, round_.twos or [None] * len(round_.cards), strict=True))


def tiers_json(tiers: object) -> list[list[int]]:
    return [list(tier) for tier in tiers]  # type: ignore[union-attr]


def twos_json(points_per_two: int | None) -> dict | None:
    return None if points_per_two is None else {"points_per_two": points_per_two}


def rules_json(mode: str, tiers: object, points_per_two: int | None, covering_style: str) -> dict:
    """The rules a round was scored under, as its `rules` and its history versions show them."""
    return {
        "mode": mode,
        "tiers": tiers_json(tiers),
        "twos": twos_json(points_per_two),
        "covering_style": covering_style,
    }


def stored_tally(session: Session, player_count: int) -> Tally:
    if not session.totals:  # made before it had any round stored
        return Tally.empty(player_count)
    return Tally(totals=tuple(session.totals), pairwise=tuple(tuple(row) for row in session.pairwise))


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
