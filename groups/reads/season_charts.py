"""Each player's running net, and Skill, over the season as line charts (toolkit/svg_chart.py), one
step per evening."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from groups.rules.season import Season
from groups.rules.skill import Ratings
from rounds.public import minus
from toolkit.svg_chart import ChartLine, line_chart

LEFT = 40  # the least room at the left for the values

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
    """The season's chart: the first and last days below, one line per player, each carried flat
    to the last evening."""
    steps = len(season.days)
    lines = {
        player: [*line, (steps, line[-1][1])] if line[-1][0] < steps else line
        for player, line in found.items()
    }
    # The first evening's day at the left, the last one's at the right; one day is named once, at
    # the right, where every line ends (a single evening's step is the right edge).
    days = [(1, "start"), (steps, "end")] if steps else []
    if steps and season.days[-1] == season.days[0]:
        days = days[1:]
    return line_chart(
        [ChartLine(f"p{colour[player]}", names[player], line) for player, line in lines.items()],
        steps=steps,
        label=label,
        value_text=lambda value: minus(f"{value:.{places}f}"),
        step_labels=((step, anchor, season.days[step - 1].isoformat()) for step, anchor in days),
        left_least=LEFT,
        attribute=attribute,
    )
