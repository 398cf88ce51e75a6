"""The soak's arithmetic (benchmarks/soak_figures.py): what is a delivery, a lost one, a failed or
dropped socket, hands per second, and the split per host. No server, no database."""

import math

from benchmarks.soak_figures import Add, Follower, delivery_figures, per_host, soak_lines, summarise


def adds() -> list[Add]:
    # Table 0 writes rounds 1 and 2 on host 0 at t = 10 and 20; table 1 one refused add on host 1.
    return [
        Add(table=0, host=0, began=10.0, ended=10.1, status=201, number=1),
        Add(table=0, host=0, began=20.0, ended=20.3, status=201, number=2),
        Add(table=1, host=1, began=15.0, ended=15.5, status=500),
    ]


def test_a_delivery_counts_from_the_posts_start_and_a_missing_one_is_lost():
    on_time = Follower(table=0, host=1, began=0.0, opened_at=1.0, pushed={1: 10.05, 2: 20.5})
    missed = Follower(table=0, host=1, began=0.0, opened_at=1.0, pushed={2: 20.4}, resynced={1})
    figures = delivery_figures(adds(), [on_time, missed])
    assert figures["owed"] == 4
    assert figures["delivered"] == 3
    assert figures["lost"] == 1
    assert figures["recovered_by_resync"] == 1  # seen later in a full state: still lost
    assert math.isclose(figures["delivery_max_ms"], 500.0)
    assert math.isclose(figures["delivery_p50_ms"], 400.0)


def test_sockets_never_opened_or_opened_late_or_dropped_before_a_hand_owe_nothing():
    failed = Follower(table=0, host=0, began=0.0, failure="HTTP 500")
    late = Follower(table=0, host=0, began=0.0, opened_at=12.0, pushed={2: 20.1})
    dropped = Follower(table=0, host=0, began=0.0, opened_at=1.0, dropped_at=15.0, dropped="closed 1011")
    dropped_after = Follower(
        table=0, host=0, began=0.0, opened_at=1.0, dropped_at=25.0, dropped="closed 1011", pushed={1: 10.2}
    )
    figures = summarise(adds(), [failed, late, dropped, dropped_after], seconds=20.0)
    # late owes round 2 only; dropped owes round 1 (gone before 2); dropped_after owes both.
    assert figures["owed"] == 4
    assert figures["lost"] == 2  # dropped's round 1, dropped_after's round 2
    assert figures["opened"] == 3
    assert figures["failed"] == {"HTTP 500": 1}
    assert figures["dropped"] == {"closed 1011": 2}


def test_hands_per_second_counts_only_the_adds_that_were_stored():
    figures = summarise(adds(), [], seconds=20.0)
    assert figures["hands"] == 2
    assert figures["hands_per_second"] == 0.1
    assert figures["add_failed"] == {"500": 1}
    assert math.isclose(figures["add_p95_ms"], 300.0)
    assert math.isnan(figures["delivery_p50_ms"])  # no follower: nothing measured, not zero


def test_per_host_splits_adds_by_the_writers_host_and_deliveries_by_the_followers():
    followers = [
        Follower(table=0, host=1, began=0.0, opened_at=1.0, pushed={1: 10.1, 2: 20.1}),
        Follower(table=0, host=2, began=0.0, opened_at=1.0, pushed={1: 10.2}),
    ]
    hosts = per_host(adds(), followers, seconds=20.0, hosts=3)
    assert [host["hands"] for host in hosts] == [2, 0, 0]
    assert [host["add_failed"] for host in hosts] == [{}, {"500": 1}, {}]
    assert [host["owed"] for host in hosts] == [0, 2, 2]
    assert [host["lost"] for host in hosts] == [0, 0, 1]


def test_the_markdown_names_the_plan_the_machine_and_every_figure():
    followers = [Follower(table=0, host=0, began=0.0, opened_at=0.5, pushed={1: 10.1, 2: 20.1})]
    server = {
        "name": "make serve 2w",
        "port": 8000,
        "workers": 2,
        "workers_replaced": [],
        "cpu_opening_s": 0.5,
        "cpu_soak_s": 6.0,
        "rss_before_mb": 200.0,
        "rss_open_mb": 201.0,
        "rss_end_mb": 202.0,
        "sockets_open": 1,
        "log_problems": {},
    }
    results = {
        "plan": {"tables": 2, "followers": 1, "period_s": 10.0, "minutes": 1.0, "hosts": 1},
        "date": "2026-12-06 18:00 UTC",
        "figures": {
            **summarise(adds(), followers, seconds=60.0),
            "lock_p50_ms": 10.0,
            "lock_p95_ms": 20.0,
            "release_p95_ms": 15.0,
            "lock_failed": {},
            "open_seconds": 0.5,
        },
        "per_host": None,
        "soak_window_s": 60.0,
        "servers": [server],
        "services_cpu": {"postgres": 1.0, "redis": 0.5},
        "client": {"cpu_opening_s": 0.1, "cpu_soak_s": 1.0, "lag_p95_ms": {}, "lag_max_ms": {}},
        "machine": {
            "cores": 2,
            "cpu": "AMD EPYC",
            "memory_gb": 24.0,
            "load_before": (1.0, 2.0, 3.0),
            "load_after": (2.0, 2.0, 3.0),
        },
        "server_env": {"SOCKETS_PER_ADDRESS": "500"},
    }
    text = "\n".join(soak_lines(results, title="soak.py"))
    assert "2 tables × 1 followers, a hand per table every 10 s, 1 min (2026-12-06 18:00 UTC)" in text
    assert "load average 1.0/2.0/3.0" in text
    assert "| lost deliveries | **0** of 2 |" in text
    assert "(1 sockets: too few for a figure per socket)" in text
    # 6 CPU s over 2 tables × 1 minute: 3,000 CPU-ms per table-minute, 10 % of a core.
    assert "6.0 s in the soak (10 % of a core; 3,000 CPU-ms per table-minute)" in text
