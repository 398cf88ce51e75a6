"""An event's table enters hands only (docs/club.md): its link ticks no payment, whatever the
event's wager, whatever the body (issue 38): 409 naming the event, like the table's other
refusals, the link checked before the body is read; its settle page offers no tick."""

from __future__ import annotations

import html

import pytest

from rounds.models import PaidTransfer
from tests.events.helpers import draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db

REFUSAL = (
    "Table 1 of Friday club: its rules, players and length are the event's; "
    "its phones enter, correct and delete hands"
)


@pytest.fixture
def table(api):
    """Table 1 of round 1, its hands played at 0.50 a point: a settlement with transfers."""
    event = new_event(api, rules={"value_per_point": "0.50", "currency": "EUR"})
    first = draw(api, event["id"])["tables"][0]
    play_table(api, first["session"], *[hand_for(len(first["players"]), winner=n) for n in range(2)])
    state = api.get(f"/api/sessions/{first['session']}").json()
    assert state["settlement"]["transfers"], "a settlement to tick"
    return first["session"], state["settlement"]["transfers"][0]


@pytest.mark.parametrize(
    "body",
    [
        "the real transfer",
        {"from": 0, "to": 1, "amount": "lots", "paid": True},
        {"unknown": 1},
        [],
        "not JSON at all",
    ],
)
def test_a_tables_link_cannot_tick_a_payment_whatever_the_body(api, table, body):
    key, transfer = table
    if body == "the real transfer":
        body = {**transfer, "paid": True}
        body.pop("payer_name", None), body.pop("payee_name", None)
    reply = api.post(f"/api/sessions/{key}/transfers/paid", body)
    assert reply.status_code == 409, reply.content
    assert reply.json() == {"error": REFUSAL, "field": "event", "player": None}
    assert PaidTransfer.objects.count() == 0


def test_the_tables_settle_page_offers_no_tick_and_its_form_ticks_nothing(client, table):
    key, transfer = table
    page = client.get(f"/s/{key}/settle/").content.decode()
    assert "data-transfers" in page  # the payments are shown
    assert "data-paid-form" not in page
    posted = client.post(
        f"/s/{key}/settle/paid", {"from": transfer["from"], "to": transfer["to"], "amount": "x", "paid": "1"}
    )
    assert posted.status_code == 302
    assert REFUSAL in html.unescape(client.get(posted["Location"]).content.decode())
    assert PaidTransfer.objects.count() == 0


def test_the_tables_settle_page_offers_no_wager_to_change(client, table):
    """The wager is the event's (a club's Rp1.000 a point): the table's settle page showed a
    value per point and *Use this for the whole session*, refused whatever was typed."""
    key, _transfer = table
    page = client.get(f"/s/{key}/settle/").content.decode()
    assert "data-transfers" in page
    assert "data-wager-form" not in page
    assert 'name="value_per_point"' not in page


def test_a_plain_sessions_settle_page_still_changes_its_wager(api, client):
    key = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": "1"}).json()["id"]
    assert "data-wager-form" in client.get(f"/s/{key}/settle/").content.decode()
    assert client.post(f"/s/{key}/settle/", {"value_per_point": "2", "currency": ""}).status_code == 302
    assert api.get(f"/api/sessions/{key}").json()["settings"]["value_per_point"] == "2.00"


def test_a_plain_sessions_payments_are_still_ticked(api):
    reply = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": "1"})
    key = reply.json()["id"]
    play_table(api, key, [0, 5])
    transfer = api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"][0]
    body = {name: transfer[name] for name in ("from", "to", "amount")}
    ticked = api.post(f"/api/sessions/{key}/transfers/paid", {**body, "paid": True})
    assert ticked.status_code == 200, ticked.content
    assert PaidTransfer.objects.count() == 1
