"""The entry lock remembers when its hold last added a round (issue 38): a hold 10 minutes without
one may be taken over whatever its renewals say. A lock held now counts from when it was taken."""

from django.db import migrations, models
from django.db.models import F


def from_acquired(apps, schema_editor) -> None:
    apps.get_model("rounds", "EntryLock").objects.exclude(token="").update(written_at=F("acquired_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0013_session_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrylock",
            name="written_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(from_acquired, migrations.RunPython.noop),
    ]
