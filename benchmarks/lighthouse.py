"""Lighthouse (mobile) on the pages issue 38 asks 100 of: an event's follow page and screen, and
session pages with rounds. Not part of `make bench`, and no npm file in the repository: Lighthouse
is installed outside it, Chromium is Debian's.

    mkdir -p /tmp/lh && (cd /tmp/lh && npm i -E lighthouse@12.2.3)
    make run PORT=8102 &
    .venv/bin/python benchmarks/lighthouse.py http://127.0.0.1:8102 [runs]

The pages are made through the JSON API (docs/api.md), as a club night looks mid-round: 16
players, round 1 of 2 drawn, one hand at each table (each Skill still "to be ranked"); a session
of winner takes all with five rounds; one of Hong Kong rules with covering (the 2s and covering
chips make each row taller, which moved the pad's last row under the sticky Cancel / Add). Each
page is audited `runs` times (3 unless given): the performance score moves with the machine's
load (Lighthouse simulates a slow phone from the CPU time it measures), so every run is printed,
then the lowest of each category. LIGHTHOUSE (the CLI) and CHROME_PATH may be set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

LIGHTHOUSE = os.environ.get("LIGHTHOUSE", "/tmp/lh/node_modules/.bin/lighthouse")
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def call(base: str, method: str, path: str, body: object = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"X-Entry-Lock": token} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise SystemExit(f"{method} {path}: {error.code} {error.read().decode()[:300]}") from None


def play(base: str, key: str, *hands: list[int]) -> None:
    token = call(base, "POST", f"/api/sessions/{key}/lock", {"device": "Lighthouse"})["token"]
    for cards in hands:
        call(base, "POST", f"/api/sessions/{key}/rounds", {"cards": cards}, token)
    call(base, "DELETE", f"/api/sessions/{key}/lock", None, token)


def pages(base: str) -> dict[str, str]:
    players = [f"Player {number}" for number in range(1, 17)]
    event = call(
        base,
        "POST",
        "/api/events",
        {"name": "Friday club", "players": players, "rounds": 2, "hands": 3, "rules": {"preset": "wta-flat"}},
    )
    for table in call(base, "POST", f"/api/events/{event['id']}/rounds", {})["tables"]:
        play(base, table["session"], [5, 0, 11, 13])
    four = ["Ann", "Ben", "Cat", "Dan"]
    session = call(
        base, "POST", "/api/sessions", {"players": four, "preset": "wta-flat", "value_per_point": "0.50"}
    )
    play(base, session["id"], [5, 0, 11, 13], [0, 3, 7, 9], [2, 8, 0, 13], [6, 0, 1, 2], [9, 4, 0, 10])
    chips = call(
        base, "POST", "/api/sessions", {"players": four, "preset": "hong-kong", "covering_rule": True}
    )
    play(base, chips["id"], [5, 0, 11, 13], [0, 3, 7, 9])
    return {
        "follow": event["links"]["follow"],
        "screen": event["links"]["screen"],
        "session": f"/s/{session['id']}/",
        "session, chips": f"/s/{chips['id']}/",
    }


def audit(url: str) -> tuple[dict[str, int], list[str]]:
    """One Lighthouse run: each category's score, and the audits that cost points."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            LIGHTHOUSE, url, "--quiet", "--output=json", f"--output-path={report}", "--form-factor=mobile",
            "--chrome-flags=--headless --no-sandbox",
        ]  # fmt: skip
        for attempt in (1, 2):  # Chromium on a busy machine now and then fails to start: once more
            done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROME}, capture_output=True)
            if done.returncode == 0:
                break
            if attempt == 2:
                raise SystemExit(f"lighthouse failed on {url}: {done.stderr.decode()[-500:]}")
        found = json.loads(report.read_text())
    scores = {name: round((found["categories"][name]["score"] or 0) * 100) for name in CATEGORIES}
    lost = [
        f"{name}: {ref['id']} {found['audits'][ref['id']].get('displayValue', '')}".rstrip()
        for name in CATEGORIES
        for ref in found["categories"][name]["auditRefs"]
        if ref["weight"] and (found["audits"][ref["id"]]["score"] or 0) < 1
    ]
    return scores, lost


def main() -> int:
    base = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for name, path in pages(base).items():
        lowest = dict.fromkeys(CATEGORIES, 100)
        for run in range(1, runs + 1):
            scores, lost = audit(base + path)
            lowest = {category: min(lowest[category], scores[category]) for category in CATEGORIES}
            print(f"{name} run {run}: {scores}" + (f"  ({'; '.join(lost)})" if lost else ""), flush=True)
        print(f"{name}, lowest of {runs}: {lowest}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
