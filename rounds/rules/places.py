"""Paying by place (SPEC 3.6) as a table writes it down: each part of the places checked as its
field on Places declares it (rounds/rules/ruleset.py), then the house cut against the heavy amounts
(scoring.py).
Pure; scoring.py scores a round with checked places."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import pairwise
from typing import Final

from rounds.rules.fields import PLACES, Kind, Setting
from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.ruleset import MAX_PLACES, Places
from toolkit.messages import gettext_noop, ngettext_noop

MAX_AMOUNT: Final = 1_000_000
PARTS: Final[Mapping[str, Setting]] = {part.name: part for part in PLACES.parts}


def check_amounts(raw: object, key: str) -> tuple[int, ...]:
    """1-3 whole amounts for 2nd, 3rd and 4th place, none negative, none smaller than the one before."""
    field = f"{PLACES.name}.{key}"
    if not isinstance(raw, (list, tuple)) or not raw:
        raise ScoringError(
            gettext_noop("Places: %(key)s is a list of 1 to 3 amounts, for 2nd, 3rd and 4th place"),
            field=field,
            key=key,
        )
    if len(raw) > MAX_PLACES:
        raise ScoringError(
            gettext_noop("Places: %(key)s has %(given)s amounts but there are only 3 places to pay"),
            field=field,
            key=key,
            given=len(raw),
        )
    for amount in raw:
        if not is_whole_number(amount) or amount < 0:
            raise ScoringError(
                gettext_noop("Places: %(key)s amounts are whole numbers, not negative"), field=field, key=key
            )
        if amount > MAX_AMOUNT:
            raise ScoringError(
                gettext_noop("Places: %(key)s amounts are at most 1,000,000"), field=field, key=key
            )
    for place, (before, after) in enumerate(pairwise(raw), start=3):
        if after < before:
            raise ScoringError(
                gettext_noop(
                    "Places: in %(key)s, place %(place)s pays %(after)s, less than the place before (%(before)s)"
                ),
                field=field,
                key=key,
                place=place,
                after=after,
                before=before,
            )
    return tuple(raw)


def check_count(raw: object, part: Setting) -> int:
    """A whole number within the part's bounds (the cards left that make a round heavy)."""
    if not is_whole_number(raw) or not part.minimum <= raw <= part.maximum:  # type: ignore[operator]
        raise ScoringError(part.refusal, field=f"{PLACES.name}.{part.name}")
    return raw  # type: ignore[return-value]


def check_amount(raw: object, part: Setting) -> int:
    """A whole number of points, 0 or more."""
    if not is_whole_number(raw) or raw < 0:  # type: ignore[operator]
        raise ScoringError(part.refusal, field=f"{PLACES.name}.{part.name}")
    return raw  # type: ignore[return-value]


CHECKS: Final[Mapping[Kind, Callable[[object, Setting], object]]] = {
    Kind.AMOUNTS: lambda raw, part: check_amounts(raw, part.name),
    Kind.COUNT: check_count,
    Kind.AMOUNT: check_amount,
}


def check_places(raw: object, *, base: Places | None = None) -> Places:
    """The places as sent (each part optional, the others kept from `base` or the defaults),
    each part checked in its declared order."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping) or not set(raw) <= set(PARTS):
        raise ScoringError(PLACES.refusal, field=PLACES.name)
    sent = {name: CHECKS[part.kind](raw[name], part) for name, part in PARTS.items() if name in raw}
    places = replace(base or Places(), **sent)
    check_house_cut(places)
    return places


def check_place_amounts(places: Places, player_count: int) -> None:
    """Paying by place needs an amount for every loser's place, in both tables."""
    for key, amounts in (("pays", places.pays), ("heavy_pays", places.heavy_pays)):
        if len(amounts) < player_count - 1:
            raise ScoringError(
                ngettext_noop(
                    "Places: %(players)s players need %(places)s amount in %(table)s",
                    "Places: %(players)s players need %(places)s amounts in %(table)s",
                    "places",
                ),
                field=f"places.{key}",
                players=player_count,
                places=player_count - 1,
                table=key,
            )


def check_house_cut(places: Places) -> None:
    """The winner's cut to the house in a heavy round is at most what the smallest heavy place pays."""
    if places.house_cut > places.heavy_pays[0]:
        raise ScoringError(
            gettext_noop(
                "Places: the house cut (%(cut)s) is more than the smallest payment of a heavy round (%(least)s)"
            ),
            field="places.house_cut",
            cut=places.house_cut,
            least=places.heavy_pays[0],
        )
