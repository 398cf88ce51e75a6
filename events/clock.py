"""The clock of an event's time limits (SPEC 11.1): every reader asks `clock.now()`, which a test
moves forward (`clock.move(minutes=25)`) instead of waiting for the time to pass."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone


class Clock:
    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return timezone.now() + self.offset

    def move(self, **delta: float) -> None:
        self.offset += timedelta(**delta)

    def reset(self) -> None:
        self.offset = timedelta()


clock = Clock()
