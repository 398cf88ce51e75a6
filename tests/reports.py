"""Figures a test measures, printed at the end of the run (see conftest.pytest_terminal_summary)."""

from collections import Counter

COUNTS: Counter[str] = Counter()


def count(what: str, number: int = 1) -> None:
    COUNTS[what] += number
