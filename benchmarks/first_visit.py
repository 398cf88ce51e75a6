"""A first visit reloads without a connection, 10 times out of 10 (issues 30 and 31).

Runs tests/e2e/test_first_visit_offline.py's two trials with FIRST_VISIT_TRIALS phones each (10
unless set; the suite makes 3), on the embedded default, and prints how many came back. Not part
of `make bench`: `.venv/bin/python benchmarks/first_visit.py`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRIALS = os.environ.get("FIRST_VISIT_TRIALS", "10")


def main() -> int:
    command = [
        sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-s", "-q",
        "tests/e2e/test_first_visit_offline.py", "-k", "every_time",
    ]  # fmt: skip
    environment = {**os.environ, "FIRST_VISIT_TRIALS": TRIALS, "HTTPS": "0"}
    run = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    for line in re.findall(r"first visit[^\n]*", run.stdout):
        print(line)
    print(run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-2000:])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
