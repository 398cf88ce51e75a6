"""What the ratings (SPEC 12) cost the season of a 2013-sized group, in-process.

    python benchmarks/ratings.py            # scratch SQLite file
    BENCH_DATABASE_URL=postgres://... python benchmarks/ratings.py

Imports the real 2013 paper log (tests/data/big-two-2013.txt: 20 players, 195 tables, 1,104
rounds) into a group, then times through Django's test client, median of REPEATS rounds in which
every figure runs once in turn: the season JSON without ratings (the API's ratings left out, as
before them), with the ratings stored (the usual read), after a round is added to the last
evening (that evening rated again from the ratings stored before it), with nothing stored (a
correction to an old round: every round rated again); the season page stored and not; and the
stored lookup and the rating of the 1,104 rounds alone. Target: the season JSON under 100 ms.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import inprocess  # noqa: E402

inprocess.setup("ratings-")

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from groups import services  # noqa: E402
from groups.models import SeasonRatings  # noqa: E402
from groups.reads.season_ratings import season_ratings, season_rounds  # noqa: E402
from groups.reads.selectors import group_season  # noqa: E402
from groups.rules.skill import rate  # noqa: E402
from groups.services.paper_import import log_import  # noqa: E402
from groups.web import api  # noqa: E402

REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))
LOG = ROOT / "tests" / "data" / "big-two-2013.txt"


def without_ratings(run):
    """`run` with the season API's ratings left out: the season as it was before them."""

    def timed() -> None:
        real = api.season_ratings
        api.season_ratings = lambda group, season: None
        try:
            run()
        finally:
            api.season_ratings = real

    return timed


def main() -> None:
    inprocess.prepare()
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
    figures = inprocess.taking_turns(
        {
            "season JSON without ratings (as before them)": (without_ratings(get(json_path)), None),
            "season JSON, ratings stored (every read until a round changes)": (get(json_path), None),
            "season JSON, a round added to the last evening (it alone rated)": (
                get(json_path),
                as_if_a_round_was_added_tonight,
            ),
            "season JSON, nothing stored (an old round corrected: all rated)": (get(json_path), forget),
            "season page, ratings stored": (get(page_path), None),
            "season page, nothing stored": (get(page_path), forget),
            "season_ratings() alone, stored": (lambda: season_ratings(group, season), None),
            f"rate() alone, the {len(rounds):,} rounds": (lambda: rate(rounds), None),
        },
        REPEATS,
    )
    print(
        f"2013 log: {summary.sessions} tables, {len(rounds):,} rounds; {connection.vendor}; median of {REPEATS}; "
        f"{os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}"
    )
    for label, milliseconds in figures.items():
        print(f"{label:<68} {milliseconds:8.1f} ms")


if __name__ == "__main__":
    main()
