"""Telling every device that follows a session that it changed, once the change is committed."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(session_id: int) -> str:
    return f"session.{session_id}"


def announce(session_id: int, event: str) -> None:
    """After commit, send a dotted event (`round.added`, `lock.changed` ...) to the session's group.

    Followers rebuild the state themselves, so the message carries only the event.
    """
    transaction.on_commit(lambda: send(session_id, event), robust=True)


def send(session_id: int, event: str) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(session_id), {"type": "table.changed", "event": event})
