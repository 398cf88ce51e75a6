"""A group of friends that meets again and again (SPEC 10), its players, and its evenings.

The evenings are rounds.Session rows; the link tables live here so the rounds app knows
nothing of groups. A player is one GroupPlayer across every evening: the seats of a
session point at it, so a rename keeps the history.
"""

from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from rounds.public import MAX_NAME_LENGTH, Session
from rounds.rules.names import MAX_NAME_KEY_LENGTH
from rounds.rules.ruleset import MAX_PLAYERS
from toolkit.keys import new_key

MAX_GROUP_NAME_LENGTH = 60
# Players one group may hold: a club's whole membership, far past any table of friends. The season
# page lists every player, so the cap keeps it one screenful of work, not a stranger's choice.
MAX_GROUP_PLAYERS = 200
# Rounds a group keeps over its evenings, imports and club nights: ten years of a weekly night of
# 60 hands is 31,200. A new evening, club night or import past it is refused.
MAX_GROUP_ROUNDS = 50_000


class Group(models.Model):
    name = models.CharField(max_length=MAX_GROUP_NAME_LENGTH)
    edit_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # "Our rules" (SPEC 5): a session's settings JSON, as the state shows it and POST /api/sessions
    # takes it, plus `randomize_seats`; null while the group has none (groups.reads.selectors.group_rules).
    rules = models.JSONField(null=True, blank=True)
    # The club's league (SPEC 13): {"points": [...], "best_of": n | null}, as groups.inputs.clean_league
    # checked it; null while the club keeps the defaults (groups.reads.selectors.league_rules).
    league = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # The last change to the group itself (its rules, a player's name): use, for purge_groups.
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(edit_key=F("view_key")), name="group_keys_differ"),
            models.CheckConstraint(condition=~Q(name=""), name="group_name_not_blank"),
            models.CheckConstraint(
                condition=Q(rules__isnull=True)
                | Q(rules__has_keys=["mode", "tiers"])
                | Q(rules__has_keys=["mode", "tien_len"])  # Tiến lên: its own rules, no tiers
                | Q(rules__has_keys=["mode", "zero_sum"]),  # the table's own scores
                name="group_rules_whole",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class GroupPlayer(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # rounds.rules.names.name_key(name): "José" and "JOSE\u0301" are one player, and so are "Zed",
    # "Ｚed" and Cyrillic "Zеd".
    name_key = models.CharField(max_length=MAX_NAME_KEY_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name_key"], name="group_player_name_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="group_player_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class GroupEvening(models.Model):
    """A session that belongs to a group, and the day it was played (the season's dates)."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, primary_key=True, related_name="+")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="evenings")
    played_on = models.DateField()
    imported = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["group", "played_on"], name="group_evening_day")]

    def __str__(self) -> str:
        return f"{self.group} on {self.played_on}"


class GroupSeat(models.Model):
    """Player `index` of an evening is this group player."""

    evening = models.ForeignKey(GroupEvening, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(GroupPlayer, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "index"], name="group_seat_index_unique"),
            models.UniqueConstraint(fields=["evening", "player"], name="group_seat_player_unique"),
            models.CheckConstraint(condition=Q(index__lt=MAX_PLAYERS), name="group_seat_index_in_range"),
        ]

    def __str__(self) -> str:
        return f"{self.player} as player {self.index}"


class GroupImport(models.Model):
    """A paper log imported into the group, by its canonical text's digest: the same log twice
    (a second tap on Import, a resent request) would double the season."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="imports")
    digest = models.CharField(max_length=64)
    sessions = models.PositiveIntegerField()
    rounds = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "digest"], name="group_import_once"),
        ]

    def __str__(self) -> str:
        return f"{self.sessions} evenings imported into {self.group}"


class StoredRatings(models.Model):
    """Ratings kept so they are not computed again on every read (groups/reads/season_ratings.py). `digest`
    names the rounds rated: their players and cards, in order, and the rating's version, so a
    stale row is never read; `prefix_digest` names the same rounds but the latest evening's (or
    event round's), whose ratings the payload also keeps ("prefix"): a round added to the one
    being played rates that one again, not all."""

    digest = models.CharField(max_length=64)
    prefix_digest = models.CharField(max_length=64, default="")
    # JSON as text: the floats go back exactly as they came, on any database.
    payload = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True


class SeasonRatings(StoredRatings):
    """A group's ratings over some rounds. A correction, a deleted round or an import changes the
    digest; the newest few per group are kept (several date ranges are read at once)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="ratings")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "digest"], name="season_ratings_once"),
        ]
        indexes = [models.Index(fields=["group", "prefix_digest"], name="season_ratings_prefix")]

    def __str__(self) -> str:
        return f"ratings of {self.group}"
