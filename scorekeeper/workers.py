"""The uvicorn worker that gunicorn runs in production (`make serve`, docs/DEPLOY.md)."""

from uvicorn_worker import UvicornWorker


class ScorekeeperWorker(UvicornWorker):
    """uvloop + httptools for HTTP, websockets' sans-I/O protocol for the live table.

    Django has no lifespan events, and each request is logged by the app as JSON
    (scorekeeper/logs.py), so uvicorn's own plain-text access log stays off.
    """

    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": "httptools",
        "ws": "websockets-sansio",
        "lifespan": "off",
        "access_log": False,
        "proxy_headers": True,
        "server_header": False,
        # permessage-deflate keeps a zlib context per socket: measured 80 KB per idle follower
        # with it, 37 KB without (benchmarks/RESULTS.md). States are small; the proxy compresses HTTP.
        "ws_per_message_deflate": False,
        # A frame past 1 MiB closes the socket (1009), as daphne does for `make run`
        # (settings.WEBSOCKET_MAX_BYTES); uvicorn's own default is 16 MiB.
        "ws_max_size": 1024 * 1024,
    }

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        # A graceful restart (SIGHUP) or stop (SIGTERM) waits for open connections at most
        # GRACEFUL_TIMEOUT: uvicorn's own wait is unbounded, and a phone's socket stays open all
        # evening, so an old worker would outlive the restart until its phones went away.
        self.config.timeout_graceful_shutdown = self.cfg.graceful_timeout
