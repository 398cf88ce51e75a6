"""What the ratings (SPEC 12) cost the season of a 2013-sized group, in-process.

    python benchmarks/ratings.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/ratings.py

Imports the real 2013 paper log (tests/data/big-two-2013.txt: 20 players, 195 tables, 1,104
rounds) into a group, then times, median of REPEATS through Django's test client: the season
JSON and the season page with the ratings stored (the usual read), the same with the stored
ratings deleted before each GET (the first read after a change: every round rated again), and
the rating of the 1,104 rounds alone. Target: the season JSON under 100 ms with ratings.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="ratings-")) / "bench.sqlite3"
os.environ.update(
    {
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{SCRATCH}"),
        "HTTPS": "0",
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from groups import services  # noqa: E402
from groups.models import SeasonRatings  # noqa: E402
from groups.paper import log_import  # noqa: E402
from groups.rating import rate  # noqa: E402
from groups.ratings import season_ratings, season_rounds  # noqa: E402
from groups.selectors import group_season, player_names, season_json  # noqa: E402

REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))
LOG = ROOT / "tests" / "data" / "big-two-2013.txt"


def median_ms(run, *, before=None) -> float:
    times = []
    for _ in range(REPEATS):
        if before:
            before()
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    group = services.group_create(name="2013")
    summary = log_import(group=group, text=LOG.read_text(encoding="utf-8"), dry_run=False)
    client = Client(HTTP_HOST="127.0.0.1")
    json_path, page_path = f"/api/groups/{group.view_key}/season", f"/g/{group.view_key}/"
    assert client.get(json_path).status_code == 200
    assert client.get(page_path).status_code == 200

    def forget() -> None:
        SeasonRatings.objects.filter(group=group).delete()

    def as_if_a_round_was_added_tonight() -> None:
        # The stored row no longer matches the season, but its ratings before the last evening
        # still do: what a read finds after a round is added to the evening being played.
        forget()
        client.get(json_path)
        SeasonRatings.objects.filter(group=group).update(digest="changed")

    def get(path: str):
        return lambda: client.get(path)

    season = group_season(group)
    rounds = season_rounds(season)
    client.get(json_path)
    figures = {
        "season JSON, ratings stored (every read until a round changes)": median_ms(get(json_path)),
        "season JSON, a round added to the last evening (it alone rated)": median_ms(
            get(json_path), before=as_if_a_round_was_added_tonight
        ),
        "season JSON, nothing stored (an old round corrected: all rated)": median_ms(
            get(json_path), before=forget
        ),
        "season page, ratings stored": median_ms(get(page_path)),
        "season page, nothing stored": median_ms(get(page_path), before=forget),
        "the season's figures without ratings (group_season, season_json)": median_ms(
            lambda: season_json(group_season(group), player_names(group))
        ),
        "season_ratings() alone, stored": median_ms(lambda: season_ratings(group, season)),
        f"rate() alone, the {len(rounds):,} rounds": median_ms(lambda: rate(rounds)),
    }
    print(
        f"2013 log: {summary.sessions} tables, {len(rounds):,} rounds; {connection.vendor}; median of {REPEATS}; "
        f"{os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}"
    )
    for label, milliseconds in figures.items():
        print(f"{label:<68} {milliseconds:8.1f} ms")


if __name__ == "__main__":
    main()
