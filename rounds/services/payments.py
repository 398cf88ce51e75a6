"""Ticking off settlement transfers as paid, at the end of the evening."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from rounds.errors import ServiceError
from rounds.models import MAX_PAID_MARKS, PaidTransfer, Session
from rounds.reads.selectors import HOUSE
from rounds.reads.state import settlement_of
from rounds.rules.settlement import Settlement
from rounds.services import publish
from rounds.signals import write_checked
from toolkit.messages import gettext_noop

TRANSFER_GONE = gettext_noop("That transfer is no longer in the settlement; the totals have changed")


def party_index(party: int | str, session: Session) -> int:
    """A settlement party as the settlement counts it: a player's index, or the house after them."""
    return session.players.count() if party == HOUSE else party  # type: ignore[return-value]


def check_payable(session: Session) -> None:
    """The app that owns the session may refuse payments on it, whatever was sent: an event's
    table enters hands only (409 naming the event). Asked before a request's body is read."""
    write_checked(session, "paid")


def payable(session: Session) -> bool:
    """Whether the session's page offers to tick payments."""
    try:
        check_payable(session)
    except ServiceError:
        return False
    return True


@transaction.atomic
def transfer_mark_paid(
    *, session: Session, payer: int | str, payee: int | str, amount: Decimal, paid: bool, device: str = ""
) -> None:
    """Mark one of the session's current transfers paid (or not); every device sees it.
    `payer`/`payee`: a player's index or "house" (paying by place)."""
    check_payable(session)
    # A tick is use of the evening: purge_sessions keeps it as long as a change. Its version moves
    # first, which takes the session's row: two ticks at once are one after the other, so neither
    # stores a mark the other did, nor passes MAX_PAID_MARKS.
    Session.objects.filter(pk=session.pk).update(version=F("version") + 1, updated_at=timezone.now())
    payer, payee = party_index(payer, session), party_index(payee, session)
    settlement = settlement_of(session)
    current = settlement is not None and any(
        (transfer.payer, transfer.payee, transfer.amount) == (payer, payee, amount)
        for transfer in settlement.transfers
    )
    if not current:
        raise ServiceError(TRANSFER_GONE, field="transfer")
    marks = PaidTransfer.objects.filter(session=session, payer=payer, payee=payee, amount=amount)
    if paid:
        if not marks.exists():
            drop_stale_marks(session, settlement)
            PaidTransfer.objects.create(
                session=session, payer=payer, payee=payee, amount=amount, device=device
            )
    else:
        marks.delete()
    publish.changed(session.pk, ["settlement.paid"], rounds_from=None)


def drop_stale_marks(session: Session, settlement: Settlement) -> None:
    """At MAX_PAID_MARKS, the ticks of transfers the settlement no longer owes go: a session keeps
    at most that many, its current transfers' ticks always among them."""
    kept = PaidTransfer.objects.filter(session=session)
    if kept.count() < MAX_PAID_MARKS:
        return
    owed = {(transfer.payer, transfer.payee, transfer.amount) for transfer in settlement.transfers}
    stale = [
        pk for pk, *mark in kept.values_list("pk", "payer", "payee", "amount") if tuple(mark) not in owed
    ]
    PaidTransfer.objects.filter(pk__in=stale).delete()
