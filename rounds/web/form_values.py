"""The settings as the page's form shows them, from their API shape (a preset's, a state's, a
group's rules): a base rate and tiers as multiples of it, the twos rule as one choice, the place
tables as rows, Tiến lên's numbers; the quick setups' values for the home page."""

from __future__ import annotations

from decimal import Decimal

from rounds.presets import DEFAULT_PRESET, presets_in_language
from rounds.rules import fields
from rounds.rules.fields import Kind
from rounds.rules.mode import Game
from rounds.rules.tien_len_settings import TienLenRules
from rounds.web.form_fields import LENGTH_SETTINGS, by_place_own, typed_settings

TWOS = fields.TWOS
TWOS_OFF = "off"
DEFAULT_PLACES = fields.DEFAULT_PLACES.to_json()
PLACE_PARTS = fields.PLACES.parts
PLACE_TABLES = tuple(part.name for part in PLACE_PARTS if part.kind is Kind.AMOUNTS)  # 2nd to 4th place
TIEN_LEN_DEFAULTS = TienLenRules().to_json()
TIEN_LEN_TYPED = tuple(
    part for part in fields.TIEN_LEN.parts if part.kind in {Kind.COUNT, Kind.FLAG}
)  # A, B, K, I, C and the switches: killed, left in hand, chops, instant win
ITEM_VALUES = next(part for part in fields.TIEN_LEN.parts if part.kind is Kind.PARTS)  # V, item by item


# The form's choices that the setting (or part) a session sets picks: the twos rule (off, or the
# part that is on) and the length (open, or the limit that is set).
TWOS_PICKS = {part.name: part.picked_as for part in TWOS.parts}
LENGTH_PICKS = {setting.name: setting.name for setting in fields.SETTINGS if setting.name in LENGTH_SETTINGS}
LENGTH_OPEN = "open"


def doublings() -> tuple[fields.Setting, ...]:
    """锄大地's doublings (SPEC 15: ♠2 held, bombs): typed into fields of their own, and set by a
    quick setup like the tiers, on or off (a preset without them turns them off)."""
    return tuple(
        setting
        for setting in typed_settings()
        if setting.preset and setting.name not in {fields.GAME.name, *LENGTH_SETTINGS}
    )


def picked(values: dict | None, picks: dict[str, str], none: str) -> str:
    """A choice of the form: what the first of `picks` that is set picks, else `none`."""
    return next((choice for name, choice in picks.items() if (values or {}).get(name)), none)


def twos_choice(twos: dict | None) -> str:
    """The twos rule as the form's one choice: off, or the part it turns on."""
    return picked(twos, TWOS_PICKS, TWOS_OFF)


def times_text(rate: int, base: int) -> str:
    """A tier's rate as a multiple of the base rate, the way tables say it ("2", "1.5")."""
    return f"{(Decimal(rate) / Decimal(base)).normalize():f}"


