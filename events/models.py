"""A club night (SPEC 11): the event, its players, its rounds, their tables and byes.

Each table is an ordinary rounds.Session; the link tables live here, so the rounds app knows
nothing of events. A player is one EventPlayer through every round: each seat of a table
points at it. Dropping a player keeps their results (`dropped`, never deleted).
"""

from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from groups.public import Group, GroupPlayer, StoredRatings
from rounds.public import MAX_NAME_LENGTH, Session
from rounds.rules.names import MAX_NAME_KEY_LENGTH
from toolkit.keys import new_key

SEATINGS = ("random", "by_rank", "mixed")
MAX_EVENT_NAME_LENGTH = 60
MIN_EVENT_PLAYERS = 4
MAX_EVENT_PLAYERS = 200
# A long club night: 20 rounds of 50 tables is 1,000 sessions, and every page of the event
# lists them; hands per table stay far under a session's own 1,000 rounds.
MAX_EVENT_ROUNDS = 20
MAX_EVENT_HANDS = 60
# Hands per event (issue 29): a player plays at most rounds x hands of them, so an event of 50
# tables holds at most 50 x 120 = 6,000 hands (5 rounds of 24 hands, 20 rounds of 6). A cap on
# new events (events/inputs.py), not a constraint: events made before it keep their length.
MAX_HANDS_A_PLAYER = 120
# The time limit of a round, in minutes (SPEC 11.1).
MAX_ROUND_MINUTES = 240


class Event(models.Model):
    name = models.CharField(max_length=MAX_EVENT_NAME_LENGTH)
    edit_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    rounds = models.PositiveSmallIntegerField()
    hands = models.PositiveSmallIntegerField()
    seating = models.CharField(max_length=10, choices=[(seating, seating) for seating in SEATINGS])
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # time limit per round
    # Open for sign-up (SPEC 13): players add themselves on the follow page until the first draw.
    signup = models.BooleanField(default=False)
    # The session creation fields every table starts from (rounds.inputs.clean_settings reads them).
    rules = models.JSONField(default=dict)
    # The club whose night this is (SPEC 13): its tables count in the group's season, league and
    # Skill; it goes only with its group (purge_groups), never on its own (purge_events).
    group = models.ForeignKey(Group, null=True, blank=True, on_delete=models.CASCADE, related_name="nights")
    # The night's date in the group's season: the day it was made, then the day of its first draw.
    played_on = models.DateField(default=timezone.localdate)
    # Bumped on every change of the event itself (a draw, a player added, dropped or swapped).
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # When a socket last took the turn to build the live view every follower shares (consumers.py).
    view_claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["group", "played_on"], name="event_group_day")]
        constraints = [
            models.CheckConstraint(condition=~Q(edit_key=F("view_key")), name="event_keys_differ"),
            models.CheckConstraint(condition=~Q(name=""), name="event_name_not_blank"),
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=MAX_EVENT_ROUNDS), name="event_rounds_in_range"
            ),
            models.CheckConstraint(
                condition=Q(hands__gte=1) & Q(hands__lte=MAX_EVENT_HANDS), name="event_hands_in_range"
            ),
            models.CheckConstraint(condition=Q(seating__in=SEATINGS), name="event_seating_known"),
            models.CheckConstraint(
                condition=Q(minutes__isnull=True) | (Q(minutes__gte=1) & Q(minutes__lte=MAX_ROUND_MINUTES)),
                name="event_minutes_in_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class EventPlayer(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # rounds.rules.names.name_key(name): "José" and "JOSE\u0301" are one player, and so are "Zed",
    # "Ｚed" and Cyrillic "Zеd".
    name_key = models.CharField(max_length=MAX_NAME_KEY_LENGTH)
    dropped = models.BooleanField(default=False)
    # At a club's night, the group's player this is (matched by name, or joined the group).
    member = models.ForeignKey(GroupPlayer, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    signed_up = models.BooleanField(default=False)  # added by themselves on the follow page
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name_key"], name="event_player_name_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="event_player_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class EventRound(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="event_rounds")
    number = models.PositiveSmallIntegerField()
    forced = models.BooleanField(default=False)  # drawn while a table of the round before still played
    drawn_at = models.DateTimeField(default=timezone.now)
    ends_at = models.DateTimeField(null=True, blank=True)  # the time limit, by rounds/clock.py

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="event_round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="event_round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event}: round {self.number}"


class EventTable(models.Model):
    """Table `number` of an event round: one session, its seats (player index i is seats[i]).

    Its totals per seat, kept by events/reads/tally.py after each change of the session (the standings
    read them, not the hands): net, hands won and real losses, and the hands played, as of the
    session's `tally_version`."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, primary_key=True, related_name="+")
    event_round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    hands_played = models.PositiveSmallIntegerField(default=0)
    net = models.JSONField(default=list)
    wins = models.JSONField(default=list)
    real_losses = models.JSONField(default=list)
    tally_version = models.IntegerField(default=-1)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event_round", "number"], name="event_table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event_round}, table {self.number}"


class EventSeat(models.Model):
    table = models.ForeignKey(EventTable, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()  # the session's player index
    player = models.ForeignKey(EventPlayer, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="event_seat_index_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="event_seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} as player {self.index}"


class EventBye(models.Model):
    event_round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(EventPlayer, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event_round", "player"], name="event_bye_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.event_round}"


class EventRatings(StoredRatings):
    """The event's ratings over its hands (events/reads/night_ratings.py), kept so standings are not rated
    again on every read: a correction or a new hand gives another digest; `prefix_digest` names
    the hands before the latest event round, so a hand added tonight rates only the round in play."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="ratings")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "digest"], name="event_ratings_once"),
        ]
        indexes = [models.Index(fields=["event", "prefix_digest"], name="event_ratings_prefix")]

    def __str__(self) -> str:
        return f"ratings of {self.event}"
