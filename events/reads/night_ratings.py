"""The event's ratings (SPEC 12) over its hands, kept in the database by what they rate.

Every hand of every table is one match of the players at that table, identified by their
EventPlayer, rated with groups.rules.skill.rate in the event's order: event round, then table
number, then hand number (SPEC 12's "date, session and round number" for a club night, whose
tables of one round share the date). The standings read them through `event_ratings`; the
digest of the tables (each session's version names the state of its hands, so no hand is read
to find them) finds ratings stored for exactly those hands, else those stored before the latest
event round, so a hand added tonight reads and rates only the round in play.
"""

from __future__ import annotations

import hashlib
import json
from typing import Final, NamedTuple

from django.db.models import TextField
from django.db.models.functions import Cast
from openskill.models import PlackettLuce

from events.models import Event, EventRatings
from groups.public import (
    RATING_VERSION,
    RatedRound,
    Rating,
    Ratings,
    keep,
    rate,
    ratings_from,
    stored_payload,
)
from rounds.public import Round
from rounds.rules.tien_len_hand import TienLenHand, tien_len_ranks

# Rows kept per event: the ratings of the latest few states of its hands.
KEEP: Final = 3


def first_rating() -> Rating:
    """A player with no hand yet: openskill's own starting rating (μ 25, σ 25/3)."""
    start = PlackettLuce().rating()
    return Rating(mu=start.mu, sigma=start.sigma, ordinal=start.ordinal(), rounds=0)


class TableSeats(NamedTuple):
    """One table as the ratings see it: where it stands, its session's version (which names the
    state of its hands) and its players in seat order."""

    round: int
    table: int
    session: int
    version: int
    players: tuple[int, ...]


def table_digests(tables: list[TableSeats], last: int) -> tuple[str, str]:
    """The digest of the tables' hands (each named by its session's version), and of those of
    the event rounds before `last`, in one pass: no hand is read to find stored ratings."""
    digest = hashlib.sha256(RATING_VERSION.encode())
    before = None
    for table in sorted(tables):
        if before is None and table.round >= last:
            before = digest.copy()
        digest.update(
            f"{table.round},{table.table},{table.session},{table.version},{table.players};".encode()
        )
    return digest.hexdigest(), (before or digest).hexdigest()


def hands_of(tables: list[TableSeats]) -> list[RatedRound]:
    """The hands of these tables in rating order (event round, table, hand), each at its event
    round's step: who sat, in seat order, and their cards left (a Tiến lên hand: their ranks)."""
    seats = {table.session: table for table in tables}
    rows = list(
        Round.objects.filter(session_id__in=list(seats)).values_list(
            "session_id", "number", Cast("cards", TextField()), Cast("hand", TextField())
        )
    )
    cards = json.loads("[" + ",".join(f"[{row[2]},{row[3] or 'null'}]" for row in rows) + "]")
    hands = []
    for (session_id, number, *_), (counts, hand) in zip(rows, cards, strict=True):
        table = seats[session_id]
        if hand is not None and "scores" not in hand:
            counts = tien_len_ranks(TienLenHand.stored(hand, players=len(table.players)))
        if len(table.players) == len(counts):
            hands.append(((table.round, table.table, number), table.players, tuple(counts)))
    return [
        RatedRound(players=players, cards=counts, step=key[0])
        for key, players, counts in sorted(hands, key=lambda hand: hand[0])
    ]


def event_ratings(event: Event, tables: list[TableSeats]) -> Ratings:
    """The ratings after the tables' hands: stored ones, or rated on from those stored before
    the latest event round when those tables are unchanged (reading only the latest round's
    hands), else from the first hand."""
    last = max((table.round for table in tables), default=0)
    digest, prefix_digest = table_digests(tables, last)
    if (stored := stored_payload(EventRatings, event=event, digest=digest)) is not None:
        return ratings_from(stored)
    before = stored_before(event, prefix_digest)
    if before is None:
        rounds = hands_of(tables)
        earlier = [round_ for round_ in rounds if round_.step < last]
        before, latest = rate(earlier), rounds[len(earlier) :]
    else:
        latest = hands_of([table for table in tables if table.round == last])
    ratings = rate(latest, start=before)
    keep(
        EventRatings,
        {"event": event},
        digest,
        without_history(ratings),
        prefix_digest=prefix_digest,
        before=without_history(before),
        most=KEEP,
    )
    return ratings


def without_history(ratings: Ratings) -> Ratings:
    """What an event keeps of its ratings: each player's, not their line over the night (no page
    of an event draws one), so a stored row reads back in a blink at 200 players and 20 rounds."""
    return Ratings(players=ratings.players)


def stored_before(event: Event, prefix_digest: str) -> Ratings | None:
    """The ratings after the hands before the latest event round, if stored: as the prefix of a
    later state of this round, or as a whole state (the round before, as it ended)."""
    if (found := stored_payload(EventRatings, event=event, digest=prefix_digest)) is not None:
        return ratings_from(found)
    if (found := stored_payload(EventRatings, event=event, prefix_digest=prefix_digest)) is not None:
        return ratings_from(found["prefix"])
    return None
