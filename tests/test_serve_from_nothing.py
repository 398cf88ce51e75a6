"""`make serve` from nothing (issue 38): a database, role or PostgreSQL server that is not there,
or a Redis that does not answer, stops `make serve` in seconds with one plain line naming what is
missing and how to make it: exit status 2, no traceback, nothing on stdout (no JSON log line).
A server that accepts the connection and never answers is given up after the script's short
connect timeout (scripts/serve.py's CONNECT_TIMEOUT), not waited on."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings

from tests import servers
from tests.servers import ROOT, free_port
from tests.test_serve import production_env

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
# Loose on purpose: the check itself gives each server CONNECT_TIMEOUT (2 s), so it says what is
# missing in under 5 s; a busy machine may take longer to start Python.
WITHIN = 20


@contextlib.contextmanager
def silent_server() -> Iterator[int]:
    """A port that takes connections and never says a word."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield listener.getsockname()[1]


def with_part(url: str, **parts: object) -> str:
    """The URL with its user, port or path replaced."""
    split = urlsplit(url)
    user = parts.get("user", split.username or "")
    password = f":{split.password}" if split.password and "user" not in parts else ""
    port = parts.get("port", split.port)
    path = parts.get("path", split.path)
    return urlunsplit((split.scheme, f"{user}{password}@{split.hostname}:{port}", path, split.query, ""))


def serve(**env: str) -> tuple[subprocess.CompletedProcess, float]:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "scripts/serve.py"],
        cwd=ROOT,
        env={**production_env(free_port()), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result, time.monotonic() - started


def assert_one_line(result: subprocess.CompletedProcess, took: float, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert took < WITHIN, f"{took:.1f} s"
    assert result.stdout == ""  # no JSON log line: nothing was started
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("make serve cannot start: ")
    for word in words:
        assert word in lines[0]


def test_a_database_that_does_not_exist_is_named_with_how_to_make_it():
    url = with_part(servers.test_database_url(), path="/no_such_club_db")
    result, took = serve(DATABASE_URL=url)
    assert_one_line(
        result,
        took,
        'the PostgreSQL database "no_such_club_db" does not exist',
        "createdb --owner=",
        "hosting.md",
    )


def test_a_role_that_does_not_exist_is_named_with_how_to_make_it():
    result, took = serve(DATABASE_URL=with_part(servers.test_database_url(), user="no_such_role"))
    assert_one_line(result, took, 'the PostgreSQL role "no_such_role" does not exist', "createuser")


def test_a_postgresql_that_does_not_answer_is_named():
    closed = with_part(servers.test_database_url(), port=free_port())
    result, took = serve(DATABASE_URL=closed)
    assert_one_line(result, took, "PostgreSQL does not answer at 127.0.0.1:", "systemctl start postgresql")
    with silent_server() as port:
        result, took = serve(DATABASE_URL=with_part(servers.test_database_url(), port=port))
    assert_one_line(result, took, f"PostgreSQL does not answer at 127.0.0.1:{port}", "timeout")


def test_a_redis_that_does_not_answer_is_named():
    result, took = serve(REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    assert_one_line(result, took, "Redis does not answer at 127.0.0.1:", "redis-server")
    with silent_server() as port:
        result, took = serve(REDIS_URL=f"redis://127.0.0.1:{port}/0")
    assert_one_line(result, took, f"Redis does not answer at 127.0.0.1:{port}", "imeout")
    result, took = serve(REDIS_URL=f"{settings.REDIS_URL.rsplit('/', 1)[0]}/99")
    assert_one_line(result, took, "refused REDIS_URL", "from 0 to 15")
