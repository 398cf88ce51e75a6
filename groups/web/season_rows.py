"""What the season page shows, from the request's range and sort: rows ready for the template."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from urllib.parse import urlencode

from django.http import HttpRequest
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from groups.inputs import clean_date_range
from groups.models import Group
from groups.reads.season_cache import season_and_ratings
from groups.reads.season_charts import season_net_svg, season_rating_svg
from groups.reads.selectors import player_names
from groups.rules import season as season_rules
from groups.rules.season import DateRange, Season, by_name
from groups.rules.skill import RANKED_FROM, Rating, Ratings
from rounds.public import minus, money
from toolkit.messages import Refusal
from toolkit.refusals import translated

RANGES = {
    "all": _("All"),
    "month": _("This month"),
    "year": _("This year"),
    "custom": _("Dates"),
}
# The head-to-head matrix shows the players with the most games, this many at most.
MATRIX_PLAYERS = 20
# Net first: on a 360 px phone it is the column the table is read by; Skill follows it.
LABELS = {
    "name": _("Player"),
    "net_score": _("Net"),
    "rating": _("Skill"),
    "games": _("Games"),
    "wins": _("Wins"),
    "fries": _("Fries"),
    "real_losses": _("Real losses"),
    "lasts": _("Came last"),
    "killed": _("Killed (cóng)"),
    "instant_wins": _("Instant win"),
    "evenings": _("Evenings"),
    "wins_per_game": _("Wins / game"),
    "fries_per_game": _("Fries / game"),
    "real_losses_per_game": _("Losses / game"),
    "net_score_per_game": _("Net / game"),
}
# What counted hands show (fries, real losses) and what Tiến lên hands show instead (SPEC 14.4).
BY_CARDS = ("fries", "real_losses")


def shown_figures(season: Season) -> tuple[str, ...]:
    """The season's figures, in their columns' order: a season of Tiến lên hands alone has no
    fries and no real losses, but who came last, was killed and won on the deal; a season with
    both kinds of hands shows both."""
    hands = [round_ for evening in season.evenings for round_ in evening.rounds]
    tien_len = any(round_.ranks for round_ in hands)
    by_cards = not tien_len or any(not round_.ranks for round_ in hands)
    return (
        "net_score",
        "games",
        "wins",
        *(BY_CARDS if by_cards else ()),
        *(season_rules.TIEN_LEN_FIGURES[1:] if tien_len else ()),
        "evenings",
    )


def columns_of(shown: tuple[str, ...]) -> list[str]:
    """The table's columns: the player, the figures with Skill after the net, their rates per game."""
    rates = [f"{figure}_per_game" for figure in season_rules.RATES if figure in shown]
    return ["name", shown[0], "rating", *shown[1:], *rates]


@dataclass(frozen=True)
class Chosen:
    """The range and the order the reader asked for (query string), checked."""

    range: str
    dates: DateRange
    start: str
    end: str
    sort: str
    descending: bool
    error: str | None = None

    def query(self, **changes: object) -> str:
        values = {"range": self.range, "sort": self.sort, "dir": "desc" if self.descending else "asc"}
        if self.range == "custom":
            values |= {"from": self.start, "to": self.end}
        values |= {name: value for name, value in changes.items() if value is not None}
        return "?" + urlencode(values)


def chosen_from(request: HttpRequest, today: date) -> Chosen:
    name = request.GET.get("range", "all")
    name = name if name in RANGES else "all"
    sort = request.GET.get("sort", "net_score")
    sort = sort if sort in season_rules.SORTABLE else "net_score"
    descending = request.GET.get("dir", "asc" if sort == "name" else "desc") != "asc"
    start, end = request.GET.get("from", ""), request.GET.get("to", "")
    dates, error = DateRange(), None
    if name == "month":
        dates = season_rules.this_month(today)
    elif name == "year":
        dates = season_rules.this_year(today)
    elif name == "custom":
        try:
            dates = DateRange(*clean_date_range(start or None, end or None))  # the form sends blanks
        except Refusal as refusal:
            error = translated(refusal)
    return Chosen(name, dates, start[:10], end[:10], sort, descending, error)


