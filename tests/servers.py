"""Real daphne processes on the test database, for browser and cross-process tests."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from django.db import connection

from scorekeeper.rate_limits import RATE_LIMIT_VARIABLES

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "test-artifacts" / "logs"
RATE_LIMITS = [name for name, _default in RATE_LIMIT_VARIABLES.values()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_database_url() -> str:
    """The URL of the database pytest-django made for this run, for a server in another process."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or ""
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    host = settings["HOST"] or "127.0.0.1"
    port = settings["PORT"] or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


def daphne_args(port: int, **make: str) -> list[str]:
    """daphne's arguments as `make run` gives them (its DAPHNE_ARGS), on loopback and `port`."""
    variables = [f"{name}={value}" for name, value in {"HOST": "127.0.0.1", "PORT": port, **make}.items()]
    listed = subprocess.run(
        ["make", "-s", "--no-print-directory", "print-daphne-args", *variables],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return listed.stdout.split()


@contextlib.contextmanager
def daphne(port: int | None = None, *, make: dict[str, str] | None = None, **env: str) -> Iterator[str]:
    """Start daphne as `make run` does (`make` variables such as PROXY=1 given as `make`) on
    `port` (a free one by default); yield its base URL."""
    port = port or free_port()
    LOGS.mkdir(parents=True, exist_ok=True)
    log = (LOGS / f"daphne-{port}.log").open("w")
    server_env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "HTTPS": "0",
        "DEBUG": "0",
        "PYTHONUNBUFFERED": "1",
        "ACCESS_LOG": "1",
        **dict.fromkeys(RATE_LIMITS, "100000/60"),
        **env,
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper.daphne_run",
            *daphne_args(port, **(make or {})),
            "scorekeeper.asgi:application",
        ],
        cwd=ROOT,
        env=server_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"daphne did not start; see {log.name}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def raw_post(base: str, head: str, body: bytes = b"") -> bytes:
    """A request as a stranger's script would send it, read back until the server closes. With no
    body, only the head is sent: what a server answers to the length it declares."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as connection:
        connection.sendall(head.encode() + b"\r\n\r\n")
        with contextlib.suppress(OSError):  # the server answered and closed before the body was all sent
            connection.sendall(body)
        answer = b""
        with contextlib.suppress(ConnectionResetError):  # closed with some of the body unread
            while chunk := connection.recv(65536):
                answer += chunk
    return answer
