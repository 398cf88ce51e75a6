"""Sizes (issue 19): a session holds at most 1,000 rounds and says so; its first state always fits
a WebSocket frame; an import is held to its caps at the line that passes them; the import page
takes a long log; nothing is stored by a refusal, and none is a bare 400."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.files.uploadedfile import SimpleUploadedFile

from groups.models import MAX_GROUP_PLAYERS, GroupEvening, GroupImport, GroupPlayer
from groups.services.group_writes import GROUP_FULL, group_create
from groups.services.paper_import import (
    MAX_IMPORT_ROUNDS,
    MAX_IMPORT_TABLES,
    TABLE_TOO_LONG,
    TOO_MANY_ROUNDS,
    TOO_MANY_TABLES,
)
from rounds import services
from rounds.inputs import clean_settings
from rounds.models import MAX_SESSION_ROUNDS, Round, Session
from rounds.rules.names import name_key
from rounds.rules.scoring import RoundEntry
from rounds.services.imports import scored_entries, session_import
from scorekeeper.asgi import application
from tests.factories import add_rounds, grab_lock

# daphne and uvicorn refuse a WebSocket frame over 1 MiB.
FRAME_LIMIT = 1024 * 1024
# The longest names: 40 characters, each three bytes in UTF-8 (and six as a JSON escape).
WIDE_NAMES = ["長" * 39 + str(index) for index in range(4)]
# The largest scores: 13 tiers up to 1,000 points a card, 100 a two, covering pays for everyone.
WORST_SETTINGS = {
    "mode": "points",
    "tiers": [[cards, 987 + cards] for cards in range(1, 14)],
    "twos": {"points_per_two": 100},
    "covering_rule": True,
    "value_per_point": "999999.9999",
    "currency": "HKD",
}


def a_full_session(names=("Ann", "Ben", "Cat", "Dan"), settings=None, *, rounds=MAX_SESSION_ROUNDS):
    """A session holding `rounds` rounds, open for more: each round the largest it can be."""
    settings = clean_settings(settings or {"preset": "classic-points"})
    twos = (0, 4, 0, 0) if settings.rules.counts_twos else None
    covering = 1 if settings.covering_rule else None
    entries = [RoundEntry(cards=(0, 13, 13, 13), twos=twos, covering=covering)] * rounds
    session = session_import(
        players=list(names),
        settings=settings,
        rounds=scored_entries(list(names), settings, entries),
        played_at=Session().created_at,
        device="test",
    )
    Session.objects.filter(pk=session.pk).update(finished_at=None, ended_by_hand=False)
    return Session.objects.get(pk=session.pk)


@pytest.mark.django_db
def test_a_session_at_1000_rounds_refuses_the_next_and_takes_corrections(api):
    session = a_full_session()
    token = grab_lock(session)
    reply = api.post(f"/api/sessions/{session.edit_key}/rounds", {"cards": [5, 0, 11, 13]}, token=token)
    assert reply.status_code == 409
    assert reply.json() == {
        "error": "Rounds: this session holds 1,000 rounds, the most one session can; start a rematch to play on",
        "field": "rounds",
        "player": None,
    }
    assert Round.objects.filter(session=session).count() == MAX_SESSION_ROUNDS
    edited = api.put(f"/api/sessions/{session.edit_key}/rounds/3", {"cards": [0, 1, 2, 3]}, token=token)
    assert edited.status_code == 200


@pytest.fixture
def cap_of_three(monkeypatch):
    """The same cap, lower, so a page of the session at it stays small to draw."""
    monkeypatch.setattr("rounds.web.views.MAX_SESSION_ROUNDS", 3)
    monkeypatch.setattr("rounds.services.round_writes.MAX_SESSION_ROUNDS", 3)


@pytest.mark.django_db
def test_the_entry_panel_says_so_at_the_cap(client, cap_of_three):
    session = a_full_session(rounds=2)
    page = client.get(f"/s/{session.edit_key}/").content.decode()
    assert '<p class="notice" data-rounds-full data-most="3" hidden>' in page
    add_rounds(session, [5, 0, 11, 13])
    page = client.get(f"/s/{session.edit_key}/").content.decode()
    assert '<p class="notice" data-rounds-full data-most="3" >' in page
    assert (
        "This session holds 3 rounds, the most one session can. Start a rematch from the menu to play on."
        in page
    )


@pytest.mark.django_db
def test_a_deleted_round_cannot_come_back_past_the_cap(api, cap_of_three):
    session = a_full_session(rounds=3)
    token = grab_lock(session)
    deleted = services.round_delete(session=session, token=token, number=3)
    services.round_add(session=session, token=token, entry=RoundEntry(cards=(5, 0, 11, 13)))
    restore = api.post(f"/api/sessions/{session.edit_key}/history/{deleted.version_id}/restore", token=token)
    assert restore.status_code == 409
    assert restore.json()["field"] == "rounds"
    assert Round.objects.filter(session=session).count() == 3


@pytest.mark.django_db(transaction=True)
async def test_the_largest_first_state_fits_one_websocket_frame():
    session = await database_sync_to_async(a_full_session)(WIDE_NAMES, WORST_SETTINGS)
    for key in (session.edit_key, session.view_key):
        communicator = WebsocketCommunicator(
            application, f"/ws/sessions/{key}/", headers=[(b"origin", b"http://127.0.0.1")]
        )
        try:
            assert (await communicator.connect(10))[0]
            first = await communicator.receive_from(30)
        finally:
            await communicator.disconnect(timeout=10)
        assert '"type": "state"' in first[:100] or '"type":"state"' in first[:100]
        assert first.count('"number":') >= MAX_SESSION_ROUNDS
        size = len(first.encode())
        assert 200_000 < size < FRAME_LIMIT * 0.75, size  # a quarter to spare


# --- Imports --------------------------------------------------------------------------------


def send_log(api, key, text, **query):
    path = f"/api/groups/{key}/import" + ("?dry_run=1" if query.get("dry_run") else "")
    return api.call("post", path, text.encode(), content_type="text/plain; charset=utf-8")


def table_lines(count, *, rounds=1, first=0, names=None):
    """`count` two-player tables of `rounds` rounds each (new players each, or `names`), one date."""
    lines = ["2013-01-03"]
    for number in range(first, first + count):
        lines += [names or f"P{number}a P{number}b", *(["0 5"] * rounds)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def group():
    return group_create(name="Caps")


def refused_at(reply, line, status=400):
    assert reply.status_code == status, reply.content
    body = reply.json()
    assert (body["field"], body["line"]) == ("log", line)
    assert not GroupEvening.objects.exists()
    assert not GroupImport.objects.exists()
    return body["error"]


@pytest.mark.django_db
def test_a_log_of_more_tables_than_one_import_brings_is_refused_at_the_first_one_past_it(api, group):
    log = table_lines(MAX_IMPORT_TABLES + 1, names="Ann Ben")
    # Line 1 the date; each table two lines: table n's names are on line 2n + 2.
    message = refused_at(send_log(api, group.edit_key, log), 2 * MAX_IMPORT_TABLES + 2)
    assert message == TOO_MANY_TABLES % {"most": f"{MAX_IMPORT_TABLES:,}"}


@pytest.mark.django_db
def test_a_log_of_more_rounds_than_one_import_brings_is_refused_at_the_first_round_past_it(api, group):
    log = table_lines(6, rounds=900)  # 5,400 rounds: the 5,001st is table 6's 501st round
    message = refused_at(send_log(api, group.edit_key, log), 1 + 5 * 901 + 1 + 501)
    assert message == TOO_MANY_ROUNDS % {"most": f"{MAX_IMPORT_ROUNDS:,}"}


@pytest.mark.django_db
def test_the_256_kb_log_of_one_long_table_is_refused_at_its_1001st_round(api, group):
    log = "2013-01-03\nAnn Ben\n" + "0 5\n" * 65_000
    assert 250_000 < len(log.encode()) <= 256 * 1024
    message = refused_at(send_log(api, group.edit_key, log), 2 + MAX_SESSION_ROUNDS + 1)
    assert message == TABLE_TOO_LONG % {"most": f"{MAX_SESSION_ROUNDS:,}"}
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_a_log_bringing_the_201st_player_is_refused_at_that_table(api, group):
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=group, name=f"M{number}", name_key=name_key(f"M{number}")) for number in range(198)
    )
    log = table_lines(2)  # P0a and P0b fill the group; P1a is one too many
    message = refused_at(send_log(api, group.edit_key, log), 4)
    assert message == GROUP_FULL % {"most": MAX_GROUP_PLAYERS, "name": "P1a"}
    preview = send_log(api, group.edit_key, log, dry_run=True)
    assert preview.status_code == 400
    assert preview.json()["line"] == 4
    assert GroupPlayer.objects.filter(group=group).count() == 198


@pytest.mark.django_db
def test_a_new_evening_past_the_groups_players_is_refused_naming_the_player(api, group):
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=group, name=f"M{number}", name_key=name_key(f"M{number}")) for number in range(200)
    )
    reply = api.post("/api/sessions", {"players": ["M1", "Newcomer"], "group": group.edit_key})
    assert reply.status_code == 400
    assert reply.json()["field"] == "players"
    assert "so Newcomer cannot join" in reply.json()["error"]
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_a_body_past_256_kb_is_a_413_naming_the_log(api, group):
    reply = send_log(api, group.edit_key, "# padding\n" * 27_000)
    assert reply.status_code == 413
    assert reply.json()["field"] == "log"


@pytest.mark.django_db
def test_the_import_page_takes_a_long_log_as_a_file_and_explains_a_long_paste(client, group):
    """The page's script sends a pasted log as a file part; without it, a paste past the form's
    64 KB gets a page saying what to do, not Django's bare 'Bad Request (400)'."""
    log = table_lines(200, rounds=20, names="Ann Ben")  # 4,000 rounds, about 20 KB
    log += ("# " + "x" * 100 + "\n") * 500  # past 64 KB with comments
    assert 64 * 1024 < len(log.encode()) < 256 * 1024
    upload = SimpleUploadedFile("pasted-log.txt", log.encode(), content_type="text/plain")
    preview = client.post(f"/g/{group.edit_key}/import", {"file": upload})
    assert preview.status_code == 200
    assert 'data-preview="sessions">200<' in preview.content.decode()
    pasted = client.post(f"/g/{group.edit_key}/import", {"log": log})
    assert pasted.status_code == 413
    html = pasted.content.decode()
    assert "Bad Request" not in html
    assert (
        "This log is too long to send as pasted text: choose it as a .txt file instead (at most 256 KB)"
        in html
    )
    assert not GroupEvening.objects.exists()


@pytest.mark.django_db
def test_an_oversize_form_elsewhere_is_a_413_page_and_json_under_the_api(client):
    page = client.post("/", {"player_0": "A" * 70_000})
    assert page.status_code == 413
    assert "What was sent is too large (at most 64 KB); nothing was changed" in page.content.decode()
