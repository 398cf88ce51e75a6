"""A Tiến lên hand in the words of a spreadsheet (a session's CSV, a club night's): each player's
place out and the hand's events, one cell each. Pure, no Django: a hand as a round of the state
carries it, or as it is stored (TienLenHand.to_json(): the same keys)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from rounds.rules.tien_len_settings import Item

TIEN_LEN_EVENTS: Final = ("killed", "left in hand", "chops", "instant win")


def tien_len_places(hand: Mapping, players: int) -> list[int | str]:
    """Each player's place out in a Tiến lên hand (a round of the state, or a stored hand): an
    instant win places its winner 1 and nobody else."""
    order = hand["order"]
    places: list[int | str] = [
        order.index(player) + 1 if player in order else "" for player in range(players)
    ]
    if hand["instant"] is not None:
        places[hand["instant"]] = 1
    return places


def tien_len_events(hand: Mapping, names: Sequence[str]) -> list[str]:
    """A Tiến lên hand's events in words, one cell each (TIEN_LEN_EVENTS): who was killed, what was
    left in hand, the chops (chopper < chopped: items) and who won on the deal."""
    left = [
        f"{names[held['player']]}: "
        + " ".join(f"{item.value} {held[item.value]}" for item in Item if held[item.value])
        for held in hand["left"]
    ]
    chops = [
        f"{names[chop['by']]} < {names[chop['from']]}: {' '.join(chop['items'])}" for chop in hand["chops"]
    ]
    return [
        "; ".join(names[player] for player in hand["killed"]),
        "; ".join(left),
        "; ".join(chops),
        "" if hand["instant"] is None else names[hand["instant"]],
    ]
