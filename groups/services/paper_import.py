"""Paper logs in and out of a group (API.md "Paper log format"). Reading and writing the text is
groups/rules/paper_log.py's; this turns its tables into finished evenings of the group, all or nothing,
and the group's evenings back into tables.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext

from groups.inputs import MAX_LOG_BYTES
from groups.models import (
    MAX_GROUP_PLAYERS,
    MAX_GROUP_ROUNDS,
    Group,
    GroupImport,
    GroupPlayer,
)
from groups.rules.paper_log import (
    PaperLogError,
    PaperTable,
    check_paper_log,
    format_paper_log,
)
from groups.services.group_writes import GROUP_FULL, group_players_for, group_rounds, link_evening
from rounds.public import (
    MAX_SESSION_ROUNDS,
    ServiceError,
    Session,
    SessionSettings,
    clean_players,
    clean_settings,
    count_hit,
    scored_entries,
    session_import,
)
from rounds.rules.names import name_key
from rounds.rules.scoring import RoundEntry, ScoredRound
from toolkit.clients import client_address
from toolkit.messages import Refusal, gettext_noop
from toolkit.refusals import translated

MAX_UPLOAD = MAX_LOG_BYTES + 1
# What one import may bring: a few years of weekly evenings. Past it the log is refused at the
# line that passes the cap, before any round is scored, so one request stays short.
MAX_IMPORT_TABLES = 250
MAX_IMPORT_ROUNDS = 5_000
# A line that may be a round: it starts with a digit and is not a date.
LINE_OF_COUNTS = re.compile(r"^[ \t]*\d(?!\d{3}-\d\d-\d\d).*$", re.MULTILINE)
IMPORT_DEVICE = "A paper log"
# An evening stored from a log has no clock time: 20:00 UTC on its day.
EVENING_TIME = time(20, tzinfo=UTC)


ALREADY_IMPORTED = gettext_noop(
    "This log was already imported into this group on %(day)s (evenings: %(sessions)s); nothing was added"
)


TOO_MANY_TABLES = gettext_noop(
    "One log brings at most %(most)s tables: import the tables from this line on as another log"
)
TOO_MANY_ROUNDS = gettext_noop(
    "One log brings at most %(most)s rounds: import the tables from this line on as another log"
)
GROUP_ROUNDS_FULL = gettext_noop(
    "This group keeps at most %(most)s rounds and has %(kept)s: the log can bring %(room)s more, up to this line"
)
TABLE_TOO_LONG = gettext_noop(
    "A table holds at most %(most)s rounds, as a session does: start a new table (a line of names) here"
)


class AlreadyImported(ServiceError):
    status = 409

    def __init__(self, earlier: GroupImport) -> None:
        super().__init__(
            ALREADY_IMPORTED,
            field="log",
            day=earlier.created_at.date().isoformat(),
            sessions=earlier.sessions,
        )


class LogRefused(ServiceError):
    """A line of the log the importer cannot take; `line` is 1-based, `message` already translated."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__("%(message)s", field="log", message=message)
        self.line = line


def refused(error: PaperLogError) -> LogRefused:
    return LogRefused(translated(error), error.line)


def refused_at(line: int, template: str, **params: object) -> LogRefused:
    return LogRefused(gettext(template) % params, line)


