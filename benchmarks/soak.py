"""A soak on `make serve`: N tables, F follower sockets each, a hand per table every S seconds.

    python benchmarks/soak.py --tables 20 --followers 2 --period 5 --minutes 1
    python benchmarks/soak.py --tables 1000 --followers 4 --period 60 --minutes 3

Starts `make serve` (benchmarks/harness.py, WORKERS 2) on PostgreSQL + Redis found as `make bench`
finds them, makes N sessions over the JSON API, then opens every follower socket at once (the
phones of a club night after a Wi-Fi drop), then has each table, every S seconds (the tables
spread evenly over the period), take its entry lock, add a hand and release the lock, for M
minutes. Reports hands per second, the add's p50/p95, the delivery from each POST's start to
each follower's receipt of that round (p50/p95/max), lost deliveries, sockets that failed to open
or were dropped, and the server's CPU seconds and memory per socket (from /proc of the gunicorn
master and its workers); appends them to benchmarks/RESULTS.md under "## Soaks".

The load client is this one Python process (asyncio on uvloop, `websockets` for the sockets, the
harness's HTTP/1.1 client for the writes), on the same cores as the servers, PostgreSQL and Redis:
its own CPU and how late its event loop ran are reported with the figures. The server gets
SOCKETS_PER_ADDRESS lifted to the sockets the run opens (the load client is one address) and
the rate limits lifted (harness.base_env), through its environment only.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import Server, make_serve
from benchmarks.machine import machine, postgres_and_redis, raise_open_files
from benchmarks.soak_figures import soak_lines
from benchmarks.soak_server import keep_run, server_env, soak_options
from benchmarks.soak_tables import Soak, run_soak


def main() -> int:
    parser = soak_options(__doc__.split("\n\n")[0], tables=20, workers="make serve's WORKERS")
    parser.add_argument(
        "--club-night",
        action="store_true",
        help="alongside, a 50-table club night with 2 screens (benchmarks/event_night.py's night; "
        "EVENT_INTERVAL='50,70' for a hand about a minute a table, '2,4' by default)",
    )
    options = parser.parse_args()

    sockets = options.tables * options.followers
    raise_open_files(sockets)
    about = machine()
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-soak-") as scratch,
        postgres_and_redis() as (
            database,
            redis_url,
        ),
    ):
        night: dict = {}
        env = server_env(sockets + (300 if options.club_night else 0))
        with make_serve(Path(scratch), database, redis_url, options.workers, env=env) as server:
            soak = Soak([server], options.tables, options.followers, options.period, options.minutes)
            results = run_soak(
                soak, club_night(server, night, options.minutes) if options.club_night else None
            )
    results["machine"] = {**about, "load_after": os.getloadavg()}
    results["server_env"] = env
    lines = soak_lines(results, title="soak.py" + (" with a club night alongside" if night else ""))
    if night:
        lines += club_night_lines(night)
    keep_run(results, lines, name="soak", append=not options.no_append)
    return 0


def club_night(server: Server, night: dict, minutes: float) -> Callable[[], Awaitable[None]]:
    """A club night of 50 tables, each adding a hand every 2-4 s, and 2 screens, while the soak runs
    (issue 42: every screen within 1 s of its hands); its figures land in `night`."""
    os.environ.setdefault("EVENT_SCREENS", "2")
    os.environ.setdefault("EVENT_SECONDS", str(max(30.0, minutes * 60 - 60)))
    from benchmarks import event_night

    async def run() -> None:
        night.update(await event_night.night(server))

    return run


def club_night_lines(night: dict) -> list[str]:
    screens, add = night["screens_delay"], night["add"]
    return [
        "",
        f"Alongside, a club night: {night['tables']} tables ({night['phones']} phones), {night['screens']} screens, "
        f"{night['adds']} hands in {night['seconds']:g} s ({night['adds_per_second']} a second, a hand every "
        f"{os.environ.get('EVENT_INTERVAL', '2,4').replace(',', '-')} s a table): add p95 {add['p95_ms']} ms; a hand on every screen p50 {screens['p50_ms']} ms, "
        f"p95 {screens['p95_ms']} ms, max {screens['max_ms']} ms; {night['screens_missing']} hands never shown; "
        f"{night['screen_message_kb']} KB a screen message.",
    ]


if __name__ == "__main__":
    sys.exit(main())
