"""Servers for `make bench`: loopback only, every load bounded in count and time.

The two arrangements of docs/hosting.md: `make run` (one daphne, SQLite, in-memory layer) and
`make serve` (gunicorn + uvicorn workers, PostgreSQL + Redis), each started on a free
loopback port from a scratch database. The clients that load them are in benchmarks/clients.py.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.rate_limits import RATE_LIMIT_VARIABLES

ROOT = Path(__file__).resolve().parent.parent
# Every bench server's cap on sockets from one address (the load client is one address).
BENCH_SOCKETS_PER_ADDRESS = "100000"
SECRET = "bench-secret-key-that-is-long-enough-for-django-0123456789-abcdefghij"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Server:
    """One running arrangement on 127.0.0.1:port."""

    name: str
    port: int
    process: subprocess.Popen
    database_url: str
    supervised: bool  # gunicorn: the process is the master, the workers are its children
    log: Path | None = None  # its stdout and stderr (test-artifacts/bench-logs/)
    redis_url: str = ""  # its channel layer's Redis and key prefix (make serve)
    channels_prefix: str = ""

    def workers(self) -> list[int]:
        if not self.supervised:
            return [self.process.pid]
        pid = self.process.pid
        return sorted(int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())

    def workers_of(self, client_ports: list[int]) -> list[int | None]:
        """The worker holding the server end of each loopback connection, read from /proc once
        for them all (per connection it would be quadratic in the number of sockets)."""
        inode_of: dict[int, str] = {}
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = (int(address.split(":")[1], 16) for address in fields[1:3])
            if local == self.port:
                inode_of[remote] = fields[9]
        worker_of_inode: dict[str, int] = {}
        for pid in self.workers():
            with contextlib.suppress(OSError):
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    with contextlib.suppress(OSError):
                        target = os.readlink(fd)
                        if target.startswith("socket:["):
                            worker_of_inode[target[8:-1]] = pid
        return [worker_of_inode.get(inode_of.get(port, "")) for port in client_ports]


def wait_until_up(process: subprocess.Popen, port: int, workers: int, supervised: bool, log: Path) -> None:
    deadline = time.monotonic() + 90
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited; see {log}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not come up; see {log}")
        with socket.socket() as probe:
            up = probe.connect_ex(("127.0.0.1", port)) == 0
        if up and supervised:
            # Every worker has said it serves (each logs "Started server process [pid]").
            pid = process.pid
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            text = log.read_text()
            up = len(children) == workers and all(
                f"Started server process [{child}]" in text for child in children
            )
        if up:
            with contextlib.suppress(OSError):
                import urllib.request

                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
                    if answer.status == 200:
                        return
        time.sleep(0.2)


@contextlib.contextmanager
def started(
    name: str,
    command: list[str],
    env: dict[str, str],
    port: int,
    workers: int,
    supervised: bool,
    logs: Path,
    database_url: str,
    root: Path = ROOT,
) -> Iterator[Server]:
    logs = ROOT / "test-artifacts" / "bench-logs"  # git-ignored, kept for a look afterwards
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"{name.replace(' ', '-')}.log"
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            wait_until_up(process, port, workers, supervised, log)
            yield Server(
                name,
                port,
                process,
                database_url,
                supervised,
                log,
                env.get("REDIS_URL", ""),
                env.get("CHANNELS_PREFIX", ""),
            )
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def base_env(**more: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
    # The bench opens a few hundred sessions from one address: far past the per-address limit;
    # and up to BENCH_IDLE_FOLLOWERS (1,000) sockets from it, past SOCKETS_PER_ADDRESS (500).
    limits = {name: "1000000/3600" for name, _default in RATE_LIMIT_VARIABLES.values()}
    return {
        **env,
        **limits,
        "SOCKETS_PER_ADDRESS": BENCH_SOCKETS_PER_ADDRESS,
        "SECRET_KEY": SECRET,
        "HTTPS": "0",
        "DEBUG": "0",
        "PYTHONUNBUFFERED": "1",
        **more,
    }


@contextlib.contextmanager
def make_run(scratch: Path) -> Iterator[Server]:
    """`make run`'s arrangement: one daphne on a scratch SQLite file, in-memory channel layer."""
    database_url = f"sqlite:///{scratch / 'bench.sqlite3'}"
    env = base_env(DATABASE_URL=database_url)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "daphne",
        "-b",
        "127.0.0.1",
        "-p",
        str(port),
        "scorekeeper.asgi:application",
    ]
    with started("make run", command, env, port, 1, False, scratch, database_url) as server:
        yield server


@contextlib.contextmanager
def make_serve(
    scratch: Path,
    database_url: str,
    redis_url: str,
    workers: int = 2,
    *,
    name: str | None = None,
    env: dict[str, str] | None = None,
    root: Path = ROOT,
) -> Iterator[Server]:
    """`make serve`'s arrangement, as scripts/serve.py starts it, with WORKERS workers; `env`
    adds or overrides variables (a shared CHANNELS_PREFIX for several hosts, a lifted
    SOCKETS_PER_ADDRESS), `name` names it and its log; `root`: the tree it serves (another
    worktree, for a before and after side by side)."""
    port = free_port()
    env = base_env(
        **{
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "CHANNELS_PREFIX": f"bench{os.getpid()}p{port}",
            "WORKERS": str(workers),
            "HOST": "127.0.0.1",
            "PORT": str(port),
            **(env or {}),
        }
    )
    command = [sys.executable, "scripts/serve.py"]
    name = name or f"make serve {workers}w"
    with started(name, command, env, port, workers, True, scratch, database_url, root) as server:
        yield server
