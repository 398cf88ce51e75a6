"""Turning what a form, the API or a socket sent into checked values, or a clear refusal."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from rounds.errors import ServiceError
from rounds.presets import DEFAULT_PRESET, PRESETS_BY_ID, Preset
from rounds.rules import fields
from rounds.rules.fields import Kind, Setting
from rounds.rules.mode import Game
from rounds.rules.names import (
    MAX_NAME_LENGTH,
    PLAYER_NAME,
    NameMessages,
    NameRoll,
    has_control_characters,
    name_problem,
    normal_name,
)
from rounds.rules.places import check_places
from rounds.rules.refusal import is_whole_number
from rounds.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, Mode, RoundRules
from rounds.rules.settlement import WHOLE_UNIT_CURRENCIES, currency_code, whole_units_typed
from rounds.rules.tien_len_settings import TienLenRules
from rounds.rules.tiers import validate_tiers
from toolkit.messages import gettext_noop

MAX_VALUE_PER_POINT = Decimal("1000000")

# What a settings body may carry: every declared setting (rounds/rules/fields.py), and a preset.
SETTINGS_FIELDS = frozenset({"preset", *fields.BY_NAME})


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

    def covering_kept(self, covering: int | None) -> int | None:
        """Who covered, as the session keeps it: nobody where it does not play the covering rule."""
        return covering if self.covering_rule else None

    def covering_named_in(self, coverings: Iterable[int | None]) -> SessionSettings:
        """These settings, playing the covering rule exactly when a round names who covered (an
        evening written down elsewhere: a paper log)."""
        return replace(self, covering_rule=any(covering is not None for covering in coverings))

    @classmethod
    def from_preset(cls, preset: Preset, *, keep: SessionSettings | None = None) -> SessionSettings:
        """What the preset sets (rounds/rules/fields.py); every other setting kept from `keep`."""
        keep = keep or cls(
            rules=RoundRules(), **{setting.stored_as: setting.default for setting in fields.SESSION}
        )
        sets = preset.as_json()
        return cls(
            rules=RoundRules.from_json(keep.rules.to_json() | sets),
            **{
                setting.stored_as: sets[setting.name] if setting.preset else getattr(keep, setting.stored_as)
                for setting in fields.SESSION
            },
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


def clean_names(raw: list, *, messages: NameMessages, field: str, known: Iterable[str] = ()) -> list[str]:
    """Several names that must differ from each other and from `known` (after `name_key`: case,
    width, look-alike letters); refusals name the player by index, and the name already there."""
    names: list[str] = []
    roll = NameRoll(known)
    for index, item in enumerate(raw):
        context = {"player": index, "number": index + 1}
        name = clean_name(item, messages=messages, field=field, **context)
        if (there := roll.repeats(name)) is not None:
            raise ServiceError(messages.duplicate, field=field, name=there, **context)
        roll.add(name)
        names.append(name)
    return names


def clean_players(raw: object) -> list[str]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise ServiceError(gettext_noop("Players: give 2 to 4 names"), field="players")
    return clean_names(raw, messages=PLAYER_NAME, field="players")


def within(raw: object, setting: Setting) -> bool:
    return is_whole_number(raw) and setting.minimum <= raw <= setting.maximum  # type: ignore[operator]


def clean_count(raw: object, setting: Setting) -> int | None:
    """A whole number within the setting's bounds; null where null is a value (no limit)."""
    if raw is None and setting.nullable:
        return None
    if not within(raw, setting):
        raise ServiceError(setting.refusal, field=setting.name, maximum=setting.maximum)
    return raw  # type: ignore[return-value]


def clean_flag(raw: object, setting: Setting) -> bool:
    if not isinstance(raw, bool):
        raise ServiceError(setting.refusal, field=setting.name)
    return raw


def clean_choice(raw: object, setting: Setting) -> str:
    if not isinstance(raw, str) or raw not in setting.choices:
        raise ServiceError(setting.refusal, field=setting.name)
    return raw


def clean_value_per_point(raw: object, setting: Setting | None = None) -> Decimal | None:
    if raw is None or raw == "":
        return None
    problem = ServiceError(
        gettext_noop("Value per point: give an amount like 0.50 (at most 4 decimals, not negative)"),
        field="value_per_point",
    )
    if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
        raise problem
    text = str(raw).strip()
    if not text.isascii():  # Decimal reads "٣" and full-width "３" as 3: digits nobody typed as money
        raise problem
    try:
        value = Decimal(text.replace(",", "."))
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


