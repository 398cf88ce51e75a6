"""A request body declared once, as a type: each of its values is a part, the JSON keys it reads
with their schemas and how they are cleaned. The endpoint's parse (toolkit/jsonapi.py), the
refusal naming the field, a socket message's reading and the OpenAPI schema all come from it.

    @declared
    class LockRequest(Body):
        device: str = one("device", DEVICE, clean_device, required=True)
        takeover: bool = one("takeover", BOOLEAN, flag)

`LockRequest.parse(sent)` cleans each part in the order declared (so a body with two bad fields
is refused for the first, as the order says); `LockRequest.schema()` is its OpenAPI object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

from django.utils.translation import gettext as _

from toolkit.openapi import BOOLEAN, obj
from toolkit.refusals import ProtocolError

PART = "body_part"


@dataclass(frozen=True)
class Part:
    """Some keys of a body and the value they make: `clean` reads them from the body as sent."""

    properties: dict[str, dict]
    clean: Callable[[Mapping[str, object]], object]
    required: tuple[str, ...] = ()


def part(
    properties: dict[str, dict], clean: Callable[[Mapping[str, object]], object], *, required: tuple = ()
) -> Any:
    """A value made of several keys read together (a hand: its cards, twos, covering and more)."""
    return dataclasses.field(metadata={PART: Part(properties, clean, required)})


def kept(raw: object) -> object:
    return raw


class Absent:
    """A key the body did not send (null is sent: it clears)."""

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT = Absent()


def given(key: str, schema: dict, clean: Callable[[object], object] = kept) -> Any:
    """A value of one key where leaving it out differs from null: ABSENT when not sent."""
    return part({key: schema}, lambda sent: clean(sent[key]) if key in sent else ABSENT)


def one(key: str, schema: dict, clean: Callable[[object], object] = kept, *, required: bool = False) -> Any:
    """A value of one key, cleaned from what was sent there (None when absent)."""
    return part({key: schema}, lambda sent: clean(sent.get(key)), required=(key,) if required else ())


class Body:
    """A declared body: subclass it as a frozen dataclass (`@declared`) of parts."""

    # What the body's schema says beyond its keys (at least one of them: {"minProperties": 1}).
    EXTRA_SCHEMA: ClassVar[dict] = {}

    @classmethod
    def parts(cls) -> dict[str, Part]:
        return {field.name: field.metadata[PART] for field in dataclasses.fields(cls)}  # type: ignore[arg-type]

    @classmethod
    def properties(cls) -> dict[str, dict]:
        return {key: schema for found in cls.parts().values() for key, schema in found.properties.items()}

    @classmethod
    def schema(cls) -> dict:
        """The body in the OpenAPI document: its keys, those it needs, no other."""
        required = tuple(key for found in cls.parts().values() for key in found.required)
        return {**obj(cls.properties(), required=required, closed=True), **cls.EXTRA_SCHEMA}

    @classmethod
    def parse_closed(cls, sent: Mapping[str, object], *, beside: Iterable[str] = ()) -> Self:
        """Parse, refusing a key the declaration does not name (the API's bodies, a body within one;
        a socket message, with the keys its envelope carries `beside`)."""
        unknown = sorted(set(sent) - set(cls.properties()) - set(beside))
        if unknown:
            raise ProtocolError(400, _("Unknown field: %(field)s") % {"field": unknown[0]}, field=unknown[0])
        return cls.parse(sent)

    @classmethod
    def parse(cls, sent: Mapping[str, object]) -> Self:
        """The body's values, each cleaned as declared, in order; a refusal names the first bad one."""
        return cls(**{name: found.clean(sent) for name, found in cls.parts().items()})


BodyT = TypeVar("BodyT", bound=Body)
Declared = TypeVar("Declared", bound=type)


def declared(cls: Declared) -> Declared:
    return dataclass(frozen=True)(cls)  # type: ignore[return-value]


@declared
class NoBody(Body):
    """The body of an endpoint that takes none (an empty object, or nothing at all)."""


def flag(sent: Mapping[str, object], name: str) -> bool:
    """A flag of the body: false when absent, else true or false (a null is refused)."""
    value = sent.get(name, False)
    if not isinstance(value, bool):
        raise ProtocolError(400, _("%(field)s: give true or false") % {"field": name}, field=name)
    return value


def switch(key: str) -> Any:
    """A flag as a part of a body."""
    return part({key: BOOLEAN}, lambda sent: flag(sent, key))
