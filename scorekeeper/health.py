"""GET /healthz: is this worker able to serve? It asks the database and the channel layer."""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

# A check that takes longer than this counts as down: a load balancer must not wait on it.
CHECK_SECONDS = 3.0


def database_answers() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not return 1")


async def channel_layer_answers() -> None:
    """Redis answers a PING on each of the layer's hosts; the in-memory layer hands back a message.

    Not a receive() on the Redis layer: that waits behind the receive lock which any idle socket
    of this worker holds while it waits for its own next message, so the check would say "down"
    whenever a phone is quietly following a table."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer is configured")
    if hasattr(layer, "ring_size"):  # channels_redis: one connection pool per host
        for index in range(layer.ring_size):
            if not await layer.connection(index).ping():
                raise RuntimeError(f"Redis host {index} did not answer PING")
        return
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz.ping"})
    message = await layer.receive(channel)
    if message.get("type") != "healthz.ping":
        raise RuntimeError(f"the layer returned {message!r}")


async def status_of(name: str, check) -> str:
    try:
        await asyncio.wait_for(check(), CHECK_SECONDS)
    except Exception:
        logger.warning("healthz: the %s is down", name, exc_info=True)
        return "down"
    return "ok"


@csrf_exempt  # a wrong method is told 405, not refused for a missing CSRF token
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    database, layer = await asyncio.gather(
        status_of("database", database_sync_to_async(database_answers)),
        status_of("channel layer", channel_layer_answers),
    )
    body = {"database": database, "channel_layer": layer}
    healthy = all(value == "ok" for value in body.values())
    return JsonResponse(body, status=200 if healthy else 503, headers={"Cache-Control": "no-store"})
