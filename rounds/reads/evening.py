"""Reads for the end of the evening: who pays whom, the story of the rounds, the summary to share."""

from __future__ import annotations

import re
from decimal import Decimal

from django.template.loader import render_to_string
from django.utils.formats import date_format
from django.utils.translation import pgettext

from rounds.labels import house_label
from rounds.models import Session
from rounds.reads.chart import running_totals_svg
from rounds.reads.selectors import HOUSE, ScoredSession, Viewer, scored_session
from rounds.reads.state import table_state
from rounds.rules import hands
from rounds.rules.mode import Game
from rounds.rules.ruleset import Mode
from rounds.rules.stats import player_stats


def net_rows(state: dict) -> list[dict]:
    """Each player's money, largest winner first."""
    settlement = state["settlement"]
    rows = [
        {
            "player": index,
            "name": player["name"],
            "amount": settlement["net"][index],
            "total": player["total"],
        }
        for index, player in enumerate(state["players"])
    ]
    if "house" in settlement:  # paying by place: the house is a party (SPEC 3.6)
        rows.append(
            {
                "player": HOUSE,
                "name": house_label(state["settings"]),
                "amount": settlement["house"]["net"],
                "total": state["house"],
            }
        )
    return sorted(rows, key=lambda row: (-Decimal(row["amount"]), row["player"] == HOUSE, str(row["player"])))


def party_names(state: dict) -> dict[int | str, str]:
    """Who each settlement party is: the players by index, and the house when there is one."""
    names: dict[int | str, str] = {index: player["name"] for index, player in enumerate(state["players"])}
    if "house" in state:
        names[HOUSE] = house_label(state["settings"])
    return names


def transfer_rows(state: dict) -> list[dict]:
    names = party_names(state)
    return [
        {**transfer, "payer_name": names[transfer["from"]], "payee_name": names[transfer["to"]]}
        for transfer in state["settlement"]["transfers"]
    ]


def stats_rows(scored: ScoredSession, state: dict) -> list[dict]:
    # Each hand as its rules read it (a Tiến lên hand's order and killed, not its stored JSON).
    checked = [
        (hands.validate_round(entry, scored.names, round_.rules), result)
        for round_, entry, result in scored.rounds
    ]
    stats = player_stats(checked, len(state["players"]))
    return [
        {"player": index, "name": state["players"][index]["name"], **vars(row)}
        for index, row in enumerate(stats)
    ]


AFTER_FULL_WIDTH = re.compile(r"(?<=[，。；：、]) ")


def summary_text(session: Session, state: dict) -> str:
    """A plain text block to paste into the group chat."""
    # Translators: a short day and month in Django's date format, as in "Big Two, 2 Dec, 7 rounds".
    day = date_format(session.created_at, pgettext("summary date", "j M"))
    context = {"state": state, "date": day, "rounds": len(state["rounds"])}
    if state["settlement"]:
        context |= {"nets": net_rows(state), "transfers": transfer_rows(state)}
    else:
        context["standings"] = [
            {"name": state["players"][standing["player"]]["name"], "total": standing["total"]}
            for standing in state["standings"]
        ]
        if "house" in state:
            context["standings"].append({"name": house_label(state["settings"]), "total": state["house"]})
    text = " ".join(render_to_string("rounds/summary.txt", context).split())
    # Full-width punctuation holds its own space: "3 局：Ann +HK$20.00，Ben", not "3 局： Ann".
    return AFTER_FULL_WIDTH.sub("", text)


def evening(session: Session, *, viewer: Viewer) -> dict:
    scored = scored_session(session)
    state = table_state(session, viewer=viewer)
    story = {
        "state": state,
        "stats": stats_rows(scored, state),
        "chart": running_totals_svg(state),
        "summary": summary_text(session, state),
        "points_mode": state["settings"]["mode"] == Mode.POINTS.value,
        # Worst hand, 13-card rounds and the average penalty count cards: a Tiến lên hand or a
        # hand of the table's own scores has none, so their columns would only say 0.
        "by_cards": Mode(state["settings"]["mode"]).by_cards,
        # Tiến lên's own: the hands each came last, was killed and won on the deal.
        "tien_len": state["settings"]["game"] == Game.TIEN_LEN.value,
    }
    if state["settlement"]:
        story |= {"nets": net_rows(state), "transfers": transfer_rows(state)}
    return story
