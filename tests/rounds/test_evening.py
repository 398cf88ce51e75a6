"""The end of the evening: settlement page, paid ticks, the story, export, rematch."""

import csv
import io
import json
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rounds.models import PaidTransfer, Session
from rounds.reads.export import restored
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.services.locking import lock_release
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

SPEC_6_ROUNDS = ([10, 0, 13, 7], [10, 6, 13, 0], [0, 6, 13, 8], [10, 0, 6, 5])  # totals 30, 12, 45, 20


def spec_6_session(**fields):
    session = make_session(mode="points", tiers=[[1, 1]], value_per_point="0.50", currency="EUR", **fields)
    lock_release(session=session, token=add_rounds(session, *SPEC_6_ROUNDS))
    return Session.objects.get(pk=session.pk)


def text_of(response):
    return " ".join(response.content.decode().split())


def test_the_spec_example_through_the_settlement_page(client):
    session = spec_6_session()
    page = text_of(client.get(f"/s/{session.edit_key}/settle/"))
    for net in ("+€29.50", "+€13.50", "−€6.50", "−€36.50"):
        assert net in page
    assert page.index("+€29.50") < page.index("+€13.50") < page.index("−€6.50") < page.index("−€36.50")
    transfers = re.findall(r'<span class="transfer-text">(.*?)</span> <(?:form|span|/li)', page)
    assert [re.sub(r"<[^>]+>", "", text).strip() for text in transfers] == [
        "Cat pays Ben €29.50",
        "Cat pays Dan €7.00",
        "Ann pays Dan €6.50",
    ]
    assert "money follows the score difference" in page


def test_the_summary_to_share_names_everyone_and_every_transfer(client):
    session = spec_6_session()
    page = client.get(f"/s/{session.view_key}/settle/").content.decode()
    summary = page.split('data-summary aria-label="Summary to paste into a chat">')[1].split("</textarea>")[0]
    date = f"{session.created_at.day} {session.created_at:%b}"
    assert summary == (
        f"Big Two, {date}, 4 rounds: Ben +€29.50, Dan +€13.50, Ann −€6.50, Cat −€36.50. "
        "Cat pays Ben €29.50; Cat pays Dan €7.00; Ann pays Dan €6.50."
    )


def test_the_summary_says_which_transfers_are_paid(client):
    session = spec_6_session()
    PaidTransfer.objects.create(session=session, payer=2, payee=1, amount=Decimal("29.50"))
    page = client.get(f"/s/{session.view_key}/settle/").content.decode()
    summary = page.split('data-summary aria-label="Summary to paste into a chat">')[1].split("</textarea>")[0]
    assert summary.endswith("Cat paid Ben €29.50 ✓; Cat pays Dan €7.00; Ann pays Dan €6.50.")


