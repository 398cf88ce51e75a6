"""A season's ratings (groups/rules/skill.py), kept in the database by what they rate.

The rounds a season reads are already loaded for its figures; their digest (players and cards,
in order, and the rating's version) finds the ratings stored for exactly those rounds. Any
change to them (a correction, a deleted round, an import, another date range) gives another
digest, so the ratings are rated again once and stored; nothing needs to be told to forget.
"""

from __future__ import annotations

import hashlib
import json
from typing import Final

from django.db import DatabaseError, transaction

from groups.models import Group, SeasonRatings, StoredRatings
from groups.rules.season import Season
from groups.rules.skill import RATING_VERSION, RatedRound, Rating, Ratings, rate

# Rows kept per group: the whole season and a few date ranges read at the same time.
KEEP: Final = 6


def season_rounds(season: Season) -> list[RatedRound]:
    """The season's rounds in rating order (date, session, round; a club night's tables in the order
    they were drawn), each at its evening's (or night's) step; hands of typed scores left out."""
    return [
        RatedRound(players=evening.players, cards=round_.places, step=step)
        for step, evening in zip(season.steps, season.evenings, strict=True)
        for round_ in evening.rounds
        if round_.places  # a hand of typed scores ranks nobody
    ]


def digests(rounds: list[RatedRound], last: int) -> tuple[str, str]:
    """The digest of the rounds, and of those before step `last` (the last evening), in one pass."""
    digest = hashlib.sha256(RATING_VERSION.encode())
    before = None
    for players, cards, step in rounds:
        if before is None and step >= last:
            before = digest.copy()
        digest.update(f"{players}{cards}{step};".encode())
    return digest.hexdigest(), (before or digest).hexdigest()


def season_ratings(group: Group, season: Season) -> Ratings:
    """The ratings after the season's rounds: stored ones if these rounds were rated before; else
    rated on from the ratings stored before the last evening when those rounds are unchanged (a
    round added to tonight's evening), else from the first round."""
    rounds = season_rounds(season)
    last = len(season.days)
    digest, prefix_digest = digests(rounds, last)
    if (stored := stored_payload(SeasonRatings, group=group, digest=digest)) is not None:
        return ratings_from(stored)
    earlier = [round_ for round_ in rounds if round_.step < last]
    found = stored_payload(SeasonRatings, group=group, prefix_digest=prefix_digest)
    before = ratings_from(found["prefix"]) if found is not None else rate(earlier)
    ratings = rate(rounds[len(earlier) :], start=before)
    keep(
        SeasonRatings,
        {"group": group},
        digest,
        ratings,
        prefix_digest=prefix_digest,
        before=before,
        most=KEEP,
    )
    return ratings


def stored_payload(model: type[StoredRatings], **lookup: object) -> dict | None:
    """The payload of the first stored row that matches `lookup`, read from its JSON."""
    found = model.objects.filter(**lookup).values_list("payload", flat=True).first()
    return None if found is None else json.loads(found)


def keep(
    model: type[StoredRatings],
    owner: dict[str, object],
    digest: str,
    ratings: Ratings,
    *,
    prefix_digest: str,
    before: Ratings,
    most: int,
) -> None:
    """Store the ratings (and those before the latest step) for `owner` (the group or the event),
    and drop its oldest beyond `most`. A read that cannot write (a busy or read-only database)
    still answers: the ratings are only rated again next time."""
    payload = json.dumps({**payload_of(ratings), "prefix": payload_of(before)})
    try:
        with transaction.atomic():
            model.objects.bulk_create(
                [model(**owner, digest=digest, prefix_digest=prefix_digest, payload=payload)],
                ignore_conflicts=True,
            )
            old = model.objects.filter(**owner).order_by("-created_at", "-pk")[most:]
            model.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()
    except DatabaseError:
        pass


def payload_of(ratings: Ratings) -> dict:
    return {
        "players": [
            [player, rating.mu, rating.sigma, rating.ordinal, rating.rounds]
            for player, rating in ratings.players.items()
        ],
        "history": [[player, line] for player, line in ratings.history.items()],
    }


def ratings_from(payload: dict) -> Ratings:
    return Ratings(
        players={
            player: Rating(mu=mu, sigma=sigma, ordinal=ordinal, rounds=rounds)
            for player, mu, sigma, ordinal, rounds in payload["players"]
        },
        history={player: [tuple(point) for point in line] for player, line in payload["history"]},
    )
