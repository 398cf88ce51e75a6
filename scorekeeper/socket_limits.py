"""At most SOCKETS_PER_ADDRESS open WebSockets from one client address, on every worker together.

A phone follows its table over one socket; a venue behind one address has a few hundred. A
stranger who opens thousands would hold a worker's memory: past the cap the socket is accepted,
told why in the API's refusal format, and closed with code 4429 (like HTTP's 429, as 4404 is an
unknown key; a server may not send the standard 1013) and the same reason (a close before the
handshake reaches a browser as a bare failure, without either).

With Redis (production) the open sockets are counted there, each as a member of a sorted set per
address whose score says until when it counts; a worker refreshes the members of its open sockets
(all of them in one pipeline, not a round trip a socket), so a worker that dies stops counting
within SOCKET_COUNT_TTL. Without Redis (`make run`, one
process) they are counted in this process. A count that fails (Redis slow or gone) lets the socket
in uncounted, with one log line: the cap is there for a stranger, not against a club's phones.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import Counter

from channels.layers import get_channel_layer
from django.conf import settings
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

CLOSE_TOO_MANY = 4429
SOCKET_COUNT_TTL = 120.0
logger = logging.getLogger(__name__)


def address_of(scope: dict) -> str:
    client = scope.get("client")
    return (client[0] if client else "unknown")[:64]


class InProcessCount:
    def __init__(self) -> None:
        self.open = Counter()

    async def enter(self, address: str, limit: int) -> bool:
        if self.open[address] >= limit:
            return False
        self.open[address] += 1
        return True

    async def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class RedisCount:
    def __init__(self, layer) -> None:
        self.layer = layer
        self.member = uuid.uuid4().hex

    def key(self, address: str) -> str:
        return f"{self.layer.prefix}:sockets:{address}"

    async def enter(self, address: str, limit: int) -> bool:
        now, key = time.time(), self.key(address)
        async with self.layer.connection(0).pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {self.member: now + SOCKET_COUNT_TTL})
            pipe.zcard(key)
            pipe.expire(key, int(SOCKET_COUNT_TTL) + 1)
            _removed, _added, count, _expiry = await pipe.execute()
        if count > limit:  # two at the cap at once are both refused: never one too many
            await self.leave(address)
            return False
        return True

    async def leave(self, address: str) -> None:
        await self.layer.connection(0).zrem(self.key(address), self.member)


IN_PROCESS = InProcessCount()


class Refresher:
    """The open sockets this worker counts in Redis, each member refreshed every SOCKET_COUNT_TTL / 2,
    all in one pipeline: a worker holding 2,000 sockets sends one, not 2,000 a period."""

    def __init__(self) -> None:
        self.counted: dict[RedisCount, str] = {}  # each open socket's count, and its address
        self.task: asyncio.Task | None = None

    def add(self, count: RedisCount, address: str) -> None:
        self.counted[count] = address
        task = self.task
        if task is None or task.done() or task.get_loop() is not asyncio.get_running_loop():
            self.task = asyncio.create_task(self.keep_counting())

    def discard(self, count: RedisCount) -> None:
        self.counted.pop(count, None)

    async def keep_counting(self) -> None:
        while self.counted:
            await asyncio.sleep(SOCKET_COUNT_TTL / 2)
            with contextlib.suppress(Exception):  # a Redis hiccup must not close a socket
                await self.refresh()

    async def refresh(self) -> None:
        counted = list(self.counted.items())
        if not counted:
            return
        until = time.time() + SOCKET_COUNT_TTL
        async with counted[0][0].layer.connection(0).pipeline(transaction=False) as pipe:
            for count, address in counted:
                pipe.zadd(count.key(address), {count.member: until}, xx=True)
                pipe.expire(count.key(address), int(SOCKET_COUNT_TTL) + 1)
            await pipe.execute()


REFRESHER = Refresher()


class SocketsPerAddress:
    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        layer = get_channel_layer()
        count = RedisCount(layer) if hasattr(layer, "ring_size") else IN_PROCESS
        address = address_of(scope)
        try:
            counted = await count.enter(address, settings.SOCKETS_PER_ADDRESS)
        except (RedisError, OSError) as failure:
            logger.warning(
                "socket let in uncounted: the count failed (%s: %s)", type(failure).__name__, failure
            )
            return await self.application(scope, receive, send)
        if not counted:
            await refuse(receive, send)
            return
        if isinstance(count, RedisCount):
            REFRESHER.add(count, address)
        try:
            return await self.application(scope, receive, send)
        finally:
            if isinstance(count, RedisCount):
                REFRESHER.discard(count)
            # The server may cancel the application once the socket is gone: the count still goes.
            await asyncio.shield(leave(count, address))


async def leave(count: RedisCount | InProcessCount, address: str) -> None:
    """The socket stops counting; a member Redis could not remove expires by SOCKET_COUNT_TTL."""
    try:
        await count.leave(address)
    except (RedisError, OSError) as failure:
        logger.warning("a closed socket's count expires on its own: %s: %s", type(failure).__name__, failure)


async def refuse(receive, send) -> None:
    """The refusal as a message in the API's format, then the close code with the same reason
    (daphne drops a close reason; uvicorn sends it)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    reason = _("Too many open connections from this address; close some pages and try again")
    refusal = {"type": "refused", "ok": False, "status": 429, "error": reason, "field": None, "player": None}
    await send({"type": "websocket.send", "text": json.dumps(refusal)})
    # A close reason is at most 123 bytes of UTF-8.
    reason = reason.encode()[:123].decode(errors="ignore")
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY, "reason": reason})