def clean_currency(raw: object, setting: Setting = fields.BY_NAME["currency"]) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str) or len(raw.strip()) > setting.max_length or has_control_characters(raw):
        raise ServiceError(
            gettext_noop("Currency: give a short code or symbol such as EUR, HKD or $"),
            field="currency",
        )
    currency = raw.strip()
    return currency.upper() if currency.isascii() and currency.isalpha() else currency


def clean_twos_rule(raw: object, setting: Setting) -> dict | None:
    """The twos rule as the JSON has it: off (null), or exactly one of its declared parts (points
    per 2 held, within bounds; or each 2 doubling, a flag that can only be true)."""
    if raw is None:
        return None
    parts = {part.name: part for part in setting.parts}
    if not isinstance(raw, Mapping) or len(raw) != 1 or next(iter(raw)) not in parts:
        raise ServiceError(setting.refusal, field=setting.name)
    ((name, value),) = raw.items()
    if parts[name].kind is Kind.FLAG and value is not True:
        raise ServiceError(parts[name].refusal, field=setting.name)
    if parts[name].kind is Kind.COUNT and not within(value, parts[name]):
        raise ServiceError(setting.refusal, field=setting.name)
    return {name: value}


def clean_rules(raw: Mapping[str, object], rules: RoundRules) -> RoundRules:
    """The rule fields sent applied to `rules`, each checked as its declaration says, in its order."""
    changed = rules.to_json()
    unused: tuple[str, ...] = ()  # what the game or mode does not use, sent null: left alone
    if raw.get("game", rules.game) == Game.TIEN_LEN:
        unused = fields.NOT_TIEN_LEN
    elif raw.get("mode", rules.mode) == Mode.OWN_SCORES:
        unused = fields.NOT_OWN_SCORES
    for setting in fields.RULES:
        if setting.name in raw and not (setting.name in unused and raw[setting.name] is None):
            changed[setting.name] = clean_rule(raw[setting.name], setting, rules)
    if changed.get("game") == Game.BIG_TWO and changed["mode"] == Mode.TIEN_LEN:
        changed["mode"] = RoundRules().mode  # back to Big Two from Tiến lên: its default mode
    rules = RoundRules.from_json(changed)
    if rules.by_place and rules.counts_twos:
        raise ServiceError(
            gettext_noop("Twos rule: paying by place does not count 2s; give null"), field="twos"
        )
    return rules


def clean_rule(raw: object, setting: Setting, rules: RoundRules) -> object:
    """A rule's value as its JSON has it: by the kinds only rules have, else as a session's setting."""
    if setting.kind in RULE_CLEANERS:
        return RULE_CLEANERS[setting.kind](raw, setting, rules)
    cleaned = SESSION_CLEANERS[setting.kind](raw, setting)
    return str(cleaned) if isinstance(cleaned, Decimal) else cleaned


RULE_CLEANERS: dict[Kind, Callable[[object, Setting, RoundRules], object]] = {
    Kind.CHOICE: lambda raw, setting, _rules: clean_choice(raw, setting),
    Kind.TIERS: lambda raw, _setting, _rules: [list(tier) for tier in validate_tiers(raw)],
    Kind.PLACES: lambda raw, _setting, rules: check_places(raw, base=rules.places).to_json(),
    Kind.TWOS: lambda raw, setting, _rules: clean_twos_rule(raw, setting),
    Kind.PARTS: lambda raw, _setting, rules: TienLenRules.from_json(raw, base=rules.tien_len).to_json(),
    Kind.FROM: lambda raw, setting, _rules: clean_from(raw, setting),
}


