"""Three hosts on one PostgreSQL and one Redis: the soak spread over them, and lock races across them.

    python benchmarks/hosts.py --tables 60 --followers 2 --period 5 --minutes 1 --races 100

Starts three `make serve` instances (benchmarks/harness.py: each its own gunicorn master, WORKERS
workers, its own port) on the same database and the same Redis with the same channel-layer
prefix, as three boxes behind a load balancer would be (docs/SCALING.md, "Past one machine").
Then benchmarks/soak.py's soak with each table's writer on one host (table i on host i mod 3)
and its followers on the two others, so every hand crosses hosts through Redis; the figures per
host (the adds sent to it, the deliveries to the followers on it, its processes' CPU and memory)
and for all. While the tables write, benchmarks/lock_race.py races two devices for one session's
lock from two hosts at once, `--races` trials for each pair of hosts (A and B, B and C, C and A):
exactly one winner each time. Appends to benchmarks/RESULTS.md under "## Soaks". Exit status 1
if a race had other than one winner or a delivery was lost.

The three hosts share this machine's cores (and the load client's): they show that the hosts
agree (one lock, every hand delivered across them), not that three boxes hold three times one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import ROOT, make_serve
from benchmarks.machine import raise_open_files
from benchmarks.soak_figures import soak_lines
from benchmarks.soak_server import keep_run, say, server_env, soak_options
from benchmarks.soak_tables import Soak, run_soak

HOSTS = 3


def writer_host(table: int) -> int:
    return table % HOSTS


def follower_host(table: int, follower: int) -> int:
    """The hosts other than the writer's, taking turns."""
    return (writer_host(table) + 1 + follower % (HOSTS - 1)) % HOSTS


async def lock_race(first: str, second: str, trials: int) -> dict:
    """benchmarks/lock_race.py between two hosts, as a process of its own; its figures parsed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "benchmarks" / "lock_race.py"),
        "--url",
        first,
        "--second-url",
        second,
        "-n",
        str(trials),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        cwd=ROOT,
    )
    output = (await process.communicate())[0].decode(errors="replace")
    exact = re.search(r"exactly one winner: (\d+)/(\d+)", output)
    winners = re.search(r"winners: (.*); refusals \(409\): (\d+)", output)
    latency = re.search(r"grab latency: median ([\d.]+) ms, p95 ([\d.]+) ms, max ([\d.]+) ms", output)
    alone = re.search(r"alone, same run\): median ([\d.]+) ms", output)
    return {
        "exit": process.returncode,
        "one_winner": int(exact.group(1)) if exact else 0,
        "trials": int(exact.group(2)) if exact else trials,
        "winners": winners.group(1) if winners else "",
        "refusals": int(winners.group(2)) if winners else 0,
        "median_ms": float(latency.group(1)) if latency else float("nan"),
        "p95_ms": float(latency.group(2)) if latency else float("nan"),
        "max_ms": float(latency.group(3)) if latency else float("nan"),
        "alone_median_ms": float(alone.group(1)) if alone else float("nan"),
        "output": output[-2000:],
    }


def race_lines(races: list[dict]) -> list[str]:
    lines = [
        "",
        "Lock races across hosts (`benchmarks/lock_race.py`, two devices on two hosts grab one session's "
        "lock behind a barrier, during the soak):",
        "",
        "| hosts | trials | exactly one winner | wins | refusals (409) | grab median | p95 | max | alone median |",
        "|---|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for race in races:
        lines.append(
            f"| {race['pair']} | {race['trials']} | **{race['one_winner']}/{race['trials']}** | {race['winners']} | "
            f"{race['refusals']} | {race['median_ms']:.1f} ms | {race['p95_ms']:.1f} ms | {race['max_ms']:.1f} ms | "
            f"{race['alone_median_ms']:.1f} ms |"
        )
    return lines


def main() -> int:
    parser = soak_options(__doc__.split("\n\n")[0], tables=60, workers="each host's WORKERS")
    parser.add_argument("--races", type=int, default=100, help="lock races per pair of hosts")
    options = parser.parse_args()

    from benchmarks.machine import machine, postgres_and_redis

    sockets = options.tables * options.followers
    raise_open_files(sockets)
    about = machine()
    # One count of sockets per address for all hosts (the same prefix), as on three real boxes.
    env = {**server_env(sockets), "CHANNELS_PREFIX": f"benchhosts{os.getpid()}"}
    races: list[dict] = []
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-hosts-") as scratch,
        postgres_and_redis() as (database, redis_url),
        contextlib.ExitStack() as stack,
    ):
        servers = [
            stack.enter_context(
                make_serve(Path(scratch), database, redis_url, options.workers, name=f"host {name}", env=env)
            )
            for name in "ABC"
        ]
        say("hosts up on ports " + ", ".join(str(server.port) for server in servers))
        urls = [f"http://127.0.0.1:{server.port}" for server in servers]

        async def race_all() -> None:
            for first in range(HOSTS):
                second = (first + 1) % HOSTS
                say(f"lock races: host {'ABC'[first]} against host {'ABC'[second]}, {options.races} trials")
                race = await lock_race(urls[first], urls[second], options.races)
                races.append({"pair": f"{'ABC'[first]} – {'ABC'[second]}", **race})

        soak = Soak(
            servers,
            options.tables,
            options.followers,
            options.period,
            options.minutes,
            writer_host=writer_host,
            follower_host=follower_host,
        )
        results = run_soak(soak, during=race_all if options.races else None)
    results["machine"] = {**about, "load_after": os.getloadavg()}
    results["server_env"] = env
    results["races"] = races
    lines = soak_lines(results, title="hosts.py") + (race_lines(races) if races else [])
    keep_run(results, lines, name="hosts", append=not options.no_append)
    wrong = [race for race in races if race["exit"] != 0 or race["one_winner"] != race["trials"]]
    for race in wrong:
        print(f"lock race {race['pair']} went wrong:\n{race['output']}", file=sys.stderr)
    return 1 if wrong or results["figures"]["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
