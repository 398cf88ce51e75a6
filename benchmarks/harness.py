"""Servers and clients for `make bench`: loopback only, every load bounded in count and time.

The two arrangements of docs/hosting.md: `make run` (one daphne, SQLite, in-memory layer) and
`make serve` (gunicorn + uvicorn workers, PostgreSQL + Redis), each started on a free
loopback port from a scratch database, and a small keep-alive HTTP/1.1 client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.rate_limits import RATE_LIMIT_VARIABLES

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HANDS = [[5, 0, 11, 13], [0, 10, 2, 7], [3, 4, 0, 13], [1, 1, 1, 0]]
# Every bench server's cap on sockets from one address (the load client is one address).
BENCH_SOCKETS_PER_ADDRESS = "100000"
SECRET = "bench-secret-key-that-is-long-enough-for-django-0123456789-abcdefghij"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


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


class Http:
    """One kept-alive HTTP/1.1 connection to a loopback server, one request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> tuple[int, bytes]:
        reused = self.writer is not None
        try:
            return await self.exchange(method, path, body, token)
        except (asyncio.IncompleteReadError, ConnectionError):
            await self.close()
            if not reused:
                raise
        # The server closed an idle kept-alive connection: once more, on a new one.
        return await self.exchange(method, path, body, token)

    async def exchange(self, method: str, path: str, body: object, token: str | None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            f"Content-Length: {len(payload)}",
        ]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"X-Entry-Lock: {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await self.reader.readline()
        headers = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
        length = next(
            int(line.split(":", 1)[1]) for line in headers.split("\r\n") if line.startswith("content-length:")
        )
        content = await self.reader.readexactly(length)
        if "connection: close" in headers:
            await self.close()
        return int(status_line.split()[1]), content

    async def json(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> tuple[int, dict]:
        status, content = await self.call(method, path, body, token)
        return status, json.loads(content or b"{}")

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def new_table(http: Http, device: str) -> dict:
    """A fresh session with this device holding the entry lock."""
    status, state = await http.json("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201, (status, state)
    status, grant = await http.json("POST", f"/api/sessions/{state['id']}/lock", {"device": device})
    assert status == 200, (status, grant)
    return {"key": state["id"], "view": state["view_id"], "token": grant["token"], "rounds": 0}


async def grab(http: Http, table: dict, device: str) -> None:
    """Take the table's lock afresh (connecting many sockets may outlast a lease)."""
    status, grant = await http.json(
        "POST", f"/api/sessions/{table['key']}/lock", {"device": device}, table.get("token")
    )
    assert status == 200, (status, grant)
    table["token"] = grant["token"]


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0  # counted seconds, summed over the windows

    @property
    def per_second(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else float("nan")

    def summary(self) -> dict:
        return {
            "requests": len(self.latencies),
            "errors": self.errors,
            "per_second": self.per_second,
            "p50_ms": percentile(self.latencies, 0.5) * 1000,
            "p95_ms": percentile(self.latencies, 0.95) * 1000,
        }


Request = Callable[[Http, dict], Awaitable[int]]


class Tables:
    """`count` clients, each on its own kept-alive connection with its own context (a session
    and its lock for an add table), kept across the windows of one level."""

    def __init__(self, port: int, count: int, request: Request) -> None:
        self.connections = [Http(port) for _ in range(count)]
        self.contexts: list[dict] = [{} for _ in range(count)]
        self.request = request

    async def prepare(self, prepare: Callable[[Http, int], Awaitable[dict]]) -> None:
        # All tables at once, so no lease runs out while the last ones are being set up.
        self.contexts = list(
            await asyncio.gather(*(prepare(http, slot) for slot, http in enumerate(self.connections)))
        )

    async def window(self, result: Load, seconds: float, warmup: float) -> None:
        """Every table sends back to back for warmup + seconds; what completes in the last
        `seconds` counts in `result` (throughput and latencies)."""
        start = time.perf_counter()
        counted_from, stop = start + warmup, start + warmup + seconds
        result.seconds += seconds

        async def table(http: Http, context: dict) -> None:
            while (began := time.perf_counter()) < stop:
                status = await self.request(http, context)
                done = time.perf_counter()
                if counted_from <= done <= stop:
                    if 200 <= status < 300:
                        result.latencies.append(done - began)
                    else:
                        result.errors += 1

        await asyncio.gather(
            *(table(http, context) for http, context in zip(self.connections, self.contexts, strict=True))
        )

    async def close(self) -> None:
        for http in self.connections:
            await http.close()


async def load(
    port: int,
    tables: int,
    seconds: float,
    request: Request,
    prepare: Callable[[Http, int], Awaitable[dict]] | None = None,
    warmup: float = 0.5,
) -> Load:
    """`tables` clients each send `request` back to back for warmup + seconds (one window)."""
    result = Load()
    clients = Tables(port, tables, request)
    if prepare:
        await clients.prepare(prepare)
    await clients.window(result, seconds, warmup)
    await clients.close()
    return result


async def alternating(
    port: int,
    tables: int,
    loads: dict[str, tuple[Request, Callable[[Http, int], Awaitable[dict]] | None]],
    windows: int,
    seconds: float,
    warmup: float,
) -> dict[str, Load]:
    """Several loads on the same number of tables, their windows taking turns (a, b, a, b …),
    so a change in the machine's load while they run weighs on each alike."""
    results = {name: Load() for name in loads}
    clients = {name: Tables(port, tables, request) for name, (request, _) in loads.items()}
    for name, (_, prepare) in loads.items():
        if prepare:
            await clients[name].prepare(prepare)
    for _ in range(windows):
        for name in loads:
            await clients[name].window(results[name], seconds, warmup)
    for tables_of in clients.values():
        await tables_of.close()
    return results


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000
