"""The event's one socket (links.socket): every table of the round in play, and the event itself.

It joins the event's group (draws, players; events/services/publish.py) and the group of each table of the
round in play, so each round added, lock taken or table finished reaches it through the table's
own publish path (the rounds app knows nothing of events).

Changes are coalesced, and the view they lead to is built once for every screen of the event,
whichever worker holds them: a change waits BATCH_SECONDS (the changes of one write arrive
together: the round and its lock); then the socket claims the turn to build (a conditional
update of the event's row, at most one claim per COALESCE_SECONDS) and, if it wins, reads the
event's state once and sends it to the event's group; each screen's socket sends its page what
changed since its last message, the changed tables' cards rendered in the page's language
(messages.py: the whole view on connect, when the page asks, or when its shape changed). A socket that
loses to a claim made after its change arrived has nothing to do (that build read its change);
one that loses to an earlier claim tries again when that claim's window ends. So a lone change
is built at once, a burst at many tables at most once per window however many screens are
open, and a hand reaches the screens within COALESCE_SECONDS and a build. The organizer's socket
(the edit key, with the tables' edit links and Skill) reads its own state, at most once per
window, and sends its page what changed the same way.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from datetime import UTC, datetime, timedelta

from channels.db import database_sync_to_async
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import translation

from events.live.messages import ORGANIZER, difference, whole_message, whole_view
from events.models import Event, EventTable
from events.reads.selectors import event_by_key, event_live
from events.services.publish import changes_group, event_group
from rounds.public import Viewer, table_group
from toolkit.socket_log import log_socket
from toolkit.sockets import JsonSocket

CLOSE_UNKNOWN_EVENT = 4404
BATCH_SECONDS = 0.02
COALESCE_SECONDS = 0.1
ORGANIZER_PART = "events/_organizer_live.html"
logger = logging.getLogger(__name__)


@database_sync_to_async
def event_for_socket(key: str) -> tuple[int, Viewer] | None:
    found = event_by_key(key)
    return None if found is None else (found[0].pk, found[1])


@database_sync_to_async
def tables_in_play(event_id: int) -> set[int]:
    """The sessions of the round drawn last, and those of earlier rounds still playing (a table
    left playing by a forced draw)."""
    latest = (
        EventTable.objects.filter(event_round__event_id=event_id).order_by("-event_round__number").first()
    )
    if latest is None:
        return set()
    return set(
        EventTable.objects.filter(
            Q(event_round_id=latest.event_round_id)
            | Q(event_round__event_id=event_id, session__finished_at__isnull=True)
        ).values_list("session_id", flat=True)
    )


@database_sync_to_async
def claim_build(event_id: int) -> tuple[bool, float]:
    """Take the turn to build the shared view: (won, when the claim standing now was made)."""
    now = datetime.now(UTC)
    free = Q(view_claimed_at__isnull=True) | Q(view_claimed_at__lte=now - timedelta(seconds=COALESCE_SECONDS))
    if Event.objects.filter(Q(pk=event_id) & free).update(view_claimed_at=now):
        return True, now.timestamp()
    claimed = Event.objects.filter(pk=event_id).values_list("view_claimed_at", flat=True).first()
    return False, claimed.timestamp() if claimed else 0.0


@database_sync_to_async
def screen_state(event_id: int) -> dict:
    """What every screen of the event is sent (event_live for the follow key), read once for
    all of them and JSON through and through: it goes through the channel layer as it is, and
    each screen's socket renders the cards it sends in its page's language."""
    return live_state(Event.objects.get(pk=event_id), Viewer.FOLLOWER)


def live_state(event: Event, viewer: Viewer) -> dict:
    """event_live() as plain JSON values (what a socket sends and a difference compares)."""
    return json.loads(json.dumps(event_live(event, viewer), cls=DjangoJSONEncoder))


@database_sync_to_async
def organizer_message(event_id: int, language: str, shown: dict | None, seq: int) -> tuple[dict, dict]:
    """The organizer's socket's next message (the edit key) and the state it shows: what changed
    since `shown` (messages.py), or the whole view, its live part rendered, in `language`."""
    from events.web.views import live_context  # the pages' own context for their live part

    event = Event.objects.get(pk=event_id)
    state = live_state(event, Viewer.EDITOR)
    with translation.override(language):
        message = None if shown is None else difference(shown, state, seq=seq, page=ORGANIZER)
        if message is None:
            message = whole_message(
                state, render_to_string(ORGANIZER_PART, live_context(event, state)), seq=seq
            )
    return state, message


class EventConsumer(JsonSocket):
    event_id: int | None = None
    viewer: Viewer = Viewer.FOLLOWER

    async def connect(self) -> None:
        self.tables: set[int] = set()
        self.pending: asyncio.Task | None = None
        self.last_change: float | None = None  # wall clock of the last change not yet shown
        self.built_at = 0.0  # when the organizer's socket last built its view
        self.seq = 0  # the number of the last message sent
        self.shown: dict | None = None  # a screen's state as sent last
        self.whole_sent = False  # the last message sent a screen was the whole view
        found = await event_for_socket(self.scope["url_route"]["kwargs"]["key"])
        self.log("socket.connect", status=404 if found is None else 200)
        if found is None:
            await self.close(code=CLOSE_UNKNOWN_EVENT)
            return
        self.event_id, self.viewer = found
        self.language = translation.get_language()
        await self.channel_layer.group_add(event_group(self.event_id), self.channel_name)
        await self.follow_tables()
        await self.accept()
        if self.viewer is Viewer.EDITOR:
            await self.send_organizer()
        else:
            await self.show(await screen_state(self.event_id))

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
        """A screen that missed a message asks for the whole view again, as a session's page asks
        for its state: {"type": "state"}, answered once until the next change. Anything else is
        ignored: the pages only listen."""
        asked = isinstance(content, dict) and content.get("type") == "state"
        if not asked or self.shown is None or self.whole_sent:
            return
        if self.viewer is Viewer.EDITOR:
            await self.send_organizer(whole=True)
        else:
            await self.show(self.shown, whole=True)

    def log(self, event: str, **fields: object) -> None:
        log_socket(logger, self.scope, event, **fields)

    async def table_changed(self, message: dict) -> None:
        """A table of the round in play changed (a round, the lock, its end)."""
        self.soon()

    async def event_changed(self, message: dict) -> None:
        if message.get("kind") == "event.drawn":
            await self.follow_tables()
        self.soon()

    async def event_view(self, message: dict) -> None:
        """The screens' state, read by whichever screen's socket had the turn."""
        if self.viewer is not Viewer.FOLLOWER:
            return
        if self.last_change is not None:
            if message["claimed"] >= self.last_change:
                self.last_change = None  # that build read every change this socket has seen
            else:
                self.soon(at=self.last_change)
        await self.show(message["state"])

    async def show(self, state: dict, *, whole: bool = False) -> None:
        """Send a screen what changed since the state it was sent last (messages.py), or
        the whole view when it asked, has none yet, or the view's shape changed."""
        seq = self.seq + 1
        message = None
        if not whole and self.shown is not None:
            with translation.override(self.language):
                message = difference(self.shown, state, seq=seq)
        self.shown = state
        if message == {}:
            return  # nothing a screen shows changed
        if message is None:
            message = whole_view(state, seq=seq, language=self.language)
        await self.send_numbered(message)

    async def send_organizer(self, *, whole: bool = False) -> None:
        """Send the organizer's page what changed since its last message, or the whole view."""
        shown = None if whole else self.shown
        self.shown, message = await organizer_message(self.event_id, self.language, shown, self.seq + 1)
        if message:
            await self.send_numbered(message)

    async def send_numbered(self, message: dict) -> None:
        """Send a numbered message, keeping its number and whether it was the whole view."""
        self.seq, self.whole_sent = message["seq"], message["event"] == "event.state"
        await self.send_json(message)

    def soon(self, *, at: float | None = None) -> None:
        """A change arrived (at `at`, else now): show it within COALESCE_SECONDS or so."""
        self.last_change = max(self.last_change or 0.0, at or time.time())
        if self.pending is None or self.pending.done():
            wait = BATCH_SECONDS
            if self.viewer is Viewer.EDITOR:  # its own builds, one per window
                wait = max(wait, self.built_at + COALESCE_SECONDS - time.time())
            self.pending = asyncio.create_task(self.flush(wait))

    async def flush(self, delay: float) -> None:
        await asyncio.sleep(delay)
        if self.last_change is None:
            return  # a view read after the last change came meanwhile
        if self.viewer is Viewer.EDITOR:
            self.last_change, self.built_at = None, time.time()
            await self.send_organizer()
            if self.last_change is not None:  # a change came while the view was built
                self.pending = asyncio.create_task(
                    self.flush(max(0.0, self.built_at + COALESCE_SECONDS - time.time()))
                )
            return
        won, claimed = await claim_build(self.event_id)
        if won:
            state = await screen_state(self.event_id)
            await self.channel_layer.group_send(
                event_group(self.event_id), {"type": "event.view", "state": state, "claimed": claimed}
            )
        elif self.last_change is None:
            return  # a view read after the last change came while the turn was asked for
        elif claimed >= self.last_change:
            # That build reads every change seen here; if its builder never sends, look again.
            self.pending = asyncio.create_task(self.flush(COALESCE_SECONDS * 5))
        else:
            # That build may have read the event before the last change: once its window ends.
            self.pending = asyncio.create_task(
                self.flush(max(0.01, claimed + COALESCE_SECONDS - time.time()))
            )


class EventChangesConsumer(JsonSocket):
    """The event's small socket (`/ws/events/<key>/changes/`): one short message per change of
    the event (a draw, players, a round ended, a table finished), no view. A follow page
    ("who are you?") and a table's page read what they show again when it comes."""

    event_id: int | None = None

    async def connect(self) -> None:
        found = await event_for_socket(self.scope["url_route"]["kwargs"]["key"])
        log_socket(logger, self.scope, "socket.connect", status=404 if found is None else 200)
        if found is None:
            await self.close(code=CLOSE_UNKNOWN_EVENT)
            return
        self.event_id = found[0]
        await self.channel_layer.group_add(changes_group(self.event_id), self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        log_socket(logger, self.scope, "socket.close", code=code)
        if self.event_id is not None:
            await self.channel_layer.group_discard(changes_group(self.event_id), self.channel_name)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        """Nothing to say: the page only listens."""

    async def event_changed(self, message: dict) -> None:
        await self.send_json({"event": "event.changed", "kind": message.get("kind")})
