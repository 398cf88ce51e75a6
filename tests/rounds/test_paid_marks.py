"""The ticks of a session's transfers stay bounded (hosting.md's limits): a wager changed and a
transfer ticked, again and again, left one stored tick more each time, without end (a
correction or wager change is no change of the history, so its cap never came)."""

import threading

import pytest
from django.db import connection, transaction

from rounds.models import MAX_PAID_MARKS, PaidTransfer, Session
from rounds.reads.state import settlement_of
from rounds.services.payments import transfer_mark_paid
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db


def tick(api, key):
    transfer = api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"][0]
    body = {"from": transfer["from"], "to": transfer["to"], "amount": transfer["amount"], "paid": True}
    reply = api.post(f"/api/sessions/{key}/transfers/paid", body)
    assert reply.status_code == 200, reply.content
    return transfer


def test_a_wager_changed_and_ticked_again_and_again_keeps_a_bounded_number_of_ticks(api):
    key = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat"], "value_per_point": "1"}).json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    assert api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 5, 7]}, token=token).status_code == 201
    for value in range(1, MAX_PAID_MARKS + 30):
        reply = api.patch(f"/api/sessions/{key}", {"value_per_point": str(value)}, token=token)
        assert reply.status_code == 200, reply.content
        tick(api, key)
        assert PaidTransfer.objects.count() <= MAX_PAID_MARKS
    # The transfers owed now are still ticked, as the settlement shows them.
    transfers = api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"]
    assert [transfer["amount"] for transfer in transfers] == [
        "711.00",
        "237.00",
    ]  # at 79 a point: Cat 9, Ben 3
    assert transfers[0]["paid"] is True


def test_below_the_cap_an_earlier_tick_comes_back_with_its_amount(api):
    """What the marks are kept for: a wager changed back shows the transfer ticked again."""
    key = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": "1"}).json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 5]}, token=token)
    tick(api, key)
    api.patch(f"/api/sessions/{key}", {"value_per_point": "2"}, token=token)
    assert api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"][0]["paid"] is False
    api.patch(f"/api/sessions/{key}", {"value_per_point": "1"}, token=token)
    assert api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"][0]["paid"] is True


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_ticks_at_once_store_one_mark():
    """Two phones tick the same transfer at the same moment, on PostgreSQL: the second waits for
    the first's transaction (its tick takes the session's row first), then finds the mark. Without
    that wait each found none and tried to store one: the second ran into the marks' unique
    constraint, an IntegrityError (a 500 for that phone)."""
    session = make_session(["Ann", "Ben"], value_per_point="1")
    add_rounds(session, [0, 5])
    (owed,) = settlement_of(Session.objects.get(pk=session.pk)).transfers
    tick = {"payer": owed.payer, "payee": owed.payee, "amount": owed.amount, "paid": True}
    first_ticked, first_may_commit = threading.Event(), threading.Event()
    second_done = threading.Event()
    failures: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                transfer_mark_paid(session=Session.objects.get(pk=session.pk), **tick, device="Ann's phone")
                first_ticked.set()
                first_may_commit.wait(timeout=30)
        finally:
            connection.close()

    def second() -> None:
        try:
            first_ticked.wait(timeout=30)
            transfer_mark_paid(session=Session.objects.get(pk=session.pk), **tick, device="Ben's phone")
        except Exception as failure:
            failures.append(failure)
        finally:
            second_done.set()
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    first_ticked.wait(timeout=30)
    assert not second_done.wait(timeout=1)  # the second waits on the first's open transaction
    first_may_commit.set()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    assert PaidTransfer.objects.filter(session=session).count() == 1