def size_refusals(group: Group, tables: list[PaperTable]) -> list[LogRefused]:
    """Each cap the log passes (tables, rounds, a table's rounds, the group's players), at the line
    where it passes it."""
    found = []
    if len(tables) > MAX_IMPORT_TABLES:
        found.append(
            refused_at(tables[MAX_IMPORT_TABLES].line, TOO_MANY_TABLES, most=f"{MAX_IMPORT_TABLES:,}")
        )
    rounds = [round_ for table in tables for round_ in table.rounds]
    if len(rounds) > MAX_IMPORT_ROUNDS:
        found.append(
            refused_at(rounds[MAX_IMPORT_ROUNDS].line, TOO_MANY_ROUNDS, most=f"{MAX_IMPORT_ROUNDS:,}")
        )
    room = MAX_GROUP_ROUNDS - (kept := group_rounds(group))
    if len(rounds) > room:
        found.append(
            refused_at(
                rounds[max(room, 0)].line,
                GROUP_ROUNDS_FULL,
                most=f"{MAX_GROUP_ROUNDS:,}",
                kept=f"{kept:,}",
                room=f"{max(room, 0):,}",
            )
        )
    long = next((table for table in tables if len(table.rounds) > MAX_SESSION_ROUNDS), None)
    if long is not None:
        found.append(
            refused_at(long.rounds[MAX_SESSION_ROUNDS].line, TABLE_TOO_LONG, most=f"{MAX_SESSION_ROUNDS:,}")
        )
    players = set(GroupPlayer.objects.filter(group=group).values_list("name_key", flat=True))
    joining = ((table, name) for table in tables for name in table.players if name_key(name) not in players)
    for table, name in joining:
        players.add(name_key(name))
        if len(players) > MAX_GROUP_PLAYERS:
            found.append(refused_at(table.line, GROUP_FULL, most=MAX_GROUP_PLAYERS, name=name))
            break
    return found


@dataclass(frozen=True)
class CheckedTable:
    day: date
    names: list[str]
    settings: SessionSettings
    rounds: list[tuple[RoundEntry, ScoredRound]]


@dataclass(frozen=True)
class ImportSummary:
    """What a log holds: the preview, and the API's reply."""

    sessions: int
    rounds: int
    players: list[str]
    new_players: list[str]
    first_day: date | None
    last_day: date | None
    dry_run: bool

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


def table_settings(table: PaperTable) -> SessionSettings:
    """A paper table: pay the difference, its fry tiers, `t` as taking the whole loss, no wager."""
    settings = clean_settings({**table.rules.to_json(), "rounds": None, "target": None})
    return settings.covering_named_in(round_.covering for round_ in table.rounds)


def checked_table(table: PaperTable) -> CheckedTable:
    """A table with its names cleaned and its rounds scored by the rules engine."""
    try:
        names = clean_players(list(table.players))
    except Refusal as error:
        raise LogRefused(translated(error), table.line) from None
    settings = table_settings(table)
    rounds = []
    for round_ in table.rounds:
        entry = RoundEntry(cards=round_.cards, covering=round_.covering)
        try:
            rounds += scored_entries(names, settings, [entry])
        except Refusal as error:
            raise LogRefused(translated(error), round_.line) from None
    return CheckedTable(day=table.date, names=names, settings=settings, rounds=rounds)


def summary_of(group: Group, tables: list[PaperTable], *, dry_run: bool) -> ImportSummary:
    known = set(GroupPlayer.objects.filter(group=group).values_list("name_key", flat=True))
    players: dict[str, str] = {}
    for table in tables:
        for name in table.players:
            players.setdefault(name_key(name), name)
    days = [table.date for table in tables]
    return ImportSummary(
        sessions=len(tables),
        rounds=sum(len(table.rounds) for table in tables),
        players=list(players.values()),
        new_players=[name for key, name in players.items() if key not in known],
        first_day=min(days, default=None),
        last_day=max(days, default=None),
        dry_run=dry_run,
    )


def head_past_caps(text: str) -> str | None:
    """The log up to its line of counts number MAX_IMPORT_ROUNDS + 1, if it has that many: a log
    that long passes a cap by then, and its head alone says where (its lines keep their numbers),
    without reading the rest of a 256 KB log."""
    for count, line in enumerate(LINE_OF_COUNTS.finditer(text), start=1):
        if count > MAX_IMPORT_ROUNDS:
            return text[: line.end()]
    return None


def checked_log(group: Group, text: str) -> tuple[list[PaperTable], list[LogRefused]]:
    """The log's tables and every line refused (bad lines, caps passed), in line order. A log past
    the caps is refused from its head; one within them is read whole."""
    head = head_past_caps(text)
    if head is not None:
        tables, errors = check_paper_log(head)
        capped = size_refusals(group, tables)
        if capped:
            return tables, sorted([*map(refused, errors), *capped], key=lambda error: error.line)
    tables, errors = check_paper_log(text)
    return tables, sorted(
        [*map(refused, errors), *size_refusals(group, tables)], key=lambda error: error.line
    )


