"""A round write's request_id, the key that makes a retry safe (SPEC 9), named here only: its
shape and refusals, its schema, the query (and reply) that asks which were stored, and the
refusal of one reused for a different change. Everything else passes the checked key along."""

from __future__ import annotations

from typing import Any, TypedDict

from django.http import QueryDict

from rounds.errors import ServiceError
from rounds.rules.names import has_control_characters
from toolkit.bodies import one
from toolkit.messages import gettext_noop
from toolkit.openapi import INTEGER, array, obj

NAME = "request_id"
MAX_LENGTH = 100
MAX_ASKED = 50
SCHEMA = {"type": "string", "minLength": 1, "maxLength": MAX_LENGTH}
REUSED = gettext_noop("This request_id was already used for a different change")


def clean_request_id(raw: object) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not 1 <= len(raw) <= MAX_LENGTH or has_control_characters(raw):
        raise ServiceError(
            gettext_noop("request_id: give a string of 1 to 100 characters, such as a UUID"), field=NAME
        )
    return raw


def asked(query: QueryDict) -> list[str]:
    """The request_ids a device asks about (the query's repeated `request_id`), in its order, once each."""
    raw = query.getlist(NAME)
    if not 1 <= len(raw) <= MAX_ASKED:
        raise ServiceError(gettext_noop("request_id: ask about 1 to 50 request_ids at a time"), field=NAME)
    cleaned = [clean_request_id(key) for key in raw]
    return list(dict.fromkeys(key for key in cleaned if key is not None))


def request_key() -> Any:
    """A body's request_id, as a part of its declaration (its field `key`, beside `release_lock`)."""
    return one(NAME, SCHEMA, clean_request_id)


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


ASKED = {
    "name": NAME,
    "in": "query",
    "required": True,
    "description": "a request_id this device sent; repeat it for each (at most 50)",
    "schema": array(SCHEMA, minItems=1, maxItems=MAX_ASKED),
    "style": "form",
    "explode": True,
}

ASKED_SUMMARY = "Which of these request_ids were stored (a phone replaying its outbox asks first)"
STORED_REPLY = obj(
    {
        "stored": array(
            obj(
                {
                    NAME: SCHEMA,
                    "action": {"enum": ["add", "edit", "delete", "restore", "undo"]},
                    "number": INTEGER,
                },
                required=(NAME, "action", "number"),
            )
        ),
        "version": INTEGER,
    },
    required=("stored", "version"),
)


class RequestReused(ServiceError):
    status = 409

    def __init__(self) -> None:
        super().__init__(REUSED, field=NAME)
