"""`{{ line|rating_cell }}`: a standings line's Skill as the season page shows it (its cell,
groups.web.season_rows.rating_cell: the ordinal, or the hands still to play until ranked)."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from groups.public import RANKED_FROM, Rating
from groups.web.public import rating_cell as season_rating_cell

register = template.Library()


def rating_of(line: dict) -> Rating | None:
    """The line's rating (API.md's fields) over the hands it rates: at a club's night the club's
    over its season (SPEC 13), so a regular is ranked from the night's first hand, and one still
    short of it is told the hands left counting the season's, not tonight's alone."""
    rating = line.get("rating")
    if rating is None:
        return None
    return Rating(mu=rating["mu"], sigma=rating["sigma"], ordinal=rating["ordinal"], rounds=rating["rounds"])


@register.simple_tag
def ranked_from() -> int:
    """The hands a player needs to be ranked (SPEC 12), for the Skill line under the standings."""
    return RANKED_FROM


@register.filter
def rating_cell(line: dict) -> SafeString:
    return mark_safe(season_rating_cell(rating_of(line), deal="hands"))
