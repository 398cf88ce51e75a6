"""SQLite's writers of one process wait on a lock, not on SQLite's sleeping busy handler
(scorekeeper/sqlite/base.py); on PostgreSQL there is nothing to queue."""

import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection, connections, transaction

from rounds.models import Session
from scorekeeper.sqlite.base import forget, keepers
from tests.factories import make_session

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.sqlite,
]


def queue():
    return connection.writer_queue()


def waiting_in_queue(thread: threading.Thread) -> bool:
    frame = sys._current_frames().get(thread.ident)
    return frame is not None and frame.f_code.co_filename.endswith(
        str(Path("scorekeeper", "sqlite", "base.py"))
    )


def test_a_transaction_holds_the_queue_until_it_commits_or_rolls_back():
    session = make_session()
    assert not queue().locked()
    with transaction.atomic():
        Session.objects.filter(pk=session.pk).update(version=7)
        assert queue().locked()
    assert not queue().locked()

    def write_then_fail() -> None:
        with transaction.atomic():
            Session.objects.filter(pk=session.pk).update(version=8)
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert not queue().locked()
    assert Session.objects.get(pk=session.pk).version == 7


def test_a_second_writer_waits_for_the_first_to_commit_then_goes_at_once():
    session = make_session()
    first_in, first_may_commit = threading.Event(), threading.Event()
    times: dict[str, float] = {}
    failures: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                Session.objects.filter(pk=session.pk).update(version=1)
                first_in.set()
                assert first_may_commit.wait(10)
            times["first committed"] = time.monotonic()
        except BaseException as error:  # reported to the test's thread
            failures.append(error)
        finally:
            connections.close_all()

    def second() -> None:
        try:
            with transaction.atomic():
                times["second began"] = time.monotonic()
                Session.objects.filter(pk=session.pk).update(version=2)
        except BaseException as error:
            failures.append(error)
        finally:
            connections.close_all()

    one = threading.Thread(target=first)
    one.start()
    assert first_in.wait(10)
    two = threading.Thread(target=second)
    two.start()
    # The second writer waits in the queue (Python code of scorekeeper/sqlite/base.py at its top),
    # not in SQLite's busy handler (inside the cursor's execute of BEGIN IMMEDIATE).
    deadline = time.monotonic() + 10
    while not waiting_in_queue(two):
        assert two.is_alive(), "the second writer went through while the first held the queue"
        assert time.monotonic() < deadline, "the second writer never reached the queue"
        time.sleep(0.01)
    assert "second began" not in times
    first_may_commit.set()
    one.join(10)
    two.join(10)
    assert failures == []
    assert times["second began"] >= times["first committed"]
    assert Session.objects.get(pk=session.pk).version == 2
    assert not queue().locked()


def test_the_file_stays_open_so_a_closing_connection_keeps_the_write_ahead_log():
    make_session()
    name = str(connection.settings_dict["NAME"])
    connection.close()
    assert name in keepers
    # Not the last connection: no checkpoint and no deleting the log, so the next commit
    # appends to it instead of creating it again.
    assert Path(f"{name}-wal").exists()
    make_session()
    assert Session.objects.count() == 2


def test_forgetting_a_file_closes_its_keeper_and_removes_a_log_left_beside_it(tmp_path):
    name = str(tmp_path / "gone.sqlite3")
    keepers[name] = sqlite3.connect(name, check_same_thread=False)
    Path(f"{name}-wal").write_bytes(b"left by a killed process")
    forget(name)
    assert name not in keepers
    assert not Path(f"{name}-wal").exists()
