"""manage.py purge_events --older-than DAYS (or --days DAYS): remove events nobody has touched for
DAYS days, each with its tables (their sessions, rounds and history), players and ratings.

Touched means, as for purge_sessions: the event changed (made, drawn, players changed) or any of
its tables changed (a hand added, corrected or deleted). An event of a group (SPEC 13: a club's
night counts in the group's season) is never purged here: it goes with its group.
"""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import CommandParser
from django.db import transaction
from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from events.models import Event, EventTable
from events.reads.selectors import group_events
from rounds.public import Session
from toolkit.purge import PurgeCommand


def abandoned_events(days: int) -> QuerySet[Event]:
    """Events not changed for `days` days, nor any of their tables, that no group keeps."""
    cutoff = timezone.now() - timedelta(days=days)
    return (
        Event.objects.filter(updated_at__lt=cutoff)
        .exclude(pk__in=group_events())
        .annotate(last_table=Max("event_rounds__tables__session__updated_at"))
        .filter(Q(last_table__isnull=True) | Q(last_table__lt=cutoff))
    )


class Command(PurgeCommand):
    help = (
        "Delete events not changed for DAYS days (no draw, no player changed, no hand at any of "
        "their tables), each with its tables, players and ratings. An event of a group is kept."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than", "--days", dest="older_than", type=int, required=True, metavar="DAYS"
        )
        parser.add_argument("--dry-run", action="store_true", help="only list what would go")

    def purge(self, older_than: int, *, dry_run: bool) -> None:
        ids = list(abandoned_events(older_than).values_list("pk", flat=True))
        events = Event.objects.filter(pk__in=ids).order_by("pk")
        if dry_run:
            listed = events.annotate(
                player_count=Count("players", distinct=True),
                table_count=Count("event_rounds__tables", distinct=True),
            )
            for event in listed:
                self.stdout.write(
                    f"  event {event.pk} ({event.name}): made {event.created_at:%Y-%m-%d}, "
                    f"{event.player_count} players, {event.table_count} tables"
                )
            self.stdout.write(f"{len(ids)} events not changed for {older_than} days would be removed")
            return
        with transaction.atomic():
            tables = EventTable.objects.filter(event_round__event_id__in=ids).values("session_id")
            sessions = Session.objects.filter(pk__in=tables).delete()[1].get("rounds.Session", 0)
            events.delete()
        self.stdout.write(
            f"Removed {len(ids)} events not changed for {older_than} days, with their {sessions} tables"
        )
