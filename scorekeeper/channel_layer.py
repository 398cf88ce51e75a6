"""`make serve`'s Redis channel layer, its connections from a pool that waits for a free one.

channels-redis builds redis-py's plain pool, which refuses the 101st connection in use at once
(MaxConnectionsError, "Too many connections"): in a reconnect storm (a club night's phones after a
Wi-Fi drop or a restart) hundreds of sockets join their groups and are counted at the same instant,
and a hundred of them were answered with HTTP 500. A pool that waits lets each take its turn for
one of REDIS_MAX_CONNECTIONS connections a worker keeps; a Redis that gives none within
REDIS_POOL_TIMEOUT seconds still fails, as a Redis that is down does.
"""

from __future__ import annotations

from channels_redis.core import RedisChannelLayer as ChannelsRedisLayer
from django.conf import settings
from redis.asyncio import BlockingConnectionPool


class RedisChannelLayer(ChannelsRedisLayer):
    def create_pool(self, index: int) -> BlockingConnectionPool:
        host = dict(self.hosts[index])
        return BlockingConnectionPool.from_url(
            host.pop("address"),
            max_connections=settings.REDIS_MAX_CONNECTIONS,
            timeout=settings.REDIS_POOL_TIMEOUT,
            **host,
        )
