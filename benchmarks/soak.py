"""A soak on `make serve`: N tables, F follower sockets each, a hand per table every S seconds.

    python benchmarks/soak.py --tables 20 --followers 2 --period 5 --minutes 1
    python benchmarks/soak.py --tables 1000 --followers 4 --period 60 --minutes 3

Starts `make serve` (benchmarks/harness.py, WORKERS 2) on PostgreSQL + Redis found as `make bench`
finds them, makes N sessions over the JSON API, then opens every follower socket at once (the
phones of a club night after a Wi-Fi drop), then has each table, every S seconds (the tables
spread evenly over the period), take its entry lock, add a hand and release the lock, for M
minutes. Reports hands per second, the add's p50/p95, the delivery from each POST's start to
each follower's receipt of that round (p50/p95/max), lost deliveries, sockets that failed to open
or were dropped, and the server's CPU seconds and memory per socket (from /proc of the gunicorn
master and its workers); appends them to benchmarks/RESULTS.md under "## Soaks".

The load client is this one Python process (asyncio on uvloop, `websockets` for the sockets, the
harness's HTTP/1.1 client for the writes), on the same cores as the servers, PostgreSQL and Redis:
its own CPU and how late its event loop ran are reported with the figures. The server gets
SOCKETS_PER_ADDRESS lifted to the sockets the run opens (the load client is one address) and
the rate limits lifted (harness.base_env), through its environment only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from benchmarks.harness import HANDS, PLAYERS, Http, Server, make_serve, percentile
from benchmarks.machine import (
    client_cpu,
    cpu_seconds,
    machine,
    postgres_and_redis,
    raise_open_files,
    rss_kb,
    services_cpu,
    services_used,
)
from benchmarks.soak_figures import Add, Follower, per_host, soak_lines, summarise

OPEN_TIMEOUT = 60.0  # seconds a socket may take from connecting to its first state
HTTP_TIMEOUT = 60.0  # seconds a writer's request may take
DRAIN_SECONDS = 20.0  # after the last hand, how long the followers may take to have it
SETUP_AT_ONCE = 20  # sessions made at once before the soak


def say(message: str) -> None:
    print(f"==> [{time.strftime('%H:%M:%S')}, load {os.getloadavg()[0]:.1f}] {message}", flush=True)


def sample(server: Server) -> dict:
    """The server's processes now: CPU seconds so far and RSS (gunicorn master and workers)."""
    workers = server.workers()
    pids = [server.process.pid, *workers]
    return {
        "workers": workers,
        "cpu": sum(cpu_seconds(pid) for pid in pids),
        # A worker's main thread runs its event loop (every socket, every channel-layer message);
        # the others run Django's sync code (requests, the consumers' database reads).
        "loop_cpu": sum(cpu_seconds(pid, thread=pid) for pid in workers),
        "rss_mb": sum(rss_kb(pid) for pid in pids) / 1024,
        "worker_rss_mb": [rss_kb(pid) / 1024 for pid in workers],
    }


# A session's key in a logged path (cut to four characters and an ellipsis by the log formatter).
KEY_IN_PATH = re.compile(r"(/(?:sessions|s|ws/sessions)/)[^/\s]+")


