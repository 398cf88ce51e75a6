"""What every purge command takes: --older-than DAYS (checked) and --dry-run (list, remove nothing)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser


class PurgeCommand(BaseCommand):
    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--older-than", type=int, required=True, metavar="DAYS")
        parser.add_argument("--dry-run", action="store_true", help="only list what would go")

    def handle(self, *args: object, older_than: int, dry_run: bool, **options: object) -> None:
        if older_than < 1:
            raise CommandError("--older-than: give a whole number of days, 1 or more")
        self.purge(older_than, dry_run=dry_run)

    def purge(self, older_than: int, *, dry_run: bool) -> None:
        raise NotImplementedError
