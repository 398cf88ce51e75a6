"""Turning what a form, the API or a socket sent into checked values, or a clear refusal."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from rounds.errors import ServiceError
from rounds.models import MAX_DEVICE_LENGTH
from rounds.presets import DEFAULT_PRESET, PRESETS_BY_ID, Preset
from rounds.rules.names import (
    MAX_NAME_LENGTH,
    PLAYER_NAME,
    NameMessages,
    has_control_characters,
    name_key,
    name_problem,
    normal_name,
)
from rounds.rules.places import check_places
from rounds.rules.ruleset import (
    MAX_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CoveringStyle,
    Mode,
    RoundRules,
    gettext_noop,
    is_whole_number,
)
from rounds.rules.scoring import RoundEntry
from rounds.rules.tiers import validate_tiers

MAX_ROUNDS = 999
MAX_TARGET = 100_000
MAX_POINTS_PER_TWO = 100
MAX_VALUE_PER_POINT = Decimal("1000000")
MAX_CURRENCY_LENGTH = 8
MAX_REQUEST_ID_LENGTH = 100
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")

SETTINGS_FIELDS = frozenset(
    {
        "preset",
        "mode",
        "tiers",
        "twos",
        "rounds",
        "target",
        "value_per_point",
        "currency",
        "covering_rule",
        "covering_style",
        "places",
        "house_name",
    }
)


@dataclass(frozen=True)
class SessionSettings:
    """A session's settings: the rules of its next round, then its length, wager and the rest."""

    rules: RoundRules
    rounds_limit: int | None
    target: int | None
    value_per_point: Decimal | None
    currency: str
    covering_rule: bool = False
    house_name: str = ""  # who keeps the score in by_place ("" shows as House)

    @property
    def mode(self) -> Mode:
        return self.rules.mode

    @classmethod
    def from_preset(cls, preset: Preset, *, keep: SessionSettings | None = None) -> SessionSettings:
        """A preset's rules and length; the wager, covering and house kept from `keep`."""
        style = keep.rules.covering_style if keep else CoveringStyle.PAYS_FOR_EVERYONE
        return cls(
            rules=replace(preset.rules, covering_style=style),
            rounds_limit=preset.rounds,
            target=preset.target,
            value_per_point=keep.value_per_point if keep else None,
            currency=keep.currency if keep else "",
            covering_rule=keep.covering_rule if keep else False,
            house_name=keep.house_name if keep else "",
        )


DEVICE_NAME = NameMessages(
    blank=gettext_noop("Device: give this device a name, such as Ann's phone"),
    unseen=gettext_noop("Device: the name needs at least one visible character"),
    hidden=gettext_noop("Device: the name has a character that cannot be shown"),
    too_long=gettext_noop("Device: a device name has at most 40 characters"),
)


def clean_name(
    raw: object, *, messages: NameMessages, field: str, max_length: int = MAX_NAME_LENGTH, **context: object
) -> str:
    """One name as typed, normalised; or a refusal naming the field (and the player, in `context`)."""
    problem = name_problem(raw, messages, max_length) if isinstance(raw, str) else messages.blank
    if problem is not None:
        raise ServiceError(problem, field=field, **context)
    return normal_name(raw)  # type: ignore[arg-type]


def clean_names(raw: list, *, messages: NameMessages, field: str) -> list[str]:
    """Several names that must differ (after `name_key`); refusals name the player by index."""
    names: list[str] = []
    for index, item in enumerate(raw):
        context = {"player": index, "number": index + 1}
        name = clean_name(item, messages=messages, field=field, **context)
        if name_key(name) in {name_key(known) for known in names}:
            raise ServiceError(messages.duplicate, field=field, name=name, **context)
        names.append(name)
    return names


def clean_players(raw: object) -> list[str]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise ServiceError(gettext_noop("Players: give 2 to 4 names"), field="players")
    return clean_names(raw, messages=PLAYER_NAME, field="players")


def clean_optional_count(raw: object, *, field: str, maximum: int, template: str) -> int | None:
    if raw is None:
        return None
    if not is_whole_number(raw) or not 1 <= raw <= maximum:  # type: ignore[operator]
        raise ServiceError(template, field=field, maximum=maximum)
    return raw  # type: ignore[return-value]


