"""How long an import holds the other tables' writes on SQLite (issue 29), in-process.

    python benchmarks/import_hold.py            # scratch SQLite file

A table keeps adding rounds on its own thread (its own connection, through the services, as a
request would) while a paper log of IMPORT_ROUNDS rounds in 5 tables is imported on another. The
table's longest wait for one add during the import, and its 99th percentile, are set beside the
same adds with nothing else writing, and beside the same import written in one transaction (as
it was before issue 29), all in the same run. SQLite lets one transaction write at a time, so the
longest wait is the longest transaction of the import. Target: under 200 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import inprocess

inprocess.setup("import-hold-")

from django.db import connection, transaction  # noqa: E402

from groups import services  # noqa: E402
from groups.services.paper_import import log_import  # noqa: E402
from rounds import services as rounds_services  # noqa: E402
from rounds.inputs import clean_settings  # noqa: E402
from rounds.rules.scoring import RoundEntry  # noqa: E402
from rounds.services.imports import IMPORT_CHUNK_ROUNDS  # noqa: E402
from rounds.services.locking import lock_acquire  # noqa: E402

IMPORT_ROUNDS = int(os.environ.get("BENCH_IMPORT_ROUNDS", "5000"))
TABLES = 5


def a_log() -> str:
    lines = ["2013-01-03"]
    for table in range(TABLES):
        lines += [f"A{table} B{table} C{table} D{table}"]
        lines += ["5 0 11 13", "0 3 7 10", "2 4 0 9t"] * (IMPORT_ROUNDS // TABLES // 3)
    return "\n".join(lines) + "\n"


def adds_until(stop: threading.Event, waits: list[float]) -> None:
    """A table adding rounds back to back, each add's time kept, until `stop` (a rematch when full)."""
    try:
        session = rounds_services.session_create(
            players=["Ann", "Ben", "Cat", "Dan"], settings=clean_settings({})
        )
        token = lock_acquire(session=session, device="bench").token
        while not stop.is_set():
            started = time.perf_counter()
            rounds_services.round_add(session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)))
            waits.append(time.perf_counter() - started)
            if len(waits) % 900 == 0:
                session = rounds_services.session_create(
                    players=["Ann", "Ben", "Cat", "Dan"], settings=clean_settings({})
                )
                token = lock_acquire(session=session, device="bench").token
    finally:
        connection.close()


def table_while(work) -> tuple[list[float], float]:
    stop, waits = threading.Event(), []
    table = threading.Thread(target=adds_until, args=(stop, waits))
    table.start()
    time.sleep(0.5)  # the table is adding before the work starts
    started = time.perf_counter()
    work()
    took = time.perf_counter() - started
    stop.set()
    table.join()
    return waits, took


def summary(label: str, waits: list[float]) -> str:
    ordered = sorted(waits)
    p99 = ordered[int(len(ordered) * 0.99) - 1] if ordered else 0.0
    return (
        f"{label:<28} {len(waits):6} adds  median {statistics.median(waits) * 1000:6.1f} ms  "
        f"p99 {p99 * 1000:6.1f} ms  longest {max(waits) * 1000:6.1f} ms"
    )


def main() -> None:
    inprocess.prepare()
    log = a_log()
    alone, _ = table_while(lambda: time.sleep(3))
    group = services.group_create(name="Held")
    during, took = table_while(lambda: log_import(group=group, text=log, dry_run=False))
    whole = services.group_create(name="Held whole")

    def in_one_transaction():
        with transaction.atomic():
            log_import(group=whole, text=log, dry_run=False)

    before, took_before = table_while(in_one_transaction)
    print(
        f"{connection.vendor}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}; "
        f"an import of {IMPORT_ROUNDS:,} rounds in {TABLES} tables took {took:.1f} s "
        f"({IMPORT_CHUNK_ROUNDS} rounds a transaction)"
    )
    print(summary("a table's adds, alone", alone))
    print(summary("a table's adds, during it", during))
    print(summary("during it in one transaction", before) + f" (the import took {took_before:.1f} s)")
    print(
        f"longest wait during / longest alone: {max(during) / max(alone):.1f}x; "
        f"in one transaction / alone: {max(before) / max(alone):.1f}x"
    )


if __name__ == "__main__":
    main()
