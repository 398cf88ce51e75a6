"""The figures of `make bench`, each measured against a running Server (benchmarks/harness.py)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidMessage

from benchmarks.clients import HANDS, Http, Meter, alternating, grab, median_ms, new_table, percentile
from benchmarks.harness import Server, rss_mb
from benchmarks.machine import client_cpu, cpu_seconds, services_cpu

ROTATE_AFTER = 40  # a table in the throughput run starts a fresh session after this many rounds
# Followers connecting at once: enough to keep a worker busy, under the listen backlog
# (daphne's is 50) so no handshake waits for a SYN retry.
CONNECTING = 40


async def get_presets(http: Http, context: dict) -> int:
    return (await http.call("GET", "/api/presets"))[0]


async def add_round(http: Http, table: dict) -> int:
    if table["rounds"] >= ROTATE_AFTER:
        table.update(await new_table(http, table["device"]))
    cards = HANDS[table["rounds"] % len(HANDS)]
    status, _ = await http.call(
        "POST", f"/api/sessions/{table['key']}/rounds", {"cards": cards}, table["token"]
    )
    table["rounds"] += 1
    return status


async def prepare_table(http: Http, slot: int) -> dict:
    device = f"Bench table {slot}"
    return {"device": device, **(await new_table(http, device))}


async def count_connections(database_url: str, stop: asyncio.Event) -> int:
    """The most connections to this database seen in pg_stat_activity while `stop` is unset."""
    import psycopg

    most = 0
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as sampler:
        while not stop.is_set():
            cursor = await sampler.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            most = max(most, (await cursor.fetchone())[0])
            await asyncio.sleep(0.05)
    return most


def cpu_meter(server: Server) -> Meter:
    """The CPU seconds so far of the server's processes, of PostgreSQL's and Redis's where it uses
    them (every process of theirs on the machine), and of this load client."""

    def meter() -> dict[str, float]:
        used = {"server": sum(cpu_seconds(pid) for pid in server.workers())}
        if server.redis_url:
            used |= {kind: sum(by_pid.values()) for kind, by_pid in services_cpu().items()}
        return used | {"client": client_cpu()}

    return meter


async def throughput(server: Server, levels: tuple[int, ...], seconds: float, windows: int) -> dict:
    """Light GET (/api/presets) and round add at each number of concurrent tables, in `windows`
    alternating windows of seconds / windows each (GET, add, GET, add …)."""
    figures: dict = {}
    postgres = server.database_url.startswith("postgres")
    for tables in levels:
        stop = asyncio.Event()
        sampler = asyncio.create_task(count_connections(server.database_url, stop)) if postgres else None
        loads = {"get": (get_presets, None), "add": (add_round, prepare_table)}
        measured = await alternating(
            server.port, tables, loads, windows, seconds / windows, warmup=0.3, meter=cpu_meter(server)
        )
        stop.set()
        figures[tables] = {name: result.summary() for name, result in measured.items()}
        if sampler is not None:
            figures[tables]["db_connections"] = await sampler
    return figures


async def add_cost(server: Server, long_rounds: int, samples: int) -> dict:
    """One add to a session of 0 rounds vs one to a session of `long_rounds` rounds, interleaved."""
    http = Http(server.port)
    long_table = await new_table(http, "Bench long evening")
    started = time.perf_counter()
    for number in range(long_rounds):
        status, _ = await http.call(
            "POST",
            f"/api/sessions/{long_table['key']}/rounds",
            {"cards": HANDS[number % 4]},
            long_table["token"],
        )
        assert status == 201, status
    fill_seconds = time.perf_counter() - started
    short, long = [], []
    for number in range(samples):
        fresh = await new_table(http, "Bench short evening")
        for table, times in ((fresh, short), (long_table, long)):
            began = time.perf_counter()
            status, _ = await http.call(
                "POST", f"/api/sessions/{table['key']}/rounds", {"cards": HANDS[number % 4]}, table["token"]
            )
            times.append(time.perf_counter() - began)
            assert status == 201, status
    await http.close()
    return {
        "at_1_ms": median_ms(short),
        "at_long_ms": median_ms(long),
        "rounds": long_rounds,
        "samples": samples,
        "fill_seconds": fill_seconds,
    }


async def follow(server: Server, view_key: str, tries: int = 3) -> ClientConnection:
    for _ in range(tries - 1):
        try:
            return await follow_once(server, view_key)
        except (OSError, InvalidMessage, TimeoutError):
            await asyncio.sleep(0.2)  # a server busy with many handshakes dropped this one: once more
    return await follow_once(server, view_key)


async def follow_once(server: Server, view_key: str) -> ClientConnection:
    socket = await connect(
        f"ws://127.0.0.1:{server.port}/ws/sessions/{view_key}/",
        origin=f"http://127.0.0.1:{server.port}",
        open_timeout=30,
        max_size=None,
    )
    first = json.loads(await socket.recv())
    assert first["type"] == "state", first
    return socket


class Followers:
    """Sockets following one session; `arrivals[n]` holds when each received its n-th round.added."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.sockets = sockets
        self.arrivals: dict[int, list[float]] = {}
        self.changed = asyncio.Condition()
        self.tasks = [asyncio.create_task(self.listen(socket)) for socket in sockets]

    async def listen(self, socket: ClientConnection) -> None:
        seen = 0
        with contextlib.suppress(Exception):
            async for raw in socket:
                if '"round.added"' in raw[:200] and json.loads(raw)["type"] == "round.added":
                    seen += 1
                    self.arrivals.setdefault(seen, []).append(time.perf_counter())
                    async with self.changed:
                        self.changed.notify_all()

    async def all_have(self, number: int, timeout: float) -> list[float]:
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self.changed.wait_for(lambda: len(self.arrivals.get(number, [])) >= len(self.sockets)),
                    timeout,
                )
        return self.arrivals.get(number, [])

    async def close(self) -> None:
        await asyncio.gather(*(socket.close() for socket in self.sockets), return_exceptions=True)
        for task in self.tasks:
            task.cancel()


