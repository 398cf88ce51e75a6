from django.db import migrations, models
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce


def count_versions(apps, schema_editor):
    Session = apps.get_model("rounds", "Session")
    RoundVersion = apps.get_model("rounds", "RoundVersion")
    counts = (
        RoundVersion.objects.filter(session=OuterRef("pk"))
        .order_by()
        .values("session")
        .annotate(count=Count("pk"))
        .values("count")
    )
    Session.objects.update(history_size=Coalesce(Subquery(counts), 0))


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0010_lock_activity"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="history_size",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_versions, migrations.RunPython.noop),
    ]
