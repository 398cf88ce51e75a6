"""Rate limits, counted in the database so that every worker shares them.

    with rate_limited(request, "session"):
        session = services.session_create(...)

A stranger's writes count against the client's address; a write made with a key may count
against what the key opens instead (`subject`: a group's evenings against the group), so a
venue of many tables behind one address is not one stranger. Only what succeeds counts: the
hit is counted first, in the same transaction as the write, so a refused write rolls it back
and a write past the limit is refused with 429 (RateLimited) before any of its work. Limits
come from settings.RATE_LIMITS, {scope: (how many, per seconds)}.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from rounds.clock import clock
from rounds.errors import ServiceError
from rounds.models import RateCounter, Session
from toolkit.clients import client_address
from toolkit.messages import ngettext_noop

Value = TypeVar("Value")

TOO_MANY = {
    "session": ngettext_noop(
        "Too many new sessions from this address; try again in %(minutes)s minute",
        "Too many new sessions from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "group": ngettext_noop(
        "Too many new groups from this address; try again in %(minutes)s minute",
        "Too many new groups from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "import": ngettext_noop(
        "Too many imports from this address; try again in %(minutes)s minute",
        "Too many imports from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "rematch": ngettext_noop(
        "Too many rematches from this address; try again in %(minutes)s minute",
        "Too many rematches from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "evening": ngettext_noop(
        "Too many new evenings in this group; try again in %(minutes)s minute",
        "Too many new evenings in this group; try again in %(minutes)s minutes",
        "minutes",
    ),
    "event": ngettext_noop(
        "Too many new events from this address; try again in %(minutes)s minute",
        "Too many new events from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "event_change": ngettext_noop(
        "Too many changes to this event; try again in %(minutes)s minute",
        "Too many changes to this event; try again in %(minutes)s minutes",
        "minutes",
    ),
    "event_table": ngettext_noop(
        "Too many new tables from this address: this draw would pass the limit of %(limit)s tables; try again in %(minutes)s minute",
        "Too many new tables from this address: this draw would pass the limit of %(limit)s tables; try again in %(minutes)s minutes",
        "minutes",
    ),
    "signup": ngettext_noop(
        "Too many sign-ups from this address; try again in %(minutes)s minute",
        "Too many sign-ups from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "export": ngettext_noop(
        "Too many exports from this address; try again in %(minutes)s minute",
        "Too many exports from this address; try again in %(minutes)s minutes",
        "minutes",
    ),
    "roster": ngettext_noop(
        "Too many changes to this group's players; try again in %(minutes)s minute",
        "Too many changes to this group's players; try again in %(minutes)s minutes",
        "minutes",
    ),
    "lock": ngettext_noop(
        "Too many requests for this session's entry lock; try again in %(minutes)s minute",
        "Too many requests for this session's entry lock; try again in %(minutes)s minutes",
        "minutes",
    ),
}


class RateLimited(ServiceError):
    status = 429

    def __init__(self, scope: str, retry_after: int) -> None:
        self.retry_after = retry_after
        limit = settings.RATE_LIMITS[scope][0]
        super().__init__(TOO_MANY[scope], minutes=max(1, math.ceil(retry_after / 60)), limit=f"{limit:,}")


def count_hit(scope: str, client: str, hits: int = 1) -> None:
    """Count one write (or `hits` of them: a draw's tables); past the limit, refuse it (the
    caller's transaction rolls back the count)."""
    limit, seconds = settings.RATE_LIMITS[scope]
    now = clock.now()  # the clock tests move (rounds/clock.py), the wall clock otherwise
    start = datetime.fromtimestamp(now.timestamp() // seconds * seconds, tz=UTC)
    counters = RateCounter.objects.filter(scope=scope, client=client, window_start=start)
    if not counters.update(count=F("count") + hits):
        try:
            with transaction.atomic():
                RateCounter.objects.create(scope=scope, client=client, window_start=start, count=hits)
        except IntegrityError:  # another worker made the row first
            counters.update(count=F("count") + hits)
    if counters.get().count > limit:
        raise RateLimited(scope, retry_after=math.ceil((start - now).total_seconds() + seconds))


def lock_counted(service: Callable[..., Value], *, session: Session, **arguments: object) -> Value:
    """The entry lock taken, renewed or taken over (`service`), counted against its session
    (RATE_LIMIT_LOCKS) like any limited write, over HTTP and the socket alike: past the limit a
    429 before any of its work; a refused one is not counted."""
    with transaction.atomic():
        count_hit("lock", f"session:{session.pk}")
        return service(session=session, **arguments)


def count_request(request: HttpRequest, scope: str, *, subject: str | None = None) -> None:
    """Count a request now, committed whatever follows: a read (an export), refused with 429 past
    the limit before any of its work; the work itself runs outside the count's transaction."""
    with transaction.atomic():
        count_hit(scope, subject or client_address(request))


@contextlib.contextmanager
def rate_limited(
    request: HttpRequest, scope: str, *, subject: str | None = None, hits: int = 1
) -> Iterator[None]:
    """Run a write that counts `hits` against `scope` for `subject` (else the client's address):
    refused before it starts past the limit, and not counted if it fails."""
    with transaction.atomic():
        count_hit(scope, subject or client_address(request), hits)
        yield


class Allowance:
    """How fast one connection may ask for something: `burst` at once, then `per_second`
    (a token bucket). Per socket, so in the socket's own memory, not the database."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def purge_counters() -> int:
    """Forget windows that have ended."""
    longest = max(seconds for _limit, seconds in settings.RATE_LIMITS.values())
    return RateCounter.objects.filter(window_start__lt=timezone.now() - timedelta(seconds=longest)).delete()[
        0
    ]
