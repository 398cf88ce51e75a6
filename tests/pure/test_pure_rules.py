"""The rules modules stay pure: importing them loads no Django, so they run anywhere (a script,
a benchmark, another app) and nothing but plain values goes in or out."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = [
    "rounds.rules.scoring",
    "rounds.rules.ruleset",
    "rounds.rules.places",
    "rounds.rules.working",
    "rounds.rules.standings",
    "rounds.rules.settlement",
    "rounds.rules.stats",
    "rounds.rules.tiers",
    "rounds.rules.names",
    "rounds.rules.tien_len",
    "groups.rules.paper_log",
]


@pytest.mark.parametrize("module", PURE)
def test_a_rules_module_imports_without_django(module):
    script = f"import sys, {module}; print(sorted(name for name in sys.modules if name.startswith('django')))"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
