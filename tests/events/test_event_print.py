"""SPEC 11.1 "Print": the round's tables, the standings and a score slip per table, as A4 pages
(`@media print`), from the organizer's edit key only. The browser's PDF of them is in
tests/e2e/test_club_night_alone.py."""

import re

import pytest

from tests.events.helpers import NAMES, draw, new_event, play_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(api):
    event = new_event(api, players=[*NAMES, "Ivy", "Jo"], hands=3)
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], [0, 5, 7, 9], [3, 0, 2, 1])
    return event, drawn


def test_the_tables_print_lists_each_table_in_seat_order(client, night):
    event, drawn = night
    reply = client.get(f"/e/{event['id']}/print/tables")
    assert reply.status_code == 200
    assert reply["Content-Type"].startswith("text/html")
    page = reply.content.decode()
    assert "Round 1 of 2 · Tables" in page
    for table in drawn["tables"]:
        assert (
            f'<tr data-print-table="{table["table"]}"><td class="num">{table["table"]}</td><td>{" · ".join(table["players"])}</td></tr>'
            in page
        )
    assert 'href="/static/css/event-print' in page


def test_the_standings_print_has_every_player(api, client, night):
    event, _drawn = night
    page = client.get(f"/e/{event['id']}/print/standings").content.decode()
    standings = api.get(f"/api/events/{event['id']}").json()["standings"]
    assert len(re.findall(r"data-print-standing=", page)) == len(standings) == 10
    first = standings[0]
    assert f'<td>{first["name"]}</td><td class="num">{first["net"]}</td>' in page


def test_a_slip_per_table_with_its_players_and_a_line_per_hand(client, night):
    event, drawn = night
    page = client.get(f"/e/{event['id']}/print/slips").content.decode()
    slips = re.findall(r'<article class="print-sheet slip" data-slip="(\d+)">(.*?)</article>', page, re.S)
    assert [int(number) for number, _body in slips] == [table["table"] for table in drawn["tables"]]
    first = slips[0][1]
    assert "Friday club" in first
    assert "Round 1 of 2 · Table 1" in first
    assert re.findall(r'<th scope="col">([^<]+)</th>', first)[1:] == drawn["tables"][0]["players"]
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td>(.*?)</tr>", first)
    assert [number for number, _cells in rows] == ["1", "2", "3"]
    assert re.findall(r'<td class="num">([^<]*)</td>', rows[0][1]) == ["0", "5", "7", "9"]
    assert re.findall(r'<td class="num">([^<]*)</td>', rows[2][1]) == ["", "", "", ""]


def test_print_pages_are_the_organizers(client, night):
    event, _drawn = night
    for kind in ("tables", "standings", "slips"):
        assert client.get(f"/e/{event['view_id']}/print/{kind}").status_code == 404
        assert client.get(f"/e/nope/print/{kind}").status_code == 404


def test_before_a_draw_the_prints_say_so(api, client):
    event = new_event(api)
    for kind in ("tables", "slips"):
        page = client.get(f"/e/{event['id']}/print/{kind}")
        assert page.status_code == 200
        assert "No round drawn yet." in page.content.decode()


def slip_rows(page):
    """Each slip's rows: the hand's number and its cells."""
    first = re.findall(r'<article class="print-sheet slip" data-slip="1">(.*?)</article>', page, re.S)[0]
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td>(.*?)</tr>", first)
    return first, [re.findall(r'<td class="num">([^<]*)</td>', cells) for _number, cells in rows]


def test_a_tien_len_slip_has_each_players_place_out(api, client):
    """A Tiến lên night's slip says to write the places out, and a hand played reads as the
    table's rounds list: the place, ✕ for the killed, ★ for an instant win (it said "cards left",
    and a hand played left its line empty: a Tiến lên hand has no cards)."""
    event = new_event(api, players=NAMES[:4], rounds=1, hands=3, rules={"preset": "tien-len"})
    table = draw(api, event["id"])["tables"][0]
    token = api.post(f"/api/sessions/{table['session']}/lock", {"device": "Table phone"}).json()["token"]
    for hand in ({"order": [2, 0, 1, 3], "killed": [3]}, {"instant": 1}):
        assert api.post(f"/api/sessions/{table['session']}/rounds", hand, token=token).status_code == 201
    page = client.get(f"/e/{event['id']}/print/slips", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    first, rows = slip_rows(page)
    assert "Sau mỗi ván ghi thứ tự về của từng người: 1 là về nhất, ✕ là bị cóng, ★ là tới trắng." in first
    assert "Số lá còn lại" not in first
    assert rows == [["2", "3", "1", "4✕"], ["", "★", "", ""], ["", "", "", ""]]


def test_an_own_scores_slip_has_each_players_score(api, client):
    event = new_event(api, players=NAMES[:4], rounds=1, hands=2, rules={"mode": "own_scores"})
    table = draw(api, event["id"])["tables"][0]
    token = api.post(f"/api/sessions/{table['session']}/lock", {"device": "Table phone"}).json()["token"]
    reply = api.post(f"/api/sessions/{table['session']}/rounds", {"scores": [3, -1, -2, 0]}, token=token)
    assert reply.status_code == 201
    first, rows = slip_rows(client.get(f"/e/{event['id']}/print/slips").content.decode())
    assert "<p>Each player's score for each hand.</p>" in first
    assert rows == [["3", "−1", "−2", "0"], ["", "", "", ""]]
