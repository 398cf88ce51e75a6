"""A round's and a session's rules stored as one JSON value, RoundRules.to_json() (issue 33): a rule
added later needs no column. Both ways: the columns' values become the JSON and back."""

from django.db import migrations, models
from django.db.models import Q

import rounds.models

RULE_FIELDS = ("mode", "tiers", "points_per_two", "twos_double", "covering_style", "places")
BATCH = 500


def as_json(row) -> dict:
    """The rules of one row's columns, as RoundRules.to_json() shows them (API.md)."""
    if row.twos_double:
        twos = {"doubles": True}
    else:
        twos = None if row.points_per_two is None else {"points_per_two": row.points_per_two}
    shown = {"mode": row.mode, "tiers": row.tiers, "twos": twos, "covering_style": row.covering_style}
    if row.mode == "by_place":
        shown["places"] = row.places or {"pays": [100, 200, 300], "heavy_pays": [200, 400, 600], "heavy_from": 10, "house_cut": 100}
    return shown


def to_columns(row) -> None:
    rules = row.rules_json
    twos = rules.get("twos") or {}
    row.mode = rules["mode"]
    row.tiers = rules["tiers"]
    row.points_per_two = twos.get("points_per_two")
    row.twos_double = bool(twos.get("doubles"))
    row.covering_style = rules.get("covering_style", "pays_for_everyone")
    row.places = rules.get("places")


def columns_to_json(apps, schema_editor):
    for name in ("Session", "Round"):
        model = apps.get_model("rounds", name)
        rows = model.objects.order_by("pk").only("pk", *RULE_FIELDS)
        for start in range(0, rows.count(), BATCH):
            batch = list(rows[start : start + BATCH])
            for row in batch:
                row.rules_json = as_json(row)
            model.objects.bulk_update(batch, ["rules_json"])


def json_to_columns(apps, schema_editor):
    for name in ("Session", "Round"):
        model = apps.get_model("rounds", name)
        rows = model.objects.order_by("pk").only("pk", "rules_json")
        for start in range(0, rows.count(), BATCH):
            batch = list(rows[start : start + BATCH])
            for row in batch:
                to_columns(row)
            model.objects.bulk_update(batch, list(RULE_FIELDS))


def rules_known(prefix):
    twos = "rules_json__twos"
    return [
        migrations.AddConstraint(
            model_name=prefix,
            constraint=models.CheckConstraint(
                condition=Q(rules_json__mode__in=["points", "winner_takes_all", "pay_difference", "by_place"]),
                name=f"{prefix}_mode_known",
            ),
        ),
        migrations.AddConstraint(
            model_name=prefix,
            constraint=models.CheckConstraint(
                condition=Q(rules_json__covering_style__in=["pays_for_everyone", "takes_whole_loss"]),
                name=f"{prefix}_covering_style_known",
            ),
        ),
        migrations.AddConstraint(
            model_name=prefix,
            constraint=models.CheckConstraint(
                condition=Q(**{f"{twos}__doubles__isnull": True}) | Q(**{f"{twos}__points_per_two__isnull": True}),
                name=f"{prefix}_twos_one_style",
            ),
        ),
        migrations.AddConstraint(
            model_name=prefix,
            constraint=models.CheckConstraint(
                condition=Q(**{f"{twos}__points_per_two__isnull": True}) | Q(**{f"{twos}__points_per_two__gte": 1}),
                name=f"{prefix}_points_per_two_positive",
            ),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0011_session_history_size"),
    ]

    operations = [
        migrations.AddField(model_name="session", name="rules_json", field=models.JSONField(null=True)),
        migrations.AddField(model_name="round", name="rules_json", field=models.JSONField(null=True)),
        # Nullable while rows are copied either way (the way back adds the column before filling it).
        migrations.AlterField(model_name="session", name="tiers", field=models.JSONField(null=True)),
        migrations.AlterField(model_name="round", name="tiers", field=models.JSONField(null=True)),
        migrations.RunPython(columns_to_json, json_to_columns),
        migrations.RemoveConstraint(model_name="session", name="session_mode_known"),
        migrations.RemoveConstraint(model_name="session", name="session_points_per_two_positive"),
        migrations.RemoveConstraint(model_name="session", name="session_target_in_points_mode"),
        migrations.RemoveConstraint(model_name="session", name="session_covering_style_known"),
        migrations.RemoveConstraint(model_name="session", name="session_twos_one_style"),
        migrations.RemoveConstraint(model_name="round", name="round_mode_known"),
        migrations.RemoveConstraint(model_name="round", name="round_covering_style_known"),
        migrations.RemoveConstraint(model_name="round", name="round_twos_one_style"),
        *[
            migrations.RemoveField(model_name=model, name=field)
            for model in ("session", "round")
            for field in RULE_FIELDS
        ],
        migrations.AlterField(
            model_name="session", name="rules_json", field=models.JSONField(default=rounds.models.default_rules)
        ),
        migrations.AlterField(
            model_name="round", name="rules_json", field=models.JSONField(default=rounds.models.default_rules)
        ),
        *rules_known("session"),
        migrations.AddConstraint(
            model_name="session",
            constraint=models.CheckConstraint(
                condition=Q(target__isnull=True) | (Q(target__gte=1) & Q(rules_json__mode="points")),
                name="session_target_in_points_mode",
            ),
        ),
        *rules_known("round"),
    ]
