"""Display helpers for the pages: labels and formats only, never a rule."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rounds.scoring import Mode
from rounds.standings import Direction

register = template.Library()

CURRENCY_SYMBOLS = {
    "EUR": "€",
    "USD": "$",
    "GBP": "£",
    "HKD": "HK$",
    "TWD": "NT$",
    "CNY": "¥",
    "JPY": "¥",
    "SGD": "S$",
    "AUD": "A$",
    "CAD": "C$",
    "MYR": "RM",
    "CHF": "CHF ",
}


def currency_symbol(currency: str) -> str:
    if not currency:
        return ""
    return CURRENCY_SYMBOLS.get(currency, currency if len(currency) <= 2 else f"{currency} ")


@register.filter
def mode_label(mode: str) -> str:
    return {
        Mode.POINTS.value: _("Points"),
        Mode.WINNER_TAKES_ALL.value: _("Winner takes all"),
        Mode.PAY_DIFFERENCE.value: _("Pay the difference"),
    }.get(mode, mode)


@register.filter
def tiers_text(tiers: list[list[int]]) -> str:
    """The penalty table as tables say it: "1 a card, ×2 from 10 cards, ×3 from 13 cards"."""
    base = tiers[0][1]
    parts = [ngettext("%(points)s point a card", "%(points)s points a card", base) % {"points": base}]
    for from_cards, rate in tiers[1:]:
        times = rate / base
        shown = f"{times:g}"
        parts.append(_("×%(times)s from %(cards)s cards") % {"times": shown, "cards": from_cards})
    return ", ".join(parts)


@register.filter
def direction_label(direction: str) -> str:
    if direction == Direction.CLOCKWISE.value:
        return _("↻ clockwise")
    return _("↺ counter-clockwise")


@register.filter
def money(amount: str, currency: str = "") -> str:
    """A signed money string from the state ("-6.50") as people read it ("−€6.50")."""
    negative = amount.startswith("-")
    digits = amount.lstrip("-+")
    sign = "−" if negative else "+" if digits.strip("0.") else ""
    return f"{sign}{currency_symbol(currency)}{digits}"


@register.filter
def plain_money(amount: str, currency: str = "") -> str:
    return f"{currency_symbol(currency)}{amount.lstrip('-')}"


@register.filter
def signed(score: int) -> str:
    return f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "0"


@register.filter
def at(sequence: list | dict, index: int | str) -> object:
    """sequence[index], or "" when there is none (a form shown before anything was typed)."""
    try:
        return sequence[index]  # type: ignore[index]
    except (IndexError, KeyError, TypeError):
        return ""


@register.simple_tag
def round_heading(state: dict) -> str:
    """ "Round 7 of 7" for the round to play next, or how the evening ended."""
    number, limit = state["next"]["round"], state["settings"]["rounds"]
    played = len(state["rounds"])
    if state["finished"]:
        return ngettext("Finished after %(count)s round", "Finished after %(count)s rounds", played) % {
            "count": played
        }
    if limit:
        return _("Round %(number)s of %(limit)s") % {"number": number, "limit": limit}
    return _("Round %(number)s") % {"number": number}


@register.filter
def sign_class(amount: str) -> str:
    """up, down or even, for colouring a signed amount from the state."""
    if amount.startswith("-"):
        return "down"
    return "up" if amount.strip("0.") else "even"
