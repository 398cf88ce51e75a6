"""Sessions, players, rounds with their history, the entry lock and idempotency records.

Invariants are checked twice: by the services with a message a player can read,
and here as database constraints so no code path can break them.
"""

import json
import uuid

from django.db import models
from django.db.models import F, Q
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Lower
from django.db.models.lookups import LessThanOrEqual
from django.utils import timezone

from rounds.rules.fields import Setting
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import MAX_CARDS, MAX_PLAYERS, TWOS_IN_DECK, CoveringStyle, Mode, RoundRules
from rounds.rules.scoring import RoundEntry
from toolkit.keys import new_key

MODES = [mode.value for mode in Mode]
COVERING_STYLES = [style.value for style in CoveringStyle]
MAX_DEVICE_LENGTH = 40
# The largest number a PositiveIntegerField holds on every database; a bigger one names no round.
MAX_ROUND_NUMBER = 2**31 - 1
# Rounds one session holds (a long evening is 60): its whole state, sent to a phone on connecting,
# then stays well inside one WebSocket frame (daphne and uvicorn refuse frames over 1 MiB).
MAX_SESSION_ROUNDS = 1000
# Changes one session's history keeps (every add, correction, delete, restore, undo and each round
# of a rescore is one): a full session of 1,000 rounds with two changes to each; its export.json
# stays a few megabytes.
MAX_SESSION_CHANGES = 3000
# Transfers ticked paid that the settlement no longer owes are kept (an undo brings their tick
# back), up to this many a session: past it a new tick drops them first. A wager changed and a
# transfer ticked again and again left one more each time, without end.
MAX_PAID_MARKS = 50


def rules_known(prefix: str) -> list[models.CheckConstraint]:
    """The stored rules' mode and covering style are ones the app knows; the twos either add
    points per 2 held (at least 1) or double the penalty, never both."""
    twos = "rules_json__twos"
    return [
        models.CheckConstraint(condition=Q(rules_json__mode__in=MODES), name=f"{prefix}_mode_known"),
        models.CheckConstraint(
            condition=Q(rules_json__covering_style__in=COVERING_STYLES), name=f"{prefix}_covering_style_known"
        ),
        models.CheckConstraint(
            condition=Q(**{f"{twos}__doubles__isnull": True})
            | Q(**{f"{twos}__points_per_two__isnull": True}),
            name=f"{prefix}_twos_one_style",
        ),
        models.CheckConstraint(
            condition=Q(**{f"{twos}__points_per_two__isnull": True})
            | Q(**{f"{twos}__points_per_two__gte": 1}),
            name=f"{prefix}_points_per_two_positive",
        ),
    ]


def rules_of_json(stored: str | dict) -> RoundRules:
    """The rules from their stored JSON, as a row holds it or values_list() read it as text."""
    return RoundRules.from_json(json.loads(stored) if isinstance(stored, str) else stored)


def default_rules() -> dict:
    return RoundRules().to_json()


class RulesColumns(models.Model):
    """A RoundRules stored as its JSON (RoundRules.to_json(), rounds/rules/ruleset.py): a rule
    added to it needs no column; `rules` and `set_rules` are the only way in and out."""

    rules_json = models.JSONField(default=default_rules)

    class Meta:
        abstract = True

    @property
    def rules(self) -> RoundRules:
        return RoundRules.from_json(self.rules_json)

    def set_rules(self, rules: RoundRules) -> None:
        self.rules_json = rules.to_json()


def hands_in_range() -> Q:
    """Each player's cards left 0–13, their 2s held 0–4 and no more than those cards, at most
    MAX_PLAYERS players (a missing place reads as NULL, which a check lets pass)."""
    condition = Q(**{f"cards__{MAX_PLAYERS}__isnull": True}) & Q(**{f"twos__{MAX_PLAYERS}__isnull": True})
    for index in range(MAX_PLAYERS):
        cards, twos = f"cards__{index}", f"twos__{index}"
        condition &= Q(**{f"{cards}__gte": 0, f"{cards}__lte": MAX_CARDS})
        condition &= Q(**{f"{twos}__gte": 0, f"{twos}__lte": TWOS_IN_DECK})
        # A lookup between two keys (F() of a key transform does not compile on SQLite).
        condition &= Q(LessThanOrEqual(KeyTransform(str(index), "twos"), KeyTransform(str(index), "cards")))
    return condition


