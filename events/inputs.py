"""What an event's form or API call sent, as checked values or a clear refusal naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from events.models import (
    MAX_EVENT_HANDS,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_ROUNDS,
    MAX_HANDS_A_PLAYER,
    MAX_ROUND_MINUTES,
    MIN_EVENT_PLAYERS,
    SEATINGS,
)
from rounds.public import SETTINGS_FIELDS, ServiceError, SessionSettings, clean_name, clean_settings
from rounds.rules.fields import NOT_BY_PLACE, ONLY_BY_PLACE
from rounds.rules.names import PLAYER_NAME, NameMessages, NameRoll
from rounds.rules.refusal import is_whole_number
from rounds.rules.ruleset import Mode
from toolkit.messages import gettext_noop

EVENT_NAME = NameMessages(
    blank=gettext_noop("Event name: give the event a name, such as Friday club"),
    unseen=gettext_noop("Event name: the name needs at least one visible character"),
    hidden=gettext_noop("Event name: the name has a character that cannot be shown"),
    too_long=gettext_noop("Event name: an event name has at most 60 characters"),
)
PLAYER_COUNT = gettext_noop("Players: give %(least)s to %(most)s names")
PLAYER_COUNT_SIGNUP = gettext_noop("Players: give at most %(most)s names; the others can sign up")
SIGNUP_FLAG = gettext_noop("Sign-up: give true or false")
EVENT_ROUNDS = gettext_noop("Rounds: give a whole number of event rounds from 1 to %(most)s")
EVENT_HANDS = gettext_noop("Hands: give a whole number of hands per table from 1 to %(most)s")
SEATING = gettext_noop("Seating: give random, by_rank or mixed")
RULES_NOT_OBJECT = gettext_noop("Rules: give the rules as an object of session settings")
RULES_AND_GROUP = gettext_noop("Rules: give the rules or a group, not both")
RULE_NOT_HERE = gettext_noop("Rules: %(name)s is set by the event, not by the rules")
RULE_UNKNOWN = gettext_noop("Rules: there is no setting called %(name)s")
HANDS_IN_ALL = gettext_noop(
    "Hands: an event plays at most %(most)s hands a player (rounds × hands); %(rounds)s rounds of %(hands)s hands are %(all)s"
)
MINUTES = gettext_noop(
    "Minutes: give null (no time limit) or a whole number of minutes per round from 1 to %(most)s"
)
# The rules are a session's creation fields; its length is the event's hands, its players the draw's.
EVENT_OWNS = frozenset({"players", "rounds", "target"})


@dataclass(frozen=True)
class EventPlan:
    name: str
    players: list[str]
    rounds: int
    hands: int
    seating: str
    rules: dict  # session creation fields, as given (a preset and/or explicit settings)
    minutes: int | None = None  # time limit per round
    signup: bool = False  # open for sign-up until the first draw (SPEC 13)


# The largest id or number a path or query may name: a bigger one names nothing on any database.
MAX_ID = 2**31 - 1


def whole_number(raw: str) -> int | None:
    """A form's or query's whole number written in ASCII digits ("3"), else None: "²" and "٣"
    are digits to str.isdigit() but no number a player typed; too big a number names nothing."""
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_ID)):
        return None
    number = int(text)
    return number if number <= MAX_ID else None


def whole_number_or_text(raw: str) -> int | str:
    """A form's count as the API would send it: the number, or the text (refused by its check)."""
    number = whole_number(raw)
    return raw if number is None else number


def clean_event_name(raw: object) -> str:
    return clean_name(raw, messages=EVENT_NAME, field="name", max_length=60)


def clean_event_players(raw: object, *, signup: bool = False) -> list[str]:
    """4 to 200 names; with sign-up, fewer too (the others sign up, and the draw needs 4)."""
    if signup and (raw is None or (isinstance(raw, list) and len(raw) <= MAX_EVENT_PLAYERS)):
        return clean_player_names(raw or [])
    if signup:
        raise ServiceError(PLAYER_COUNT_SIGNUP, field="players", most=MAX_EVENT_PLAYERS)
    if not isinstance(raw, list) or not MIN_EVENT_PLAYERS <= len(raw) <= MAX_EVENT_PLAYERS:
        raise ServiceError(PLAYER_COUNT, field="players", least=MIN_EVENT_PLAYERS, most=MAX_EVENT_PLAYERS)
    return clean_player_names(raw)


