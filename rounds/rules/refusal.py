"""A broken rule of the game: a refusal (toolkit/messages.py) raised by the pure rules."""

from __future__ import annotations

from toolkit.messages import Refusal


def is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ScoringError(Refusal):
    """A rule was broken: a round, the rules or a penalty table as typed (SPEC 1, 2)."""