def clean_value_per_point(raw: object) -> Decimal | None:
    if raw is None or raw == "":
        return None
    problem = ServiceError(
        gettext_noop("Value per point: give an amount like 0.50 (at most 4 decimals, not negative)"),
        field="value_per_point",
    )
    if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
        raise problem
    try:
        value = Decimal(str(raw).strip().replace(",", "."))
    except InvalidOperation:
        raise problem from None
    if value.is_finite() and value > MAX_VALUE_PER_POINT:
        raise ServiceError(
            gettext_noop("Value per point: at most %(most)s a point"),
            field="value_per_point",
            most=f"{MAX_VALUE_PER_POINT:,}",
        )
    if not value.is_finite() or value < 0:
        raise problem
    if value.as_tuple().exponent < -4:  # type: ignore[operator]
        raise problem
    return abs(value)  # "-0" is 0


def clean_currency(raw: object) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str) or len(raw.strip()) > MAX_CURRENCY_LENGTH or has_control_characters(raw):
        raise ServiceError(
            gettext_noop("Currency: give a short code or symbol such as EUR, HKD or $"),
            field="currency",
        )
    currency = raw.strip()
    return currency.upper() if currency.isascii() and currency.isalpha() else currency


TWOS_RULE_REFUSED = gettext_noop(
    'Twos rule: give null, {"points_per_two": N} with N from 1 to 100, or {"doubles": true}'
)


def clean_twos_rule(raw: object) -> dict:
    """The twos rule as RoundRules fields: off, points per 2 held, or each 2 doubling."""
    if raw is None:
        return {"points_per_two": None, "twos_double": False}
    if isinstance(raw, Mapping) and set(raw) == {"doubles"}:
        if raw["doubles"] is not True:
            raise ServiceError(
                gettext_noop('Twos rule: "doubles" can only be true (give null to turn the twos rule off)'),
                field="twos",
            )
        return {"points_per_two": None, "twos_double": True}
    points = raw.get("points_per_two") if isinstance(raw, Mapping) else None
    if (
        not isinstance(raw, Mapping)
        or set(raw) != {"points_per_two"}
        or not is_whole_number(points)
        or not 1 <= points <= MAX_POINTS_PER_TWO
    ):  # type: ignore[operator]
        raise ServiceError(TWOS_RULE_REFUSED, field="twos")
    return {"points_per_two": points, "twos_double": False}


def clean_rules(raw: Mapping[str, object], rules: RoundRules) -> RoundRules:
    """The rule fields sent (mode, tiers, twos, covering_style, places) applied to `rules`."""
    changes: dict[str, object] = {}
    if "mode" in raw:
        changes["mode"] = clean_mode(raw["mode"])
    if "tiers" in raw:
        changes["tiers"] = validate_tiers(raw["tiers"])
    if "places" in raw:
        changes["places"] = check_places(raw["places"], base=rules.places)
    if "twos" in raw:
        changes.update(clean_twos_rule(raw["twos"]))
    if "covering_style" in raw:
        changes["covering_style"] = clean_covering_style(raw["covering_style"])
    rules = replace(rules, **changes)
    if rules.by_place and rules.counts_twos:
        raise ServiceError(
            gettext_noop("Twos rule: paying by place does not count 2s; give null"), field="twos"
        )
    return rules


def clean_mode(raw: object) -> Mode:
    try:
        return Mode(raw)
    except ValueError:
        raise ServiceError(
            gettext_noop("Mode: choose points, winner_takes_all, pay_difference or by_place"), field="mode"
        ) from None


def clean_covering_style(raw: object) -> CoveringStyle:
    try:
        return CoveringStyle(raw)
    except ValueError:
        raise ServiceError(
            gettext_noop("covering_style: choose pays_for_everyone or takes_whole_loss"),
            field="covering_style",
        ) from None


def clean_settings(raw: Mapping[str, object], *, base: SessionSettings | None = None) -> SessionSettings:
    """Apply a preset (if named) and then every field given explicitly, and check the result."""
    settings = base or SessionSettings.from_preset(DEFAULT_PRESET)
    if raw.get("preset") is not None:
        preset = PRESETS_BY_ID.get(raw["preset"]) if isinstance(raw["preset"], str) else None
        if preset is None:
            raise ServiceError(
                gettext_noop("Quick setup: there is no preset called %(preset)s"),
                field="preset",
                preset=shown(raw["preset"]),
            )
        settings = SessionSettings.from_preset(preset, keep=settings)
    changes: dict[str, object] = {"rules": clean_rules(raw, settings.rules)}
    if "rounds" in raw:
        changes["rounds_limit"] = clean_optional_count(
            raw["rounds"],
            field="rounds",
            maximum=MAX_ROUNDS,
            template=gettext_noop("Rounds: give null (open-ended) or a whole number from 1 to %(maximum)s"),
        )
    if "target" in raw:
        changes["target"] = clean_optional_count(
            raw["target"],
            field="target",
            maximum=MAX_TARGET,
            template=gettext_noop("Target: give null or a whole number of points from 1 to %(maximum)s"),
        )
    if "value_per_point" in raw:
        changes["value_per_point"] = clean_value_per_point(raw["value_per_point"])
    if "currency" in raw:
        changes["currency"] = clean_currency(raw["currency"])
    if "covering_rule" in raw:
        if not isinstance(raw["covering_rule"], bool):
            raise ServiceError(gettext_noop("covering_rule: give true or false"), field="covering_rule")
        changes["covering_rule"] = raw["covering_rule"]
    if "house_name" in raw:
        changes["house_name"] = clean_house_name(raw["house_name"])
    settings = replace(settings, **changes)
    if settings.target is not None and settings.mode is not Mode.POINTS:
        raise ServiceError(
            gettext_noop(
                "Target: a points target only works in Points mode; clear it or play a number of rounds"
            ),
            field="target",
        )
    return settings


