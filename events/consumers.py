"""The event's one socket (links.socket): every table of the round in play, and the event itself.

It joins the event's group (draws, players; events/live.py) and the group of each table of the
round in play, so each round added, lock taken or table finished reaches it through the table's
own publish path (the rounds app knows nothing of events). Changes are coalesced: the first
one starts a short wait, then one fresh view of the event is read and sent, so a burst of
tables costs one read per socket, and a round shows within a second.

`?html=screen` (or `organizer`, with the edit key) also sends that page's live part rendered.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.template.loader import render_to_string

from events.from_rounds import Viewer, log_socket, table_group
from events.live import event_group
from events.models import Event, EventTable
from events.selectors import event_by_key, event_json
from events.views import live_context

CLOSE_UNKNOWN_EVENT = 4404
COALESCE_SECONDS = 0.2
PARTS = {"screen": "events/_screen_live.html", "organizer": "events/_organizer_live.html"}
logger = logging.getLogger(__name__)


@database_sync_to_async
def open_event(key: str) -> tuple[int, Viewer] | None:
    found = event_by_key(key)
    return None if found is None else (found[0].pk, found[1])


@database_sync_to_async
def tables_in_play(event_id: int) -> set[int]:
    """The sessions of the round drawn last."""
    latest = (
        EventTable.objects.filter(event_round__event_id=event_id).order_by("-event_round__number").first()
    )
    if latest is None:
        return set()
    return set(
        EventTable.objects.filter(event_round_id=latest.event_round_id).values_list("session_id", flat=True)
    )


@database_sync_to_async
def event_view(event_id: int, viewer: Viewer, part: str | None) -> dict:
    event = Event.objects.get(pk=event_id)
    state = event_json(event, viewer, latest_only=True)
    message = {"event": "event.state", "state": state}
    if part is not None:
        message["html"] = render_to_string(PARTS[part], live_context(event, state))
    return message


class EventConsumer(AsyncJsonWebsocketConsumer):
    event_id: int | None = None
    viewer: Viewer = Viewer.FOLLOWER
    part: str | None = None

    async def connect(self) -> None:
        self.tables: set[int] = set()
        self.pending: asyncio.Task | None = None
        found = await open_event(self.scope["url_route"]["kwargs"]["key"])
        self.log("socket.connect", status=404 if found is None else 200)
        if found is None:
            await self.close(code=CLOSE_UNKNOWN_EVENT)
            return
        self.event_id, self.viewer = found
        asked = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("html", [None])[0]
        if asked == "screen" or (asked == "organizer" and self.viewer is Viewer.EDITOR):
            self.part = asked
        await self.channel_layer.group_add(event_group(self.event_id), self.channel_name)
        await self.follow_tables()
        await self.accept()
        await self.send_json(await event_view(self.event_id, self.viewer, self.part))

    async def follow_tables(self) -> None:
        """Join the groups of the round in play's tables, leave those of the round before."""
        tables = await tables_in_play(self.event_id)
        for session_id in self.tables - tables:
            await self.channel_layer.group_discard(table_group(session_id), self.channel_name)
        for session_id in tables - self.tables:
            await self.channel_layer.group_add(table_group(session_id), self.channel_name)
        self.tables = tables

    async def disconnect(self, code: int) -> None:
        self.log("socket.close", code=code)
        if self.pending is not None:
            self.pending.cancel()
        if self.event_id is None:
            return
        await self.channel_layer.group_discard(event_group(self.event_id), self.channel_name)
        for session_id in self.tables:
            await self.channel_layer.group_discard(table_group(session_id), self.channel_name)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        """The pages only listen; anything they send is ignored."""

    def log(self, event: str, **fields: object) -> None:
        log_socket(logger, self.scope, event, **fields)

    async def table_changed(self, message: dict) -> None:
        """A table of the round in play changed (a round, the lock, its end)."""
        self.soon()

    async def event_changed(self, message: dict) -> None:
        if message.get("kind") == "event.drawn":
            await self.follow_tables()
        self.soon()

    def soon(self) -> None:
        if self.pending is None or self.pending.done():
            self.pending = asyncio.create_task(self.flush())

    async def flush(self) -> None:
        await asyncio.sleep(COALESCE_SECONDS)
        self.pending = None
        await self.send_json(await event_view(self.event_id, self.viewer, self.part))
