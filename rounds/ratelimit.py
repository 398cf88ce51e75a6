"""Rate limits per client address, counted in the database so that every worker shares them.

    with rate_limited(request, "session"):
        session = services.session_create(...)

Only what succeeds counts: the hit is counted in the same transaction as the write, and a
write past the limit is rolled back and refused with 429 (RateLimited). Limits come from
settings.RATE_LIMITS, {scope: (how many, per seconds)}; any scope may be added there (groups).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from rounds.errors import ServiceError
from rounds.models import RateCounter
from rounds.scoring import gettext_noop

TOO_MANY = {
    "session": gettext_noop("Too many new sessions from this address; try again in %(minutes)s minutes"),
    "group": gettext_noop("Too many new groups from this address; try again in %(minutes)s minutes"),
}


class RateLimited(ServiceError):
    status = 429

    def __init__(self, scope: str, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(TOO_MANY[scope], minutes=max(1, math.ceil(retry_after / 60)))


def client_address(request: HttpRequest) -> str:
    """The caller's address (daphne --proxy-headers puts the forwarded one here behind a proxy)."""
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64]


def count_hit(scope: str, client: str) -> None:
    """Count one write; past the limit, refuse it (the caller's transaction rolls back the count)."""
    limit, seconds = settings.RATE_LIMITS[scope]
    now = timezone.now()
    start = datetime.fromtimestamp(now.timestamp() // seconds * seconds, tz=UTC)
    counters = RateCounter.objects.filter(scope=scope, client=client, window_start=start)
    if not counters.update(count=F("count") + 1):
        try:
            with transaction.atomic():
                RateCounter.objects.create(scope=scope, client=client, window_start=start, count=1)
        except IntegrityError:  # another worker made the row first
            counters.update(count=F("count") + 1)
    if counters.get().count > limit:
        raise RateLimited(scope, retry_after=math.ceil((start - now).total_seconds() + seconds))


@contextlib.contextmanager
def rate_limited(request: HttpRequest, scope: str) -> Iterator[None]:
    """Run a write that counts against `scope`; refused (and undone) past the limit."""
    with transaction.atomic():
        yield
        count_hit(scope, client_address(request))


def purge_counters() -> int:
    """Forget windows that have ended."""
    longest = max(seconds for _limit, seconds in settings.RATE_LIMITS.values())
    return RateCounter.objects.filter(window_start__lt=timezone.now() - timedelta(seconds=longest)).delete()[
        0
    ]