def log_problems(server: Server) -> dict[str, int]:
    """The server log's warnings and errors, counted by level and message (JSON lines)."""
    counts: Counter[str] = Counter()
    if server.log is None or not server.log.exists():
        return {}
    for line in server.log.read_text(errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            if "Traceback" in line or "Error" in line:
                counts[f"(text) {line.strip()[:120]}"] += 1
            continue
        if isinstance(record, dict) and record.get("level") in {"warning", "error", "critical"}:
            message = KEY_IN_PATH.sub(r"\1<key>", str(record.get("message", "")))
            counts[f"{record['level']}: {message[:120]}"] += 1
    return dict(counts.most_common(8))


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
        return self.figures(samples, services, client, open_seconds, wrote_until - start, window)

    def figures(
        self,
        samples: dict[str, list[dict]],
        services: dict[str, dict],
        client: dict[str, float],
        open_seconds: float,
        write_seconds: float,
        window: float,
    ) -> dict:
        # Hands per second over the planned window (the last tables' hands fall at its end).
        seconds = self.seconds
        servers = []
        for index, server in enumerate(self.servers):
            before, opened, soaked = (samples[phase][index] for phase in ("before", "open", "soak"))
            sockets = sum(
                record.host == index and record.opened_at is not None and record.dropped_at is None
                for record in self.records
            )
            servers.append(
                {
                    "name": server.name,
                    "port": server.port,
                    "workers": len(before["workers"]),
                    "workers_replaced": sorted(set(before["workers"]) ^ set(soaked["workers"])),
                    "cpu_opening_s": opened["cpu"] - before["cpu"],
                    "cpu_soak_s": soaked["cpu"] - opened["cpu"],
                    "loop_cpu_soak_s": soaked["loop_cpu"] - opened["loop_cpu"],
                    "rss_before_mb": before["rss_mb"],
                    "rss_open_mb": opened["rss_mb"],
                    "rss_end_mb": soaked["rss_mb"],
                    "sockets_open": sockets,
                    "kb_per_socket": (opened["rss_mb"] - before["rss_mb"]) * 1024 / sockets
                    if sockets
                    else float("nan"),
                    "worker_rss_mb": soaked["worker_rss_mb"],
                    "log_problems": log_problems(server),
                }
            )
        lags = {phase: [lag * 1000 for lag in values] for phase, values in self.lags.items()}
        figures = summarise(self.adds, self.records, seconds)
        figures.update(
            {
                "lock_p50_ms": percentile(self.locks, 0.5) * 1000,
                "lock_p95_ms": percentile(self.locks, 0.95) * 1000,
                "release_p95_ms": percentile(self.releases, 0.95) * 1000,
                "lock_failed": dict(self.lock_failed),
                "open_seconds": open_seconds,
            }
        )
        return {
            "plan": {
                "tables": self.tables,
                "followers": self.followers,
                "period_s": self.period,
                "minutes": self.seconds / 60,
                "hosts": len(self.servers),
            },
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "figures": figures,
            "per_host": per_host(self.adds, self.records, seconds, len(self.servers))
            if len(self.servers) > 1
            else None,
            "write_seconds": write_seconds,
            "soak_window_s": window,  # from the sample after opening to the one after the drain
            "servers": servers,
            "services_cpu": services_used(services["open"], services["soak"]),
            "services_cpu_opening": services_used(services["before"], services["open"]),
            "inbox_most": {phase: max(values, default=0) for phase, values in self.inboxes.items()},
            # For a look at the run's course in test-artifacts/*.json (not in RESULTS.md): seconds
            # since the soak began, and the add's latency, status and host, or the inbox's size.
            "series": {
                "adds": [
                    (round(add.began - self.began, 2), round(add.ended - add.began, 4), add.status, add.host)
                    for add in self.adds
                ],
                "inbox": self.inbox_series,
            },
            "client": {
                "cpu_opening_s": client["open"] - client["before"],
                "cpu_soak_s": client["soak"] - client["open"],
                "lag_p95_ms": {phase: percentile(values, 0.95) for phase, values in lags.items()},
                "lag_max_ms": {phase: max(values, default=float("nan")) for phase, values in lags.items()},
            },
        }


def server_env(sockets: int) -> dict[str, str]:
    """The benchmark server's environment beyond harness.base_env (which lifts the rate limits
    and the socket cap for all of make bench): the load client is one address, so the
    per-address socket cap is set to what it opens, and said so in RESULTS.md."""
    return {"SOCKETS_PER_ADDRESS": str(max(500, sockets + 100))}


def append_to_results(lines: list[str]) -> None:
    """Add one run under "## Soaks" in benchmarks/RESULTS.md (after the hand-written part, which
    `make bench` keeps), at the end of that section."""
    from benchmarks.report import RESULTS

    text = RESULTS.read_text()
    heading = "\n## Soaks\n"
    if heading not in text:
        text = (
            text.rstrip("\n")
            + "\n"
            + heading
            + "\n"
            + "Appended by `benchmarks/soak.py` and `benchmarks/hosts.py` (README: what they do), one run each,\n"
            + "newest last; the load client runs on the same cores as the servers, PostgreSQL and Redis.\n"
        )
    before, after = text.split(heading, 1)
    following = after.find("\n## ")
    section, rest = (after, "") if following < 0 else (after[: following + 1], after[following + 1 :])
    section = section.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    RESULTS.write_text(before + heading + section + ("\n" + rest if rest else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--followers", type=int, default=2, help="follower sockets per table")
    parser.add_argument("--period", type=float, default=5.0, help="seconds between a table's hands")
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2, help="make serve's WORKERS")
    parser.add_argument("--no-append", action="store_true", help="print the figures, leave RESULTS.md")
    parser.add_argument(
        "--club-night",
        action="store_true",
        help="alongside, a 50-table club night with 2 screens (benchmarks/event_night.py's night; "
        "EVENT_INTERVAL='50,70' for a hand about a minute a table, '2,4' by default)",
    )
    options = parser.parse_args()

    sockets = options.tables * options.followers
    raise_open_files(sockets)
    about = machine()
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-soak-") as scratch,
        postgres_and_redis() as (
            database,
            redis_url,
        ),
    ):
        night: dict = {}
        env = server_env(sockets + (300 if options.club_night else 0))
        with make_serve(Path(scratch), database, redis_url, options.workers, env=env) as server:
            soak = Soak([server], options.tables, options.followers, options.period, options.minutes)
            results = run_soak(
                soak, club_night(server, night, options.minutes) if options.club_night else None
            )
    results["machine"] = {**about, "load_after": os.getloadavg()}
    results["server_env"] = env
    lines = soak_lines(results, title="soak.py" + (" with a club night alongside" if night else ""))
    if night:
        lines += club_night_lines(night)
    print("\n".join(lines))
    out = Path(__file__).resolve().parent.parent / "test-artifacts" / "soak.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str) + "\n")
    if not options.no_append:
        append_to_results(lines)
        say("appended to benchmarks/RESULTS.md")
    return 0


def club_night(server: Server, night: dict, minutes: float) -> Callable[[], Awaitable[None]]:
    """A club night of 50 tables, each adding a hand every 2-4 s, and 2 screens, while the soak runs
    (issue 42: every screen within 1 s of its hands); its figures land in `night`."""
    os.environ.setdefault("EVENT_SCREENS", "2")
    os.environ.setdefault("EVENT_SECONDS", str(max(30.0, minutes * 60 - 60)))
    from benchmarks import event_night

    async def run() -> None:
        night.update(await event_night.night(server))

    return run


def club_night_lines(night: dict) -> list[str]:
    screens, add = night["screens_delay"], night["add"]
    return [
        "",
        f"Alongside, a club night: {night['tables']} tables ({night['phones']} phones), {night['screens']} screens, "
        f"{night['adds']} hands in {night['seconds']:g} s ({night['adds_per_second']} a second, a hand every "
        f"{os.environ.get('EVENT_INTERVAL', '2,4').replace(',', '-')} s a table): add p95 {add['p95_ms']} ms; a hand on every screen p50 {screens['p50_ms']} ms, "
        f"p95 {screens['p95_ms']} ms, max {screens['max_ms']} ms; {night['screens_missing']} hands never shown; "
        f"{night['screen_message_kb']} KB a screen message.",
    ]


def run_soak(soak: Soak, during: Callable[[], Awaitable[object]] | None = None) -> dict:
    """The soak on uvloop (the load client's own overhead kept down), as the workers run."""
    import uvloop

    return uvloop.run(soak.run(during))


if __name__ == "__main__":
    sys.exit(main())
