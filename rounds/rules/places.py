"""Paying by place (SPEC 3.6) as a table writes it down: checking the two tables, the heavy
threshold and the house cut as typed. Pure; scoring.py scores a round with checked places."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Final

from rounds.rules.ruleset import MAX_CARDS, MAX_PLACES, Places, ScoringError, gettext_noop, is_whole_number

MAX_AMOUNT: Final = 1_000_000
PLACE_KEYS: Final = frozenset({"pays", "heavy_pays", "heavy_from", "house_cut"})


def check_amounts(raw: object, key: str) -> tuple[int, ...]:
    """1-3 whole amounts for 2nd, 3rd and 4th place, none negative, none smaller than the one before."""
    field = f"places.{key}"
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


def check_places(raw: object, *, base: Places | None = None) -> Places:
    """The places as sent (each key optional, the others kept from `base` or the defaults)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping) or not set(raw) <= PLACE_KEYS:
        raise ScoringError(
            gettext_noop("Places: give pays, heavy_pays, heavy_from and house_cut (each optional)"),
            field="places",
        )
    places = base or Places()
    pays = check_amounts(raw["pays"], "pays") if "pays" in raw else places.pays
    heavy_pays = check_amounts(raw["heavy_pays"], "heavy_pays") if "heavy_pays" in raw else places.heavy_pays
    heavy_from = raw.get("heavy_from", places.heavy_from)
    if not is_whole_number(heavy_from) or not 1 <= heavy_from <= MAX_CARDS:
        raise ScoringError(
            gettext_noop("Places: heavy_from is the cards left that make a round heavy, from 1 to 13"),
            field="places.heavy_from",
        )
    house_cut = raw.get("house_cut", places.house_cut)
    if not is_whole_number(house_cut) or house_cut < 0:
        raise ScoringError(
            gettext_noop("Places: house_cut is a whole number, 0 for no cut"), field="places.house_cut"
        )
    if house_cut > heavy_pays[0]:
        raise ScoringError(
            gettext_noop(
                "Places: the house cut (%(cut)s) is more than the smallest payment of a heavy round (%(least)s)"
            ),
            field="places.house_cut",
            cut=house_cut,
            least=heavy_pays[0],
        )
    return Places(pays=pays, heavy_pays=heavy_pays, heavy_from=heavy_from, house_cut=house_cut)