def clean_flag(raw: object, *, field: str, template: str) -> bool:
    if not isinstance(raw, bool):
        raise ServiceError(template, field=field)
    return raw


def clean_player_names(raw: list, *, known: Sequence[str] = (), field: str = "players") -> list[str]:
    """Names that differ from each other and from `known` (after name_key: case, width, look-alike
    letters); a refusal names the player, and the name already there."""
    names: list[str] = []
    roll = NameRoll(known)
    for index, item in enumerate(raw):
        context = {"player": index, "number": index + 1}
        name = clean_name(item, messages=PLAYER_NAME, field=field, **context)
        if (there := roll.repeats(name)) is not None:
            raise ServiceError(PLAYER_NAME.duplicate, field=field, name=there, **context)
        roll.add(name)
        names.append(name)
    return names


def clean_count(raw: object, *, field: str, most: int, template: str) -> int:
    if not is_whole_number(raw) or not 1 <= raw <= most:  # type: ignore[operator]
        raise ServiceError(template, field=field, most=most)
    return raw  # type: ignore[return-value]


def clean_seating(raw: object) -> str:
    if raw not in SEATINGS:
        raise ServiceError(SEATING, field="seating")
    return raw  # type: ignore[return-value]


def clean_rules(raw: object) -> dict:
    """The session creation fields every table starts from, checked as a session would check them."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ServiceError(RULES_NOT_OBJECT, field="rules")
    for field in sorted(EVENT_OWNS & set(raw)):
        raise ServiceError(RULE_NOT_HERE, field="rules", name=field)
    for field in sorted(set(raw) - SETTINGS_FIELDS, key=str):
        raise ServiceError(RULE_UNKNOWN, field="rules", name=str(field)[:40])
    # The mode first, without what only paying by place uses: sent with another mode, those are
    # the rules' fault, said as such; then the rules whole, as each table will check them.
    mode = table_settings(
        {key: value for key, value in raw.items() if key not in ONLY_BY_PLACE}, hands=1
    ).mode
    for field in ONLY_BY_PLACE:
        if field in raw and mode is not Mode.BY_PLACE:
            raise ServiceError(NOT_BY_PLACE, field="rules", name=field, mode=mode.value)
    table_settings(dict(raw), hands=1)
    return dict(raw)


def clean_minutes(raw: object) -> int | None:
    if raw is None:
        return None
    return clean_count(raw, field="minutes", most=MAX_ROUND_MINUTES, template=MINUTES)


def check_hands_in_all(rounds: int, hands: int) -> None:
    """Rounds x hands within MAX_HANDS_A_PLAYER: the cap on an event's hands (50 tables x 120)."""
    if rounds * hands > MAX_HANDS_A_PLAYER:
        raise ServiceError(
            HANDS_IN_ALL,
            field="hands",
            most=MAX_HANDS_A_PLAYER,
            rounds=rounds,
            hands=hands,
            all=rounds * hands,
        )


def table_settings(rules: Mapping[str, object], *, hands: int) -> SessionSettings:
    """A table's session settings: the event's rules, played for `hands` rounds."""
    return clean_settings({**rules, "rounds": hands, "target": None})


def clean_event(body: Mapping[str, object], *, group_rules: dict | None = None) -> EventPlan:
    """A new event from the API's body or the form; `group_rules`: the rules of the group named."""
    if body.get("rules") is not None and group_rules is not None:
        raise ServiceError(RULES_AND_GROUP, field="rules")
    name = clean_event_name(body.get("name"))
    signup = clean_flag(body.get("signup", False), field="signup", template=SIGNUP_FLAG)
    players = clean_event_players(body.get("players"), signup=signup)
    rounds = clean_count(body.get("rounds"), field="rounds", most=MAX_EVENT_ROUNDS, template=EVENT_ROUNDS)
    hands = clean_count(body.get("hands"), field="hands", most=MAX_EVENT_HANDS, template=EVENT_HANDS)
    check_hands_in_all(rounds, hands)
    seating = clean_seating(body.get("seating", "random"))
    rules = clean_rules(group_rules if group_rules is not None else body.get("rules"))
    minutes = clean_minutes(body.get("minutes"))
    return EventPlan(
        name=name,
        players=players,
        rounds=rounds,
        hands=hands,
        seating=seating,
        rules=rules,
        minutes=minutes,
        signup=signup,
    )
