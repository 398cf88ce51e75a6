"""A club night on `make serve`: 50 tables of 4 phones and 3 screens, every table adding a hand
every few seconds. How late the screens are, and what an add costs, against one table alone.

    python benchmarks/event_night.py        # or BENCH_DATABASE_URL=... BENCH_REDIS_URL=... first

It starts `make serve` (PostgreSQL + Redis, EVENT_WORKERS workers, default 2) on a free loopback
port, found as `make bench` finds its services (benchmarks/run.py), then:

1. baseline: one ordinary session with 4 phones (follow sockets) adds BASELINE hands, one every
   INTERVAL seconds: the add's latency, and its phones' delay, with nothing else going on;
2. the night: an event of 200 players, drawn into 50 tables; each table's 4 phones follow its
   session, 3 screens follow the event (`links.socket`, ``: the screen's page as
   rendered), and every table adds a hand every 2-4 s (at random, so ~17 adds a second in all)
   for EVENT_SECONDS. For each add: its latency; the delay from the POST until each screen has
   a message showing it (that table's hands_played), and until each phone has the round;
3. the baseline again, after, to see the machine did not change under the figures.

Prints the figures and writes them to test-artifacts/event-night.json (RESULTS.md has them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect

from benchmarks.clients import HANDS, Http, percentile
from benchmarks.harness import ROOT, Server, make_serve
from benchmarks.machine import machine, postgres_and_redis

WORKERS = int(os.environ.get("EVENT_WORKERS", "2"))
TABLES = int(os.environ.get("EVENT_TABLES", "50"))
SCREENS = int(os.environ.get("EVENT_SCREENS", "3"))
PHONES = 4
SECONDS = float(os.environ.get("EVENT_SECONDS", "45"))
# Seconds between a table's hands, at random in this range ("2,4": about 50x a venue's pace).
INTERVAL = tuple(float(value) for value in os.environ.get("EVENT_INTERVAL", "2,4").split(","))
BASELINE = int(os.environ.get("EVENT_BASELINE_HANDS", "15"))
LEASE_SECONDS = 30  # the entry lock's lease (SPEC 8)


def say(message: str) -> None:
    print(f"==> [load {os.getloadavg()[0]:.1f}] {message}", flush=True)


async def socket_to(server: Server, path: str) -> ClientConnection:
    for _ in range(4):
        with contextlib.suppress(OSError, TimeoutError):
            return await connect(
                f"ws://127.0.0.1:{server.port}{path}",
                origin=f"http://127.0.0.1:{server.port}",
                open_timeout=30,
                max_size=None,
            )
        await asyncio.sleep(0.3)
    raise RuntimeError(f"no socket to {path}")


class Phones:
    """A table's phones: when each received its n-th round.added (perf_counter)."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.arrivals: dict[int, list[float]] = {}
        self.tasks = [asyncio.create_task(self.listen(socket)) for socket in sockets]
        self.sockets = sockets

    async def listen(self, socket: ClientConnection) -> None:
        seen = 0
        with contextlib.suppress(Exception):
            async for raw in socket:
                if '"round.added"' in raw[:200]:
                    seen += 1
                    self.arrivals.setdefault(seen, []).append(time.perf_counter())

    async def close(self) -> None:
        await asyncio.gather(*(socket.close() for socket in self.sockets), return_exceptions=True)


