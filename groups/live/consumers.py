"""The live season page: one WebSocket per page, told when an evening of its group changed.

It only says that something changed ("season.changed"); the page fetches its season again,
so nothing is built for a page that is not open.
"""

from __future__ import annotations

import logging

from channels.db import database_sync_to_async

from groups.reads.selectors import group_by_key
from groups.services.publish import channel_group
from toolkit.socket_log import log_socket
from toolkit.sockets import JsonSocket

CLOSE_UNKNOWN_GROUP = 4404
logger = logging.getLogger(__name__)


@database_sync_to_async
def find_group_id(key: str) -> int | None:
    found = group_by_key(key)
    return None if found is None else found[0].pk


class SeasonConsumer(JsonSocket):
    group_id: int | None = None

    async def connect(self) -> None:
        self.group_id = await find_group_id(self.scope["url_route"]["kwargs"]["key"])
        self.log("socket.connect", status=404 if self.group_id is None else 200)
        if self.group_id is None:
            await self.close(code=CLOSE_UNKNOWN_GROUP)
            return
        await self.channel_layer.group_add(channel_group(self.group_id), self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        self.log("socket.close", code=code)
        if self.group_id is not None:
            await self.channel_layer.group_discard(channel_group(self.group_id), self.channel_name)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        """The page only listens; anything it sends is ignored."""

    def log(self, event: str, **fields: object) -> None:
        log_socket(logger, self.scope, event, **fields)

    async def season_changed(self, event: dict) -> None:
        await self.send_json({"event": "season.changed", "session": event.get("session")})
