"""What one import may cost (issue 29): every attempt counts against RATE_LIMIT_IMPORTS (a dry run,
a preview and a refused log too), a log is read no further than its first 50 refused lines, a group
keeps at most MAX_GROUP_ROUNDS rounds, and an import is written in short transactions, linked to
the group all at once or not at all."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from groups.models import GroupEvening, GroupImport
from groups.rules.paper_log import MAX_REFUSED_LINES, STOPPED_READING
from groups.services import group_writes as services
from groups.services import paper_import as paper
from groups.services.group_writes import GROUP_ROUNDS_KEPT, group_create
from rounds.models import Round, RoundVersion, Session
from rounds.services import imports
from tests.rounds.test_sizes import send_log, table_lines

pytestmark = pytest.mark.django_db
BAD_LOG = "2013-01-03\nAnn Ben\n" + "0 0\n" * 1000


@pytest.fixture
def group():
    return group_create(name="Limits")


def test_every_import_attempt_counts_dry_runs_and_refusals_too(api, client, group, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "import": (4, 3600)}
    assert send_log(api, group.edit_key, table_lines(2), dry_run=True).status_code == 200
    assert send_log(api, group.edit_key, BAD_LOG).status_code == 400
    preview = client.post(f"/g/{group.edit_key}/import", {"log": table_lines(2)})
    assert preview.status_code == 200
    assert send_log(api, group.edit_key, table_lines(2)).status_code == 201
    for attempt in (
        lambda: send_log(api, group.edit_key, table_lines(2, first=5), dry_run=True),
        lambda: send_log(api, group.edit_key, table_lines(2, first=5)),
    ):
        refused = attempt()
        assert refused.status_code == 429
        assert refused.json()["error"].startswith("Too many imports from this address; try again in ")
    page = client.post(f"/g/{group.edit_key}/import", {"log": table_lines(2, first=5)})
    assert page.status_code == 429
    assert "Too many imports from this address" in page.content.decode()
    assert GroupImport.objects.count() == 1
    assert GroupEvening.objects.count() == 2


def test_a_log_is_read_no_further_than_its_first_50_refused_lines(api, client, group):
    refused = send_log(api, group.edit_key, BAD_LOG)
    assert (refused.status_code, refused.json()["line"]) == (400, 3)  # the first refusal
    page = client.post(f"/g/{group.edit_key}/import", {"log": BAD_LOG}).content.decode()
    lines = paper.checked_log(group, BAD_LOG)[1]
    assert len(lines) == MAX_REFUSED_LINES + 1
    assert [error.line for error in lines[:MAX_REFUSED_LINES]] == list(range(3, 3 + MAX_REFUSED_LINES))
    stopped = STOPPED_READING % {"count": MAX_REFUSED_LINES}
    assert (lines[-1].line, str(lines[-1].params["message"])) == (3 + MAX_REFUSED_LINES, stopped)
    assert page.count("data-import-error") == MAX_REFUSED_LINES + 1
    assert f'data-line="{3 + MAX_REFUSED_LINES}">Line {3 + MAX_REFUSED_LINES}: {stopped}' in page
    assert not Session.objects.exists()


@pytest.fixture
def five_rounds_at_most(monkeypatch):
    monkeypatch.setattr(services, "MAX_GROUP_ROUNDS", 5)
    monkeypatch.setattr(paper, "MAX_GROUP_ROUNDS", 5)


def test_an_import_past_the_groups_rounds_is_refused_at_the_line_that_passes_them(
    api, group, five_rounds_at_most
):
    assert send_log(api, group.edit_key, table_lines(2, rounds=2)).status_code == 201  # 4 rounds kept
    refused = send_log(api, group.edit_key, table_lines(1, rounds=2, first=5))
    assert (refused.status_code, refused.json()["line"]) == (400, 4)  # its second round passes 5
    assert refused.json()["error"] == paper.GROUP_ROUNDS_FULL % {"most": "5", "kept": "4", "room": "1"}
    assert Round.objects.count() == 4


def test_a_new_evening_or_rematch_of_a_full_group_is_refused_naming_the_group(
    api, group, five_rounds_at_most
):
    assert send_log(api, group.edit_key, table_lines(1, rounds=5)).status_code == 201
    session = Session.objects.get()
    created = api.post("/api/sessions", {"players": ["Ann", "Ben"], "group": group.edit_key})
    assert (created.status_code, created.json()["field"]) == (409, "group")
    assert created.json()["error"] == GROUP_ROUNDS_KEPT % {"most": "5"}
    rematch = api.post(f"/api/sessions/{session.edit_key}/rematch")
    assert rematch.status_code == 409
    assert Session.objects.count() == 1


def test_an_import_is_written_a_chunk_a_transaction(group, monkeypatch):
    monkeypatch.setattr(imports, "IMPORT_CHUNK_ROUNDS", 2)
    with CaptureQueriesContext(connection) as queries:
        paper.log_import(group=group, text=table_lines(1, rounds=5), dry_run=False)
    inserts = [query["sql"] for query in queries if query["sql"].startswith('INSERT INTO "rounds_round"')]
    assert len(inserts) == 3  # 2 + 2 + 1 rounds
    session = Session.objects.get()
    assert [(r.number, r.cards) for r in Round.objects.filter(session=session).order_by("number")] == [
        (number, [0, 5]) for number in range(1, 6)
    ]
    assert sorted(RoundVersion.objects.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert Session.objects.get().history_size == 5


def test_an_import_that_fails_while_linking_leaves_no_session_behind(group, monkeypatch):
    calls = []

    def link_then_fail(**arguments):
        calls.append(arguments)
        if len(calls) == 2:
            raise RuntimeError("the disk is full")
        return real_link(**arguments)

    real_link = paper.link_evening
    monkeypatch.setattr(paper, "link_evening", link_then_fail)
    with pytest.raises(RuntimeError):
        paper.log_import(group=group, text=table_lines(3), dry_run=False)
    assert not Session.objects.exists()
    assert not Round.objects.exists()
    assert not GroupEvening.objects.exists()
    assert not GroupImport.objects.exists()