def form_values(settings: dict) -> dict:
    """Settings the way the form shows them, from their API shape (a preset's, a state's): a base
    rate and tiers as multiples of it, the twos rule as one choice, the place tables as rows; a
    Tiến lên game its own numbers beside Big Two's defaults (the form keeps both games' fields)."""
    if "tiers" not in settings and settings.get("game") != Game.TIEN_LEN:
        # our own scores: the Big Two fields it hides keep the form's defaults
        length = {"rounds": settings.get("rounds"), "target": settings.get("target")}
        return form_values(DEFAULT_PRESET.as_json() | length) | {"mode": settings["mode"]}
    if settings.get("game") == Game.TIEN_LEN:
        tien_len = settings.get("tien_len") or TIEN_LEN_DEFAULTS
        big_two = form_values(DEFAULT_PRESET.as_json() | {"rounds": settings.get("rounds")})
        return big_two | {"game": Game.TIEN_LEN.value} | tien_len_values(tien_len)
    tiers = settings["tiers"]
    base = tiers[0][1]
    twos = settings.get("twos") or {}
    places = DEFAULT_PLACES | (settings.get("places") or {})
    rounds, target = settings.get("rounds"), settings.get("target")
    return {
        "game": Game.BIG_TWO.value,
        **tien_len_values(TIEN_LEN_DEFAULTS),
        "mode": settings["mode"],
        "base_rate": base,
        "tiers": [[from_cards, times_text(rate, base)] for from_cards, rate in tiers[1:]],
        "twos_rule": twos_choice(twos),
        **{setting.name: typed_value(settings.get(setting.name, setting.default)) for setting in doublings()},
        **{part.name: twos.get(part.name) or part.offered for part in TWOS.parts if part in typed_settings()},
        **{part.name: places[part.name] for part in PLACE_PARTS if part.kind is not Kind.AMOUNTS},
        **{part.name: list(places[part.name]) for part in PLACE_PARTS if part.kind is Kind.AMOUNTS},
        # The settings of paying by place alone (the house's name: blank shows "House", translated).
        **{setting.name: settings.get(setting.name) or setting.default for setting in by_place_own()},
        "length": picked(settings, LENGTH_PICKS, LENGTH_OPEN),
        "rounds": rounds or fields.BY_NAME["rounds"].offered,
        "target": target or fields.BY_NAME["target"].offered,
    }


def tien_len_values(tien_len: dict) -> dict:
    """Tiến lên's settings as the form's fields hold them: each number and switch, and what each
    item is worth in a field of its own (a setting without its values has the defaults')."""
    values = TIEN_LEN_DEFAULTS[ITEM_VALUES.name] | tien_len.get(ITEM_VALUES.name, {})
    return {part.name: tien_len[part.name] for part in TIEN_LEN_TYPED} | {
        part.name: values[part.name] for part in ITEM_VALUES.parts
    }


def setup_layout() -> list[dict]:
    """How form_values() lays out what the form does not type into a field of its own, for a saved
    setup on the home page (static/js/setups.js reads it; what the form offers for the rest is
    page_labels.setting_defaults): the mode as it is, the tiers as a base rate and rows of its
    multiples, the twos rule and the length as the choice the part or limit that is set picks, the
    place tables as rows. Each with the setting it is `given`: a setup without it (a Tiến lên or
    own-scores setup has no card rules, another mode no places) leaves the form's fields of it."""
    return [
        {"given": "mode", "field": "mode"},
        {"given": "tiers", "base": "base_rate", "rows": "tiers"},
        {"given": TWOS.name, "choice": "twos_rule", "of": TWOS.name, "picks": TWOS_PICKS, "none": TWOS_OFF},
        {"given": fields.PLACES.name, "tables": list(PLACE_TABLES)},
        {"choice": "length", "picks": LENGTH_PICKS, "none": LENGTH_OPEN},
    ]


def as_initial(values: dict) -> dict:
    initial = {key: value for key, value in values.items() if key not in {"tiers", *PLACE_TABLES}}
    for number, (from_cards, times) in enumerate(values["tiers"], start=1):
        initial[f"tier_from_{number}"] = from_cards
        initial[f"tier_times_{number}"] = times
    for table in PLACE_TABLES:
        for number, amount in enumerate(values[table], start=1):
            initial[f"{table}_{number}"] = amount
    return initial


def initial_from_state(settings: dict) -> dict:
    """The settings form of a running session, from its state payload."""
    values = form_values(settings)
    return as_initial(values) | {
        setting.name: typed_value(settings.get(setting.name, setting.default))
        for setting in typed_settings()
        if setting.name not in values and (setting.name in settings or not setting.always_shown)
    }


def typed_value(value: object) -> object:
    """A setting's value as its field holds it: empty for null, a threshold's number."""
    if value is None:
        return ""
    return value["from"] if isinstance(value, dict) and "from" in value else value


def presets_for_page(language: str | None = None) -> list[dict]:
    """The quick setups as the home page lists them, the page language's country's own first."""
    return [
        {
            "id": preset.id,
            "name": str(preset.name),
            "description": str(preset.description),
            "values": form_values(preset.as_json()),
        }
        for preset in presets_in_language(language)
    ]