class Screen:
    """One screen: the first moment its messages showed table t at n hands played, and the size
    of what it is sent after a change (the whole view on connect is left out)."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.seen: dict[tuple[int, int], float] = {}
        self.messages = 0
        self.bytes = 0
        self.task = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.socket:
                now = time.perf_counter()
                message = json.loads(raw)
                if message["event"] == "event.state":
                    tables = message["state"]["rounds"][-1]["tables"]
                else:  # what changed (events/live/screen_messages.py)
                    tables = [change["table"] for change in message.get("tables", [])]
                    self.messages += 1
                    self.bytes += len(raw)
                for table in tables:
                    for hand in range(1, table["hands_played"] + 1):
                        self.seen.setdefault((table["table"], hand), now)


async def table_phones(server: Server, view_key: str) -> Phones:
    sockets = [await socket_to(server, f"/ws/sessions/{view_key}/") for _ in range(PHONES)]
    for socket in sockets:
        await socket.recv()  # the state on connecting
    return Phones(sockets)


async def lock(http: Http, key: str, device: str) -> str:
    status, grant = await http.json("POST", f"/api/sessions/{key}/lock", {"device": device})
    assert status == 200, (status, grant)
    return grant["token"]


async def add(http: Http, key: str, token: str, hand: int) -> tuple[float, float]:
    """POST one hand: (when it was sent, how long the reply took)."""
    began = time.perf_counter()
    status, reply = await http.call("POST", f"/api/sessions/{key}/rounds", {"cards": HANDS[hand % 4]}, token)
    assert status == 201, (status, reply[:200])
    return began, time.perf_counter() - began


async def baseline(server: Server) -> dict:
    """One table alone: BASELINE hands, one every INTERVAL (mean), 4 phones following."""
    http = Http(server.port)
    status, state = await http.json("POST", "/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"]})
    assert status == 201, state
    phones = await table_phones(server, state["view_id"])
    token = await lock(http, state["id"], "Baseline")
    latencies, delays = [], []
    for hand in range(1, BASELINE + 1):
        began, took = await add(http, state["id"], token, hand)
        latencies.append(took)
        await asyncio.sleep(sum(INTERVAL) / 2)
        delays += [arrival - began for arrival in phones.arrivals.get(hand, [])]
    await phones.close()
    await http.close()
    return {"adds": len(latencies), "add": figures_of(latencies), "phones": figures_of(delays)}


def figures_of(seconds: list[float]) -> dict:
    return {
        "count": len(seconds),
        "p50_ms": round(percentile(seconds, 0.5) * 1000, 1),
        "p95_ms": round(percentile(seconds, 0.95) * 1000, 1),
        "max_ms": round(max(seconds, default=float("nan")) * 1000, 1),
    }


async def night(server: Server) -> dict:
    http = Http(server.port)
    players = [f"Player {number:03d}" for number in range(TABLES * 4)]
    body = {"name": "Bench night", "players": players, "rounds": 1, "hands": 60, "seating": "random"}
    status, event = await http.json("POST", "/api/events", body)
    assert status == 201, event
    began = time.perf_counter()
    status, drawn = await http.json("POST", f"/api/events/{event['id']}/rounds", {})
    assert status == 201, drawn
    draw_seconds = time.perf_counter() - began
    tables = drawn["tables"]
    say(f"drew {len(tables)} tables in {draw_seconds:.2f} s; connecting {len(tables) * PHONES} phones")
    phones = [await table_phones(server, table["view_id"]) for table in tables]
    screens = [Screen(await socket_to(server, f"/ws/events/{event['view_id']}/")) for _ in range(SCREENS)]
    writers = [Http(server.port) for _ in tables]
    tokens = [
        await lock(writer, table["session"], f"Table {table['table']}")
        for writer, table in zip(writers, tables, strict=True)
    ]
    slow = INTERVAL[0] > LEASE_SECONDS  # longer than the lock's lease between hands
    if slow:  # each hand takes the lock for itself
        for writer, table, token in zip(writers, tables, tokens, strict=True):
            await writer.call("DELETE", f"/api/sessions/{table['session']}/lock", token=token)
    sent: list[tuple[int, int, float]] = []  # (table, hand, when the POST was sent)
    latencies: list[float] = []
    stop = time.perf_counter() + SECONDS
    say(
        f"{len(tables)} tables adding a hand every {INTERVAL[0]:.0f}-{INTERVAL[1]:.0f} s for {SECONDS:.0f} s, {SCREENS} screens"
    )

    async def play(index: int) -> None:
        rng = random.Random(index)
        await asyncio.sleep(rng.uniform(0, INTERVAL[1]))
        hand = 0
        while time.perf_counter() < stop:
            hand += 1
            key = tables[index]["session"]
            if slow:  # a table at a venue's pace takes the entry for each hand and gives it back
                tokens[index] = await lock(writers[index], key, f"Table {tables[index]['table']}")
            began, took = await add(writers[index], key, tokens[index], hand)
            if slow:
                await writers[index].call("DELETE", f"/api/sessions/{key}/lock", token=tokens[index])
            sent.append((tables[index]["table"], hand, began))
            latencies.append(took)
            await asyncio.sleep(rng.uniform(*INTERVAL))

    await asyncio.gather(*(play(index) for index in range(len(tables))))
    await asyncio.sleep(2)  # the last pushes
    screen_delays, missing = [], 0
    for screen in screens:
        for table, hand, began in sent:
            if (table, hand) in screen.seen:
                screen_delays.append(screen.seen[table, hand] - began)
            else:
                missing += 1
    phone_delays = [
        arrival - began for table, hand, began in sent for arrival in phones[table - 1].arrivals.get(hand, [])
    ]
    messages = [screen.messages for screen in screens]
    result = {
        "tables": len(tables),
        "phones": len(tables) * PHONES,
        "screens": SCREENS,
        "seconds": SECONDS,
        "draw_seconds": round(draw_seconds, 2),
        "adds": len(latencies),
        "adds_per_second": round(len(latencies) / SECONDS, 1),
        "add": figures_of(latencies),
        "screens_delay": figures_of(screen_delays),
        "screens_missing": missing,
        "screen_messages": messages,
        "screen_message_kb": round(sum(screen.bytes for screen in screens) / max(1, sum(messages)) / 1024, 1),
        "phones_delay": figures_of(phone_delays),
    }
    for screen in screens:
        screen.task.cancel()
        await screen.socket.close()
    for table in phones:
        await table.close()
    for writer in writers:
        await writer.close()
    await http.close()
    return result


async def measure(server: Server) -> dict:
    say(f"baseline: one table alone, {BASELINE} hands")
    before = await baseline(server)
    say(f"the night: {TABLES} tables, {TABLES * PHONES} phones, {SCREENS} screens")
    during = await night(server)
    say("baseline again")
    after = await baseline(server)
    return {"baseline_before": before, "night": during, "baseline_after": after}


def main() -> int:
    results: dict = {"machine": machine(), "workers": WORKERS}
    with (
        tempfile.TemporaryDirectory(prefix="event-night-") as scratch,
        postgres_and_redis() as (database, redis),
        make_serve(Path(scratch), database, redis, workers=WORKERS) as server,
    ):
        results.update(asyncio.run(measure(server)))
    results["machine"]["load_after"] = os.getloadavg()
    out = ROOT / "test-artifacts" / "event-night.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
