"""What every app's socket consumer shares: a JSON consumer that passes its messages on without
channels' hop to the sync thread before each one.

channels' dispatch closes stale database connections on asgiref's one sync thread before every
message a consumer handles; a follower passing a table's change on waited for that thread, behind
every query of the worker. Every database call of our consumers runs in database_sync_to_async,
which closes them around itself, so the hop buys nothing.
"""

from __future__ import annotations

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer


class JsonSocket(AsyncJsonWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
