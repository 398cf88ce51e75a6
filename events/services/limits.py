"""Rate limits of events, counted like the rest (rounds/services/ratelimit.py, settings.RATE_LIMITS): new
events per address (`event`, RATE_LIMIT_EVENTS); the tables a draw makes, each a session, per
address like new sessions (`event_table`, RATE_LIMIT_EVENT_TABLES: a night of 50 tables x 5
rounds fits); and an event's own writes (draws, players added, dropped, restored or swapped,
a round ended, sign-up opened or closed) against the event (`event_change`,
RATE_LIMIT_EVENT_CHANGES), so a venue behind one address is not one stranger; and players signing
themselves up, per address (`signup`, RATE_LIMIT_SIGNUPS: a stranger's list to grow)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager

from django.http import HttpRequest

from events.models import Event
from events.services.event_writes import tables_to_draw
from rounds.public import rate_limited


def event_limited(request: HttpRequest, scope: str, *, subject: str | None = None) -> AbstractContextManager:
    """Refused past the limit before the write starts; counted only if the write succeeds."""
    return rate_limited(request, scope, subject=subject)


@contextlib.contextmanager
def draw_limited(request: HttpRequest, event: Event) -> Iterator[None]:
    """A draw: one change of the event, and each table it makes counted against the address."""
    with (
        rate_limited(request, "event_change", subject=event.edit_key),
        rate_limited(request, "event_table", hits=tables_to_draw(event)),
    ):
        yield
