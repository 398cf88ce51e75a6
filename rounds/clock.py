"""The clock that leases, grace periods and time limits read: the database's own.

Every worker shares the database, so every worker agrees on when a lease ends. Tests freeze
and move this clock (tests/conftest.py's `clock` fixture) instead of sleeping for a lease to
pass, so a busy machine cannot make a lease lapse between two lines of a test.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import DateTimeField, Expression, ExpressionWrapper, Value
from django.db.models.functions import Now
from django.utils import timezone


class Clock:
    def __init__(self) -> None:
        self.frozen_at: datetime | None = None

    def db_now(self) -> Expression:
        """Now, as the database reads it in a query."""
        if self.frozen_at is None:
            return Now()
        return Value(self.frozen_at, output_field=DateTimeField())

    def db_after(self, seconds: float) -> Expression:
        """`seconds` from now (earlier when negative), as the database reads it."""
        if self.frozen_at is None:
            return ExpressionWrapper(Now() + timedelta(seconds=seconds), output_field=DateTimeField())
        return Value(self.frozen_at + timedelta(seconds=seconds), output_field=DateTimeField())

    def now(self) -> datetime:
        """Now in Python, for a duration measured on this side (how long ago a socket renewed)."""
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
