"""manage.py purge_groups --older-than DAYS: remove groups nobody has used for DAYS days, whole.

A group goes with everything it holds: its evenings (the sessions, their rounds and history),
its club nights (each with its tables), its players and its import records, in one transaction. Used means: made or changed (its rules,
a player's name, its league), an evening or a club night changed, or a log imported. `purge_sessions` never removes a group's evening on its own.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from groups import signals as clubs
from groups.models import Group, GroupEvening
from rounds.public import Session
from toolkit.purge import PurgeCommand


def unused_groups(days: int) -> QuerySet[Group]:
    """Groups not used for `days` days: not changed, no evening changed, no log imported, and
    none of their club nights changed (a draw, a hand at a table)."""
    cutoff = timezone.now() - timedelta(days=days)
    found = (
        Group.objects.filter(created_at__lt=cutoff, updated_at__lt=cutoff)
        .annotate(last_change=Max("evenings__session__updated_at"), last_import=Max("imports__created_at"))
        .filter(Q(last_change__isnull=True) | Q(last_change__lt=cutoff))
        .filter(Q(last_import__isnull=True) | Q(last_import__lt=cutoff))
    )
    used = clubs.last_used(list(found.values_list("pk", flat=True)))
    return found.exclude(pk__in=[group for group, when in used.items() if when >= cutoff])


class Command(PurgeCommand):
    help = (
        "Delete groups not used for DAYS days (no rule or name changed, no evening changed, no log "
        "imported), each with its "
        "evenings, players and import records."
    )

    def purge(self, older_than: int, *, dry_run: bool) -> None:
        ids = list(unused_groups(older_than).values_list("pk", flat=True))
        groups = Group.objects.filter(pk__in=ids).order_by("pk")
        if dry_run:
            listed = groups.annotate(
                evening_count=Count("evenings", distinct=True), import_count=Count("imports", distinct=True)
            )
            for group in listed:
                self.stdout.write(
                    f"  group {group.pk} ({group.name}): made {group.created_at:%Y-%m-%d}, "
                    f"{group.evening_count} evenings, {group.import_count} imported logs"
                )
            self.stdout.write(f"{len(ids)} groups not used for {older_than} days would be removed")
            return
        with transaction.atomic():
            evenings = GroupEvening.objects.filter(group_id__in=ids).values("session_id")
            sessions = Session.objects.filter(pk__in=evenings).delete()[1].get("rounds.Session", 0)
            for tables in clubs.sessions_of(ids):  # the club nights' tables, then the nights
                Session.objects.filter(pk__in=tables).delete()
            groups.delete()
        self.stdout.write(
            f"Removed {len(ids)} groups not used for {older_than} days, with their {sessions} evenings"
        )
