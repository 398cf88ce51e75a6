"""Paper logs in and out of a group (API.md "Paper log format"), parsed and written by
rounds/paperlog.py: every table of a log becomes a finished evening, or nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.http import HttpRequest

from groups.inputs import MAX_LOG_BYTES
from groups.models import Group
from rounds.errors import ServiceError

MAX_UPLOAD = MAX_LOG_BYTES + 1
IMPORT_DEVICE = "A paper log"


class LogRefused(ServiceError):
    """A line of the log the importer cannot take; `line` is 1-based."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__("%(message)s", field="log", message=message)
        self.line = line


@dataclass(frozen=True)
class ImportSummary:
    sessions: int
    rounds: int
    players: list[str]
    new_players: list[str]
    first_day: date | None
    last_day: date | None
    dry_run: bool
    evenings: list[int] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "sessions": self.sessions,
            "rounds": self.rounds,
            "players": self.players,
            "new_players": self.new_players,
            "from": self.first_day.isoformat() if self.first_day else None,
            "to": self.last_day.isoformat() if self.last_day else None,
            "dry_run": self.dry_run,
        }


def body_of(request: HttpRequest) -> bytes:
    """The request's body, read up to one byte past the limit (a log may pass the JSON API's 64 KB)."""
    return request.read(MAX_UPLOAD)


def log_import(*, group: Group, text: str, dry_run: bool) -> ImportSummary:
    raise ServiceError("Paper logs: not yet")


def log_export(group: Group) -> str:
    return ""
