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

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "test-artifacts" / "logs"


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


@contextlib.contextmanager
def daphne(port: int | None = None, **env: str) -> Iterator[str]:
    """Start `daphne scorekeeper.asgi:application` on `port` (a free one by default); yield its base URL."""
    port = port or free_port()
    LOGS.mkdir(parents=True, exist_ok=True)
    log = (LOGS / f"daphne-{port}.log").open("w")
    server_env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "HTTPS": "0",
        "DEBUG": "0",
        "PYTHONUNBUFFERED": "1",
        "RATE_LIMIT_SESSIONS": "100000/60",
        "RATE_LIMIT_GROUPS": "100000/60",
        **env,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "scorekeeper.asgi:application"],
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
