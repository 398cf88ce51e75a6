"""SQLite for `make run`: one writer at a time inside the process, queued on a lock, and the
file kept open while the process lives (see DatabaseWrapper).

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

import atexit
import contextlib
import os
import sqlite3
import threading

from django.db.backends.sqlite3 import base, creation

queues: dict[str, threading.Lock] = {}
queues_guard = threading.Lock()
# One idle connection per database file for the life of the process (see DatabaseWrapper).
keepers: dict[str, sqlite3.Connection] = {}


@atexit.register
def close_keepers() -> None:
    with queues_guard:
        for keeper in keepers.values():
            keeper.close()
        keepers.clear()


def forget(name: str) -> None:
    """Close this process's keeper of a file about to be deleted, and any write-ahead log left
    beside it (by a process that was killed), so a new file of that name starts clean."""
    with queues_guard:
        keeper = keepers.pop(str(name), None)
    if keeper is not None:
        keeper.close()
    for leftover in (f"{name}-wal", f"{name}-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(leftover)


class DatabaseCreation(creation.DatabaseCreation):
    """The test database is deleted and made again: without its keeper or a log left beside it."""

    def _create_test_db(self, verbosity: int, autoclobber: bool, keepdb: bool = False) -> str:
        name = self._get_test_db_name()
        if not keepdb and not self.is_in_memory_db(name):
            forget(name)
        return super()._create_test_db(verbosity, autoclobber, keepdb)

    def _destroy_test_db(self, test_database_name: str, verbosity: int) -> None:
        if not self.is_in_memory_db(test_database_name):
            forget(test_database_name)
        super()._destroy_test_db(test_database_name, verbosity)


def queue_for(name: str) -> threading.Lock:
    with queues_guard:
        return queues.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    """Also keeps one idle connection to the file open while the process lives. Every request
    runs on a thread of its own, so its connection is opened and closed with it; without another
    connection open, each close was the last one, which checkpoints and deletes the write-ahead
    log, and the next commit created it again: 2.6 ms to close and 2.3 ms to commit, against
    0.01 and 0.02 ms with the file kept open (measured on this machine's disk)."""

    creation_class = DatabaseCreation
    holds_queue = False

    def get_new_connection(self, conn_params: dict) -> sqlite3.Connection:
        connection = super().get_new_connection(conn_params)
        name = str(self.settings_dict["NAME"])
        if not self.is_in_memory_db():
            with queues_guard:
                if name not in keepers:
                    keeper = sqlite3.connect(name, check_same_thread=False)
                    # One read maps the log's index; from then on the keeper holds it open.
                    keeper.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
                    keepers[name] = keeper
        return connection

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
