"""When an evening of a group changes, tell the group's season pages (after the change's commit).

rounds/publish.py sends `session_published` once per change; this looks up whether the
session belongs to a group and, if so, sends one small message to that group's pages.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from groups.models import GroupEvening


def channel_group(group_id: int) -> str:
    return f"season.{group_id}"


def tell_season(sender: object, *, session_id: int, **kwargs: object) -> None:
    group_id = GroupEvening.objects.filter(pk=session_id).values_list("group_id", flat=True).first()
    layer = get_channel_layer()
    if group_id is not None and layer is not None:
        async_to_sync(layer.group_send)(
            channel_group(group_id), {"type": "season.changed", "session": session_id}
        )


def connect() -> None:
    from rounds.signals import session_published

    session_published.connect(tell_season, dispatch_uid="groups.season")
