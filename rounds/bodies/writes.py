"""The bodies of a round's writes, the entry lock and the settlement's ticks, and what the
socket's messages carry beside them (rounds/live/consumers.py)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from rounds.bodies.hands import DOUBLINGS, HAND_INPUT, OWN_SCORES, PLAYER_INDEX
from rounds.bodies.retry import Retried, request_key
from rounds.models import MAX_DEVICE_LENGTH
from rounds.rules.recap_lines import HOUSE
from rounds.rules.scoring import RoundEntry
from rounds.write_inputs import clean_device, clean_round_entry
from toolkit.bodies import Body, declared, one, part, switch
from toolkit.openapi import BOOLEAN, MONEY, array, nullable
from toolkit.refusals import ProtocolError

DEVICE = {"type": "string", "minLength": 1, "maxLength": MAX_DEVICE_LENGTH}
PARTY = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": HOUSE}]}
ROUND_NUMBER = nullable({"type": "integer", "minimum": 1})
COUNTS_TYPED = nullable(array(nullable({"type": "integer", "minimum": 0, "maximum": 13}), maxItems=4))
# A hand as a body sends it: Big Two's counts, our own scores or a Tiến lên hand (order, or instant alone).
HAND = {
    "cards": array({"type": "integer", "minimum": 0, "maximum": 13}, minItems=2, maxItems=4),
    "twos": nullable(array({"type": "integer", "minimum": 0, "maximum": 4}, minItems=2, maxItems=4)),
    "covering": nullable(PLAYER_INDEX),
    **DOUBLINGS,
    **OWN_SCORES,
    **HAND_INPUT,
}


def hand() -> Any:
    """The hand a body sends, as one checked RoundEntry (its rules are scoring's to check)."""
    return part(HAND, clean_round_entry)


@declared
class RoundEntryBody(Body, Retried):
    """A round to add or correct."""

    entry: RoundEntry = hand()
    key: str | None = request_key()
    release_lock: bool = switch("release_lock")


@declared
class RoundDelete(Body, Retried):
    """A round to delete, a deleted round to restore or a change to undo: only the write's own key."""

    key: str | None = request_key()
    release_lock: bool = switch("release_lock")


HistoryWrite = RoundDelete


@declared
class PreviewRequest(Body):
    """A round to score without storing it; `number`: the round it would correct."""

    entry: RoundEntry = hand()
    number: object = one("number", ROUND_NUMBER)


@declared
class LockMessage(Body):
    """What taking or renewing the entry lock tells: the device, the round it corrects, the counts
    the entry shows (null: not typed), new ones renewing a long hold. The services check them."""

    device: object = one("device", DEVICE, required=True)
    round: object = one("round", ROUND_NUMBER)
    counts: object = one("counts", COUNTS_TYPED)


@declared
class LockRequest(Body):
    """The API's lock body: a lock message, or a takeover of an idle one."""

    device: object = one("device", DEVICE, required=True)  # as sent: the lock's services check it
    takeover: bool = switch("takeover")
    round: object = one("round", ROUND_NUMBER)
    counts: object = one("counts", COUNTS_TYPED)


def exactly_true(raw: object) -> bool:
    return raw is True


@declared
class RoundMessage(Body, Retried):
    """A round write on the socket: its key, and whether it hands the lock back (only when sent
    exactly true); the hand, the number or the version as its type needs."""

    key: str | None = request_key()
    release_lock: bool = one("release_lock", BOOLEAN, exactly_true)


def parties(sent: Mapping[str, object]) -> tuple[int | str, int | str]:
    payer, payee = sent.get("from"), sent.get("to")
    if not all(isinstance(party, int) or party == HOUSE for party in (payer, payee)):
        raise ProtocolError(400, _("from and to: give the players' indexes"), field="from")
    return payer, payee  # type: ignore[return-value]


def money_amount(raw: object) -> Decimal:
    try:
        amount = Decimal(raw) if isinstance(raw, str) else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite() or amount <= 0:
        raise ProtocolError(
            400, _('amount: give the transfer\'s amount as a string, such as "29.50"'), field="amount"
        )
    return amount


@declared
class TransferPaid(Body):
    """A settlement transfer ticked paid (or back), by the device that says so."""

    parties: tuple[int | str, int | str] = part(
        {"from": PARTY, "to": PARTY}, parties, required=("from", "to")
    )
    amount: Decimal = one("amount", MONEY, money_amount, required=True)
    device: str = one("device", DEVICE, lambda raw: "" if raw is None else clean_device(raw))
    paid: bool = switch("paid")
