"""The rules an event's tables play when the organizer names a group: the group's own rules
(SPEC 5 "Our rules"), read through `groups.reads.selectors.group_rules(group)`.

`club_of(key)` is the group the edit key opens (the night becomes the club's, SPEC 13);
`rules_of_club(group)` answers the session creation fields of the group's own rules (less what
the event sets itself), or {} (the default preset) while the group has no rules of its own.
"""

from __future__ import annotations

from events.inputs import EVENT_OWNS, table_settings
from events.models import Event
from groups.public import Group, group_by_key, group_rules
from rounds.public import ServiceError, Session, SessionSettings, Viewer, apply_settings, settings_json
from rounds.rules.mode import Game
from toolkit.messages import gettext_noop

GROUP_KEY = gettext_noop("Group: give the edit link's key of a group")


def tables_game(event: Event) -> Game:
    """The game a night's tables play: its CSV's columns, the name at the top of its pages."""
    return table_settings(event.rules, hands=event.hands).mode.game


def creation_fields(settings: SessionSettings) -> dict:
    """Checked settings as the fields POST /api/sessions takes, written by the very functions that
    store and show a session's settings (so every field a session has, the event keeps)."""
    shown = Session()
    apply_settings(shown, settings)
    return settings_json(shown)


def club_of(key: object) -> Group:
    """The group whose edit key the organizer gave: the night will be the club's (SPEC 13)."""
    found = group_by_key(key) if isinstance(key, str) else None
    if found is None or found[1] is not Viewer.EDITOR:
        raise ServiceError(GROUP_KEY, field="group")
    return found[0]


def rules_of_club(group: Group) -> dict:
    settings = group_rules(group)
    if settings is None:
        return {}
    # A group's rules carry a length; an event's tables play the event's hands.
    return {field: value for field, value in creation_fields(settings).items() if field not in EVENT_OWNS}
