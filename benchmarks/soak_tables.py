"""The soak itself (benchmarks/soak.py runs it): N tables, F follower sockets each, a hand per table
every S seconds, on one or more servers; each follower applies what it is sent as the page does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from benchmarks.clients import HANDS, PLAYERS, Http
from benchmarks.harness import Server
from benchmarks.machine import client_cpu, services_cpu
from benchmarks.soak_figures import Add, Follower
from benchmarks.soak_server import sample, say, soak_figures

OPEN_TIMEOUT = 60.0  # seconds a socket may take from connecting to its first state
HTTP_TIMEOUT = 60.0  # seconds a writer's request may take
DRAIN_SECONDS = 20.0  # after the last hand, how long the followers may take to have it
SETUP_AT_ONCE = 20  # sessions made at once before the soak


class Soak:
    """One soak over one or more servers: `writer_host(table)` says where a table's writer sends,
    `follower_host(table, follower)` where each of its followers connects."""

    def __init__(
        self,
        servers: list[Server],
        tables: int,
        followers: int,
        period: float,
        minutes: float,
        writer_host: Callable[[int], int] = lambda table: 0,
        follower_host: Callable[[int, int], int] = lambda table, follower: 0,
    ) -> None:
        self.servers, self.tables, self.followers = servers, tables, followers
        self.period, self.seconds = period, minutes * 60
        self.writer_host, self.follower_host = writer_host, follower_host
        self.adds: list[Add] = []
        self.locks: list[float] = []
        self.releases: list[float] = []
        self.lock_failed: Counter[str] = Counter()
        self.records: list[Follower] = []
        self.sockets: list = []
        self.lags: dict[str, list[float]] = {}
        self.inboxes: dict[str, list[int]] = {}
        self.inbox_series: list[tuple[float, str, int]] = []
        self.began = time.perf_counter()
        self.closing = False

    # -- setup ---------------------------------------------------------------------------------

    async def make_tables(self) -> list[dict]:
        gate = asyncio.Semaphore(SETUP_AT_ONCE)
        pools = [[Http(server.port) for _ in range(SETUP_AT_ONCE)] for server in self.servers]

        async def one(table: int) -> dict:
            host = self.writer_host(table)
            async with gate:
                http = pools[host].pop()
                try:
                    status, state = await http.json("POST", "/api/sessions", {"players": PLAYERS})
                finally:
                    pools[host].append(http)
            assert status == 201, (status, state)
            return {"key": state["id"], "view": state["view_id"], "device": f"Soak table {table}"}

        made = list(await asyncio.gather(*(one(table) for table in range(self.tables))))
        for http in [http for pool in pools for http in pool]:
            await http.close()
        return made

    # -- followers -----------------------------------------------------------------------------

    async def follow(self, record: Follower, view: str, opened: Callable[[], None]) -> None:
        port = self.servers[record.host].port
        socket = None
        try:
            try:
                socket = await connect(
                    f"ws://127.0.0.1:{port}/ws/sessions/{view}/",
                    origin=f"http://127.0.0.1:{port}",
                    open_timeout=OPEN_TIMEOUT,
                    max_size=None,
                    ping_interval=None,  # as a browser: it answers the server's pings, sends none
                )
                first = json.loads(await asyncio.wait_for(socket.recv(), OPEN_TIMEOUT))
            except InvalidStatus as refused:
                record.failure = f"HTTP {refused.response.status_code}"
            except TimeoutError:
                record.failure = "no first state within 60 s"
            except ConnectionClosed as closed:
                record.failure = f"closed {closed.rcvd.code if closed.rcvd else 'without a close frame'}"
            except Exception as error:
                record.failure = type(error).__name__
            else:
                if first.get("type") == "state":
                    record.opened_at = time.perf_counter()
                else:
                    record.failure = f"{first.get('type')} {first.get('status', '')}".strip()
            opened()
            if record.opened_at is None:
                return
            self.sockets.append(socket)
            await self.listen(record, socket, first["state"])
        finally:
            if record.opened_at is None and socket is not None:
                with contextlib.suppress(Exception):
                    await socket.close()

    async def listen(self, record: Follower, socket, state: dict) -> None:
        """As the page does (static/js/table-state.js): apply a change that follows the version it
        has; on a gap, ask for the full state once. Records when each round first arrived."""
        version, count, asked = state["version"], len(state["rounds"]), False
        try:
            async for raw in socket:
                now = time.perf_counter()
                record.messages += 1
                record.received_bytes += len(raw)
                message = json.loads(raw)
                incoming = message.get("state")
                if incoming is None:
                    continue  # the lock's changes
                numbers = [played["number"] for played in incoming["rounds"]]
                if message.get("type") == "state":
                    record.resynced.update(number for number in numbers if number not in record.pushed)
                    version, count, asked = incoming["version"], len(numbers), False
                    continue
                for number in numbers:
                    record.pushed.setdefault(number, now)
                start = incoming.get("rounds_from", 1)
                if start <= 1 or (incoming["version"] <= version + 1 and count >= start - 1):
                    version, count = incoming["version"], start - 1 + len(numbers)
                elif not asked:
                    asked = True
                    await socket.send(json.dumps({"type": "state"}))
        except ConnectionClosed as closed:
            if not self.closing:
                record.dropped_at = time.perf_counter()
                record.dropped = f"closed {closed.rcvd.code if closed.rcvd else 'without a close frame'}"
            return
        if not self.closing:
            record.dropped_at = time.perf_counter()
            record.dropped = "ended"

    async def open_all(self, tables: list[dict]) -> tuple[float, list[asyncio.Task]]:
        """Every follower connects at the same moment; returns when each has opened or failed."""
        total = self.tables * self.followers
        settled = asyncio.Event()
        done = 0

        def opened() -> None:
            nonlocal done
            done += 1
            if done == total:
                settled.set()

        began = time.perf_counter()
        tasks = []
        for table in range(self.tables):
            for follower in range(self.followers):
                record = Follower(table=table, host=self.follower_host(table, follower), began=began)
                self.records.append(record)
                tasks.append(asyncio.create_task(self.follow(record, tables[table]["view"], opened)))
        if total:
            await settled.wait()
        return time.perf_counter() - began, tasks

    # -- writers -------------------------------------------------------------------------------

    async def write(self, table: int, session: dict, start: float, end: float) -> None:
        host = self.writer_host(table)
        http = Http(self.servers[host].port)
        key, device = session["key"], session["device"]
        due = start + self.period * table / max(1, self.tables)  # the tables spread over the period
        hand = 0
        while due < end:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            due += self.period
            began = time.perf_counter()
            try:
                status, grant = await asyncio.wait_for(
                    http.json("POST", f"/api/sessions/{key}/lock", {"device": device}), HTTP_TIMEOUT
                )
            except Exception as error:
                await http.close()
                self.lock_failed[type(error).__name__] += 1
                continue
            if status != 200:
                self.lock_failed[str(status)] += 1
                continue
            self.locks.append(time.perf_counter() - began)
            token = grant["token"]
            began = time.perf_counter()
            number = None
            try:
                status, content = await asyncio.wait_for(
                    http.call("POST", f"/api/sessions/{key}/rounds", {"cards": HANDS[hand % 4]}, token),
                    HTTP_TIMEOUT,
                )
                if status == 201:
                    number = json.loads(content)["round"]["number"]
            except Exception:
                await http.close()
                status = 0
            self.adds.append(Add(table, host, began, time.perf_counter(), status, number))
            hand += 1
            began = time.perf_counter()
            try:
                status, _ = await asyncio.wait_for(
                    http.call("DELETE", f"/api/sessions/{key}/lock", token=token), HTTP_TIMEOUT
                )
                if status == 200:
                    self.releases.append(time.perf_counter() - began)
                else:
                    self.lock_failed[f"release {status}"] += 1
            except Exception as error:
                await http.close()
                self.lock_failed[f"release {type(error).__name__}"] += 1
        await http.close()

    # -- the run -------------------------------------------------------------------------------

    async def watch_loop(self, phase: str, stop: asyncio.Event) -> None:
        """How late this client's event loop wakes up: past a few tens of ms, the client itself
        is part of the latencies it measures."""
        lags = self.lags.setdefault(phase, [])
        while not stop.is_set():
            began = time.perf_counter()
            await asyncio.sleep(0.1)
            lags.append(time.perf_counter() - began - 0.1)

    async def watch_inboxes(self, phase: str, stop: asyncio.Event) -> None:
        """The most messages waiting in one worker's channel-layer inbox (channels-redis keeps one
        sorted set per process, `<prefix>specific.<id>!`; a group message to an inbox already
        holding its capacity, 100 by default, is dropped), sampled every half second."""
        import redis.asyncio as redis

        places = {(server.redis_url, server.channels_prefix) for server in self.servers if server.redis_url}
        clients = [(redis.Redis.from_url(url), prefix) for url, prefix in places]
        most = self.inboxes.setdefault(phase, [])
        try:
            while not stop.is_set():
                largest = 0
                for client, prefix in clients:
                    keys = [key async for key in client.scan_iter(match=f"{prefix}specific.*!", count=1000)]
                    if keys:
                        async with client.pipeline(transaction=False) as pipe:
                            for key in keys:
                                pipe.zcard(key)
                            largest = max(largest, *(await pipe.execute()))
                most.append(largest)
                self.inbox_series.append((round(time.perf_counter() - self.began, 1), phase, largest))
                await asyncio.sleep(0.5)
        finally:
            for client, _ in clients:
                await client.aclose()

    async def drained(self, deadline: float) -> None:
        """Wait until every open follower has every hand its table wrote, or the deadline."""
        written: dict[int, set[int]] = {}
        for add in self.adds:
            if add.status == 201:
                written.setdefault(add.table, set()).add(add.number)
        while time.perf_counter() < deadline:
            if all(
                written.get(record.table, set()) <= record.pushed.keys()
                for record in self.records
                if record.opened_at is not None and record.dropped_at is None
            ):
                return
            await asyncio.sleep(0.2)

    async def run(self, during: Callable[[], Awaitable[object]] | None = None) -> dict:
        """The soak; `during`, if given, runs alongside the writers (hosts.py's lock races)."""
        names = [server.name for server in self.servers]
        say(f"{', '.join(names)}: making {self.tables} sessions")
        tables = await self.make_tables()
        samples: dict[str, list[dict]] = {"before": [sample(server) for server in self.servers]}
        services = {"before": services_cpu()}
        client = {"before": client_cpu()}

        say(f"opening {self.tables * self.followers} follower sockets at once")
        stop = asyncio.Event()
        watchers = [
            asyncio.create_task(self.watch_loop("opening", stop)),
            asyncio.create_task(self.watch_inboxes("opening", stop)),
        ]
        open_seconds, listeners = await self.open_all(tables)
        stop.set()
        await asyncio.gather(*watchers)
        opened = sum(record.opened_at is not None for record in self.records)
        say(f"{opened} opened in {open_seconds:.1f} s; settling 3 s")
        await asyncio.sleep(3)
        samples["open"] = [sample(server) for server in self.servers]
        sampled_open = time.perf_counter()
        services["open"], client["open"] = services_cpu(), client_cpu()

        say(f"soak: a hand per table every {self.period:g} s for {self.seconds:g} s")
        stop = asyncio.Event()
        watchers = [
            asyncio.create_task(self.watch_loop("soak", stop)),
            asyncio.create_task(self.watch_inboxes("soak", stop)),
        ]
        start = time.perf_counter() + 0.5
        end = start + self.seconds
        alongside = asyncio.create_task(during()) if during else None
        await asyncio.gather(*(self.write(table, tables[table], start, end) for table in range(self.tables)))
        if alongside is not None:
            await alongside
        wrote_until = time.perf_counter()
        await self.drained(wrote_until + DRAIN_SECONDS)
        stop.set()
        await asyncio.gather(*watchers)
        samples["soak"] = [sample(server) for server in self.servers]
        window = time.perf_counter() - sampled_open
        services["soak"], client["soak"] = services_cpu(), client_cpu()
        say(f"soak done: {sum(add.status == 201 for add in self.adds)} hands; closing the sockets")

        self.closing = True
        await asyncio.gather(*(socket.close() for socket in self.sockets), return_exceptions=True)
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
        return soak_figures(self, samples, services, client, open_seconds, wrote_until - start, window)


def run_soak(soak: Soak, during: Callable[[], Awaitable[object]] | None = None) -> dict:
    """The soak on uvloop (the load client's own overhead kept down), as the workers run."""
    import uvloop

    return uvloop.run(soak.run(during))
