"""The groups part of the OpenAPI document (API.md "Groups and seasons"), assembled into the one
document scorekeeper/openapi.py serves at /api/openapi.json."""

from __future__ import annotations

from groups.rules.season import TIEN_LEN_FIGURES
from groups.web.bodies import (
    BEST_OF,
    LEAGUE_POINTS,
    EveningCreate,
    GroupChange,
    GroupCreate,
    PlayerRename,
    PlayersAdd,
)
from toolkit.keys import KEY_PATTERN
from toolkit.openapi import (
    BOOLEAN,
    INTEGER,
    MONEY,
    STRING,
    array,
    json_content,
    nullable,
    obj,
    operation,
    ref,
)

GROUP = {
    "name": "group",
    "in": "path",
    "required": True,
    "description": "the group's edit key, or its follow key to read",
    "schema": {"type": "string", "pattern": f"^{KEY_PATTERN.pattern}$"},
}
PLAYER = {
    "name": "player",
    "in": "path",
    "required": True,
    "description": "a player id from the group's players",
    "schema": {"type": "integer", "minimum": 1},
}
DAY = {"type": "string", "format": "date"}
RANGE = tuple(
    {"name": name, "in": "query", "required": False, "description": description, "schema": DAY}
    for name, description in (("from", "first day, YYYY-MM-DD"), ("to", "last day, YYYY-MM-DD (included)"))
)
DRY_RUN = {
    "name": "dry_run",
    "in": "query",
    "required": False,
    "description": "1: check the log and count it, store nothing",
    "schema": {"enum": ["0", "1"]},
}
NUMBER = {"type": "number"}
RATE = nullable({"type": "string", "pattern": r"^-?\d+\.\d{2}$"})
LOG = {"type": "string", "description": "a paper log: dates, F=n, lines of names, lines of counts"}

GROUP_SCHEMAS = {
    "EveningCreate": EveningCreate.schema(),
    "Group": obj(
        {
            "id": STRING,
            "view_id": STRING,
            "name": STRING,
            "players": array(obj({"id": INTEGER, "name": STRING}, required=("id", "name"))),
            "links": obj(
                {
                    "page": STRING,
                    "follow": STRING,
                    "season": STRING,
                    "export": STRING,
                    "league": STRING,
                    "socket": STRING,
                },
                required=("follow",),
            ),
            # The group's own rules (SPEC 5): a session's settings, and whether seats are drawn.
            "rules": nullable({"allOf": [ref("Settings"), obj({"randomize_seats": BOOLEAN})]}),
            "league": ref("LeagueRules"),
        },
        required=("view_id", "name", "players", "links"),
    ),
    "SeasonPlayer": obj(
        {
            "id": INTEGER,
            "name": STRING,
            "evenings": INTEGER,
            "games": INTEGER,
            "wins": INTEGER,
            "fries": INTEGER,
            "real_losses": INTEGER,
            "net_score": INTEGER,
            **{figure: INTEGER for figure in TIEN_LEN_FIGURES},  # a season with Tiến lên hands
            "per_game": obj({"wins": RATE, "fries": RATE, "real_losses": RATE, "net_score": RATE}),
            "rival": nullable(INTEGER),
            "nemesis": nullable(INTEGER),
            "money": {"type": "object", "additionalProperties": MONEY},
            "rating": obj(
                {"mu": NUMBER, "sigma": NUMBER, "ordinal": NUMBER, "ranked": BOOLEAN, "rounds": INTEGER},
                required=("mu", "sigma", "ordinal", "ranked", "rounds"),
            ),
        },
        required=("name", "evenings", "games", "wins", "fries", "real_losses", "net_score"),
    ),
    "Season": obj(
        {
            "players": array(ref("SeasonPlayer")),
            "head_to_head": array(
                obj(
                    {
                        "players": array(INTEGER, minItems=2, maxItems=2),
                        "games": INTEGER,
                        "net": INTEGER,
                    },
                    required=("players", "games", "net"),
                )
            ),
            "evenings": INTEGER,
        },
        required=("players", "head_to_head"),
    ),
    "ImportSummary": obj(
        {
            "sessions": INTEGER,
            "rounds": INTEGER,
            "players": array(STRING),
            "new_players": array(STRING),
            "from": nullable(DAY),
            "to": nullable(DAY),
            "dry_run": BOOLEAN,
        },
        required=("sessions", "rounds"),
    ),
    "LogError": obj(
        {"error": STRING, "field": nullable(STRING), "player": nullable(INTEGER), "line": nullable(INTEGER)},
        required=("error",),
    ),
    "GroupCreate": GroupCreate.schema(),
    "GroupChange": GroupChange.schema(),
    "LeagueRules": obj({"points": LEAGUE_POINTS, "best_of": BEST_OF}, required=("points", "best_of")),
    "League": obj(
        {
            "league": ref("LeagueRules"),
            "nights": array(
                obj(
                    {"view_id": STRING, "name": STRING, "date": DAY, "players": INTEGER},
                    required=("view_id", "name", "date", "players"),
                )
            ),
            "table": array(
                obj(
                    {
                        "name": STRING,
                        "nights": INTEGER,
                        "hands": INTEGER,
                        "wins": INTEGER,
                        "net": INTEGER,
                        "points": {"type": "number", "minimum": 0, "description": "rounded to two decimals"},
                        "counted": array({"type": "number", "minimum": 0}),
                        "place": {"type": "integer", "minimum": 1},
                    },
                    required=("name", "nights", "hands", "wins", "net", "points", "counted", "place"),
                )
            ),
        },
        required=("league", "nights", "table"),
    ),
    "PlayerRename": PlayerRename.schema(),
    "PlayersAdd": PlayersAdd.schema(),
}


