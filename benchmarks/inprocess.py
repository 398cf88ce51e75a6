"""Django in this process, for the benchmarks that time through its test client (no server).

Call `setup` before importing anything of the project's: a scratch SQLite file, or the
database of BENCH_DATABASE_URL; `prepare` then migrates it and collects the static files.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def setup(prefix: str) -> None:
    scratch = Path(tempfile.mkdtemp(prefix=prefix)) / "bench.sqlite3"
    os.environ.update(
        {
            "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{scratch}"),
            "HTTPS": "0",
            "DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        }
    )
    import django

    django.setup()


def prepare() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def taking_turns(
    figures: dict[str, tuple[Callable[[], object], Callable[[], object] | None]], repeats: int
) -> dict[str, float]:
    """Median milliseconds of each (run, before) over `repeats` rounds in which every figure runs
    once in turn, so a change in the machine's load (shared with other work) weighs on each alike."""
    times: dict[str, list[float]] = {label: [] for label in figures}
    for _ in range(repeats):
        for label, (run, before) in figures.items():
            if before:
                before()
            started = time.perf_counter()
            run()
            times[label].append(time.perf_counter() - started)
    return {label: statistics.median(samples) * 1000 for label, samples in times.items()}
