"""The page's language as BCP 47 writes it, for <html lang> and the language switch's buttons."""

from django import template

register = template.Library()


@register.filter
def bcp47(code: str) -> str:
    """Django's lower-case language code as a BCP 47 tag: zh-hans -> zh-Hans, zh-hant -> zh-Hant,
    en-gb -> en-GB (a script subtag title-cased, a region upper-cased)."""
    first, *rest = code.split("-")
    subtags = [first.lower()]
    for subtag in rest:
        subtags.append(subtag.title() if len(subtag) == 4 else subtag.upper() if len(subtag) == 2 else subtag)
    return "-".join(subtags)
