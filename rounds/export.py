"""The rounds as CSV: one row per round, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(text: str) -> str:
    """A leading ' keeps a spreadsheet from running a name such as =HYPERLINK(...) as a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def restored(text: str) -> str:
    """The name as typed, from a cell neutralised() wrote."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def rounds_csv(state: dict) -> str:
    """Round number, then cards left, score and running total for each player."""
    names = [neutralised(player["name"]) for player in state["players"]]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(
        ["round"]
        + [f"{name} cards" for name in names]
        + [f"{name} score" for name in names]
        + [f"{name} total" for name in names]
    )
    for round_ in state["rounds"]:
        writer.writerow([round_["number"], *round_["cards"], *round_["scores"], *round_["totals_after"]])
    return buffer.getvalue()
