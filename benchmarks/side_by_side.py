"""A round add against a light read, this tree and another side by side in one run (issue 42, item 3).

    .venv/bin/python benchmarks/side_by_side.py --baseline ../wt-base [--tables 20] [--windows 4] [--seconds 8]
        [--floor] [--followers 200 --rounds 40]

Starts `make serve` (2 workers, PostgreSQL + Redis found as `make bench` finds them, one scratch
database for both) from this tree and from `--baseline` (a worktree of the commit before, served
with this tree's virtualenv), then, taking turns window by window (baseline GET, baseline add,
this GET, this add, and again), has `--tables` tables on kept-alive connections send
`GET /api/presets` or add rounds under their locks back to back (`figures.throughput`'s loads).
Prints per tree requests per second and p95 of each, add ÷ GET, and this tree's ratio over the
baseline's. `--floor`: then `write_cost.py --floor` (in-process, SQLite: the add against a
one-INSERT floor write over ASGI) on each tree, taking turns twice. `--followers N`: then on each
server a table with N follower sockets (over both workers) adds `--rounds` rounds over HTTP, the
trees taking turns round by round, each round waited for until every follower has it: the workers'
CPU per add (from /proc) and the delivery p50/p95 (POST sent to a follower's `round.added`). The two
servers share the machine, so the ratios, not the absolute figures, are what to read.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clients import Load, Tables, percentile
from benchmarks.figures import Audience, add_round, get_presets, prepare_table
from benchmarks.harness import ROOT, Server, make_serve
from benchmarks.machine import cpu_seconds, postgres_and_redis, raise_open_files


async def side_by_side(servers: dict[str, Server], tables: int, windows: int, seconds: float) -> dict:
    results = {name: {"get": Load(), "add": Load()} for name in servers}
    clients = {}
    for name, server in servers.items():
        clients[name] = {
            "get": Tables(server.port, tables, get_presets),
            "add": Tables(server.port, tables, add_round),
        }
        await clients[name]["add"].prepare(prepare_table)
    for _ in range(windows):
        for name in servers:
            for load in ("get", "add"):
                await clients[name][load].window(results[name][load], seconds / windows, warmup=0.3)
    for loads in clients.values():
        for tables_of in loads.values():
            await tables_of.close()
    return {
        name: {load: result.summary() for load, result in loads.items()} for name, loads in results.items()
    }


async def fan_out(servers: dict[str, Server], followers: int, rounds: int) -> dict:
    """Per tree: the workers' CPU ms per add with `followers` sockets on its table, delivery p50/p95."""
    audiences = {name: Audience(server, followers) for name, server in servers.items()}
    for audience in audiences.values():
        await audience.open()
    cpu = dict.fromkeys(servers, 0.0)
    for _ in range(rounds):
        for name, audience in audiences.items():
            workers = audience.server.workers()
            before = sum(cpu_seconds(pid) for pid in workers)
            await audience.add()
            cpu[name] += sum(cpu_seconds(pid) for pid in workers) - before
    figures = {
        name: {
            "cpu_ms": cpu[name] * 1000 / rounds,
            "p50_ms": percentile(audience.delays, 0.5) * 1000,
            "p95_ms": percentile(audience.delays, 0.95) * 1000,
        }
        for name, audience in audiences.items()
    }
    for audience in audiences.values():
        await audience.close()
    return figures


def floor(root: Path) -> dict[str, float]:
    """write_cost.py --floor of the tree at `root` (its own copy of the script), in a fresh process."""
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
    done = subprocess.run(
        [sys.executable, "benchmarks/write_cost.py", "--floor"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    over_asgi = re.search(r"over ASGI: +add +([\d.]+) ms, floor +([\d.]+) ms", done.stdout)
    statements = re.search(r"SQL statements per add \(the whole request\): (\d+)", done.stdout)
    assert over_asgi, done.stdout
    assert statements, done.stdout
    add, floor_ms = float(over_asgi[1]), float(over_asgi[2])
    return {"add": add, "floor": floor_ms, "ratio": add / floor_ms, "statements": int(statements[1])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a worktree of the tree before")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--windows", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=8.0, help="per load and tree, over the windows")
    parser.add_argument("--floor", action="store_true", help="also write_cost.py --floor on each tree")
    parser.add_argument("--followers", type=int, default=0, help="also the fan-out to this many sockets")
    parser.add_argument("--rounds", type=int, default=40, help="rounds added in the fan-out, per tree")
    args = parser.parse_args()
    trees = {"baseline": args.baseline.resolve(), "this tree": ROOT}
    print(f"load average before: {' '.join(f'{value:.1f}' for value in os.getloadavg())}", flush=True)
    raise_open_files(2 * args.followers)
    with (
        tempfile.TemporaryDirectory(prefix="side-by-side-") as scratch,
        postgres_and_redis() as (database, redis),
        make_serve(Path(scratch), database, redis, name="serve baseline", root=trees["baseline"]) as before,
        make_serve(Path(scratch), database, redis, name="serve this tree") as after,
    ):
        servers = {"baseline": before, "this tree": after}
        measured = asyncio.run(side_by_side(servers, args.tables, args.windows, args.seconds))
        spread = asyncio.run(fan_out(servers, args.followers, args.rounds)) if args.followers else {}
    print(f"load average after: {' '.join(f'{value:.1f}' for value in os.getloadavg())}")
    print(
        f"{args.tables} tables, {args.windows} windows a load and tree, {args.seconds:g} s each load and tree"
    )
    ratios = {}
    for name, figures in measured.items():
        get, add = figures["get"], figures["add"]
        ratios[name] = add["per_second"] / get["per_second"]
        print(
            f"  {name:>9}: GET {get['per_second']:6.0f}/s p95 {get['p95_ms']:6.1f} ms | add {add['per_second']:5.0f}/s "
            f"p95 {add['p95_ms']:6.1f} ms | add / GET {ratios[name]:.2f}x | errors {get['errors'] + add['errors']}"
        )
    print(f"  this tree's add / GET over the baseline's: {ratios['this tree'] / ratios['baseline']:.2f}x")
    for name, figure in spread.items():
        print(
            f"  fan-out to {args.followers} followers, {name:>9}: workers' CPU {figure['cpu_ms']:.1f} ms an add, "
            f"delivery p50 {figure['p50_ms']:.1f} ms, p95 {figure['p95_ms']:.1f} ms"
        )
    if len(spread) == 2:
        print(
            f"  fan-out CPU, this tree over the baseline: {spread['this tree']['cpu_ms'] / spread['baseline']['cpu_ms']:.2f}x"
        )
    if args.floor:
        for turn in range(2):
            for name, root in trees.items():
                cost = floor(root)
                print(
                    f"  floor, turn {turn + 1}, {name:>9}: add {cost['add']:.2f} ms, floor {cost['floor']:.2f} ms, "
                    f"{cost['ratio']:.2f}x, {cost['statements']} statements",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
