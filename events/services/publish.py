"""Telling an event's screens and pages that the event itself changed (a draw, a player added,
signed up, dropped, restored or swapped, sign-up opened or closed, a round ended, a table
finished), after commit. Changes at a table reach them through the table's own group
(rounds/services/publish.py, rounds/services/locking.py), which the event's socket joins for the round in play."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def event_group(event_id: int) -> str:
    return f"event.{event_id}"


def changes_group(event_id: int) -> str:
    """The small sockets of the event's changes alone (a follow page, a table's page)."""
    return f"event.{event_id}.changes"


def announce(event_id: int, kind: str) -> None:
    """After commit, one small message to the event's sockets: they read the event again."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            message = {"type": "event.changed", "kind": kind}
            async_to_sync(layer.group_send)(event_group(event_id), message)
            async_to_sync(layer.group_send)(changes_group(event_id), message)

    transaction.on_commit(send, robust=True)
