"""What a benchmark runs on: the machine (its CPU, memory and load; each process's CPU and memory,
from /proc) and PostgreSQL and Redis (given, or found the way `make test` finds them). Shared by
`make bench` (run.py) and the scripts that run alone (soak.py, hosts.py, event_night.py, ...)."""

from __future__ import annotations

import contextlib
import os
import platform
import resource
import uuid
from collections.abc import Iterator
from pathlib import Path

from scripts.run_tests import services


def machine() -> dict:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    memory = next(
        line.split()[1]
        for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal")
    )
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": round(int(memory) / 1024 / 1024, 1),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "load_before": os.getloadavg(),
    }


@contextlib.contextmanager
def scratch_database(admin_url: str) -> Iterator[str]:
    import psycopg

    name = f"scorekeeper_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def postgres_and_redis() -> Iterator[tuple[str, str]]:
    """BENCH_DATABASE_URL / BENCH_REDIS_URL if given (used as they are), else what `make test`
    finds or starts (scripts/run_tests.py), with a scratch database dropped afterwards."""
    database, redis_url = os.environ.get("BENCH_DATABASE_URL"), os.environ.get("BENCH_REDIS_URL")
    if database and redis_url:
        yield database, redis_url
        return
    with services() as (admin, found_redis), contextlib.ExitStack() as stack:
        yield database or stack.enter_context(scratch_database(admin)), redis_url or found_redis


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU of one process (or of one of its threads: the main thread's id is the
    process's), from /proc (0 if it is gone)."""
    try:
        where = f"/proc/{pid}" if thread is None else f"/proc/{pid}/task/{thread}"
        fields = Path(f"{where}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def processes_named(*names: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() in names:
                    found.append(int(entry.name))
    return found


def services_cpu() -> dict[str, dict[int, float]]:
    """CPU seconds so far of every PostgreSQL and Redis process on the machine, by pid (shared
    with whatever else uses them, so a ceiling on the soak's share)."""
    return {
        name: {pid: cpu_seconds(pid) for pid in processes_named(command)}
        for name, command in (("postgres", "postgres"), ("redis", "redis-server"))
    }


def services_used(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict:
    """CPU seconds between two samples, of the processes alive at the second (a backend that
    exited in between is not counted: a floor)."""
    return {
        name: sum(seconds - before[name].get(pid, 0.0) for pid, seconds in after[name].items())
        for name in after
    }


def client_cpu() -> float:
    times = os.times()
    return times.user + times.system


def raise_open_files(sockets: int) -> None:
    """Every socket is a descriptor in this client and one in a worker (which inherit the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 2 * sockets + 1024))
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
