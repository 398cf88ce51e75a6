"""The bodies of events' JSON endpoints, each declared once (toolkit/bodies.py): what they may
send, their schemas in the OpenAPI document and how each is read."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from events.inputs import SIGNUP_FLAG, EventPlan, clean_event, clean_flag
from events.models import (
    MAX_EVENT_HANDS,
    MAX_EVENT_NAME_LENGTH,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_ROUNDS,
    MAX_ROUND_MINUTES,
    MIN_EVENT_PLAYERS,
    SEATINGS,
)
from events.reads.table_rules import club_of, rules_of_club
from groups.public import Group
from rounds.public import MAX_NAME_LENGTH
from rounds.web.public import SETTINGS_INPUT
from toolkit.bodies import Body, declared, given, one, part
from toolkit.openapi import BOOLEAN, array, nullable, obj
from toolkit.refusals import ProtocolError

NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
NAMES = array(NAME)
EVENT_FIELDS = {
    "name": {"type": "string", "minLength": 1, "maxLength": MAX_EVENT_NAME_LENGTH},
    "players": {
        **array(NAME, maxItems=MAX_EVENT_PLAYERS),
        "description": f"{MIN_EVENT_PLAYERS} to {MAX_EVENT_PLAYERS} names; with signup, fewer (the draw needs {MIN_EVENT_PLAYERS})",
    },
    "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_EVENT_ROUNDS},
    "hands": {"type": "integer", "minimum": 1, "maximum": MAX_EVENT_HANDS},
    "seating": {"enum": list(SEATINGS)},
    "minutes": nullable({"type": "integer", "minimum": 1, "maximum": MAX_ROUND_MINUTES}),
    "rules": nullable(obj(SETTINGS_INPUT, closed=True)),
    "group": {
        "type": "string",
        "description": "a group's edit key: the night is the club's (SPEC 13), its tables play the group's rules and count in its season, league and Skill",
    },
    "signup": {"type": "boolean", "description": "open the night for sign-up until the first draw"},
}


def planned(sent: Mapping[str, object]) -> tuple[Group | None, EventPlan]:
    """The club the night belongs to (a group's edit key), then the night, over the club's rules."""
    group = club_of(sent["group"]) if sent.get("group") is not None else None
    return group, clean_event(sent, group_rules=rules_of_club(group) if group is not None else None)


@declared
class EventCreate(Body):
    planned: tuple[Group | None, EventPlan] = part(
        EVENT_FIELDS, planned, required=("name", "players", "rounds", "hands")
    )


def names_list(field: str) -> object:
    def clean(raw: object) -> object:
        if not isinstance(raw, list):
            raise ProtocolError(400, _("%(field)s: give a list of names") % {"field": field}, field=field)
        return raw

    return clean


@declared
class EventChange(Body):
    """Players added, dropped or brought back, two swapped, sign-up opened or closed."""

    add: object = given("add", NAMES, names_list("add"))
    drop: object = given("drop", NAMES, names_list("drop"))
    restore: object = given("restore", NAMES, names_list("restore"))
    swap: object = given("swap", array(NAME, minItems=2, maxItems=2), names_list("swap"))
    signup: object = given(
        "signup",
        {"type": "boolean", "description": "open or close sign-up, before the first draw"},
        lambda raw: clean_flag(raw, field="signup", template=SIGNUP_FLAG),
    )


@declared
class EventSignup(Body):
    name: object = one("name", NAME, required=True)


def forced(sent: Mapping[str, object]) -> bool:
    force = sent.get("force", False)
    if not isinstance(force, bool):
        raise ProtocolError(400, _("force: give true or false"), field="force")
    return force


@declared
class EventDraw(Body):
    force: bool = part({"force": BOOLEAN}, forced)