@pytest.mark.parametrize("accept", ["zh-TW", "zh-CN"])
def test_the_summary_is_punctuated_full_width_in_chinese(client, accept):
    """A Chinese chat reads "…，Dan +€13.50，…。Cat 付給 Ben €29.50；…。": it read "Ben +€29.50,
    Dan +€13.50, … −€36.50. Cat 付給 Ben €29.50; …" (and "4 局： Ben", a space after the colon)."""
    session = spec_6_session()
    page = client.get(f"/s/{session.view_key}/settle/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    summary = re.search(r"<textarea[^>]*data-summary[^>]*>(.*?)</textarea>", page, re.S).group(1)
    pays = "付給" if accept == "zh-TW" else "付给"
    assert summary.split("4 局：")[1] == (
        "Ben +€29.50，Dan +€13.50，Ann −€6.50，Cat −€36.50。"
        f"Cat {pays} Ben €29.50；Cat {pays} Dan €7.00；Ann {pays} Dan €6.50。"
    )


def test_other_modes_say_money_follows_the_points(client):
    session = make_session(preset="wta-flat", value_per_point="1")
    add_rounds(session, [5, 0, 11, 13])
    page = text_of(client.get(f"/s/{session.edit_key}/settle/"))
    assert "Money follows the points" in page
    assert "+29.00" in page


def test_the_follow_link_sees_the_settlement_but_cannot_tick_it(client):
    session = spec_6_session()
    page = client.get(f"/s/{session.view_key}/settle/").content.decode()
    assert "€29.50" in page
    assert "data-paid-form" not in page
    assert 'name="value_per_point"' not in page


def test_mark_paid_through_the_api_is_in_every_device_state(api):
    session = spec_6_session()
    body = {"from": 2, "to": 1, "amount": "29.50", "paid": True, "device": "Ben's phone"}
    response = api.post(f"/api/sessions/{session.edit_key}/transfers/paid", body)
    assert response.status_code == 200
    transfers = api.get(f"/api/sessions/{session.view_key}").json()["settlement"]["transfers"]
    assert [t["paid"] for t in transfers] == [True, False, False]
    api.post(f"/api/sessions/{session.edit_key}/transfers/paid", {**body, "paid": False})
    assert PaidTransfer.objects.count() == 0


def test_a_transfer_that_no_longer_exists_cannot_be_ticked(api):
    session = spec_6_session()
    response = api.post(
        f"/api/sessions/{session.edit_key}/transfers/paid",
        {"from": 2, "to": 1, "amount": "30.00", "paid": True},
    )
    assert response.status_code == 400
    assert "no longer in the settlement" in response.json()["error"]
    assert PaidTransfer.objects.count() == 0


def test_a_correction_that_changes_the_amount_unticks_the_transfer(api):
    session = spec_6_session()
    api.post(
        f"/api/sessions/{session.edit_key}/transfers/paid",
        {"from": 2, "to": 1, "amount": "29.50", "paid": True},
    )
    token = api.post(f"/api/sessions/{session.edit_key}/lock", {"device": "Ann's phone"}).json()["token"]
    api.put(f"/api/sessions/{session.edit_key}/rounds/4", {"cards": [10, 0, 7, 5]}, token=token)
    transfers = api.get(f"/api/sessions/{session.edit_key}").json()["settlement"]["transfers"]
    assert transfers[0]["amount"] != "29.50"
    assert not any(t["paid"] for t in transfers)


def test_the_follow_key_cannot_mark_paid(api):
    session = spec_6_session()
    response = api.post(
        f"/api/sessions/{session.view_key}/transfers/paid",
        {"from": 2, "to": 1, "amount": "29.50", "paid": True},
    )
    assert response.status_code == 403


def test_the_plain_form_changes_the_value_per_point(client):
    session = spec_6_session()
    response = client.post(f"/s/{session.edit_key}/settle/", {"value_per_point": "1.00", "currency": "HKD"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert (str(session.value_per_point), session.currency) == ("1.0000", "HKD")
    assert "HK$59.00" in text_of(client.get(f"/s/{session.edit_key}/settle/"))


def test_a_bad_value_per_point_is_explained_and_changes_nothing(client):
    session = spec_6_session()
    response = client.post(f"/s/{session.edit_key}/settle/", {"value_per_point": "-3", "currency": "EUR"})
    assert response.status_code == 400
    assert "Value per point: give an amount like 0.50" in response.content.decode()
    session.refresh_from_db()
    assert str(session.value_per_point) == "0.5000"


def test_the_story_has_a_line_per_player_and_the_stats(client):
    session = spec_6_session()
    page = client.get(f"/s/{session.edit_key}/settle/").content.decode()
    assert page.count('<polyline class="line p') == 4
    assert 'aria-label="Running totals after 4 rounds: Ann 30, Ben 12, Cat 45, Dan 20"' in page
    cat = page.split('data-stats="2"')[1].split("</tr>")[0]
    assert [cell.split(">")[-1] for cell in cat.split("</td>")[1:5]] == ["0", "13", "3", "11.3"]


AWKWARD = ["Smith, Jo", 'Ann "the Shark"', '=HYPERLINK("http://x")', "王小明"]


def test_csv_rounds_round_trip_with_awkward_names(api):
    session = make_session(players=AWKWARD)
    add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4])
    response = api.get(f"/api/sessions/{session.edit_key}/export.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="big-two-')
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    names = [restored(cell.removesuffix(" cards")) for cell in rows[0][1:5]]
    assert names == AWKWARD
    no_twos = ["", "", "", ""]
    assert rows[1] == [
        "1",
        "5",
        "0",
        "11",
        "13",
        *no_twos,
        "5",
        "0",
        "22",
        "39",
        "5",
        "0",
        "22",
        "39",
        "",
        "",
    ]
    assert rows[2] == ["2", "0", "2", "3", "4", *no_twos, "0", "2", "3", "4", "5", "2", "25", "43", "", ""]


def test_csv_has_the_2s_held_and_who_covered(api):
    session = make_session(
        players=["Ann", "Ben", "Cat", "=Dan"], twos={"points_per_two": 2}, covering_rule=True
    )
    add_rounds(session, [5, 0, 11, 3], twos=(1, 0, 2, 0), covering=3)
    text = api.get(f"/api/sessions/{session.edit_key}/export.csv").content.decode("utf-8-sig")
    header, row = list(csv.reader(io.StringIO(text)))
    assert header[5:9] == ["Ann 2s", "Ben 2s", "Cat 2s", "'=Dan 2s"]
    assert header[-2:] == ["covering", "covering rule"]
    assert row[5:9] == ["1", "0", "2", "0"]
    assert row[-2:] == ["'=Dan", "pays for everyone"]


def test_a_formula_looking_name_is_neutralised_in_the_csv(api):
    session = make_session(players=["=1+1", "@SUM(A1)", "+Bob", "-Dan"])
    text = api.get(f"/api/sessions/{session.edit_key}/export.csv").content.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(text)))
    assert header[1:5] == ["'=1+1 cards", "'@SUM(A1) cards", "'+Bob cards", "'-Dan cards"]
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in header)


