"""The bodies of groups' JSON endpoints, each declared once (toolkit/bodies.py): what they
may send, their schemas in the OpenAPI document and how each is read."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from groups.inputs import clean_group_name
from groups.models import MAX_GROUP_NAME_LENGTH, MAX_GROUP_PLAYERS
from groups.rules.league import MAX_BEST_OF, MAX_POINTS_PLACES
from rounds.public import MAX_NAME_LENGTH
from rounds.web.public import SEATS, SETTINGS_INPUT, NewSession, SettingsSent, settings_sent
from toolkit.bodies import Absent, Body, declared, given, one
from toolkit.openapi import array, nullable, obj
from toolkit.refusals import ProtocolError

# The club's league rules (SPEC 13): place points, not increasing; the best nights that count.
LEAGUE_POINTS = array({"type": "number", "minimum": 0}, minItems=1, maxItems=MAX_POINTS_PLACES)
BEST_OF = nullable({"type": "integer", "minimum": 1, "maximum": MAX_BEST_OF})
NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}


@declared
class GroupCreate(Body):
    name: str = one(
        "name",
        {"type": "string", "minLength": 1, "maxLength": MAX_GROUP_NAME_LENGTH},
        clean_group_name,
        required=True,
    )


# A new evening: the body of POST /api/sessions without its "group" (the group is in the path).
EveningCreate = NewSession


@declared
class GroupRules(Body):
    """The group's own rules: session creation fields but players."""

    settings: SettingsSent = settings_sent({**SETTINGS_INPUT, **SEATS})


def rules_of(raw: object) -> SettingsSent | None:
    """The `rules` object as sent: null, or session creation fields but players."""
    if raw is not None and not isinstance(raw, Mapping):
        raise ProtocolError(400, _("rules: give the group's rules, or null to clear them"), field="rules")
    return None if raw is None else GroupRules.parse_closed(raw).settings


@declared
class GroupChange(Body):
    """The group's rules (null clears them) or its league, or both; a refusal changes nothing."""

    EXTRA_SCHEMA = {"minProperties": 1}

    rules: object = given(
        "rules",
        nullable(
            {
                "description": "session creation fields but players, over the group's rules; null clears them",
                **GroupRules.schema(),
            }
        ),
    )
    league: object = given(
        "league",
        {
            "description": "the club's league (SPEC 13): points and best_of, each optional",
            **obj({"points": LEAGUE_POINTS, "best_of": BEST_OF}, closed=True),
        },
    )

    def __post_init__(self) -> None:
        if isinstance(self.rules, Absent) and isinstance(self.league, Absent):
            raise ProtocolError(400, _("rules: give the group's rules, or null to clear them"), field="rules")


@declared
class PlayersAdd(Body):
    names: object = one(
        "names",
        {
            "description": "names as everywhere: none the same name as one of the group's or another of the list",
            **array(NAME, minItems=1, maxItems=MAX_GROUP_PLAYERS),
        },
        required=True,
    )


@declared
class PlayerRename(Body):
    name: object = one("name", NAME, required=True)
