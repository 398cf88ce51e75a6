"""SQLite for `make run`: one writer at a time inside the process, queued on a lock.

SQLite lets one transaction write at a time. Under ASGI every request runs on a thread of
its own with its own connection, so concurrent writes used to meet in `BEGIN IMMEDIATE`,
where SQLite's busy handler sleeps between tries (1, 2, 5 … up to 100 ms) however soon the
writer ahead of it commits: at 20 tables adding rounds, p50 64 ms but p95 892 ms
(benchmarks/RESULTS.md). Here the writers of one process wait on a lock instead and go as
soon as it is free. Other processes on the same file (the tests' live servers) still meet in
SQLite's own busy timeout; the queue gives way after that timeout too, so it never waits
longer than SQLite would have.
"""

from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

queues: dict[str, threading.Lock] = {}
queues_guard = threading.Lock()


def queue_for(name: str) -> threading.Lock:
    with queues_guard:
        return queues.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    holds_queue = False

    def writer_queue(self) -> threading.Lock:
        return queue_for(str(self.settings_dict["NAME"]))

    def _start_transaction_under_autocommit(self) -> None:
        timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        self.holds_queue = self.writer_queue().acquire(timeout=timeout)
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self.leave_queue()
            raise

    def leave_queue(self) -> None:
        if self.holds_queue:
            self.holds_queue = False
            self.writer_queue().release()

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self.leave_queue()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self.leave_queue()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            self.leave_queue()
