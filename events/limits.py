"""Rate limits of events, counted like the rest (rounds/ratelimit.py, settings.RATE_LIMITS): new
events per address (`event`, RATE_LIMIT_EVENTS), and an event's own writes (draws, players
added, dropped or swapped) against the event (`event_change`, RATE_LIMIT_EVENT_CHANGES), so a
venue behind one address is not one stranger."""

from __future__ import annotations

from contextlib import AbstractContextManager

from django.http import HttpRequest

from events.from_rounds import rate_limited


def event_limited(request: HttpRequest, scope: str, *, subject: str | None = None) -> AbstractContextManager:
    """Refused past the limit before the write starts; counted only if the write succeeds."""
    return rate_limited(request, scope, subject=subject)
