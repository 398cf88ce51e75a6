"""Who pays whom tells the evening's story per player: worst hand, 13-card rounds and the average
penalty count cards, so a session that counts none (a table's own scores, Tiến lên) shows only who
won how many hands, not three columns of 0 (QA: an own-scores evening in Indonesian)."""

import re

import pytest

pytestmark = pytest.mark.django_db

PLAYERS = ["Rudi", "Tini", "Wawan", "Yanti"]


def settle_page(api, client, fields, hands):
    state = api.post("/api/sessions", {"players": PLAYERS, "value_per_point": "500", **fields}).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Rudi's phone"}).json()["token"]
    for hand in hands:
        assert api.post(f"/api/sessions/{state['id']}/rounds", hand, token=token).status_code == 201
    return client.get(state["links"]["settle"], headers={"accept-language": "en"}).content.decode()


@pytest.mark.parametrize(
    ("fields", "hands"),
    [
        ({"mode": "own_scores"}, [{"scores": [10, -5, -3, -2]}]),
        ({"preset": "tien-len"}, [{"order": [0, 1, 2, 3]}]),
    ],
    ids=["own-scores", "tien-len"],
)
def test_no_card_columns_where_no_cards_are_counted(api, client, fields, hands):
    page = settle_page(api, client, fields, hands)
    assert "<th>Won</th>" in page
    for column in ("Worst hand", "13-card rounds", "Avg penalty"):
        assert column not in page


def test_a_game_of_cards_left_keeps_them(api, client):
    page = settle_page(api, client, {"preset": "capsa-banting"}, [{"cards": [5, 9, 13, 0]}])
    for column in ("Worst hand", "13-card rounds", "Avg penalty"):
        assert column in page


def test_a_tien_len_evening_counts_who_came_last_was_killed_and_won_on_the_deal(api, client):
    """SPEC 14's hands: Rudi first, Wawan and Yanti killed; Tini first, Rudi last; Yanti wins on
    the deal (everybody else shares the last rank, as a season counts it)."""
    hands = [
        {"order": [0, 1, 2, 3], "killed": [2, 3]},
        {"order": [1, 2, 3, 0]},
        {"instant": 3},
    ]
    page = settle_page(api, client, {"preset": "tien-len"}, hands)
    assert "<th>Came last</th><th>Killed</th><th>Instant win</th>" in page
    rows = {
        name: re.findall(r'<td class="num">(\d+)</td>', row)
        for name, row in re.findall(
            r'<span class="player-name table-name">([^<]+)</span></td>(.*?)</tr>', page, re.S
        )
    }
    # won, came last, killed, instant wins
    assert rows == {
        "Rudi": ["1", "2", "0", "0"],
        "Tini": ["1", "1", "0", "0"],
        "Wawan": ["0", "2", "1", "0"],
        "Yanti": ["1", "1", "1", "1"],
    }
