"""A session's settings that no constraint reads, the covering rule and the house's name, kept by
name in one JSON value, `options` (issue 33): a setting added later needs no column. Both ways:
the columns' values become the JSON and back; a session at both defaults keeps `{}`."""

from django.db import migrations, models
from django.db.models import Q

FLAGS = ("covering_rule", "house_name")
BATCH = 500


def columns_to_options(apps, schema_editor):
    Session = apps.get_model("rounds", "Session")
    rows = Session.objects.filter(Q(covering_rule=True) | ~Q(house_name="")).order_by("pk").only("pk", *FLAGS)
    for start in range(0, rows.count(), BATCH):
        batch = list(rows[start : start + BATCH])
        for row in batch:
            row.options = {"covering_rule": row.covering_rule, "house_name": row.house_name}
        Session.objects.bulk_update(batch, ["options"])


def options_to_columns(apps, schema_editor):
    Session = apps.get_model("rounds", "Session")
    rows = Session.objects.exclude(options={}).order_by("pk").only("pk", "options")
    for start in range(0, rows.count(), BATCH):
        batch = list(rows[start : start + BATCH])
        for row in batch:
            row.covering_rule = bool(row.options.get("covering_rule", False))
            row.house_name = row.options.get("house_name") or ""
        Session.objects.bulk_update(batch, list(FLAGS))


class Migration(migrations.Migration):
    dependencies = [("rounds", "0012_rules_json")]

    operations = [
        migrations.AddField(model_name="session", name="options", field=models.JSONField(default=dict)),
        migrations.RunPython(columns_to_options, options_to_columns),
        migrations.RemoveField(model_name="session", name="covering_rule"),
        migrations.RemoveField(model_name="session", name="house_name"),
    ]
