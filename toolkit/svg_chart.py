"""The one line chart, as inline SVG drawn on the server (no chart library): a zero line, the
values at the left, labelled steps below, one line per party with a dot where it ends. The
evening's running totals and the season's net and Skill are drawn with it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 340, 190
RIGHT, TOP, BOTTOM = 10, 10, 24
LABEL_CHARACTER = 7  # the width of one character of an 11 px axis label, at most


class ChartLine(NamedTuple):
    css: str  # the line's class: a player's colour (p0, p1 ...) or the house
    name: str  # what its title says (escaped here)
    points: Sequence[tuple[int, float]]  # (step, value), the first at step 0


def left_margin(labels: list[str], least: int) -> int:
    """Room at the left for the longest value label ("−10000"), ending 6 units before the lines."""
    return max(least, 8 + LABEL_CHARACTER * max(map(len, labels)))


def line_chart(
    lines: Sequence[ChartLine],
    *,
    steps: int,
    label: str,
    value_text: Callable[[float], str],
    step_labels: Iterable[tuple[int, str, object]],
    left_least: int,
    attribute: str = "",
) -> SafeString:
    """`step_labels`: (step, text-anchor, text) under the chart; `attribute`: one of the caller's
    constants (a data- attribute the page finds the chart by), or nothing."""
    values = [value for line in lines for _step, value in line.points] or [0]
    low, high = min([*values, 0]), max([*values, 0])
    if low == high:
        high = low + 1
    shown = {value: value_text(value) for value in sorted({low, high, 0})}
    left = left_margin(list(shown.values()), left_least)

    def x(step: int) -> float:
        return round(left + (WIDTH - left - RIGHT) * step / max(steps, 1), 1)

    def y(value: float) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 1)

    # One string for all the lines, the names escaped and the rest numbers: a season of 200
    # players draws 200 lines, each a format_html() call otherwise.
    polylines = mark_safe(
        "".join(
            f'<polyline class="line {line.css}" points="{" ".join(f"{x(step)},{y(value)}" for step, value in line.points)}">'
            f"<title>{escape(line.name)}</title></polyline>"
            f'<circle class="end {line.css}" cx="{x(line.points[-1][0])}" cy="{y(line.points[-1][1])}" r="3.5"/>'
            for line in lines
        )
    )
    below = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="{}">{}</text>',
        ((x(step), HEIGHT - 6, anchor, text) for step, anchor, text in step_labels),
    )
    value_labels = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>',
        ((left - 6, y(value) + 4, text) for value, text in shown.items()),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"{}>'
        '<line class="zero" x1="{}" x2="{}" y1="{}" y2="{}"/>{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        label,
        mark_safe(f" {attribute}" if attribute else ""),  # the caller's constant
        left,
        WIDTH - RIGHT,
        y(0),
        y(0),
        value_labels,
        below,
        polylines,
    )