async def open_followers(server: Server, view_key: str, count: int) -> list[ClientConnection]:
    """`count` followers connecting at once, at most CONNECTING handshakes in flight."""
    gate = asyncio.Semaphore(CONNECTING)

    async def one() -> ClientConnection:
        async with gate:
            return await follow(server, view_key)

    return list(await asyncio.gather(*(one() for _ in range(count))))


class Audience:
    """One session, its writer's connection and its followers, for the fan-out figure."""

    def __init__(self, server: Server, followers: int) -> None:
        self.server, self.count = server, followers
        self.http = Http(server.port)
        self.delays: list[float] = []  # POST sent → a follower has the round
        self.after_reply: list[float] = []  # the POST's reply received → a follower has the round
        self.writes: list[float] = []
        self.rounds = 0

    async def open(self) -> None:
        self.table = await new_table(self.http, "Bench fan-out")
        sockets = await open_followers(self.server, self.table["view"], self.count)
        self.workers = self.server.workers_of([socket.local_address[1] for socket in sockets])
        self.listening = Followers(sockets)
        await grab(self.http, self.table, "Bench fan-out")

    async def add(self) -> None:
        self.rounds += 1
        began = time.perf_counter()
        status, _ = await self.http.call(
            "POST",
            f"/api/sessions/{self.table['key']}/rounds",
            {"cards": HANDS[self.rounds % 4]},
            self.table["token"],
        )
        replied = time.perf_counter()
        self.writes.append(replied - began)
        assert status == 201, status
        arrivals = await self.listening.all_have(self.rounds, timeout=10)
        assert len(arrivals) == self.count, (
            f"{len(arrivals)} of {self.count} followers had round {self.rounds}"
        )
        self.delays += [arrival - began for arrival in arrivals]
        self.after_reply += [max(0.0, arrival - replied) for arrival in arrivals]

    async def close(self) -> None:
        await self.listening.close()
        await self.http.close()

    def figures(self) -> dict:
        split = {pid: self.workers.count(pid) for pid in sorted(set(self.workers), key=str)}
        return {
            "followers": self.count,
            "rounds": self.rounds,
            "p50_ms": percentile(self.delays, 0.5) * 1000,
            "p95_ms": percentile(self.delays, 0.95) * 1000,
            "after_reply_p95_ms": percentile(self.after_reply, 0.95) * 1000,
            "write_p50_ms": percentile(self.writes, 0.5) * 1000,
            "split": list(split.values()),
        }


async def fan_out(server: Server, followers: int, rounds: int) -> tuple[dict, dict]:
    """A round added over HTTP → the moment each follower has its round.added, p50/p95 from the
    POST, for `followers` followers and for 1 (the baseline), their rounds taking turns."""
    many, one = Audience(server, followers), Audience(server, 1)
    for audience in (many, one):
        await audience.open()
    for _ in range(rounds):
        for audience in (many, one):
            await audience.add()
            await asyncio.sleep(0.02)
    for audience in (many, one):
        await audience.close()
    return many.figures(), one.figures()


async def idle_followers(server: Server, count: int) -> dict:
    """`count` idle sockets on one worker: its memory before and after, then one round to all."""
    http = Http(server.port)
    table = await new_table(http, "Bench idle")
    for _ in range(20):  # warm the worker up before the baseline
        await http.call("GET", f"/api/sessions/{table['view']}")
    (worker,) = server.workers()
    before = rss_mb(worker)
    began = time.perf_counter()
    sockets = await open_followers(server, table["view"], count)
    connect_seconds = time.perf_counter() - began
    await asyncio.sleep(1)
    after = rss_mb(worker)
    listening = Followers(sockets)
    await grab(http, table, "Bench idle")
    began = time.perf_counter()
    status, _ = await http.call(
        "POST", f"/api/sessions/{table['key']}/rounds", {"cards": HANDS[0]}, table["token"]
    )
    assert status == 201, status
    arrivals = await listening.all_have(1, timeout=30)
    delays = [arrival - began for arrival in arrivals]
    await listening.close()
    await http.close()
    return {
        "followers": count,
        "received": len(arrivals),
        "rss_before_mb": before,
        "rss_after_mb": after,
        "per_connection_kb": (after - before) * 1024 / count,
        "connect_seconds": connect_seconds,
        "p50_ms": percentile(delays, 0.5) * 1000,
        "p95_ms": percentile(delays, 0.95) * 1000,
        "max_ms": max(delays, default=float("nan")) * 1000,
    }


def spread(values: list[int]) -> str:
    return " + ".join(str(value) for value in values)


__all__ = ["add_cost", "fan_out", "idle_followers", "itertools", "spread", "throughput"]
