"""Sending a message to every device that follows a session, once the change is committed.

Two kinds of message reach a session's group: a change of the table, whose state was built
once after commit (rounds/services/publish.py), and a change of the entry lock, which carries the
lock alone. Consumers add only their viewer's own fields.
"""

from __future__ import annotations

from collections.abc import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(session_id: int) -> str:
    return f"session.{session_id}"


def after_commit(send_it: Callable[[], None]) -> None:
    transaction.on_commit(send_it, robust=True)


def send(session_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(session_id), {"type": "table.changed", **message})
