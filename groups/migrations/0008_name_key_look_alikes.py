"""A player's name_key now also folds width and look-alike letters (rounds/rules/names.py, issue
38): the keys already stored are written again as the code now computes them, in a wider column
(the skeleton of a name is longer than it). Two players of one group whose names now share a key
(a "Ｚed" made beside a "Zed" before this) both stay (rounds.rules.names.keys_again)."""

from django.db import migrations, models

from rounds.rules.names import MAX_NAME_KEY_LENGTH, keys_again


def written_again(model, owner: str) -> None:
    """Each row's key as name_key computes it now; every row through a temporary key first, so no
    two rows share one midway (the unique constraint is checked row by row)."""
    keys = keys_again(model.objects.order_by(owner, "pk").values_list(owner, "pk", "name"))
    for temporary in (True, False):
        rows = [model(pk=pk, name_key=f"\x1e{pk}" if temporary else key) for pk, key in keys.items()]
        model.objects.bulk_update(rows, ["name_key"], batch_size=500)


def group_players(apps, schema_editor) -> None:
    written_again(apps.get_model("groups", "GroupPlayer"), "group_id")


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0007_group_league"),
    ]

    operations = [
        migrations.AlterField(
            model_name="groupplayer",
            name="name_key",
            field=models.CharField(max_length=MAX_NAME_KEY_LENGTH),
        ),
        migrations.RunPython(group_players, migrations.RunPython.noop),
    ]
