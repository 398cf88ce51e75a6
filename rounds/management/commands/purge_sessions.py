"""manage.py purge_sessions --older-than DAYS: remove sessions nobody has touched for DAYS days."""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from rounds.models import Session
from rounds.ratelimit import purge_counters


class Command(BaseCommand):
    help = (
        "Delete sessions not changed for DAYS days (no round added, corrected or deleted, no "
        "setting changed), with everything in them, and forget ended rate-limit windows."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--older-than", type=int, required=True, metavar="DAYS")
        parser.add_argument("--dry-run", action="store_true", help="only say how many would go")

    def handle(self, *args: object, older_than: int, dry_run: bool, **options: object) -> None:
        if older_than < 1:
            raise CommandError("--older-than: give a whole number of days, 1 or more")
        cutoff = timezone.now() - timedelta(days=older_than)
        abandoned = Session.objects.filter(updated_at__lt=cutoff)
        count = abandoned.count()
        if dry_run:
            self.stdout.write(f"{count} sessions not changed for {older_than} days would be removed")
            return
        with transaction.atomic():
            abandoned.delete()
            counters = purge_counters()
        self.stdout.write(
            f"Removed {count} sessions not changed for {older_than} days; {counters} ended rate-limit windows"
        )
