"""Each player's running net, and rating, over the season as inline SVG line charts drawn on the
server (the same drawing as the evening's chart in rounds/reads/chart.py, with one step per evening)."""

from __future__ import annotations

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

from groups.rules.season import Season
from groups.rules.skill import Ratings
from rounds.public import left_margin, minus

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 24

Line = list[tuple[int, float]]


def season_net_svg(season: Season, names: dict[int, str], colour: dict[int, int]) -> SafeString:
    steps = len(season.days)
    lines = {player: line for player in colour if (line := season.running_net.get(player))}
    summary = ", ".join(f"{names[player]} {minus(line[-1][1])}" for player, line in lines.items())
    label = ngettext(
        "Net over %(evenings)s evening: %(summary)s", "Net over %(evenings)s evenings: %(summary)s", steps
    ) % {"evenings": steps, "summary": summary}
    return lines_svg(season, lines, names, colour, label=label, attribute="data-season-chart")


def season_rating_svg(
    season: Season, ratings: Ratings, names: dict[int, str], colour: dict[int, int]
) -> SafeString:
    """Each player's ordinal (μ − 3σ) after each evening they played, from 0 where everyone starts."""
    steps = len(season.days)
    lines: dict[int, Line] = {}
    for player in colour:
        points = ratings.history.get(player)
        if not points:
            continue
        line: Line = [(0, 0.0)]
        for step, ordinal in points:
            if line[-1][0] < step - 1:
                line.append((step - 1, line[-1][1]))  # flat until the evening before this one
            line.append((step, round(ordinal, 2)))
        lines[player] = line
    summary = ", ".join(f"{names[player]} {minus(f'{line[-1][1]:.1f}')}" for player, line in lines.items())
    label = ngettext(
        "Skill over %(evenings)s evening: %(summary)s",
        "Skill over %(evenings)s evenings: %(summary)s",
        steps,
    ) % {"evenings": steps, "summary": summary}
    return lines_svg(season, lines, names, colour, label=label, attribute="data-rating-chart", places=1)


def lines_svg(
    season: Season,
    found: dict[int, Line],
    names: dict[int, str],
    colour: dict[int, int],
    *,
    label: str,
    attribute: str,
    places: int = 0,
) -> SafeString:
    """The chart's frame: a zero line, the values at the left, the first and last days below, and
    one line per player, each carried flat to the last evening."""
    steps = len(season.days)
    lines = {
        player: [*line, (steps, line[-1][1])] if line[-1][0] < steps else line
        for player, line in found.items()
    }
    values = [value for line in lines.values() for _step, value in line] or [0]
    low, high = min([*values, 0]), max([*values, 0])
    if low == high:
        high = low + 1

    shown = {value: minus(f"{value:.{places}f}") for value in sorted({low, high, 0})}
    left = left_margin(list(shown.values()), LEFT)

    def x(step: int) -> float:
        return round(left + (WIDTH - left - RIGHT) * step / max(steps, 1), 1)

    def y(value: float) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 1)

    def points(line: Line) -> str:
        return " ".join(f"{x(step)},{y(value)}" for step, value in line)

    # One string for all the lines, the names escaped and the rest numbers: a season of 200
    # players draws 200 lines, each a format_html() call otherwise.
    polylines = mark_safe(
        "".join(
            f'<polyline class="line p{colour[player]}" points="{points(line)}"><title>{escape(names[player])}'
            f'</title></polyline><circle class="end p{colour[player]}" cx="{x(steps)}" cy="{y(line[-1][1])}" r="3.5"/>'
            for player, line in lines.items()
        )
    )
    # The first evening's day at the left, the last one's at the right; one day is named once, at
    # the right, where every line ends (a single evening's step is the right edge).
    days = [(1, "start"), (steps, "end")] if steps else []
    if steps and season.days[-1] == season.days[0]:
        days = days[1:]
    day_labels = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="{}">{}</text>',
        ((x(step), HEIGHT - 6, anchor, season.days[step - 1].isoformat()) for step, anchor in days),
    )
    value_labels = format_html_join(
        "",
        '<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>',
        ((left - 6, y(value) + 4, label) for value, label in shown.items()),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}" {}>'
        '<line class="zero" x1="{}" x2="{}" y1="{}" y2="{}"/>{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        label,
        mark_safe(attribute),  # one of this module's constants
        left,
        WIDTH - RIGHT,
        y(0),
        y(0),
        value_labels,
        day_labels,
        polylines,
    )
