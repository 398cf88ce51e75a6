"""The rounds as CSV: one row per round, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

from rounds.rules.mode import Game
from rounds.rules.ruleset import RoundRules
from rounds.rules.tien_len_words import TIEN_LEN_EVENTS, tien_len_events, tien_len_places

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(text: str) -> str:
    """A leading ' keeps a spreadsheet from running a name such as =HYPERLINK(...) as a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def restored(text: str) -> str:
    """The name as typed, from a cell neutralised() wrote."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def rounds_csv(state: dict) -> str:
    """Round number, then per player cards left, 2s held, score and running total, who covered
    and under which covering rule (SPEC 3.5).

    The 2s cells are empty for a round scored without the 2s rule; the covering cells are empty
    when nobody covered. A session with a house (paying by place) ends each row with what the
    winner gave the house and the house's running total.
    """
    names = [neutralised(player["name"]) for player in state["players"]]
    if state["settings"].get("game") == Game.TIEN_LEN:
        return tien_len_csv(state, names)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    house = "house" in state  # paying by place: the house's share and running total, last
    doublings = any("spade_two" in round_ or "bombs" in round_ for round_ in state["rounds"])  # 锄大地
    writer.writerow(
        ["round"]
        + [f"{name} cards" for name in names]
        + [f"{name} 2s" for name in names]
        + [f"{name} score" for name in names]
        + [f"{name} total" for name in names]
        + ["covering", "covering rule"]
        + (["house", "house total"] if house else [])
        + (["♠2 held", "bombs"] if doublings else [])
    )
    house_total = 0
    for round_ in state["rounds"]:
        house_total += round_.get("house", 0)
        twos = round_["twos"] if round_["twos"] is not None else [""] * len(names)
        covering, rule = "", ""
        if round_["covering"] is not None:
            covering = names[round_["covering"]]
            rule = RoundRules.from_json(round_["rules"]).covering_words
        writer.writerow(
            [
                round_["number"],
                *(round_["cards"] or [""] * len(names)),  # typed scores: no cards
                *twos,
                *round_["scores"],
                *round_["totals_after"],
                covering,
                rule,
                *([round_.get("house", 0), house_total] if house else []),
                *([spade_two_holder(round_, names), round_.get("bombs", 0)] if doublings else []),
            ]
        )
    return buffer.getvalue()


def spade_two_holder(round_: dict, names: list[str]) -> str:
    holder = round_.get("spade_two")
    return "" if holder is None else names[holder]


def tien_len_csv(state: dict, names: list[str]) -> str:
    """A Tiến lên session: round number, per player the place they went out in (an instant win:
    the winner 1, nobody else placed), score and running total, then the hand's events in words:
    who was killed, what was left in hand, the chops (chopper < chopped: items) and who won on
    the deal. Item names as the API's (black_two, four_of_a_kind...)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(
        ["round"]
        + [f"{name} place" for name in names]
        + [f"{name} score" for name in names]
        + [f"{name} total" for name in names]
        + list(TIEN_LEN_EVENTS)
    )
    for round_ in state["rounds"]:
        writer.writerow(
            [
                round_["number"],
                *tien_len_places(round_, len(names)),
                *round_["scores"],
                *round_["totals_after"],
                *tien_len_events(round_, names),
            ]
        )
    return buffer.getvalue()
