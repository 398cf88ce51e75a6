"""`{% screen_cards current.tables earlier %}`: the screen's table cards (events/_screen_table.html),
each drawn once per state of its table and language and kept: a build of the screen's view after
a hand redraws the one card that changed, not the fifty of the round."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from toolkit.lru import LRU

register = template.Library()

CARDS_KEPT = 4096
cards: LRU[tuple, str] = LRU(CARDS_KEPT)


def card(table: dict, *, earlier: bool) -> str:
    key = (
        get_language(),
        earlier,
        table.get("round"),
        table["table"],
        tuple(table["players"]),
        table["hands_played"],
        table["hands"],
        table["finished"],
        table["entering"],
        table["join"],
    )
    return cards.remembered(
        key, lambda: render_to_string("events/_screen_table.html", {"table": table, "earlier": earlier})
    )


@register.simple_tag
def screen_cards(tables: list[dict] | None, earlier: list[dict]) -> SafeString:
    drawn = [card(table, earlier=False) for table in tables or []]
    drawn += [card(table, earlier=True) for table in earlier]
    return mark_safe("".join(drawn))  # each card a rendered template, escaped there
