"""An event player's name_key now also folds width and look-alike letters, as a group player's
does: written again the same way (groups/migrations/0008_name_key_look_alikes.py)."""

import importlib

from django.db import migrations, models

from rounds.rules.names import MAX_NAME_KEY_LENGTH

groups_keys = importlib.import_module("groups.migrations.0008_name_key_look_alikes")


def event_players(apps, schema_editor) -> None:
    groups_keys.written_again(apps.get_model("events", "EventPlayer"), "event_id")


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0005_club_nights"),
        ("groups", "0008_name_key_look_alikes"),
    ]

    operations = [
        migrations.AlterField(
            model_name="eventplayer",
            name="name_key",
            field=models.CharField(max_length=MAX_NAME_KEY_LENGTH),
        ),
        migrations.RunPython(event_players, migrations.RunPython.noop),
    ]
