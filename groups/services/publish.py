"""When an evening of a group changes, tell the group's season pages (after the change's commit).

rounds/services/publish.py sends `session_published` once per change; this looks up whether the
session belongs to a group (once per session and process) and, if so, sends one small
message to that group's pages.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from groups import signals as clubs
from groups.models import GroupEvening
from toolkit.lru import LRU


def channel_group(group_id: int) -> str:
    return f"season.{group_id}"


# edit key -> the group the session belongs to, or None. An evening joins its group in the
# transaction that makes it and never leaves it, so the answer once read stays true (keyed by the
# random edit key, not the id, which a test database may hand out again).
MEMBERSHIP_SIZE = 4096
membership: LRU[str, int | None] = LRU(MEMBERSHIP_SIZE)
UNKNOWN = object()


def group_of(session_id: int, edit_key: str | None) -> int | None:
    found = membership.get(edit_key, UNKNOWN)
    if found is not UNKNOWN:
        return found  # type: ignore[return-value]
    group_id = GroupEvening.objects.filter(pk=session_id).values_list("group_id", flat=True).first()
    if group_id is None:  # a table of a club's night (SPEC 13)
        group_id = clubs.group_of_night_table(session_id)
    if edit_key is not None:
        membership.put(edit_key, group_id)
    return group_id


def tell_season(sender: object, *, session_id: int, session: object = None, **kwargs: object) -> None:
    group_id = group_of(session_id, getattr(session, "edit_key", None))
    layer = get_channel_layer()
    if group_id is not None and layer is not None:
        async_to_sync(layer.group_send)(
            channel_group(group_id), {"type": "season.changed", "session": session_id}
        )


def connect() -> None:
    from rounds.signals import session_published

    session_published.connect(tell_season, dispatch_uid="groups.rules.season")
