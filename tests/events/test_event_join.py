"""SPEC 11.1 "Joining": the screen's QR code of a table opens its join page (its players by name;
a tap gives that phone the table's edit link), one QR code opens the follow page. A name not at
that table is refused, naming it; digit-like input is never a 500 (issue 29)."""

import re

import pytest

from events.models import EventPlayer
from tests.events.helpers import NAMES, draw, new_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(api):
    event = new_event(api)
    return event, draw(api, event["id"])


def test_each_table_has_a_join_page_listing_its_players(api, client, drawn):
    event, first = drawn
    table = first["tables"][1]
    assert table["join"] == f"/e/{event['view_id']}/join/1/2"
    page = client.get(table["join"]).content.decode()
    assert re.findall(r'data-join-player="([^"]+)"', page) == table["players"]
    assert "Round 1 of 2 · Table 2" in page
    assert table["session"] not in page  # the edit link only after a tap


def test_a_tap_on_a_name_at_the_table_gives_the_tables_edit_link(client, drawn):
    _event, first = drawn
    table = first["tables"][0]
    player = EventPlayer.objects.get(name=table["players"][2])
    sent = client.get(f"{table['join']}?player={player.pk}")
    assert sent.status_code == 302
    assert sent["Location"] == f"/s/{table['session']}/"


def test_a_name_not_at_that_table_is_refused_naming_it(client, drawn):
    _event, first = drawn
    elsewhere = EventPlayer.objects.get(name=first["tables"][1]["players"][0])
    refused = client.get(f"{first['tables'][0]['join']}?player={elsewhere.pk}")
    assert refused.status_code == 400
    assert f"{elsewhere.name} does not sit at table 1 in round 1" in refused.content.decode()


@pytest.mark.parametrize("player", ["²", "٣", "99999999999999999999999", "-1", "", "1e3", "0x1"])
def test_digit_like_players_are_refused_without_a_500(api, client, drawn, player):
    event, first = drawn
    join = client.get(f"{first['tables'][0]['join']}?player={player}")
    assert join.status_code == 400
    assert "pick your own name" in join.content.decode()
    me = client.get(f"/e/{event['view_id']}/me", {"player": player})
    assert me.status_code == 404


@pytest.mark.parametrize(
    ("round_", "table"), [("²", "1"), ("1", "99999999999999999999999"), ("9", "1"), ("0", "0")]
)
def test_digit_like_or_unknown_tables_are_a_404(client, drawn, round_, table):
    event, _first = drawn
    assert client.get(f"/e/{event['view_id']}/join/{round_}/{table}").status_code == 404
    assert client.get(f"/e/{event['view_id']}/banner/{round_}/{table}").status_code == 404


@pytest.mark.parametrize("rounds", ["²", "٣", "99999999999999999999999", "3.5"])
def test_a_new_event_with_digit_like_rounds_is_refused_on_the_page(client, rounds):
    reply = client.post(
        "/e/new",
        {"name": "Club", "players": "\n".join(NAMES), "rounds": rounds, "hands": "2", "seating": "random"},
    )
    assert reply.status_code == 400
    assert "Rounds: give a whole number" in reply.content.decode()


def test_the_screen_codes_open_the_join_pages_and_the_follow_page(client, drawn):
    event, first = drawn
    screen = client.get(f"/e/{event['view_id']}/screen").content.decode()
    for table in first["tables"]:
        assert f'data-qr-for="{table["join"]}"' in screen
        assert f'data-qr-slot="{table["join"]}"' in screen
    assert screen.count("<svg") == len(first["tables"]) + 1  # one per table and the follow page's
    assert "Who are you? Scan to find your table" in screen


def test_the_follow_page_follows_the_events_changes_and_lists_every_player(api, client):
    event = new_event(api)
    page = client.get(f"/e/{event['view_id']}/").content.decode()
    assert f'data-event-changes="/ws/events/{event["view_id"]}/changes/"' in page
    assert re.findall(r'data-player-link="([^"]+)"', page) == NAMES
    api.patch(f"/api/events/{event['id']}", {"add": ["Ivy"]})
    page = client.get(f"/e/{event['view_id']}/").content.decode()
    assert re.findall(r'data-player-link="([^"]+)"', page) == [*NAMES, "Ivy"]
