"""SPEC 11.1 "A table plays exactly its hands": an event table cannot be reopened, played past
its hands, ended early, re-ruled or rematched (409 naming the event); its hands are corrected
and deleted until the next draw. Its page speaks of hands, shows the event, and once finished
the standings and each player's next table."""

import pytest

from events.models import EventTable
from rounds.models import Round, Session
from tests.events.helpers import draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def lock(api, key):
    return api.post(f"/api/sessions/{key}/lock", {"device": "Table phone"}).json()["token"]


@pytest.fixture
def finished_table(api):
    """Friday club, round 1 of 2, 2 hands a table; table 1 played both, table 2 none."""
    event = new_event(api)
    drawn = draw(api, event["id"])
    table = drawn["tables"][0]
    play_table(api, table["session"], [0, 3, 4, 5], [6, 0, 2, 1])
    return event, drawn, table


def assert_refused_naming_the_event(reply):
    assert reply.status_code == 409, reply.content
    assert reply.json()["field"] == "event"
    assert "Friday club" in reply.json()["error"]


def test_a_finished_table_cannot_be_reopened_or_played_on(api, finished_table):
    _event, _drawn, table = finished_table
    token = lock(api, table["session"])
    assert_refused_naming_the_event(
        api.patch(f"/api/sessions/{table['session']}", {"finished": False}, token=token)
    )
    assert_refused_naming_the_event(
        api.post(f"/api/sessions/{table['session']}/rounds", {"cards": [0, 1, 2, 3]}, token=token)
    )
    assert_refused_naming_the_event(api.post(f"/api/sessions/{table['session']}/rematch"))
    session = Session.objects.get(edit_key=table["session"])
    assert session.finished
    assert Round.objects.filter(session=session).count() == 2
    assert Session.objects.count() == 2  # no rematch was made
    shown = api.get(f"/api/events/{_event['id']}").json()
    assert shown["rounds"][0]["tables"][0]["hands_played"] == 2


def test_a_seated_phone_cannot_change_the_rules_length_or_end(api, finished_table):
    event, drawn, _table = finished_table
    other = drawn["tables"][1]["session"]
    play_table(api, other, [0, 3, 4, 5])
    before = api.get(f"/api/events/{event['id']}").json()["standings"]
    token = lock(api, other)
    for change in (
        {"tiers": [[1, 1000]], "rescore": True},
        {"rounds": 9},
        {"finished": True},
        {"preset": "wta-flat"},
    ):
        assert_refused_naming_the_event(api.patch(f"/api/sessions/{other}", change, token=token))
    assert api.get(f"/api/events/{event['id']}").json()["standings"] == before
    session = Session.objects.get(edit_key=other)
    assert (session.rounds_limit, session.finished, session.rules_json["tiers"]) == (
        2,
        False,
        [[1, 1], [10, 2], [13, 3]],
    )


def test_hands_are_corrected_and_deleted_until_the_next_draw(api, finished_table):
    event, drawn, table = finished_table
    token = lock(api, table["session"])
    corrected = api.put(f"/api/sessions/{table['session']}/rounds/1", {"cards": [0, 13, 4, 5]}, token=token)
    assert corrected.status_code == 200, corrected.content
    lines = {line["name"]: line for line in api.get(f"/api/events/{event['id']}").json()["standings"]}
    assert lines[table["players"][1]]["hands"] == 2
    state = api.get(f"/api/sessions/{table['session']}").json()
    assert state["rounds"][0]["cards"] == [0, 13, 4, 5]
    deleted = api.delete(f"/api/sessions/{table['session']}/rounds/2", token=token)
    assert deleted.status_code == 200
    api.call("delete", f"/api/sessions/{table['session']}/lock", token=token)
    play_table(api, table["session"], [6, 0, 2, 1])
    play_table(api, drawn["tables"][1]["session"], [0, 1, 1, 1], [1, 0, 1, 1])
    draw(api, event["id"])
    token = lock(api, table["session"])
    assert_refused_naming_the_event(
        api.put(f"/api/sessions/{table['session']}/rounds/1", {"cards": [0, 1, 1, 1]}, token=token)
    )
    assert_refused_naming_the_event(api.delete(f"/api/sessions/{table['session']}/rounds/1", token=token))
    assert api.get(f"/api/sessions/{table['session']}").json()["rounds"][0]["cards"] == [0, 13, 4, 5]


