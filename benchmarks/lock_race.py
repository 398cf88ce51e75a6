"""Two devices grab a session's entry lock at the same instant, N times, against a running server.

    python benchmarks/lock_race.py                                  # http://127.0.0.1:8000
    python benchmarks/lock_race.py --url http://127.0.0.1:8001 --second-url http://127.0.0.1:8002 -n 500

With --second-url the two devices talk to two different server processes (the
multi-worker setup: one PostgreSQL, one Redis). It makes a fresh session through
the JSON API, then per trial: both devices POST /lock behind a barrier, exactly
one must get 200 and the other 409 naming the winner, and the winner releases.
Prints winners, refusals, anomalies and latency; exits 1 if any trial did not
have exactly one winner. Only the standard library.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from collections import Counter
from urllib.parse import urlsplit

DEVICES = ("Ann's phone", "Ben's phone")


class Client:
    """One device: one kept-alive HTTP connection to one server."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        connection_class = (
            http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        )
        self.connection = connection_class(parts.hostname, parts.port, timeout=15)

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Entry-Lock"] = token
        self.connection.request(
            method, path, body=None if body is None else json.dumps(body), headers=headers
        )
        response = self.connection.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw or b"{}")
        except ValueError:
            return response.status, {"error": raw[:200].decode(errors="replace")}


def race(key: str, clients: list[Client]) -> list[tuple[int, dict, float]]:
    barrier = threading.Barrier(len(clients))
    outcomes: list[tuple[int, dict, float]] = [(0, {}, 0.0)] * len(clients)

    def grab(slot: int) -> None:
        barrier.wait()
        started = time.perf_counter()
        status, body = clients[slot].call("POST", f"/api/sessions/{key}/lock", {"device": DEVICES[slot]})
        outcomes[slot] = (status, body, time.perf_counter() - started)

    threads = [threading.Thread(target=grab, args=(slot,)) for slot in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="server of the first device")
    parser.add_argument("--second-url", help="server of the second device (default: the same)")
    parser.add_argument("-n", "--trials", type=int, default=200)
    options = parser.parse_args()

    clients = [Client(options.url), Client(options.second_url or options.url)]
    status, state = clients[0].call("POST", "/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"]})
    if status != 201:
        print(f"Could not create a session on {options.url}: {status} {state}", file=sys.stderr)
        return 2
    key = state["id"]

    # Baseline, in this same run: one device grabbing and releasing with nobody in the way.
    alone: list[float] = []
    for _ in range(options.trials):
        started = time.perf_counter()
        status, grant = clients[0].call("POST", f"/api/sessions/{key}/lock", {"device": DEVICES[0]})
        alone.append(time.perf_counter() - started)
        clients[0].call("DELETE", f"/api/sessions/{key}/lock", token=grant.get("token"))

    wins: Counter[str] = Counter()
    refusals = 0
    anomalies: list[tuple[int, list[int]]] = []
    latencies: list[float] = []
    started = time.perf_counter()
    for trial in range(options.trials):
        outcomes = race(key, clients)
        latencies += [seconds for _, _, seconds in outcomes]
        statuses = [status for status, _, _ in outcomes]
        winners = [slot for slot, status in enumerate(statuses) if status == 200]
        refusals += statuses.count(409)
        one_winner = sorted(statuses) == [200, 409]
        if not one_winner or outcomes[1 - winners[0]][1].get("holder") != DEVICES[winners[0]]:
            anomalies.append((trial, statuses))
        for slot in winners:
            wins[DEVICES[slot]] += 1
            clients[slot].call("DELETE", f"/api/sessions/{key}/lock", token=outcomes[slot][1]["token"])
    elapsed = time.perf_counter() - started

    exact = options.trials - len(anomalies)
    where = options.url if not options.second_url else f"{options.url} and {options.second_url}"
    print(f"{options.trials} trials against {where} in {elapsed:.1f} s")
    print(f"exactly one winner: {exact}/{options.trials}")
    print(
        "winners: "
        + ", ".join(f"{device} {wins[device]}" for device in DEVICES)
        + f"; refusals (409): {refusals}"
    )
    latencies_ms = sorted(seconds * 1000 for seconds in latencies)
    alone_median = statistics.median(alone) * 1000
    print(
        f"grab latency: median {statistics.median(latencies_ms):.1f} ms, "
        f"p95 {latencies_ms[int(len(latencies_ms) * 0.95) - 1]:.1f} ms, max {latencies_ms[-1]:.1f} ms"
    )
    print(
        f"baseline (one device alone, same run): median {alone_median:.1f} ms; "
        f"contended / alone = {statistics.median(latencies_ms) / alone_median:.2f}x"
    )
    for trial, statuses in anomalies[:10]:
        print(f"  trial {trial}: statuses {statuses}", file=sys.stderr)
    return 1 if anomalies else 0


if __name__ == "__main__":
    sys.exit(main())
