"""The evening's running totals as an inline SVG line chart, drawn on the server (no chart library)."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from rounds.labels import house_label, minus

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 36, 10, 10, 24
LABEL_CHARACTER = 7  # the width of one character of an 11 px axis label, at most


def left_margin(labels: list[str], least: int) -> int:
    """Room at the left for the longest value label ("−10000"), ending 6 units before the lines."""
    return max(least, 8 + LABEL_CHARACTER * max(map(len, labels)))


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
    values = [value for line in lines for value in line]
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    span_x = max(rounds, 1)
    shown = {value: minus(value) for value in sorted({low, high, 0})}
    left = left_margin(list(shown.values()), LEFT)

    def x(step: int) -> float:
        return round(left + (WIDTH - left - RIGHT) * step / span_x, 1)

    def y(value: int) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 1)

    polylines = format_html_join(
        "",
        '<polyline class="line {}" points="{}"><title>{}</title></polyline><circle class="end {}" cx="{}" cy="{}" r="3.5"/>',
        (
            (
                party,
                " ".join(f"{x(step)},{y(value)}" for step, value in enumerate(line)),
                name,
                party,
                x(len(line) - 1),
                y(line[-1]),
            )
            for line, (party, name) in zip(lines, chart_parties(state), strict=True)
        ),
    )
    every = max(1, -(-rounds // MAX_ROUND_LABELS))
    round_labels = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="middle">{}</text>',
        ((x(step), HEIGHT - 6, step) for step in range(1, rounds + 1) if step % every == 0 or step == rounds),
    )
    value_labels = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>',
        ((left - 6, y(value) + 4, label) for value, label in shown.items()),
    )
    summary = ", ".join(
        f"{name} {minus(line[-1])}" for line, (_, name) in zip(lines, chart_parties(state), strict=True)
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        '<line class="zero" x1="{}" x2="{}" y1="{}" y2="{}"/>{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        ngettext(
            "Running totals after %(rounds)s round: %(summary)s",
            "Running totals after %(rounds)s rounds: %(summary)s",
            rounds,
        )
        % {"rounds": rounds, "summary": summary},
        left,
        WIDTH - RIGHT,
        y(0),
        y(0),
        value_labels,
        round_labels,
        polylines,
    )