@pytest.mark.django_db(transaction=True)  # the publish path after a real commit keeps the totals
def test_the_standings_follow_a_correction(api, finished_table):
    event, _drawn, table = finished_table
    seated = table["players"]
    before = {line["name"]: line["net"] for line in api.get(f"/api/events/{event['id']}").json()["standings"]}
    token = lock(api, table["session"])
    api.put(f"/api/sessions/{table['session']}/rounds/1", {"cards": [0, 13, 4, 5]}, token=token)
    after = {line["name"]: line["net"] for line in api.get(f"/api/events/{event['id']}").json()["standings"]}
    # Points mode nets the score difference: Ben's 3 cards became 13 (39 points): 36 more lost,
    # and each of the other three gains 36 of it... from Ben alone: 12 for each pair.
    assert after[seated[1]] - before[seated[1]] == -3 * 36
    for name in (seated[0], seated[2], seated[3]):
        assert after[name] - before[name] == 36
    stored = EventTable.objects.get(session__edit_key=table["session"])
    assert stored.tally_version == Session.objects.get(edit_key=table["session"]).version


def test_a_plain_session_still_reopens_and_rematches(api):
    state = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"], "rounds": 1}).json()
    token = lock(api, state["id"])
    api.post(f"/api/sessions/{state['id']}/rounds", {"cards": [0, 1, 2, 3]}, token=token)
    reopened = api.patch(f"/api/sessions/{state['id']}", {"finished": False}, token=token)
    assert reopened.status_code == 200
    assert reopened.json()["finished"] is False
    assert api.post(f"/api/sessions/{state['id']}/rematch").status_code == 201
    page = api.get(f"/s/{state['id']}/").content.decode()
    assert 'data-action="reopen"' in page
    assert "Round 2" in page


def test_the_table_page_speaks_of_hands_and_offers_no_reopen_rematch_or_rules(api, client, finished_table):
    event, drawn, table = finished_table
    other = drawn["tables"][1]
    playing = client.get(f"/s/{other['session']}/").content.decode()
    assert "Friday club" in playing
    assert "Round 1 of 2" in playing
    assert "Hand 1 of 2" in playing
    assert "Round 1 of 2</span>" not in playing  # the scoreboard's heading counts hands
    assert 'data-pattern-round="Hand %(number)s"' in playing
    assert 'data-open="settings"' not in playing
    assert "Add hand" in playing
    assert "Hand %(number)s added" in playing  # the script's sentences say hand too (data-hand-words)
    finished = client.get(f"/s/{table['session']}/").content.decode()
    assert "Finished after 2 hands" in finished
    assert 'data-action="reopen"' not in finished
    assert "data-rematch" not in finished
    assert "data-banner-standings" in finished
    assert f'href="/e/{event["view_id"]}/"' in finished
    assert "your next table" not in finished


def test_a_finished_table_shows_each_players_next_table_once_drawn(api, client, finished_table):
    event, drawn, table = finished_table
    play_table(api, drawn["tables"][1]["session"], hand_for(4), hand_for(4, winner=1))
    second = draw(api, event["id"])
    page = client.get(f"/s/{table['view_id']}/").content.decode()
    for name in table["players"]:
        number = next(t["table"] for t in second["tables"] if name in t["players"])
        assert f"{name}, your next table: Table {number}" in page
    banner = client.get(f"/e/{event['view_id']}/banner/1/1").content.decode()
    assert f"{table['players'][0]}, your next table" in banner
    chinese = client.get(f"/s/{table['view_id']}/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "下一桌" in chinese
