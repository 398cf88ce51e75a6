"""`make bench`: every benchmark on `make run` and on `make serve`, written to benchmarks/RESULTS.md.

Servers listen on loopback only; every load is bounded (BENCH_SECONDS per level, fixed
counts of tables, rounds and sockets). PostgreSQL and Redis are found the way
scripts/run_tests.py finds them (BENCH_DATABASE_URL / BENCH_REDIS_URL first); the
PostgreSQL run gets a scratch database of its own, dropped afterwards.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import figures, report, soak_tables
from benchmarks.harness import BENCH_SOCKETS_PER_ADDRESS, ROOT, Server, make_run, make_serve
from benchmarks.machine import machine, postgres_and_redis

LEVELS = (1, 20, 100)
SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))  # per load and level, in WINDOWS turns
WINDOWS = int(os.environ.get("BENCH_WINDOWS", "3"))
LONG = int(os.environ.get("BENCH_LONG_ROUNDS", "500"))
IDLE = int(os.environ.get("BENCH_IDLE_FOLLOWERS", "1000"))
# The soak at make bench's size (benchmarks/soak.py runs the big ones alone): tables, followers
# each, seconds between a table's hands, seconds of soak.
SOAK = tuple(
    float(os.environ.get(name, default))
    for name, default in (
        ("BENCH_SOAK_TABLES", "20"),
        ("BENCH_SOAK_FOLLOWERS", "2"),
        ("BENCH_SOAK_PERIOD", "2"),
        ("BENCH_SOAK_SECONDS", "20"),
    )
)


BEGAN = time.monotonic()


LOADS: list[float] = []  # the 1-minute load average at each step, to say how busy the machine was


def say(message: str) -> None:
    LOADS.append(os.getloadavg()[0])
    print(f"==> [{time.monotonic() - BEGAN:5.0f} s, load {LOADS[-1]:.1f}] {message}", flush=True)


def postgres_settings(database_url: str) -> dict:
    """What makes a commit cost what it does on this server (a scratch PostgreSQL runs fsync=off)."""
    import psycopg

    names = ("server_version", "fsync", "synchronous_commit", "max_connections")
    with psycopg.connect(database_url) as connection:
        return {name: connection.execute(f"SHOW {name}").fetchone()[0] for name in names}


async def on_server(server: Server, idle: bool) -> dict:
    say(f"{server.name}: throughput at {', '.join(map(str, LEVELS))} tables")
    results: dict = {"throughput": await figures.throughput(server, LEVELS, SECONDS, WINDOWS)}
    say(f"{server.name}: one add at 1 vs {LONG} rounds")
    results["add_cost"] = await figures.add_cost(server, LONG, samples=20)
    say(f"{server.name}: fan-out to 50 followers, and to 1 (the baseline)")
    results["fan_out"], results["fan_out_1"] = await figures.fan_out(server, followers=50, rounds=20)
    if idle:
        say(f"{server.name}: {IDLE} idle followers")
        results["idle"] = await figures.idle_followers(server, IDLE)
    return results


def small_soak(server: Server) -> dict:
    tables, followers, period, seconds = SOAK
    say(f"{server.name}: soak of {tables:g} tables x {followers:g} followers, a hand every {period:g} s")
    load_before = os.getloadavg()
    measured = soak_tables.run_soak(
        soak_tables.Soak([server], int(tables), int(followers), period, seconds / 60)
    )
    measured["machine"] = {**machine(), "load_before": load_before, "load_after": os.getloadavg()}
    measured["server_env"] = {"SOCKETS_PER_ADDRESS": BENCH_SOCKETS_PER_ADDRESS}  # harness.base_env
    return measured


def write_cost() -> dict:
    """benchmarks/write_cost.py's measure() at each of its lengths, on its own scratch SQLite file."""
    script = (
        "import json, benchmarks.write_cost as cost; from django.core.management import call_command; "
        "call_command('migrate', verbosity=0); "
        "print(json.dumps(cost.measure()))"
    )
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def main() -> int:
    began = time.monotonic()
    results: dict = {"machine": machine(), "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch_dir:
        scratch = Path(scratch_dir)
        say("one write in-process (benchmarks/write_cost.py): time, queries and bytes at 1 and 500 rounds")
        results["write_cost"] = write_cost()
        with make_run(scratch) as server:
            results["run"] = asyncio.run(on_server(server, idle=True))
        with postgres_and_redis() as (database, redis_url):
            results["postgres"] = postgres_settings(database)
            with make_serve(scratch, database, redis_url, workers=2) as server:
                results["serve"] = asyncio.run(on_server(server, idle=False))
                results["soak"] = small_soak(server)
            with make_serve(scratch, database, redis_url, workers=1) as server:
                say(f"{server.name}: {IDLE} idle followers on one worker")
                results["serve"]["idle"] = asyncio.run(figures.idle_followers(server, IDLE))
    say("done")
    results["machine"]["load_after"] = os.getloadavg()
    results["machine"]["load_during"] = [min(LOADS), max(LOADS)]
    results["seconds"] = time.monotonic() - began
    results["seconds_per_level"] = SECONDS
    results["windows"] = WINDOWS
    (ROOT / "benchmarks" / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    (ROOT / "benchmarks" / "RESULTS.md").write_text(report.markdown(results))
    say(f"wrote benchmarks/RESULTS.md in {results['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
