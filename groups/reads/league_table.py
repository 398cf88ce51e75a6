"""Reads of a club's league (SPEC 13): its nights and the table, as JSON, CSV and page rows.

The nights come from the app that holds them (groups/signals.py: each night's standings by group
player); the table is groups/rules/league.py's, ranked with the club's rules as they are now, so a
change of `points` or `best_of` re-ranks the whole season at the next read.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, replace
from fractions import Fraction

from groups.models import Group
from groups.reads.season_cache import club_nights, exports, remembered, stamp
from groups.reads.selectors import league_rules, player_names
from groups.rules.league import LeagueLine, LeagueRules, league_table, shown_number
from groups.rules.season import ALL_DATES, DateRange
from groups.signals import ClubNight
from rounds.public import neutralised


@dataclass(frozen=True)
class League:
    rules: LeagueRules
    nights: list[ClubNight]  # the nights with a hand played, oldest first
    table: list[LeagueLine]  # best first
    names: dict[int, str]


def group_league(group: Group, dates: DateRange = ALL_DATES, *, at: str | None = None) -> League:
    """The league over the club's nights in `dates` that have a hand played (a night counts as
    its hands are played, like an evening's rounds), with the club's rules as they are now; kept
    by the group's stamp (groups/reads/season_cache.py), `at` if read already, the rules and dates."""
    at = at or stamp(group)
    rules = league_rules(group)

    def compute() -> League:
        nights = [
            night for night in club_nights(group, at=at) if night.hands and dates.holds(night.played_on)
        ]
        table = league_table((night.as_league_night() for night in nights), rules)
        return League(rules=rules, nights=nights, table=table, names={})

    league = remembered(("league", group.edit_key, at, rules, dates), compute)
    return replace(league, names=player_names(group))


def points_json(value: Fraction) -> int | float:
    return shown_number(value)


def league_json(league: League) -> dict:
    """API.md "League": the rules, the nights, and the table ordered by place."""
    return {
        "league": league.rules.to_json(),
        "nights": [
            {
                "view_id": night.view_id,
                "name": night.name,
                "date": night.played_on.isoformat(),
                "players": len(night.lines),
            }
            for night in league.nights
        ],
        "table": [
            {
                "name": league.names[line.player],
                "nights": line.nights,
                "hands": line.hands,
                "wins": line.wins,
                "net": line.net,
                "points": points_json(line.points),
                "counted": [points_json(value) for value in line.counted],
                "place": line.place,
            }
            for line in league.table
        ],
    }


CSV_HEADER = ("place", "name", "nights", "hands", "wins", "net", "points", "counted")


def league_csv(league: League) -> str:
    """The table for a spreadsheet: one line per player, best first; the nights' points that
    count, separated by spaces; names that could run as a formula neutralised."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for line in league.table:
        writer.writerow(
            [
                line.place,
                neutralised(league.names[line.player]),
                line.nights,
                line.hands,
                line.wins,
                line.net,
                points_json(line.points),
                " ".join(str(points_json(value)) for value in line.counted),
            ]
        )
    return "\ufeff" + buffer.getvalue()


def league_csv_reply(group: Group, dates: DateRange = ALL_DATES) -> str:
    """GET league.csv's text, built once per change of what it shows: kept like league_reply()."""
    at, names, rules = stamp(group), player_names(group), league_rules(group)
    return exports.remembered(
        ("league.csv", group.edit_key, at, rules, dates, tuple(names.items())),
        lambda: league_csv(group_league(group, dates, at=at)),
    )


def league_reply(group: Group, dates: DateRange = ALL_DATES) -> str:
    """GET /api/groups/<key>/league's reply as JSON text, kept by the group's stamp, the club's
    rules, the dates and the players' names as they are now."""
    at, names, rules = stamp(group), player_names(group), league_rules(group)
    return remembered(
        ("league.json", group.edit_key, at, rules, dates, tuple(names.items())),
        lambda: json.dumps(league_json(group_league(group, dates, at=at)), ensure_ascii=False),
    )
