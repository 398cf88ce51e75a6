"""Imported evenings were stored with `updated_at` set to the day they were played, so a purge of
sessions "not changed for 90 days" took a season imported from an old paper log. An import now
sets `updated_at` to when it was written (the played day is GroupEvening.played_on); this gives
the evenings imported before that the time of their group's last import."""

from django.db import migrations
from django.db.models import Max
from django.utils import timezone


def written_when_imported(apps, schema_editor):
    GroupEvening = apps.get_model("groups", "GroupEvening")
    GroupImport = apps.get_model("groups", "GroupImport")
    Session = apps.get_model("rounds", "Session")
    imported = GroupEvening.objects.filter(imported=True)
    for group_id in imported.values_list("group_id", flat=True).distinct():
        last = GroupImport.objects.filter(group_id=group_id).aggregate(last=Max("created_at"))["last"]
        written = last or timezone.now()
        Session.objects.filter(
            pk__in=imported.filter(group_id=group_id).values("session_id"), updated_at__lt=written
        ).update(updated_at=written)


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0002_group_import"),
        ("rounds", "0007_covering_style"),
    ]

    operations = [migrations.RunPython(written_when_imported, migrations.RunPython.noop)]