def log_preview(*, group: Group, text: str) -> tuple[ImportSummary, list[LogRefused]]:
    """What the log holds and every line it refuses (each with its number), storing nothing;
    AlreadyImported if this group has it already."""
    tables, refusals = checked_log(group, text)
    if tables and not refusals:
        check_not_imported(group, log_digest(tables))
    return summary_of(group, tables, dry_run=True), refusals


def log_import(*, group: Group, text: str, dry_run: bool) -> ImportSummary:
    """Check the whole log, then (unless `dry_run`) store every table as a finished evening of the
    group in one transaction; names are matched to the group's players as names compare."""
    tables, refusals = checked_log(group, text)
    if refusals:
        raise refusals[0]
    checked = [checked_table(table) for table in tables]
    summary = summary_of(group, tables, dry_run=dry_run)
    if not tables:  # comments alone: nothing to import, however often it is sent
        return summary
    digest = log_digest(tables)
    check_not_imported(group, digest)
    if dry_run:
        return summary
    staged = stage_tables(group, checked)
    try:
        with transaction.atomic():
            Group.objects.select_for_update().filter(pk=group.pk).first()  # one import of a group at a time
            check_not_imported(group, digest)
            for table, session in zip(checked, staged, strict=True):
                members = group_players_for(group, table.names)
                link_evening(
                    group=group, session=session, players=members, played_on=table.day, imported=True
                )
            GroupImport.objects.create(
                group=group, digest=digest, sessions=summary.sessions, rounds=summary.rounds
            )
    except BaseException:
        Session.objects.filter(pk__in=[session.pk for session in staged]).delete()
        raise
    return summary


def stage_tables(group: Group, checked: list[CheckedTable]) -> list[Session]:
    """Each table written as a session of its own, in short transactions (session_import), none of
    them the group's yet: log_import links them all at once, or deletes them. Each player is shown
    under the name the group knows them by, or the first spelling the log gives a new one."""
    known = dict(GroupPlayer.objects.filter(group=group).values_list("name_key", "name"))
    staged: list[Session] = []
    try:
        for table in checked:
            names = [known.setdefault(name_key(name), name) for name in table.names]
            staged.append(
                session_import(
                    players=names,
                    settings=table.settings,
                    rounds=table.rounds,
                    played_at=datetime.combine(table.day, EVENING_TIME),
                    device=IMPORT_DEVICE,
                )
            )
    except BaseException:
        Session.objects.filter(pk__in=[session.pk for session in staged]).delete()
        raise
    return staged


def import_counted(request: HttpRequest, *, group: Group, text: str, dry_run: bool) -> ImportSummary:
    """Every attempt counts once against the address's imports (RATE_LIMIT_IMPORTS), a dry run or
    one refused too, however many tables it brings: reading a long log is the work a stranger
    could repeat. Past the limit nothing is read."""
    count_attempt(request)
    return log_import(group=group, text=text, dry_run=dry_run)


def preview_counted(
    request: HttpRequest, *, group: Group, text: str
) -> tuple[ImportSummary, list[LogRefused]]:
    """The import page's preview, counted like any attempt."""
    count_attempt(request)
    return log_preview(group=group, text=text)


def count_attempt(request: HttpRequest) -> None:
    with transaction.atomic():  # committed at once: the import's own refusal does not undo it
        count_hit("import", client_address(request))


def log_digest(tables: list[PaperTable]) -> str:
    return hashlib.sha256(format_paper_log(tables).encode()).hexdigest()


def check_not_imported(group: Group, digest: str) -> None:
    """The same log (as its tables read, comments and spacing aside) is imported once per group."""
    earlier = GroupImport.objects.filter(group=group, digest=digest).first()
    if earlier is not None:
        raise AlreadyImported(earlier)
