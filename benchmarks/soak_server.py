"""What a soak (benchmarks/soak_tables.py) reads of its servers and writes of its run: the
processes' CPU and memory and the log's problems, the server's environment, the run's figures,
and RESULTS.md's "## Soaks" section."""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from collections import Counter
from datetime import UTC, datetime
from typing import Protocol

from benchmarks.clients import percentile
from benchmarks.harness import ROOT, Server
from benchmarks.machine import cpu_seconds, rss_kb, services_used
from benchmarks.soak_figures import Add, Follower, per_host, summarise


class Run(Protocol):
    """What soak_figures reads of a soak (soak_tables.Soak) once it ran."""

    servers: list[Server]
    tables: int
    followers: int
    period: float
    seconds: float
    began: float
    adds: list[Add]
    locks: list[float]
    releases: list[float]
    lock_failed: Counter[str]
    records: list[Follower]
    lags: dict[str, list[float]]
    inboxes: dict[str, list[int]]
    inbox_series: list[tuple[float, str, int]]


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


def soak_figures(
    soak: Run,
    samples: dict[str, list[dict]],
    services: dict[str, dict],
    client: dict[str, float],
    open_seconds: float,
    write_seconds: float,
    window: float,
) -> dict:
    """What one soak measured, from its records and the samples of its servers, services and client."""
    # Hands per second over the planned window (the last tables' hands fall at its end).
    seconds = soak.seconds
    servers = []
    for index, server in enumerate(soak.servers):
        before, opened, soaked = (samples[phase][index] for phase in ("before", "open", "soak"))
        sockets = sum(
            record.host == index and record.opened_at is not None and record.dropped_at is None
            for record in soak.records
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
    lags = {phase: [lag * 1000 for lag in values] for phase, values in soak.lags.items()}
    figures = summarise(soak.adds, soak.records, seconds)
    figures.update(
        {
            "lock_p50_ms": percentile(soak.locks, 0.5) * 1000,
            "lock_p95_ms": percentile(soak.locks, 0.95) * 1000,
            "release_p95_ms": percentile(soak.releases, 0.95) * 1000,
            "lock_failed": dict(soak.lock_failed),
            "open_seconds": open_seconds,
        }
    )
    return {
        "plan": {
            "tables": soak.tables,
            "followers": soak.followers,
            "period_s": soak.period,
            "minutes": soak.seconds / 60,
            "hosts": len(soak.servers),
        },
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "figures": figures,
        "per_host": per_host(soak.adds, soak.records, seconds, len(soak.servers))
        if len(soak.servers) > 1
        else None,
        "write_seconds": write_seconds,
        "soak_window_s": window,  # from the sample after opening to the one after the drain
        "servers": servers,
        "services_cpu": services_used(services["open"], services["soak"]),
        "services_cpu_opening": services_used(services["before"], services["open"]),
        "inbox_most": {phase: max(values, default=0) for phase, values in soak.inboxes.items()},
        # For a look at the run's course in test-artifacts/*.json (not in RESULTS.md): seconds
        # since the soak began, and the add's latency, status and host, or the inbox's size.
        "series": {
            "adds": [
                (round(add.began - soak.began, 2), round(add.ended - add.began, 4), add.status, add.host)
                for add in soak.adds
            ],
            "inbox": soak.inbox_series,
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


def soak_options(description: str, *, tables: int, workers: str) -> argparse.ArgumentParser:
    """The options every soak's command line takes (soak.py and hosts.py add their own)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--tables", type=int, default=tables)
    parser.add_argument("--followers", type=int, default=2, help="follower sockets per table")
    parser.add_argument("--period", type=float, default=5.0, help="seconds between a table's hands")
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2, help=workers)
    parser.add_argument("--no-append", action="store_true", help="print the figures, leave RESULTS.md")
    return parser


def keep_run(results: dict, lines: list[str], *, name: str, append: bool) -> None:
    """Print a run's lines, keep its figures in test-artifacts/<name>.json (git-ignored) and,
    unless told not to, append the lines to RESULTS.md."""
    print("\n".join(lines))
    out = ROOT / "test-artifacts" / f"{name}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str) + "\n")
    if append:
        append_to_results(lines)
        say("appended to benchmarks/RESULTS.md")
