"""Sending a message to every device that follows a session, once the change is committed.

Two kinds of message reach a session's group: a change of the table, whose state was built
once after commit (rounds/publish.py), and a change of the entry lock, which carries the
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


def announce(session_id: int, event: str) -> None:
    """After commit, tell the table that the session changed in a way its caller does not narrow
    down: the state is built once and sent whole."""
    from rounds.publish import changed  # the state's builder imports the lock, which imports this

    changed(session_id, [event], rounds_from=1)


def send(session_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(session_id), {"type": "table.changed", **message})
