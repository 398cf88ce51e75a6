"""`make serve` started for a test: gunicorn with 2 uvicorn workers on the test's PostgreSQL +
Redis, short leases, and a phone's way of speaking to it (HTTP calls and sockets from any loopback
address). tests/test_serve.py and tests/test_reconnect_storm.py each start one for their module."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket as socket_module
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from websockets.sync.client import ClientConnection, connect

from tests import servers
from tests.servers import LOGS, ROOT, free_port

LEASE = 3.0
SOCKETS_PER_ADDRESS = 60
GRACEFUL = 3  # seconds an old worker may wait for its open connections after a restart
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HANDS = [[5, 0, 11, 13], [0, 10, 2, 7], [3, 4, 0, 13], [1, 1, 1, 0]]


def production_env(port: int, **more: str) -> dict[str, str]:
    return {
        "PATH": os.environ["PATH"],
        "DATABASE_URL": servers.test_database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "CHANNELS_PREFIX": settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("prefix", "scorekeeper"),
        "SECRET_KEY": "a-long-test-secret-key-for-the-serve-smoke-test-0123456789-abcdef",
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "2",
        "HTTPS": "0",
        "LOCK_LEASE_SECONDS": str(LEASE),
        "LOCK_IDLE_SECONDS": "1",
        "LOCK_GRACE_SECONDS": "1",
        "GRACEFUL_TIMEOUT": str(GRACEFUL),
        "SOCKETS_PER_ADDRESS": str(SOCKETS_PER_ADDRESS),
        # make test collected them before both passes: the other pass's servers read the folder.
        "STATIC_COLLECTED": os.environ.get("STATIC_COLLECTED", "0"),
        "PYTHONUNBUFFERED": "1",
        **more,
    }


class Served:
    """The running gunicorn master (pid) on `port`, spoken to like a phone would."""

    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process, self.port = process, port

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json", **({"X-Entry-Lock": token} if token else {})}
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def page(self, path: str) -> tuple[int, str, str]:
        """A page or file as a browser gets it: status, content type and text."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()

    def socket(self, key: str, source: str = "127.0.0.1") -> ClientConnection:
        """A phone's socket, from the loopback address `source` (another address is another client)."""
        raw = socket_module.create_connection(
            ("127.0.0.1", self.port), timeout=10, source_address=(source, 0)
        )
        return connect(
            f"ws://127.0.0.1:{self.port}/ws/sessions/{key}/",
            origin=f"http://127.0.0.1:{self.port}",
            proxy=None,
            open_timeout=10,
            sock=raw,
        )

    def workers(self) -> set[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        return {int(pid) for pid in children.split()}

    def worker_of(self, socket: ClientConnection) -> int:
        """Which worker holds the server end of this socket: /proc/net/tcp, then each worker's fds."""
        client_port = socket.socket.getsockname()[1]
        inode = None
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = (int(address.split(":")[1], 16) for address in fields[1:3])
            if (local, remote) == (self.port, client_port):
                inode = fields[9]
        assert inode is not None, "no server end for this socket"
        for pid in self.workers():
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) == f"socket:[{inode}]":
                        return pid
        raise AssertionError("no worker holds this socket")

    def wait_for(self, condition, what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert self.process.poll() is None, "gunicorn exited"
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            time.sleep(0.05)

    def healthy(self) -> bool:
        with contextlib.suppress(OSError):
            return self.call("GET", "/healthz")[0] == 200
        return False


@contextlib.contextmanager
def serving(**more: str) -> Iterator[Served]:
    """`make serve` on a free port with the test settings and `more` variables, until the block ends."""
    port = free_port()
    LOGS.mkdir(parents=True, exist_ok=True)
    with (LOGS / f"serve-{port}.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "scripts/serve.py"],
            cwd=ROOT,
            env=production_env(port, **more),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server = Served(process, port)
        try:
            server.wait_for(
                lambda: len(server.workers()) == 2 and server.healthy(), "two healthy workers", 60
            )
            yield server
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
