"""Clients for `make bench`: a small keep-alive HTTP/1.1 client, fresh tables holding their
locks, and `tables` clients sending requests back to back in timed windows (benchmarks/harness.py
starts the servers they load).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HANDS = [[5, 0, 11, 13], [0, 10, 2, 7], [3, 4, 0, 13], [1, 1, 1, 0]]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


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


Meter = Callable[[], dict[str, float]]  # CPU seconds so far, by process kind


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0  # counted seconds, summed over the windows
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds over the windows, by process kind
    metered: int = 0  # the requests completed while the meter ran (warm-up included)

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
            "cpu_ms": {kind: seconds * 1000 / max(self.metered, 1) for kind, seconds in self.cpu.items()},
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

    async def window(self, result: Load, seconds: float, warmup: float, meter: Meter | None = None) -> None:
        """Every table sends back to back for warmup + seconds; what completes in the last
        `seconds` counts in `result` (throughput and latencies). `meter`: the CPU the machine's
        processes spend over the whole window, and the requests it served, add to `result`."""
        start = time.perf_counter()
        counted_from, stop = start + warmup, start + warmup + seconds
        result.seconds += seconds
        before = meter() if meter else {}

        async def table(http: Http, context: dict) -> None:
            while (began := time.perf_counter()) < stop:
                status = await self.request(http, context)
                result.metered += 1
                done = time.perf_counter()
                if counted_from <= done <= stop:
                    if 200 <= status < 300:
                        result.latencies.append(done - began)
                    else:
                        result.errors += 1

        await asyncio.gather(
            *(table(http, context) for http, context in zip(self.connections, self.contexts, strict=True))
        )
        for kind, seconds_now in (meter() if meter else {}).items():
            result.cpu[kind] = result.cpu.get(kind, 0.0) + seconds_now - before[kind]

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
    meter: Meter | None = None,
) -> dict[str, Load]:
    """Several loads on the same number of tables, their windows taking turns (a, b, a, b …),
    so a change in the machine's load while they run weighs on each alike; each metered."""
    results = {name: Load() for name in loads}
    clients = {name: Tables(port, tables, request) for name, (request, _) in loads.items()}
    for name, (_, prepare) in loads.items():
        if prepare:
            await clients[name].prepare(prepare)
    for _ in range(windows):
        for name in loads:
            await clients[name].window(results[name], seconds, warmup, meter)
    for tables_of in clients.values():
        await tables_of.close()
    return results


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000
