"""The facts of an evening's recap (SPEC 12), read from the table state payload: no Django here.

Everything comes from the state every phone gets (`rounds/reads/state.shared_state`): the rounds'
cards, scores, running totals and rules, and the settlement. The money's parties are the
players by index and, paying by place, the house (`"house"`, its total in `state["house"]`, its
money in `settlement["house"]`): it is shown, never dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rounds.rules.ruleset import RoundRules


@dataclass(frozen=True)
class Line:
    """One line of the recap, for the picture and the text alike."""

    kind: str  # title, subtitle, heading, row, note
    text: str
    value: str = ""  # a row's figure, right-aligned in the picture
    colour: int | None = None  # a player's colour index (the page's p0..p7)


@dataclass(frozen=True)
class Moment:
    """A player's round: its number, its score as the scoreboard shows it, and the points it was
    worth to them against the table (what breaks a tie of scores)."""

    player: int
    number: int
    score: int
    gain: int


@dataclass(frozen=True)
class Comeback:
    player: int
    behind: int  # the most points behind the lead, after round `number`
    number: int
    final_behind: int


def lowest_wins(state: dict) -> bool:
    return state["settings"]["mode"] == "points"


def gain_of(scores: list[int], player: int, *, points: bool) -> int:
    """What a round was worth to a player: the score in the modes where scores sum to zero; in
    Points, the differences to each other player (as the season's net counts it)."""
    if not points:
        return scores[player]
    return sum(scores) - len(scores) * scores[player]


def best_and_worst(state: dict) -> tuple[Moment, Moment] | None:
    """The best and the worst round of one player, in the scoreboard's numbers: the best score and
    the worst score of any round, in the direction the standings rank (in Points the lowest is
    best, so every win, 0, ties: the one that took the most from the table is best). On a tie, the
    round worth more (or less) against the table, then the earlier round, then the first seat."""
    points = lowest_wins(state)
    way = -1 if points else 1  # the scoreboard's better direction
    moments = [
        Moment(
            player=player,
            number=round_["number"],
            score=round_["scores"][player],
            gain=gain_of(round_["scores"], player, points=points),
        )
        for round_ in state["rounds"]
        for player in range(len(round_["scores"]))
    ]
    if not moments:
        return None
    best = max(moments, key=lambda moment: (way * moment.score, moment.gain, -moment.number, -moment.player))
    worst = min(moments, key=lambda moment: (way * moment.score, moment.gain, moment.number, moment.player))
    return best, worst


def fries(state: dict) -> list[int] | None:
    """Per player, the hands that reached the second tier of the rules they were scored under;
    None when no hand's rules could fry (typed scores, one flat rate a card)."""
    counts = [0] * len(state["players"])
    could = False
    for round_ in state["rounds"]:
        threshold = RoundRules.from_json(round_["rules"]).fry_from
        if threshold is None or not round_["cards"]:
            continue
        could = True
        for player, cards in enumerate(round_["cards"]):
            counts[player] += cards >= threshold
    return counts if could else None


def killed_counts(state: dict) -> list[int]:
    """Per player, the Tiến lên hands in which they were killed (cóng)."""
    counts = [0] * len(state["players"])
    for round_ in state["rounds"]:
        for player in round_.get("killed", []):
            counts[player] += 1
    return counts


def comeback(state: dict) -> Comeback | None:
    """The player who won back the most ground: the most points behind the lead at some round,
    less how far behind they finished. Only a player who won back at least half the gap counts
    (a last place that lost less in the end is no comeback); None when nobody did."""
    sign = -1 if lowest_wins(state) else 1
    found: Comeback | None = None
    worst: dict[int, tuple[int, int]] = {}
    for round_ in state["rounds"]:
        standing = [sign * total for total in round_["totals_after"]]
        lead = max(standing)
        for player, value in enumerate(standing):
            if lead - value > worst.get(player, (0, 0))[0]:
                worst[player] = (lead - value, round_["number"])
    if not state["rounds"]:
        return None
    final = [sign * total for total in state["rounds"][-1]["totals_after"]]
    for player, (behind, number) in sorted(worst.items()):
        final_behind = max(final) - final[player]
        if 2 * final_behind <= behind and (
            found is None or behind - final_behind > found.behind - found.final_behind
        ):
            found = Comeback(player=player, behind=behind, number=number, final_behind=final_behind)
    return found


HOUSE: Final = "house"  # the house as a party of the settlement and a total (rounds/reads/selectors.HOUSE)


def parties(state: dict, house: str) -> dict[int | str, str]:
    """The names the settlement's parties stand for: each player by index, and the house (paying
    by place, SPEC 3.6) as `house`, the name the session gives it or the page's word for it."""
    return {**{index: player["name"] for index, player in enumerate(state["players"])}, HOUSE: house}
