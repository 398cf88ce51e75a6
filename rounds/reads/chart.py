"""The evening's running totals as a line chart (toolkit/svg_chart.py)."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from rounds.labels import house_label, minus
from toolkit.svg_chart import ChartLine, line_chart

LEFT = 36  # the least room at the left for the values


MAX_ROUND_LABELS = 10


def running_totals(state: dict) -> list[list[int]]:
    """Per player, the total before round 1 (0) and after each round; then the house's, when the
    session has one (paying by place)."""
    starts = [[0] for _ in state["players"]]
    for round_ in state["rounds"]:
        for index, total in enumerate(round_["totals_after"]):
            starts[index].append(total)
    if "house" in state:
        house = [0]
        for round_ in state["rounds"]:
            house.append(house[-1] + round_.get("house", 0))
        starts.append(house)
    return starts


def chart_parties(state: dict) -> list[tuple[str, str]]:
    """Each line's class and name: the players, then the house."""
    parties = [(f"p{index}", player["name"]) for index, player in enumerate(state["players"])]
    if "house" in state:
        parties.append(("house", house_label(state["settings"])))
    return parties


def running_totals_svg(state: dict) -> SafeString:
    lines = running_totals(state)
    rounds = len(state["rounds"])
    parties = chart_parties(state)
    every = max(1, -(-rounds // MAX_ROUND_LABELS))
    summary = ", ".join(f"{name} {minus(line[-1])}" for line, (_, name) in zip(lines, parties, strict=True))
    return line_chart(
        [
            ChartLine(party, name, list(enumerate(line)))
            for line, (party, name) in zip(lines, parties, strict=True)
        ],
        steps=rounds,
        label=ngettext(
            "Running totals after %(rounds)s round: %(summary)s",
            "Running totals after %(rounds)s rounds: %(summary)s",
            rounds,
        )
        % {"rounds": rounds, "summary": summary},
        value_text=minus,
        step_labels=(
            (step, "middle", step) for step in range(1, rounds + 1) if step % every == 0 or step == rounds
        ),
        left_least=LEFT,
    )
