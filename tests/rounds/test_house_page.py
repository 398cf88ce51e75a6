"""The house on the pages of a by-place evening (SPEC 3.6): its total beside the players', its
column in the rounds, its line in the chart, its party in Who pays whom; nothing of it elsewhere."""

import re

import pytest

from rounds.selectors import Viewer, table_state
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

SPEC_ROUNDS = ([3, 0, 7, 5], [3, 0, 11, 5])  # SPEC 3.6: a plain round, then a heavy one


def by_place(**fields):
    session = make_session(preset="taiwan-place", value_per_point="1", currency="TWD", **fields)
    add_rounds(session, *SPEC_ROUNDS)
    session.refresh_from_db()
    return session, table_state(session, viewer=Viewer.EDITOR)


def test_the_session_page_shows_the_house_total_and_its_column(client):
    session, state = by_place(house_name="Mum")
    html = client.get(f"/s/{session.edit_key}/").content.decode()
    assert re.search(r'data-total="house"[^>]*>{}</span>'.format(state["house"]), html)
    assert state["house"] == 100
    assert '<span class="player-name">Mum</span>' in html
    scores = re.findall(r"data-house-score>([^<]*)</span>", html)
    assert scores[:2] == ["+100", "0"]  # newest first: the heavy round gave the house 100


def test_settle_page_names_the_house_as_a_party_and_draws_its_line(client):
    session, state = by_place()  # no name given: "House"
    html = client.get(f"/s/{session.edit_key}/settle/").content.decode()
    house_transfers = [t for t in state["settlement"]["transfers"] if "house" in (t["from"], t["to"])]
    assert house_transfers
    for transfer in house_transfers:
        assert f'data-transfer="{transfer["from"]}-{transfer["to"]}"' in html
    assert re.search(r"pays\s*<span class=\"player-name phouse\">House</span>", html)
    assert '<polyline class="line house"' in html
    assert 'data-net="house"' in html


def test_the_house_reads_in_zh_hant_when_unnamed(client):
    session, _state = by_place()
    client.cookies["django_language"] = "zh-hant"
    html = client.get(f"/s/{session.edit_key}/").content.decode()
    assert '<span class="player-name">頭家</span>' in html


def test_nothing_of_the_house_in_other_modes(client):
    session = make_session(preset="hong-kong", value_per_point="1")
    add_rounds(session, [3, 0, 11, 5])
    for path in ("", "settle/"):
        html = client.get(f"/s/{session.edit_key}/{path}").content.decode()
        for hook in (
            'data-total="house"',
            "data-house-cell",
            'class="line house"',
            'data-net="house"',
            "phouse",
        ):
            assert hook not in html, (path, hook)
