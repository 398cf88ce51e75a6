"""What a table's page and the print say as a night ends (issue 38): the last round's tables say
what the night waits for, then "The night is over" with the final standings; no page speaks of a
round to come; a closed table carries the server's own refusal for a tap on a hand; a round
without a time limit has no clock; every net a person reads has a real minus sign."""

import json
import re

import pytest
from django.utils.html import escape

from events.reads.banner import TABLE_DRAWN_ON
from tests.events.helpers import draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db

ROUND_TO_COME = ("The next round's tables show here once it is drawn", "your next table")
ASCII_MINUS = re.compile(r">-\d")  # a number's own cell starting with a hyphen


def lock(api, key):
    return api.post(f"/api/sessions/{key}/lock", {"device": "Table phone"}).json()["token"]


def play_round(api, drawn, tables=None):
    for index, table in enumerate(drawn["tables"]):
        if tables is None or index in tables:
            play_table(api, table["session"], hand_for(len(table["players"])), hand_for(4, winner=1))


@pytest.fixture
def last_round(api):
    event = new_event(api, rules={"preset": "wta-flat"})
    first = draw(api, event["id"])
    play_round(api, first)
    return event, first, draw(api, event["id"])


def test_a_table_of_the_last_round_says_what_the_night_waits_for_then_that_it_is_over(
    api, client, last_round
):
    event, first, last = last_round
    table = last["tables"][0]
    play_round(api, last, tables=[0])
    waiting = client.get(f"/s/{table['session']}/").content.decode()
    assert "data-night-waiting>Waiting for table 2</p>" in waiting
    assert ">Standings</h2>" in waiting
    for coming in ROUND_TO_COME:
        assert coming not in waiting

    play_round(api, last, tables=[1])
    for path in (f"/s/{table['session']}/", f"/e/{event['view_id']}/banner/2/1"):
        over = client.get(path).content.decode()
        assert "data-night-over>The night is over</p>" in over
        assert ">Final standings</h2>" in over
        assert f'href="/e/{event["view_id"]}/" data-event-link>To the event' in over
        for coming in ROUND_TO_COME:
            assert coming not in over
        assert "−" in over  # winner takes all: the losers' nets
        assert ASCII_MINUS.search(over) is None
    # The table's own standings are the table's: the night's final ones are the banner's.
    page = client.get(f"/s/{table['session']}/").content.decode()
    assert '<h2 id="final-title">Table 1</h2>' in page
    # A table of the first round says so too, and no longer sends its players to a next table.
    earlier = client.get(f"/s/{first['tables'][0]['session']}/").content.decode()
    assert "data-night-over>The night is over</p>" in earlier
    assert "data-next-tables" not in earlier


def test_a_closed_table_carries_the_servers_refusal_for_a_tapped_hand(api, client, last_round):
    _event, first, last = last_round
    table = first["tables"][0]
    token = lock(api, table["session"])
    refused = api.put(f"/api/sessions/{table['session']}/rounds/1", {"cards": [6, 0, 11, 13]}, token=token)
    assert refused.status_code == 409
    sentence = refused.json()["error"]
    assert sentence == TABLE_DRAWN_ON % {"table": 1, "event": "Friday club", "round": 2}
    page = client.get(f"/s/{table['session']}/").content.decode()
    assert f'data-corrections-closed="{escape(sentence)}"' in page
    assert "Tap a hand to correct it" not in page
    # The last round's tables can still be corrected (no draw after them): nothing is closed.
    playing = client.get(f"/s/{last['tables'][0]['session']}/").content.decode()
    assert "data-corrections-closed" not in playing
    # In the page's language, as the refusal is.
    chinese = client.get(f"/s/{table['session']}/", headers={"Accept-Language": "zh-Hant"}).content.decode()
    refused_zh = client.put(
        f"/api/sessions/{table['session']}/rounds/1",
        data=json.dumps({"cards": [6, 0, 11, 13]}),
        content_type="application/json",
        headers={"X-Entry-Lock": token, "Accept-Language": "zh-Hant"},
    )
    assert refused_zh.status_code == 409
    assert f'data-corrections-closed="{escape(refused_zh.json()["error"])}"' in chinese


def test_the_print_of_a_night_that_is_over_says_final_standings(api, client, last_round):
    event, _first, last = last_round
    during = client.get(f"/e/{event['id']}/print/standings").content.decode()
    assert "<h2>Standings · Round 2 of 2</h2>" in during
    play_round(api, last)
    printed = client.get(f"/e/{event['id']}/print/standings").content.decode()
    assert "<h2>Final standings</h2>" in printed
    assert "<title>Friday club · Final standings</title>" in printed
    assert "Round 2 of 2" not in printed
    nets = re.findall(
        r'data-print-standing="\d+">(?:<td[^>]*>[^<]*</td>){2}<td class="num">([^<]*)</td>', printed
    )
    assert len(nets) == 8
    assert any(net.startswith("−") for net in nets), nets
    assert not any(net.startswith("-") for net in nets), nets


def test_a_round_without_a_time_limit_has_no_clock_on_the_screen(api, client):
    untimed = new_event(api)
    draw(api, untimed["id"])
    screen = client.get(f"/e/{untimed['view_id']}/screen").content.decode()
    assert "Round 1 of 2" in screen
    assert "data-clock" not in screen
    timed = new_event(api, minutes=25)
    draw(api, timed["id"])
    screen = client.get(f"/e/{timed['view_id']}/screen").content.decode()
    assert 'data-count="down"' in screen
