"""The one door of the groups app for events: a group and its players, its own rules, the
ratings and the season a club night shares with the group, and the club's signals events
answers. Events imports groups through this module only; an import-linter contract holds it
(pyproject.toml).
"""

from groups import signals as club_signals
from groups.models import MAX_GROUP_PLAYERS, Group, GroupEvening, GroupPlayer, StoredRatings
from groups.reads.season_cache import exports, night_ratings, remembered, season_and_ratings, stamp
from groups.reads.season_ratings import keep, ratings_from, stored_payload
from groups.reads.selectors import group_by_key, group_rules
from groups.rules.league import NightLine
from groups.rules.season import ALL_DATES, DateRange
from groups.rules.skill import RANKED_FROM, RATING_VERSION, RatedRound, Rating, Ratings, rate
from groups.services.group_writes import GROUP_FULL, check_group_room, group_players_for
from groups.signals import ClubNight, ClubTable

__all__ = [
    "ALL_DATES",
    "GROUP_FULL",
    "MAX_GROUP_PLAYERS",
    "RANKED_FROM",
    "RATING_VERSION",
    "ClubNight",
    "ClubTable",
    "DateRange",
    "Group",
    "GroupEvening",
    "GroupPlayer",
    "NightLine",
    "RatedRound",
    "Rating",
    "Ratings",
    "StoredRatings",
    "check_group_room",
    "club_signals",
    "exports",
    "group_by_key",
    "group_players_for",
    "group_rules",
    "keep",
    "night_ratings",
    "rate",
    "ratings_from",
    "remembered",
    "season_and_ratings",
    "stamp",
    "stored_payload",
]
