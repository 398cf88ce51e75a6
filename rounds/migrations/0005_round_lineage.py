"""A round's identity (lineage) that its history keeps through deletion and restore."""

import uuid

import django.db.models.deletion
from django.db import migrations, models


def give_every_round_a_lineage(apps, schema_editor):
    Round = apps.get_model("rounds", "Round")
    RoundVersion = apps.get_model("rounds", "RoundVersion")
    for round_ in Round.objects.all().only("pk"):
        lineage = uuid.uuid4()
        Round.objects.filter(pk=round_.pk).update(lineage=lineage)
        RoundVersion.objects.filter(round_id=round_.pk).update(lineage=lineage)
    # Versions of rounds deleted before lineages existed lost their link: each stands alone.
    for version in RoundVersion.objects.filter(lineage__isnull=True).only("pk"):
        RoundVersion.objects.filter(pk=version.pk).update(lineage=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0004_rate_counter"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="lineage",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="roundversion",
            name="lineage",
            field=models.UUIDField(null=True),
        ),
        migrations.RunPython(give_every_round_a_lineage, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="round",
            name="lineage",
            field=models.UUIDField(default=uuid.uuid4, editable=False),
        ),
        migrations.AlterField(
            model_name="roundversion",
            name="lineage",
            field=models.UUIDField(),
        ),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.UniqueConstraint(fields=("session", "lineage"), name="round_lineage_unique"),
        ),
        migrations.AddIndex(
            model_name="roundversion",
            index=models.Index(fields=["session", "lineage"], name="round_version_lineage"),
        ),
        migrations.AlterField(
            model_name="roundversion",
            name="action",
            field=models.CharField(
                choices=[
                    ("added", "Added"),
                    ("edited", "Edited"),
                    ("rescored", "Rescored"),
                    ("deleted", "Deleted"),
                    ("restored", "Restored"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="roundrequest",
            name="version",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                to="rounds.roundversion",
            ),
        ),
    ]