def clean_from(raw: object, setting: Setting) -> dict | None:
    """A threshold as {"from": N} within the setting's bounds, or null: off."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) != {"from"} or not within(raw["from"], setting):
        raise ServiceError(setting.refusal, field=setting.name)
    return {"from": raw["from"]}


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
    check_game(raw, settings)
    if raw.get("mode") == Mode.TIEN_LEN and raw.get("game", settings.rules.game) == Game.TIEN_LEN:
        # The state shows a Tiến lên session's mode as its game's: settings read back and sent
        # again (a group's rules, a session's) change nothing by it.
        raw = {name: value for name, value in raw.items() if name != "mode"}
    raw = grouped_in_whole_units(raw, settings)
    changes: dict[str, object] = {"rules": clean_rules(raw, settings.rules)}
    for setting in fields.SESSION:
        if setting.name in raw:
            changes[setting.stored_as] = SESSION_CLEANERS[setting.kind](raw[setting.name], setting)
    settings = replace(settings, **changes)
    if settings.target is not None and settings.mode is not Mode.POINTS:
        raise ServiceError(
            gettext_noop(
                "Target: a points target only works in Points mode; clear it or play a number of rounds"
            ),
            field="target",
        )
    for name in fields.ONLY_BY_PLACE:
        if raw.get(name) not in (None, "") and settings.mode is not Mode.BY_PLACE:
            raise ServiceError(fields.NOT_BY_PLACE, field=name, name=name, mode=settings.mode.value)
    return settings


def grouped_in_whole_units(raw: Mapping[str, object], base: SessionSettings) -> Mapping[str, object]:
    """A value per point typed with its thousands grouped, in đồng or rupiah (the currency sent, or
    the session's), stands for the whole number: "5.000" đồng is five thousand, as the table
    writes it, not five with three decimals."""
    typed, currency = raw.get("value_per_point"), raw.get("currency", base.currency)
    if not isinstance(typed, str) or not isinstance(currency, str):
        return raw
    try:
        in_whole_units = currency_code(clean_currency(currency)) in WHOLE_UNIT_CURRENCIES
    except ServiceError:
        return raw  # refused where the currency is checked, in the settings' order
    grouped = whole_units_typed(typed) if in_whole_units else None
    return raw if grouped is None else {**raw, "value_per_point": str(grouped)}


def check_game(raw: Mapping[str, object], base: SessionSettings) -> None:
    """The game's own settings only (SPEC 14): in Tiến lên, nothing that scores by cards left;
    in Big Two, no Tiến lên settings. A null (or "", false) is a setting left alone."""
    game = raw.get("game", base.rules.game)
    mode = raw.get("mode", base.rules.mode) if "preset" not in raw else raw.get("mode")
    if game != Game.TIEN_LEN and mode == Mode.OWN_SCORES:
        for name in fields.NOT_OWN_SCORES:
            if raw.get(name) not in (None, "", False):
                raise ServiceError(fields.NOT_IN_OWN_SCORES, field=name, name=name)
    elif raw.get("zero_sum") is not None:  # false too: it would say the hands need not add up
        refusal = fields.NOT_IN_TIEN_LEN if game == Game.TIEN_LEN else fields.ONLY_OWN_SCORES
        raise ServiceError(refusal, field="zero_sum", name="zero_sum")
    if game == Game.TIEN_LEN:
        if raw.get("mode") not in (None, Mode.TIEN_LEN):
            raise ServiceError(fields.NOT_IN_TIEN_LEN, field="mode", name="mode")
        for name in fields.NOT_TIEN_LEN:
            if raw.get(name) not in (None, "", False):
                raise ServiceError(fields.NOT_IN_TIEN_LEN, field=name, name=name)
    elif game == Game.BIG_TWO and raw.get("tien_len") is not None:
        raise ServiceError(fields.ONLY_TIEN_LEN, field="tien_len", name="tien_len")


def shown(raw: object) -> str:
    """Something the client sent, safe to quote back in a message: short, one line."""
    text = raw if isinstance(raw, str) else json.dumps(raw) if isinstance(raw, (int, float)) else "?"
    text = "".join(character if character.isprintable() else "?" for character in text)
    return text if len(text) <= 40 else text[:39] + "…"


HOUSE_NAME = NameMessages(
    blank=gettext_noop("House: give the name of who keeps the score, or null for House"),
    unseen=gettext_noop("House: the name needs at least one visible character"),
    hidden=gettext_noop("House: the name has a character that cannot be shown"),
    too_long=gettext_noop("House: a name has at most 40 characters"),
)


def clean_house_name(raw: object, setting: Setting) -> str:
    """Who keeps the score in a by_place session; null or "" for the default (House)."""
    if raw is None or raw == "":
        return ""
    return clean_name(raw, messages=HOUSE_NAME, field=setting.name)


SESSION_CLEANERS: dict[Kind, Callable[[object, Setting], object]] = {
    Kind.COUNT: clean_count,
    Kind.MONEY: clean_value_per_point,
    Kind.CODE: clean_currency,
    Kind.FLAG: clean_flag,
    Kind.NAME: clean_house_name,
}


def stored_settings(raw: Mapping[str, object]) -> SessionSettings:
    """Settings as they were stored (a group's own rules: rounds/reads/state.py's settings JSON, checked
    when stored, so trusted, as RoundRules.from_json trusts a round's): each declared setting read
    as it is, one declared since taking its default, one no longer declared left out. A setting
    tightened since plays as it was stored."""
    values: dict[str, object] = {}
    for setting in fields.SESSION:
        value = raw.get(setting.name)
        if setting.kind is Kind.MONEY and value not in (None, ""):
            value = Decimal(str(value))
        values[setting.stored_as] = setting.default if value is None or value == "" else value
    return SessionSettings(rules=RoundRules.from_json(raw), **values)
