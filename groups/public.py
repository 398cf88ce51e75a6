"""The one door of the groups app for events: a group and its players, its own rules, and the
ratings a club night shares with the group's season. Events imports groups through this module
only; an import-linter contract holds it (pyproject.toml).
"""

from groups.models import Group, GroupPlayer, StoredRatings
from groups.rating import RANKED_FROM, RATING_VERSION, RatedRound, Rating, Ratings, rate
from groups.ratings import keep, ratings_from, stored_payload
from groups.season_page import rating_cell
from groups.selectors import group_by_key, group_rules

__all__ = [
    "RANKED_FROM",
    "RATING_VERSION",
    "Group",
    "GroupPlayer",
    "RatedRound",
    "Rating",
    "Ratings",
    "StoredRatings",
    "group_by_key",
    "group_rules",
    "keep",
    "rate",
    "rating_cell",
    "ratings_from",
    "stored_payload",
]
