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

from collections.abc import Iterable
from typing import Final

from openskill.models import PlackettLuce

from events.models import Event, EventRatings
from groups.rating import RatedRound, Rating, Ratings, rate
from groups.ratings import digests, keep, ratings_from, stored_payload

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
    if (stored := stored_payload(EventRatings, event=event, digest=digest)) is not None:
        return ratings_from(stored)
    earlier = [round_ for round_ in rounds if round_.step < last]
    before = stored_before(event, prefix_digest) or rate(earlier)
    ratings = rate(rounds[len(earlier) :], start=before)
    keep(
        EventRatings, {"event": event}, digest, ratings, prefix_digest=prefix_digest, before=before, most=KEEP
    )
    return ratings


def stored_before(event: Event, prefix_digest: str) -> Ratings | None:
    """The ratings after the hands before the latest event round, if stored: as the prefix of a
    later state of this round, or as a whole state (the round before, as it ended)."""
    if (found := stored_payload(EventRatings, event=event, digest=prefix_digest)) is not None:
        return ratings_from(found)
    if (found := stored_payload(EventRatings, event=event, prefix_digest=prefix_digest)) is not None:
        return ratings_from(found["prefix"])
    return None