class Session(RulesColumns):
    """One evening at one table; `rules` are those of its next round."""

    edit_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    rounds_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    target = models.PositiveIntegerField(null=True, blank=True)
    value_per_point = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True)
    currency = models.CharField(max_length=8, blank=True, default="")
    # Its other settings (rounds/rules/fields.py SESSION), by name: those no constraint reads need
    # no column. `own_setting` and `set_own_setting` are the only way in and out.
    options = models.JSONField(default=dict)
    # Paying by place (SPEC 3.6): what each player has given the house, a sum over the rounds
    # kept like `totals`.
    house = models.JSONField(default=list)
    # Round count when the host last reopened: the end is checked only past it.
    reopened_after = models.PositiveIntegerField(default=0)
    ended_by_hand = models.BooleanField(default=False)
    # Bumped on every change, so a device can drop a payload older than the one it shows.
    version = models.PositiveIntegerField(default=0)
    # Versions its history holds (RoundVersion rows), kept by every write: MAX_SESSION_CHANGES.
    history_size = models.PositiveIntegerField(default=0)
    # Sums over the rounds' stored scores (standings.Tally), kept by every round write.
    totals = models.JSONField(default=list)
    pairwise = models.JSONField(default=list)  # points row i receives from column j, before netting
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            *rules_known("session"),
            models.CheckConstraint(
                condition=Q(rounds_limit__isnull=True) | Q(rounds_limit__gte=1),
                name="session_rounds_limit_positive",
            ),
            models.CheckConstraint(
                condition=Q(target__isnull=True) | (Q(target__gte=1) & Q(rules_json__mode=Mode.POINTS.value)),
                name="session_target_in_points_mode",
            ),
            models.CheckConstraint(
                condition=Q(value_per_point__isnull=True) | Q(value_per_point__gte=0),
                name="session_value_per_point_not_negative",
            ),
            models.CheckConstraint(condition=~Q(edit_key=F("view_key")), name="session_keys_differ"),
        ]

    def __str__(self) -> str:
        return f"Session {self.pk} ({self.created_at:%Y-%m-%d})"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def own_setting(self, setting: Setting) -> object:
        """One of the session's own settings: its column, where it has one, else its value in
        `options` (a setting declared since the session was stored reads as its default)."""
        if setting.stored_as in SETTING_COLUMNS:
            return getattr(self, setting.stored_as)
        return self.options.get(setting.name, setting.default)

    def set_own_setting(self, setting: Setting, value: object) -> None:
        if setting.stored_as in SETTING_COLUMNS:
            setattr(self, setting.stored_as, value)
        else:
            self.options = {**self.options, setting.name: value}


# A setting with a column of its own is one the constraints read (rounds_limit, target, ...).
SETTING_COLUMNS = frozenset(field.name for field in Session._meta.concrete_fields)