def import_operation() -> dict:
    created = operation(
        "Import a paper log: every table a finished evening, all or nothing",
        201,
        ref("ImportSummary"),
        errors=(403, 413, 415, 429),
        parameters=(GROUP, DRY_RUN),
    )
    created["responses"]["200"] = {
        "description": "dry_run=1: the log checked and counted, nothing stored",
        "content": json_content(ref("ImportSummary")),
    }
    created["responses"]["400"] = {
        "description": "A bad line (its 1-based number in `line`) or a bad query; nothing was imported",
        "content": json_content(ref("LogError")),
    }
    created["responses"]["409"] = {
        "description": "This log (comments and spacing aside) was already imported into the group; nothing was added",
        "content": json_content(ref("Error")),
    }
    created["requestBody"] = {"required": True, "content": {"text/plain": {"schema": LOG}}}
    return created


GROUP_PATHS = {
    "/api/groups": {
        "post": operation("Start a group", 201, ref("Group"), errors=(429,), body="GroupCreate"),
    },
    "/api/groups/{group}": {
        "get": operation("The group and its players", 200, ref("Group"), errors=(), parameters=(GROUP,)),
        "patch": operation(
            'Set the group\'s own rules (SPEC 5 "Our rules"): its later evenings start with them; '
            "and/or its league's points and best_of (SPEC 13), which rank the whole season again",
            200,
            ref("Group"),
            errors=(403,),
            body="GroupChange",
            parameters=(GROUP,),
        ),
    },
    "/api/groups/{group}/players": {
        "post": operation(
            "Add players by name before any evening (a club's roster), up to the group's 200; "
            "counted against RATE_LIMIT_ROSTER, per group",
            201,
            ref("Group"),
            errors=(403, 429),
            body="PlayersAdd",
            parameters=(GROUP,),
        ),
    },
    "/api/groups/{group}/players/{player}": {
        "patch": operation(
            "Rename a player (their evenings stay theirs)",
            200,
            ref("Group"),
            errors=(403,),
            body="PlayerRename",
            parameters=(GROUP, PLAYER),
        ),
        "delete": operation(
            "Take a player who never played (no evening, no club night) off the group's list; "
            "409 naming one who did",
            200,
            ref("Group"),
            errors=(403, 409, 429),
            parameters=(GROUP, PLAYER),
        ),
    },
    "/api/groups/{group}/evenings": {
        "post": operation(
            'Start an evening of the group (as POST /api/sessions with its "group")',
            201,
            ref("State"),
            errors=(403, 429),
            body="EveningCreate",
            parameters=(GROUP,),
        ),
    },
    "/api/groups/{group}/season": {
        "get": operation(
            "The season table and head to head (SPEC 10), optionally over a date range",
            200,
            ref("Season"),
            errors=(400,),
            parameters=(GROUP, *RANGE),
        ),
    },
    "/api/groups/{group}/league": {
        "get": operation(
            "The club's league over its nights (SPEC 13), optionally over a date range",
            200,
            ref("League"),
            errors=(400,),
            parameters=(GROUP, *RANGE),
        ),
    },
    "/api/groups/{group}/league.csv": {
        "get": operation(
            "The league table for a spreadsheet (counted against RATE_LIMIT_EXPORTS)",
            200,
            {"type": "string"},
            errors=(400, 429),
            parameters=(GROUP, *RANGE),
            media="text/csv",
        ),
    },
    "/api/groups/{group}/import": {"post": import_operation()},
    "/api/groups/{group}/export.txt": {
        "get": operation(
            "The group's evenings as a paper log (counted against RATE_LIMIT_EXPORTS)",
            200,
            LOG,
            errors=(429,),
            parameters=(GROUP,),
            media="text/plain",
        ),
    },
}
