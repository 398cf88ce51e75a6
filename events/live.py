"""Telling an event's screens and pages that the event itself changed (a draw, a player added,
dropped or swapped), after commit. Changes at a table reach them through the table's own group
(rounds/publish.py, rounds/locking.py), which the event's socket joins for the round in play."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def event_group(event_id: int) -> str:
    return f"event.{event_id}"


def announce(event_id: int, kind: str) -> None:
    """After commit, one small message to the event's sockets: they read the event again."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(event_group(event_id), {"type": "event.changed", "kind": kind})

    transaction.on_commit(send, robust=True)