def test_json_export_is_the_full_state(api):
    session = spec_6_session()
    response = api.get(f"/api/sessions/{session.view_key}/export.json")
    assert response["Content-Disposition"].endswith('.json"')
    exported = json.loads(response.content)
    assert exported["totals"] == [30, 12, 45, 20]
    assert exported["settlement"]["net"] == ["-6.50", "29.50", "-36.50", "13.50"]
    assert "id" not in exported


def test_rematch_copies_players_seats_and_settings_into_a_new_session(api):
    session = make_session(preset="points-50", value_per_point="0.25", currency="HKD", randomize_seats=True)
    add_rounds(session, [5, 0, 11, 13])
    response = api.post(f"/api/sessions/{session.edit_key}/rematch")
    assert response.status_code == 201
    rematch = response.json()
    original = api.get(f"/api/sessions/{session.edit_key}").json()
    assert rematch["id"] != session.edit_key
    assert rematch["players"] == [{**player, "total": 0, "rank": 1} for player in original["players"]]
    assert rematch["settings"] == original["settings"]
    assert rematch["rounds"] == []


@st.composite
def evenings(draw):
    players = draw(st.integers(2, 4))
    mode = draw(st.sampled_from(["points", "winner_takes_all", "pay_difference"]))
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        winner = draw(st.integers(0, players - 1))
        rounds.append([0 if index == winner else draw(st.integers(1, 13)) for index in range(players)])
    value = draw(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("20"), places=2))
    return players, mode, rounds, value


@examples(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(evenings())
def test_a_random_evening_settles_to_the_cent_in_at_most_n_minus_1_transfers(evening):
    players, mode, rounds, value = evening
    session = make_session(
        players=["Ann", "Ben", "Cat", "Dan"][:players], mode=mode, value_per_point=str(value)
    )
    if rounds:
        lock_release(session=session, token=add_rounds(session, *rounds))
    settlement = table_state(Session.objects.get(pk=session.pk), viewer=Viewer.EDITOR)["settlement"]
    nets = [Decimal(amount) for amount in settlement["net"]]
    assert sum(nets) == 0
    assert len(settlement["transfers"]) <= players - 1
    balance = [Decimal(0)] * players
    for transfer in settlement["transfers"]:
        balance[transfer["from"]] -= Decimal(transfer["amount"])
        balance[transfer["to"]] += Decimal(transfer["amount"])
    assert balance == nets


@pytest.mark.parametrize(
    "tick",
    [
        {"from": "x", "to": "1", "amount": "29.50", "paid": "1"},
        {"from": "2", "to": "1", "amount": "²", "paid": "1"},
        {"from": "2", "to": "1", "amount": "1" * 5000, "paid": "1"},
        {"from": "2", "to": "1", "amount": "28.00", "paid": "1"},
    ],
)
def test_a_bad_paid_tick_without_javascript_is_explained_and_changes_nothing(client, tick):
    session = spec_6_session()
    version = Session.objects.get(pk=session.pk).version
    page = client.post(f"/s/{session.edit_key}/settle/paid", tick, follow=True).content.decode()
    assert "That transfer is no longer in the settlement; the totals have changed" in page
    assert not PaidTransfer.objects.filter(session=session).exists()
    assert Session.objects.get(pk=session.pk).version == version
    # Said once: the next visit is clean.
    assert "data-refusal" not in client.get(f"/s/{session.edit_key}/settle/").content.decode()


def test_a_good_paid_tick_without_javascript_is_kept(client):
    session = spec_6_session()
    tick = {"from": "2", "to": "1", "amount": "29.50", "paid": "1"}
    page = client.post(f"/s/{session.edit_key}/settle/paid", tick, follow=True).content.decode()
    assert "data-refusal" not in page
    assert list(PaidTransfer.objects.filter(session=session).values_list("payer", "payee", "amount")) == [
        (2, 1, Decimal("29.50"))
    ]
