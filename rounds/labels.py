"""How a number, a sum of money and the house read on a page: the formats the templates
(rounds/web/tags/page_labels.py), the charts and the recap share. Labels only, never a rule."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rounds.rules.settlement import currency_code

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
    "IDR": "Rp",
    "PHP": "₱",
}
# Money counted in whole units, grouped with dots, as Vietnam and Indonesia write it (1.000.000 ₫,
# Rp1.000.000): the state's two decimals are dropped (rounded half up) for these.
WHOLE_UNITS = {"VND": "{digits} ₫", "IDR": "Rp{digits}"}


def currency_symbol(currency: str) -> str:
    if not currency:
        return ""
    currency = currency_code(currency)
    return CURRENCY_SYMBOLS.get(currency, currency if len(currency) <= 2 else f"{currency} ")


def house_label(settings: dict) -> str:
    """Who keeps the score in a by_place session (SPEC 3.6): its name, or House."""
    return settings.get("house_name") or _("House")


# Every negative number a page shows has a real minus sign (U+2212), as print does; the CSV,
# the paper log and the API keep ASCII "-" (static/js/render.js: number()).
MINUS = "\u2212"


def minus(number: object) -> str:
    """A number as the page shows it: −200, never -200."""
    text = str(number)
    return MINUS + text[1:] if text.startswith("-") else text


def magnitude(number: int) -> int:
    """How many, whatever the sign: what picks a plural form ("−1 point")."""
    return abs(number)


def money(amount: str, currency: str = "") -> str:
    """A signed money string from the state ("-6.50") as people read it ("−€6.50")."""
    negative = amount.startswith("-")
    digits = amount.lstrip("-+")
    sign = MINUS if negative else "+" if digits.strip("0.") else ""
    return f"{sign}{plain_money(digits, currency)}"


def plain_money(amount: str, currency: str = "") -> str:
    """An amount without its sign, with its currency: "€6.50", "1.000.000 ₫", "Rp25.000"; the
    cents after the page's decimal mark ("€6,50" on a Vietnamese or Indonesian page, as its
    numbers are written)."""
    digits = amount.lstrip("-+")
    currency = currency_code(currency)
    if currency in WHOLE_UNITS:
        whole = int(Decimal(digits).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        return WHOLE_UNITS[currency].format(digits=f"{whole:,}".replace(",", "."))
    return f"{currency_symbol(currency)}{grouped(digits)}"


def grouped(digits: str) -> str:
    """An amount's thousands and cents as the page's language writes money: "2,300.00" in English
    and Chinese (HK$2,300.00, NT$2,300.00, ¥2,300.00; it read 2300.00), "1.050,00" in Vietnamese
    and Indonesian; the thousands from the language's example, the cents after its decimal mark."""
    example = pgettext("an amount with cents, as this language groups its thousands", "1,234.56")
    thousands = "" if example[1].isdigit() else example[1]
    whole, point, cents = digits.partition(".")
    if whole.isdigit():
        whole = f"{int(whole):,}".replace(",", thousands)
    return whole + (get_format("DECIMAL_SEPARATOR") if point else "") + cents


def typed_amount(amount: str | Decimal | None, currency: str = "") -> str | Decimal:
    """A value per point as its field shows it, to type over: "5000" in đồng and rupiah, which
    have no decimals to write, the state's "0.50" in any other currency; "" for none."""
    if amount is None or amount == "":
        return ""
    if currency_code(currency) not in WHOLE_UNITS:
        return amount
    try:
        value = Decimal(amount)
    except InvalidOperation:
        return amount  # as it was typed and refused, shown back to be corrected
    return str(int(value)) if value.is_finite() and value == value.to_integral_value() else amount


# A score with its sign, as a paper sheet writes it: +5, −5 (a real minus), 0.
SIGNED = {"up": "+%(points)s", "down": MINUS + "%(points)s"}


def signed(score: int) -> str:
    return SIGNED["up" if score > 0 else "down"] % {"points": abs(score)} if score else "0"
