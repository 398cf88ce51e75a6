"""A group's own rules (SPEC 5 "Our rules"): a session's settings JSON, or null."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0003_imported_updated_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="group",
            name="rules",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddConstraint(
            model_name="group",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("rules__isnull", True), ("rules__has_keys", ["mode", "tiers"]), _connector="OR"
                ),
                name="group_rules_whole",
            ),
        ),
    ]