class Player(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="players")
    index = models.PositiveSmallIntegerField()  # position in creation order
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    seat = models.PositiveSmallIntegerField()  # numbered clockwise from 0

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["session", "index"], name="player_index_unique"),
            models.UniqueConstraint(fields=["session", "seat"], name="player_seat_unique"),
            models.UniqueConstraint("session", Lower("name"), name="player_name_unique"),
            models.CheckConstraint(condition=Q(index__lt=MAX_PLAYERS), name="player_index_in_range"),
            models.CheckConstraint(condition=Q(seat__lt=MAX_PLAYERS), name="player_seat_in_range"),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(RulesColumns):
    """One deal, with the rules it was scored under (`rules`)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    # The round's identity through corrections, deletion and restore; its versions carry it too.
    lineage = models.UUIDField(default=uuid.uuid4, editable=False)
    covering = models.PositiveSmallIntegerField(null=True, blank=True)
    # The hands as reported (cards left and 2s held, in player order: the one place they are
    # kept) and how the round scored under its rules, stored when written so no read scores it again.
    cards = models.JSONField(default=list)
    twos = models.JSONField(null=True, blank=True)
    hand = models.JSONField(null=True, blank=True)  # a Tiến lên hand (TienLenHand.to_json()); cards []
    spade_two = models.PositiveSmallIntegerField(null=True, blank=True)  # the loser holding the ♠2
    bombs = models.PositiveSmallIntegerField(default=0)  # bombs played in the hand (SPEC 15)
    winner = models.PositiveSmallIntegerField(default=0)
    penalties = models.JSONField(default=list)
    scores = models.JSONField(default=list)
    house = models.PositiveIntegerField(default=0)  # what the winner gave the house (by place)
    edited = models.BooleanField(default=False)  # corrected or rescored since it was added
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="round_number_unique"),
            models.UniqueConstraint(fields=["session", "lineage"], name="round_lineage_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(covering__isnull=True) | Q(covering__lt=MAX_PLAYERS),
                name="round_covering_in_range",
            ),
            *rules_known("round"),
            models.CheckConstraint(condition=Q(winner__lt=MAX_PLAYERS), name="round_winner_in_range"),
            models.CheckConstraint(condition=hands_in_range(), name="round_hands_in_range"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def entry(self) -> RoundEntry:
        """The round as the table reported it."""
        return RoundEntry.stored(self.cards, self.twos, self.covering, self.hand, self.spade_two, self.bombs)


class RoundVersion(models.Model):
    """A round as it was written at one moment: added, corrected, rescored, deleted or restored.

    `number` is the round's number when the version was written; `lineage` ties every
    version to its round, also while the round is deleted (then `round` is null).
    """

    class Action(models.TextChoices):
        ADDED = "added"
        EDITED = "edited"
        RESCORED = "rescored"
        DELETED = "deleted"
        RESTORED = "restored"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="round_versions")
    round = models.ForeignKey(
        Round, on_delete=models.SET_NULL, null=True, blank=True, related_name="versions"
    )
    lineage = models.UUIDField()
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    cards = models.JSONField()
    twos = models.JSONField(null=True, blank=True)
    covering = models.PositiveSmallIntegerField(null=True, blank=True)
    hand = models.JSONField(null=True, blank=True)  # a Tiến lên hand, as Round.hand
    spade_two = models.PositiveSmallIntegerField(null=True, blank=True)
    bombs = models.PositiveSmallIntegerField(default=0)
    scores = models.JSONField()
    rules = models.JSONField()
    device = models.CharField(max_length=MAX_DEVICE_LENGTH, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["session", "lineage"], name="round_version_lineage")]

    def __str__(self) -> str:
        return f"Round {self.number} {self.action} on {self.device or 'a form'}"

    @property
    def entry(self) -> RoundEntry:
        return RoundEntry.stored(self.cards, self.twos, self.covering, self.hand, self.spade_two, self.bombs)


class EntryLock(models.Model):
    """The session's entry lock, a lease held by one device (SPEC 8); one row per session.

    Free when the token is blank or the lease has expired by the database's clock.
    """

    session = models.OneToOneField(
        Session, on_delete=models.CASCADE, related_name="entry_lock", primary_key=True
    )
    holder = models.CharField(max_length=MAX_DEVICE_LENGTH, blank=True, default="")
    token = models.CharField(max_length=64, blank=True, default="")
    # The round being corrected, or null while a new round is entered.
    editing_round = models.PositiveIntegerField(null=True, blank=True)
    acquired_at = models.DateTimeField(null=True, blank=True)
    renewed_at = models.DateTimeField(null=True, blank=True)
    # The holder's last entry activity (acquired, a round written, a count typed), and the counts
    # its entry showed then: a renewal that brings other counts is activity, a repeat is not.
    active_at = models.DateTimeField(null=True, blank=True)
    activity = models.CharField(max_length=64, blank=True, default="")
    # When followers were last sent the lock: renewals reach them only when that is stale.
    announced_at = models.DateTimeField(null=True, blank=True)
    # When this hold last added a round (or began): past LOCK_ROUND_SECONDS it may be taken over,
    # whatever its renewals say (counts typed and typed again hold nothing for ever).
    written_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(token="")
                | (Q(expires_at__isnull=False) & Q(renewed_at__isnull=False) & ~Q(holder="")),
                name="entry_lock_held_has_lease",
            ),
        ]

    def __str__(self) -> str:
        return f"Entry lock held by {self.holder}" if self.token else "Entry lock (free)"


class RoundRequests(models.QuerySet):
    def under(self, session: Session, keys: list[str]) -> dict[str, "RoundRequest"]:
        """The writes `session` stored under these request_ids, by request_id."""
        return {request.request_id: request for request in self.filter(session=session, request_id__in=keys)}


class RoundRequest(models.Model):
    """A round write already done under a client's request_id, so a retry stores nothing new."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="round_requests")
    request_id = models.CharField(max_length=100)
    action = models.CharField(max_length=10)
    fingerprint = models.CharField(max_length=64)
    round = models.ForeignKey(Round, on_delete=models.SET_NULL, null=True, blank=True)
    # The history version the write recorded: what an undo of it takes back.
    version = models.ForeignKey(RoundVersion, on_delete=models.SET_NULL, null=True, blank=True)
    round_number = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    objects = RoundRequests.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "request_id"], name="round_request_id_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.request_id}"


class PaidTransfer(models.Model):
    """A settlement transfer ticked off as paid. It matches a transfer only while the amount still
    does, so a correction that changes who owes what shows it as unpaid again."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="paid_transfers")
    payer = models.PositiveSmallIntegerField()
    payee = models.PositiveSmallIntegerField()
    # Wide enough for any transfer the rules can reach (1,000 hands at a million a point).
    amount = models.DecimalField(max_digits=22, decimal_places=2)
    device = models.CharField(max_length=MAX_DEVICE_LENGTH, blank=True, default="")
    paid_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "payer", "payee", "amount"], name="paid_transfer_unique"
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")), name="paid_transfer_between_two_players"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="paid_transfer_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {self.amount}"


class RateCounter(models.Model):
    """How many `scope` writes (new sessions, new groups) one client address made in one window.

    In the database, so every server process counts the same (rounds/services/ratelimit.py).
    """

    scope = models.CharField(max_length=20)
    client = models.CharField(max_length=64)
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "client", "window_start"], name="rate_counter_unique"),
        ]
        indexes = [models.Index(fields=["window_start"], name="rate_counter_window")]

    def __str__(self) -> str:
        return f"{self.scope} from {self.client}: {self.count}"
