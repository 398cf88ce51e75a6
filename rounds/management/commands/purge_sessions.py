"""manage.py purge_sessions --older-than DAYS: remove sessions nobody has touched for DAYS days.

A session another app keeps (`rounds.signals.sessions_kept`: a group's evenings) is never
purged on its own: it goes with whatever keeps it (`purge_groups`).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count, QuerySet
from django.utils import timezone

from rounds.models import Session
from rounds.services.ratelimit import purge_counters
from rounds.signals import sessions_kept
from toolkit.purge import PurgeCommand


def abandoned_sessions(days: int) -> QuerySet[Session]:
    """Sessions not changed for `days` days that no other app keeps."""
    found = Session.objects.filter(updated_at__lt=timezone.now() - timedelta(days=days))
    for _receiver, kept in sessions_kept.send(sender=Session):
        found = found.exclude(pk__in=kept)
    return found


class Command(PurgeCommand):
    help = (
        "Delete sessions not changed for DAYS days (no round added, corrected or deleted, no "
        "setting changed), with everything in them, and forget ended rate-limit windows. "
        "A group's evenings are kept: they go only with their group (purge_groups)."
    )

    def purge(self, older_than: int, *, dry_run: bool) -> None:
        abandoned = abandoned_sessions(older_than)
        if dry_run:
            listed = abandoned.annotate(played=Count("rounds")).order_by("updated_at", "pk")
            for session in listed:
                names = ", ".join(session.players.values_list("name", flat=True))
                self.stdout.write(
                    f"  session {session.pk}: started {session.created_at:%Y-%m-%d}, last changed "
                    f"{session.updated_at:%Y-%m-%d}, {session.played} rounds ({names})"
                )
            self.stdout.write(f"{len(listed)} sessions not changed for {older_than} days would be removed")
            return
        with transaction.atomic():
            count = abandoned.count()
            abandoned.delete()
            counters = purge_counters()
        self.stdout.write(
            f"Removed {count} sessions not changed for {older_than} days; {counters} ended rate-limit windows"
        )
