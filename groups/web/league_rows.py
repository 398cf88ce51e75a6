"""What the group's page and the league's print page show of the club's league (SPEC 13): the
table's rows, the club's nights, and the small form that sets `points` and `best_of`."""

from __future__ import annotations

from fractions import Fraction
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import pgettext

from groups.models import Group
from groups.reads.league_table import League, group_league
from groups.reads.season_cache import club_nights, stamp
from groups.rules.league import LeagueRules, shown_number
from groups.rules.season import DateRange
from groups.signals import ClubNight
from rounds.public import minus


def points_text(value: Fraction) -> str:
    """League points as read on a page: 8, 7.5 or 8.33 (the minus sign never shows: none is negative)."""
    return str(shown_number(value))


def rules_text(rules: LeagueRules, between: str = ", ") -> str:
    """The club's place points as the form shows and takes them: "10, 8, 6, 5"; in the rule's
    sentence, listed as the page's language lists numbers ("10、8、6、5" in Chinese)."""
    return between.join(points_text(value) for value in rules.points)


def league_rows(league: League) -> list[dict]:
    return [
        {
            "place": line.place,
            "name": league.names[line.player],
            "points": points_text(line.points),
            "counted": " + ".join(points_text(value) for value in line.counted),
            "nights": line.nights,
            "hands": line.hands,
            "wins": line.wins,
            "net": minus(line.net),
        }
        for line in league.table
    ]


def league_context(group: Group, dates: DateRange, *, key: str) -> dict:
    """The league over `dates` and every night of the club (the list links each night's page)."""
    at = stamp(group)
    nights = club_nights(group, at=at)
    league = group_league(group, dates, at=at)
    return {
        "league": league,
        "league_rows": league_rows(league),
        "league_points": rules_text(league.rules, pgettext("between the league's place points", ", ")),
        "league_best_of": league.rules.best_of,
        "league_form": {"points": rules_text(league.rules), "best_of": league.rules.best_of or ""},
        "club_nights": nights_list(nights),
        "league_links": {
            "csv": reverse("groups:api-league-csv", args=[key]) + range_query(dates),
            "print": reverse("groups:league-print", args=[key]) + range_query(dates),
        },
    }


def range_query(dates: DateRange) -> str:
    """?from=&to= of the dates shown, as the API and the print page read them."""
    query = {"from": dates.start, "to": dates.end}
    shown = {name: day.isoformat() for name, day in query.items() if day is not None}
    return "?" + urlencode(shown) if shown else ""


def nights_list(nights: list[ClubNight]) -> list[dict]:
    """The club's nights, newest first, each with its players and hands and its follow page."""
    return [
        {
            "played_on": night.played_on,
            "name": night.name,
            "players": len(night.lines),
            "hands": night.hands,
            "link": night.link,
        }
        for night in reversed(nights)
    ]


def number_of(text: str) -> int | float | str:
    """A number the form's field holds ("8", "7.5"), or the text itself, which the league's
    check then names ("eight is not a number")."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return text
    return number if number == number and abs(number) != float("inf") else text


def league_body(post: dict) -> dict:
    """The form's fields as PATCH /api/groups/<id> takes them: points by commas, best_of blank
    for every night."""
    raw_points = post.get("points", "")
    points = [number_of(part.strip()) for part in raw_points.replace("，", ",").split(",") if part.strip()]
    best = post.get("best_of", "").strip()
    return {"points": points, "best_of": None if not best else number_of(best)}
