"""What a request or a socket message may send about a round, the entry lock and the settlement,
each body declared once as a type (toolkit/bodies.py): its keys, their schemas and how they are
cleaned. The API's parse, the refusal naming the field, the socket's reading and the OpenAPI
document's bodies come from here. Also the one place that names the request_id, the key that makes
a retried write safe (SPEC 9): its shape, schema, the stored-writes query and the reuse refusal.
The settings' bodies are rounds/session_bodies.py's."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

from django.http import QueryDict
from django.utils.translation import gettext as _

from rounds.errors import ServiceError
from rounds.models import MAX_DEVICE_LENGTH
from rounds.rules.doubling import MAX_BOMBS
from rounds.rules.names import has_control_characters
from rounds.rules.own_scores import MOST as OWN_MOST
from rounds.rules.recap_lines import HOUSE
from rounds.rules.scoring import RoundEntry
from rounds.rules.tien_len_hand import MOST_CHAINED, MOST_CHOPS
from rounds.rules.tien_len_settings import MOST_HELD, Item
from rounds.write_inputs import clean_device, clean_round_entry
from toolkit.bodies import Body, declared, one, part, switch
from toolkit.messages import gettext_noop
from toolkit.openapi import BOOLEAN, INTEGER, MONEY, array, nullable, obj
from toolkit.refusals import ProtocolError

# --- A hand: a Big Two round's counts, a Tiến lên hand (API.md), our own scores and 锄大地's
# doublings (SPEC 15), as bodies send them and replies show them.

COUNTS = array(INTEGER, minItems=2, maxItems=4)
PLAYER_INDEX = {"type": "integer", "minimum": 0, "maximum": 3}
PLAYERS = array(PLAYER_INDEX, maxItems=4)

# A Tiến lên hand (API.md): in a body every key optional (null or [] for none); shown, every key.
HELD = obj(
    {
        "player": PLAYER_INDEX,
        **{item.value: {"type": "integer", "minimum": 0, "maximum": MOST_HELD[item]} for item in Item},
    },
    required=("player",),
    closed=True,
)
CHOP = obj(
    {
        "by": PLAYER_INDEX,
        "from": PLAYER_INDEX,
        "items": array({"enum": [item.value for item in Item]}, minItems=1, maxItems=MOST_CHAINED),
    },
    required=("by", "from", "items"),
    closed=True,
)
HAND_SHOWN = {
    "order": PLAYERS,
    "killed": PLAYERS,
    "left": array(HELD, maxItems=4),
    "chops": array(CHOP, maxItems=MOST_CHOPS),
    "instant": nullable(PLAYER_INDEX),
}
HAND_INPUT = {key: schema if key == "instant" else nullable(schema) for key, schema in HAND_SHOWN.items()}
# Our own scores (SPEC 15): each player's score as typed.
OWN_SCORES = {
    "scores": nullable(
        array({"type": "integer", "minimum": -OWN_MOST, "maximum": OWN_MOST}, minItems=2, maxItems=4)
    )
}
# 锄大地's doublings of a hand (SPEC 15): who held the ♠2, the bombs played.
DOUBLINGS = {
    "spade_two": nullable(PLAYER_INDEX),
    "bombs": {"type": "integer", "minimum": 0, "maximum": MAX_BOMBS},
}

# --- The request_id.

REQUEST_KEY = "request_id"
MAX_REQUEST_ID_LENGTH = 100
MAX_ASKED_REQUESTS = 50
REQUEST_ID = {"type": "string", "minLength": 1, "maxLength": MAX_REQUEST_ID_LENGTH}
REQUEST_REUSED = gettext_noop("This request_id was already used for a different change")


def clean_request_id(raw: object) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not 1 <= len(raw) <= MAX_REQUEST_ID_LENGTH or has_control_characters(raw):
        raise ServiceError(
            gettext_noop("request_id: give a string of 1 to 100 characters, such as a UUID"),
            field=REQUEST_KEY,
        )
    return raw


def asked_requests(query: QueryDict) -> list[str]:
    """The request_ids a device asks about (the query's repeated `request_id`), in its order, once each."""
    raw = query.getlist(REQUEST_KEY)
    if not 1 <= len(raw) <= MAX_ASKED_REQUESTS:
        raise ServiceError(
            gettext_noop("request_id: ask about 1 to 50 request_ids at a time"), field=REQUEST_KEY
        )
    cleaned = [clean_request_id(key) for key in raw]
    return list(dict.fromkeys(key for key in cleaned if key is not None))


def request_key() -> Any:
    """A body's request_id, as a part of its declaration (its field `key`, beside `release_lock`)."""
    return one(REQUEST_KEY, REQUEST_ID, clean_request_id)


class Once(TypedDict, total=False):
    """What makes a round write safe to send again (None: not asked), and whether it hands the
    entry lock back when done; the round services take them as keywords."""

    request_id: str | None
    release_lock: bool


class Retried:
    """A write's body that carries its request_id (`key`) and whether it hands the lock back."""

    key: str | None
    release_lock: bool

    def once(self) -> Once:
        """How the round services take them."""
        return Once(request_id=self.key, release_lock=self.release_lock)


ASKED_REQUESTS = {
    "name": REQUEST_KEY,
    "in": "query",
    "required": True,
    "description": "a request_id this device sent; repeat it for each (at most 50)",
    "schema": array(REQUEST_ID, minItems=1, maxItems=MAX_ASKED_REQUESTS),
    "style": "form",
    "explode": True,
}

STORED_SUMMARY = "Which of these request_ids were stored (a phone replaying its outbox asks first)"
STORED_REPLY = obj(
    {
        "stored": array(
            obj(
                {
                    REQUEST_KEY: REQUEST_ID,
                    "action": {"enum": ["add", "edit", "delete", "restore", "undo"]},
                    "number": INTEGER,
                },
                required=(REQUEST_KEY, "action", "number"),
            )
        ),
        "version": INTEGER,
    },
    required=("stored", "version"),
)


class RequestReused(ServiceError):
    status = 409

    def __init__(self) -> None:
        super().__init__(REQUEST_REUSED, field=REQUEST_KEY)


# --- The bodies.

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
    "bombs": nullable(DOUBLINGS["bombs"]),  # null: none played, as the other keys' null
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
