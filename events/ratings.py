"""The event's ratings (SPEC 12) over its hands, kept in the database by what they rate.

Every hand of every table is one match of the players at that table, identified by their
EventPlayer, rated with groups.rating.rate in the event's order: event round, then table
number, then hand number (SPEC 12's "date, session and round number" for a club night, whose
tables of one round share the date). The standings read them through `rate_lines`; the
digest of the hands (groups.ratings.digests, each hand at its event round's step) finds ratings
stored for exactly those hands, else those stored before the latest event round, so a hand
added tonight rates only the round in play.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Final

from django.db import DatabaseError, transaction
from openskill.models import PlackettLuce

from events.models import Event, EventRatings
from groups.rating import RatedRound, Rating, Ratings, rate
from groups.ratings import digests, payload_of, ratings_from

# Rows kept per event: the ratings of the latest few states of its hands.
KEEP: Final = 3


def first_rating() -> Rating:
    """A player with no hand yet: openskill's own starting rating (μ 25, σ 25/3)."""
    start = PlackettLuce().rating()
    return Rating(mu=start.mu, sigma=start.sigma, ordinal=start.ordinal(), rounds=0)


def in_rating_order(hands: Iterable[tuple[tuple[int, int, int], tuple[int, ...], tuple[int, ...]]]) -> list:
    """Hands given as ((event round, table, hand number), players, cards), rating order."""
    return [
        RatedRound(players=players, cards=cards, step=key[0])
        for key, players, cards in sorted(hands, key=lambda hand: hand[0])
    ]


def event_ratings(event: Event, rounds: list[RatedRound]) -> Ratings:
    """The ratings after these hands (in rating order): stored ones, or rated on from those
    stored before the latest event round when those hands are unchanged, else from the first."""
    last = rounds[-1].step if rounds else 0
    digest, prefix_digest = digests(rounds, last)
    stored = EventRatings.objects.filter(event=event, digest=digest).values_list("payload", flat=True).first()
    if stored is not None:
        return ratings_from(json.loads(stored))
    earlier = [round_ for round_ in rounds if round_.step < last]
    before = stored_before(event, prefix_digest) or rate(earlier)
    ratings = rate(rounds[len(earlier) :], start=before)
    keep(event, digest, ratings, prefix_digest=prefix_digest, before=before)
    return ratings


def stored_before(event: Event, prefix_digest: str) -> Ratings | None:
    """The ratings after the hands before the latest event round, if stored: as the prefix of a
    later state of this round, or as a whole state (the round before, as it ended)."""
    whole = EventRatings.objects.filter(event=event, digest=prefix_digest).values_list("payload", flat=True)
    if (found := whole.first()) is not None:
        return ratings_from(json.loads(found))
    prefix = EventRatings.objects.filter(event=event, prefix_digest=prefix_digest).values_list(
        "payload", flat=True
    )
    if (found := prefix.first()) is not None:
        return ratings_from(json.loads(found)["prefix"])
    return None


def keep(event: Event, digest: str, ratings: Ratings, *, prefix_digest: str, before: Ratings) -> None:
    """Store the ratings (and those before the latest event round), drop the event's oldest
    beyond KEEP. A read that cannot write still answers: the hands are only rated again."""
    payload = json.dumps({**payload_of(ratings), "prefix": payload_of(before)})
    try:
        with transaction.atomic():
            EventRatings.objects.bulk_create(
                [EventRatings(event=event, digest=digest, prefix_digest=prefix_digest, payload=payload)],
                ignore_conflicts=True,
            )
            old = EventRatings.objects.filter(event=event).order_by("-created_at", "-pk")[KEEP:]
            EventRatings.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()
    except DatabaseError:
        pass