def clean_round_entry(raw: Mapping[str, object]) -> RoundEntry:
    """The shape of a round; the rules (counts per player, one winner) are scoring's to check."""
    cards = raw.get("cards")
    if not isinstance(cards, list):
        raise ServiceError(
            gettext_noop("Cards: give a list of cards left, one count per player"), field="cards"
        )
    twos = raw.get("twos")
    if twos is not None and not isinstance(twos, list):
        raise ServiceError(gettext_noop("Twos: give a list of twos held, one count per player"), field="twos")
    return RoundEntry(
        cards=tuple(cards),
        twos=tuple(twos) if twos is not None else None,
        covering=raw.get("covering"),  # type: ignore[arg-type]
    )


def shown(raw: object) -> str:
    """Something the client sent, safe to quote back in a message: short, one line."""
    text = raw if isinstance(raw, str) else json.dumps(raw) if isinstance(raw, (int, float)) else "?"
    text = "".join(character if character.isprintable() else "?" for character in text)
    return text if len(text) <= 40 else text[:39] + "…"


def clean_request_id(raw: object) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not 1 <= len(raw) <= MAX_REQUEST_ID_LENGTH or has_control_characters(raw):
        raise ServiceError(
            gettext_noop("request_id: give a string of 1 to 100 characters, such as a UUID"),
            field="request_id",
        )
    return raw


MAX_ASKED_REQUESTS = 50


def clean_request_ids(raw: list[str]) -> list[str]:
    """The request_ids a device asks about (the query's repeated `request_id`), in its order, once each."""
    if not 1 <= len(raw) <= MAX_ASKED_REQUESTS:
        raise ServiceError(
            gettext_noop("request_id: ask about 1 to 50 request_ids at a time"), field="request_id"
        )
    cleaned = [clean_request_id(request_id) for request_id in raw]
    return list(dict.fromkeys(request_id for request_id in cleaned if request_id is not None))


def clean_version_id(raw: object) -> int:
    """A history version's id, as the session history lists it."""
    if not is_whole_number(raw) or not 1 <= raw < 2**63:  # type: ignore[operator]
        raise ServiceError(
            gettext_noop("version: give the id of a version from the session's history"), field="version"
        )
    return raw  # type: ignore[return-value]


def clean_token(raw: object) -> str | None:
    """An entry-lock token as sent (header or message): absent, or the shape the server hands out."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or not TOKEN_PATTERN.fullmatch(raw):
        raise ServiceError(
            gettext_noop("Token: send the entry-lock token exactly as the server gave it"), field="token"
        )
    return raw


HOUSE_NAME = NameMessages(
    blank=gettext_noop("House: give the name of who keeps the score, or null for House"),
    unseen=gettext_noop("House: the name needs at least one visible character"),
    hidden=gettext_noop("House: the name has a character that cannot be shown"),
    too_long=gettext_noop("House: a name has at most 40 characters"),
)


def clean_house_name(raw: object) -> str:
    """Who keeps the score in a by_place session; null or "" for the default (House)."""
    if raw is None or raw == "":
        return ""
    return clean_name(raw, messages=HOUSE_NAME, field="house_name")


def clean_counts(raw: object) -> str | None:
    """The counts an entry shows so far (null for a player not typed yet), as one short string
    the lock compares with the last it saw; None when not sent."""
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or len(raw) > MAX_PLAYERS
        or any(
            count is not None and not (is_whole_number(count) and 0 <= count <= MAX_CARDS) for count in raw
        )
    ):
        raise ServiceError(
            gettext_noop("Counts: send the counts typed so far, each 0 to 13 or null"), field="counts"
        )
    return ",".join("" if count is None else str(count) for count in raw)


def clean_device(raw: object) -> str:
    return clean_name(raw, messages=DEVICE_NAME, field="device", max_length=MAX_DEVICE_LENGTH)
