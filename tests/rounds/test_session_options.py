"""A session's settings without a column of their own are kept by name in `options` (issue 33):
the migration moves the covering rule and the house's name there and back, every value kept."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rounds.models import Session
from rounds.reads.selectors import current_settings
from tests.factories import make_session

BEFORE = [("rounds", "0012_rules_json")]
AFTER = [("rounds", "0013_session_options")]


def flags(session: Session) -> tuple[bool, str]:
    settings = current_settings(Session.objects.get(pk=session.pk))
    return settings.covering_rule, settings.house_name


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_each_sessions_covering_rule_and_house_both_ways():
    sessions = [
        make_session(covering_rule=True),
        make_session(preset="taiwan-place", house_name="Mei", covering_rule=True),
        make_session(preset="taiwan-place", house_name="阿姨"),
        make_session(),
    ]
    kept = [flags(session) for session in sessions]
    assert kept == [(True, ""), (True, "Mei"), (False, "阿姨"), (False, "")]
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("rounds", "Session")
        rows = {row.pk: (row.covering_rule, row.house_name) for row in old.objects.all()}
        assert [rows[session.pk] for session in sessions] == kept
        old.objects.filter(pk=sessions[0].pk).update(covering_rule=False)  # changed while rolled back
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    assert [flags(session) for session in sessions] == [(False, ""), *kept[1:]]
    assert Session.objects.get(pk=sessions[3].pk).options == {}
