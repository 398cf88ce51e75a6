"""The clock of an event's time limits (SPEC 11.1): every reader asks `clock.now()`. Tests freeze
it and move it (`advance`) instead of waiting for a round's minutes to pass.

The same kind of clock as the entry lock's on main (rounds/clock.py: freeze, advance, thaw,
now); once both are in one tree this module can hand on that one clock instead.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone


class Clock:
    def __init__(self) -> None:
        self.frozen_at: datetime | None = None

    def now(self) -> datetime:
        return self.frozen_at or timezone.now()

    # For tests: stop the clock, move it, let it run again.
    def freeze(self) -> None:
        self.frozen_at = timezone.now()

    def advance(self, seconds: float) -> None:
        if self.frozen_at is None:
            raise RuntimeError("freeze the clock before moving it")
        self.frozen_at += timedelta(seconds=seconds)

    def thaw(self) -> None:
        self.frozen_at = None


clock = Clock()
