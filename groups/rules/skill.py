"""Players' ratings (SPEC 12) as pure functions: no Django here.

Every round is one match: its players ranked by cards left (the winner first, equal counts
sharing a rank; a Tiến lên hand by its finishing order, the killed sharing the last rank), rated with OpenSkill's Plackett-Luce model with the `openskill` package's
defaults (μ 25, σ 25/3), one `rate` call per round, in the order the caller gives: date,
session, round number. A rating is shown as its ordinal, μ − 3σ; a player is ranked from
RANKED_FROM rounds on. The same rounds in the same order give the same floats, so a rating
can be recomputed from history at any time (a group's season, an event's standings).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from openskill.models import PlackettLuce

RANKED_FROM: Final = 30
# Changes whenever the numbers for the same rounds would change (a new openskill, new options):
# stored ratings made under another version are recomputed.
RATING_VERSION: Final = "openskill 6.2.0 PlackettLuce defaults, ranks by cards left"


class RatedRound(NamedTuple):
    """One round as the rating reads it: who sat, in seat order, and their cards left (or, in
    Tiến lên, their ranks, which rank the same way: lowest first)."""

    players: tuple[Hashable, ...]
    cards: tuple[int, ...]
    step: int = 0  # where the round falls on a chart (a season's evening number)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    ordinal: float  # μ − 3σ, as openskill's ordinal() gives it
    rounds: int

    @property
    def ranked(self) -> bool:
        return self.rounds >= RANKED_FROM

    @property
    def rounds_to_ranked(self) -> int:
        return max(0, RANKED_FROM - self.rounds)

    def json(self) -> dict:
        return {
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "ranked": self.ranked,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class Ratings:
    players: dict[Hashable, Rating]
    # Per player: (step, ordinal after the last round of that step) for each step they played in.
    history: dict[Hashable, list[tuple[int, float]]] = field(default_factory=dict)


def ranks_of(cards: Sequence[int]) -> list[int]:
    """Rank per seat by cards left, 1 the fewest: equal counts share a rank ([0, 5, 5, 9] → 1 2 2 4)."""
    return [1 + sum(other < count for other in cards) for count in cards]


def rate(rounds: Iterable[RatedRound], *, start: Ratings | None = None) -> Ratings:
    """Every player's rating after these rounds, rated one by one in the order given.

    `start`: the ratings after the rounds before these (as this function gave them); going on
    from them gives the very floats that rating all the rounds at once gives."""
    model = PlackettLuce()
    start = start or Ratings(players={})
    current: dict[Hashable, object] = {
        player: model.rating(mu=rating.mu, sigma=rating.sigma) for player, rating in start.players.items()
    }
    played: dict[Hashable, int] = {player: rating.rounds for player, rating in start.players.items()}
    history: dict[Hashable, list[tuple[int, float]]] = {
        player: list(line) for player, line in start.history.items()
    }
    for players, cards, step in rounds:
        teams = [[current.get(player) or model.rating()] for player in players]
        rated = model.rate(teams, ranks=ranks_of(cards))
        for player, (after,) in zip(players, rated, strict=True):
            current[player] = after
            played[player] = played.get(player, 0) + 1
            line = history.setdefault(player, [])
            point = (step, after.ordinal())
            if line and line[-1][0] == step:
                line[-1] = point
            else:
                line.append(point)
    return Ratings(
        players={
            player: Rating(mu=after.mu, sigma=after.sigma, ordinal=after.ordinal(), rounds=played[player])
            for player, after in current.items()
        },
        history=history,
    )
