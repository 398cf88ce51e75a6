"""`{{ line|rating_cell }}`: a standings line's rating cell, as the season page draws it
(groups.season_page.rating_cell: the ordinal, greyed until ranked), in a club night's word for a
deal: "8 more hands" (SPEC 11.1, SPEC 12)."""

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

from groups.rating import Rating
from groups.season_page import rating_cell as season_rating_cell

register = template.Library()


def rating_of(line: dict) -> Rating | None:
    """The line's rating (API.md's fields) with its rounds: every hand the player played is rated."""
    rating = line.get("rating")
    if rating is None:
        return None
    return Rating(mu=rating["mu"], sigma=rating["sigma"], ordinal=rating["ordinal"], rounds=line["hands"])


@register.filter
def rating_cell(line: dict) -> SafeString:
    rating = rating_of(line)
    if rating is None or rating.ranked:
        return mark_safe(season_rating_cell(rating))
    shown = f"{rating.ordinal:.1f}"
    more = ngettext("%(hands)s more hand", "%(hands)s more hands", rating.rounds_to_ranked) % {
        "hands": rating.rounds_to_ranked
    }
    return mark_safe(
        f'<td class="unranked" data-rating="{shown}" data-unranked>{shown} <small>{escape(more)}</small></td>'
    )
