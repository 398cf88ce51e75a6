"""The rules an event's tables play when the organizer names a group: the group's own rules
(SPEC 5 "Our rules"), read through `groups.selectors.group_rules(group)` once groups keep them.

The hook: `rules_of_group(key)` answers the session creation fields of the group the edit key
opens, or {} (the default preset) while groups have no rules of their own.
"""

from __future__ import annotations

from events.from_rounds import ServiceError, Viewer, gettext_noop
from events.inputs import EVENT_OWNS

GROUP_KEY = gettext_noop("Group: give the edit link's key of a group")


def rules_of_group(key: object) -> dict:
    from groups import selectors  # events sits above groups

    found = selectors.group_by_key(key) if isinstance(key, str) else None
    if found is None or found[1] is not Viewer.EDITOR:
        raise ServiceError(GROUP_KEY, field="group")
    group_rules = getattr(selectors, "group_rules", None)
    rules = group_rules(found[0]) if group_rules is not None else None
    # A group's rules may carry a length; an event's tables play the event's hands.
    return {field: value for field, value in (rules or {}).items() if field not in EVENT_OWNS}