def season_context(request: HttpRequest, group: Group, *, today: date) -> dict:
    chosen = chosen_from(request, today)
    season, ratings = season_and_ratings(group, chosen.dates)
    names = player_names(group)
    # A player's colour is theirs for good (by when they joined the group), whatever the dates.
    colour = {player: index % 8 for index, player in enumerate(names)}
    order = {player: (rating.ranked, rating.ordinal) for player, rating in ratings.players.items()}
    lines = season_rules.sorted_lines(
        season.lines, chosen.sort, descending=chosen.descending, names=names, ratings=order
    )
    shown = shown_figures(season)
    return {
        "chosen": chosen,
        "ranges": [(value, label, chosen.query(range=value)) for value, label in RANGES.items()],
        "columns": [
            (
                column,
                LABELS[column],
                chosen.query(sort=column, dir=toggled(chosen, column)),
                chosen.sort == column,
            )
            for column in columns_of(shown)
        ],
        "tien_len": "killed" in shown,
        "by_cards": "fries" in shown,
        "rows": [row_of(line, season, names, colour, ratings, shown) for line in lines],
        "matrix": matrix_of(season, names, colour),
        "chart": season_net_svg(season, names, colour) if season.lines else None,
        "ranked_from": RANKED_FROM,
        "rating_chart": season_rating_svg(season, ratings, names, colour) if season.lines else None,
        "money": money_rows(season, names, colour),
        "season": season,
    }


def toggled(chosen: Chosen, column: str) -> str:
    if chosen.sort == column:
        return "asc" if chosen.descending else "desc"
    return "asc" if column == "name" else "desc"


def row_of(
    line: season_rules.PlayerLine,
    season: Season,
    names: dict[int, str],
    colour: dict[int, int],
    ratings: Ratings,
    shown: tuple[str, ...],
) -> dict:
    rival, nemesis = season.rival(line.player, names), season.nemesis(line.player, names)
    return {
        "player": line.player,
        "name": names[line.player],
        "colour": colour[line.player],
        "cells": cells_of(line, ratings.players.get(line.player), shown),
        "rival": names.get(rival) if rival is not None else None,
        "nemesis": names.get(nemesis) if nemesis is not None else None,
    }


def cells_of(line: season_rules.PlayerLine, rating: Rating | None, shown: tuple[str, ...]) -> SafeString:
    """The row's figures, then its rates per game, as table cells. Joined here, as numbers need
    no escaping: a table of 200 players is thousands of cells, each a template lookup and a
    localization otherwise (whole numbers and rates with a point read the same in both languages).
    Skill follows the net: its ordinal, or the games still to play until ranked."""
    figures = [getattr(line, figure) for figure in shown]
    rates = [line.per_game(figure) for figure in season_rules.RATES if figure in shown]
    cells = [f"<td>{'–' if value is None else minus(value)}</td>" for value in figures + rates]
    cells.insert(1, rating_cell(rating))
    return mark_safe("".join(cells))


# "8 more to be ranked" in the word the page uses for a deal (SPEC 12): the season's games, a club
# night's hands.
STILL_TO_PLAY = {
    "games": lambda count: ngettext(
        "%(count)s more game to be ranked", "%(count)s more games to be ranked", count
    ),
    "hands": lambda count: ngettext(
        "%(count)s more hand to be ranked", "%(count)s more hands to be ranked", count
    ),
}


def rating_cell(rating: Rating | None, *, deal: str = "games") -> str:
    """The Skill cell: the ordinal once ranked; until then how many more games (or hands) to play."""
    if rating is None:
        return "<td>–</td>"
    shown = f"{rating.ordinal:.1f}"
    if rating.ranked:
        return f'<td data-rating="{shown}">{minus(shown)}</td>'
    more = STILL_TO_PLAY[deal](rating.rounds_to_ranked) % {"count": rating.rounds_to_ranked}
    return f'<td class="unranked" data-rating="{shown}" data-unranked><small>{escape(more)}</small></td>'


def matrix_of(season: Season, names: dict[int, str], colour: dict[int, int]) -> dict:
    """Rows: the player; columns: the opponent; a cell: points the row's player gained from the column's.

    At most MATRIX_PLAYERS players, those with the most games: a wider matrix is unreadable on a
    phone and would grow with the square of the players (the season JSON has every pair)."""
    most_played = sorted(season.lines, key=lambda line: (-line.games, by_name(line.player, names)))
    shown = {line.player for line in most_played[:MATRIX_PLAYERS]}
    players = [line.player for line in season.lines if line.player in shown]
    return {
        "left_out": max(0, len(season.lines) - MATRIX_PLAYERS),
        "heads": [{"name": names[player], "colour": colour[player]} for player in players],
        "rows": [
            {
                "name": names[player],
                "colour": colour[player],
                "cells": [None if other == player else season.pair(player, other) for other in players],
            }
            for player in players
        ],
    }


def money_rows(season: Season, names: dict[int, str], colour: dict[int, int]) -> list[dict]:
    """Each player's net per currency, as the state writes money ("-11.50"): the page shows it as
    every page does, "−€11.50", "+Rp45.000" (rounds' `money` label)."""
    return [
        {
            "name": names[player],
            "colour": colour.get(player, 0),
            "amounts": [(currency, money(amount)) for currency, amount in sorted(amounts.items())],
        }
        for player, amounts in season.money.items()
        if player in colour
    ]
