"""The rules one round is scored under, as one value that knows its JSON (SPEC 2, 3).

No Django here. `RoundRules` is the one owner of the rule fields: the models store it
(Session.rules, Round.rules), the state and the history show its `to_json()`, and every
reader rebuilds it with `from_json()`. A new rule is declared in fields.py (what the JSON,
the form, the OpenAPI document and the pages need of it) and holds its value here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Final, NamedTuple

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_CARDS: Final = 13
TWOS_IN_DECK: Final = 4


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


class Plural(NamedTuple):
    """A message with a count in it: its two English forms and the parameter that says how many,
    which picks the form (ngettext, in each language's own way: one form in Chinese)."""

    singular: str
    plural: str
    count: str

    def english(self, params: Mapping[str, object]) -> str:
        return self.singular if params[self.count] == 1 else self.plural


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message for translation (makemessages: --keyword=ngettext_noop:1,2) without
    translating it here; `count` names the parameter that says how many."""
    return Plural(singular, plural, count)


def is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Refusal(ValueError):
    """Something asked for is refused and nothing was changed. `template % params` is the English
    message; `field` or `player` says what it is about. The API, the socket and the pages catch
    this; rounds/errors.py gives each kind its HTTP status."""

    def __init__(
        self,
        template: str | Plural,
        *,
        player: int | None = None,
        field: str | None = None,
        **params: object,
    ) -> None:
        self.template = template
        self.params = params
        self.player = player
        self.field = field
        english = template.english(params) if isinstance(template, Plural) else template
        super().__init__(english % params if params else english)

    @property
    def message(self) -> str:
        return str(self)


class ScoringError(Refusal):
    """A rule was broken: a round, the rules or a penalty table as typed (SPEC 1, 2)."""


class Mode(StrEnum):
    POINTS = "points"
    WINNER_TAKES_ALL = "winner_takes_all"
    PAY_DIFFERENCE = "pay_difference"
    BY_PLACE = "by_place"  # SPEC 3.6: places pay fixed amounts; zero-sum with the house

    @property
    def zero_sum(self) -> bool:
        return self is not Mode.POINTS

    @property
    def lowest_wins(self) -> bool:
        return self is Mode.POINTS


class CoveringStyle(StrEnum):
    """What marking a loser as covering does (SPEC 3.4, 3.5); a session picks one."""

    PAYS_FOR_EVERYONE = "pays_for_everyone"  # 3.4: X pays the others' payments, receives nothing
    TAKES_WHOLE_LOSS = "takes_whole_loss"  # 3.5: X's penalty is the losers' sum, theirs is 0


# What each covering style does, in words: the settings form's choices and the CSV's column.
COVERING_WORDS: Final = {
    CoveringStyle.PAYS_FOR_EVERYONE: gettext_noop("pays for everyone"),
    CoveringStyle.TAKES_WHOLE_LOSS: gettext_noop("takes the whole loss"),
}


Tier = tuple[int, int]
Tiers = tuple[Tier, ...]

CLASSIC_TIERS: Final[Tiers] = ((1, 1), (10, 2), (13, 3))
FLAT_TIERS: Final[Tiers] = ((1, 1),)
MAX_PLACES: Final = MAX_PLAYERS - 1  # 2nd, 3rd and 4th


@dataclass(frozen=True)
class Places:
    """Paying by place (SPEC 3.6): what 2nd, 3rd and 4th pay the winner, in a normal and in a
    heavy round (a loser held `heavy_from` or more), and the winner's cut to the house when heavy."""

    pays: tuple[int, ...] = (100, 200, 300)
    heavy_pays: tuple[int, ...] = (200, 400, 600)
    heavy_from: int = 10
    house_cut: int = 100

    def to_json(self) -> dict:
        """Each field under its own name, the amounts as lists."""
        return {part.name: json_value(getattr(self, part.name)) for part in fields(self)}

    @classmethod
    def from_json(cls, raw: Mapping) -> Places:
        """Stored or already checked places; missing keys take the defaults."""
        return cls(**{part.name: stored_value(raw[part.name]) for part in fields(cls) if part.name in raw})


def json_value(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def stored_value(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


@dataclass(frozen=True)
class RoundRules:
    """The rules one round is scored under; each round keeps its own.

    The twos rule is off (`points_per_two` None and not `twos_double`), a fixed number of
    points per 2 held, or each 2 held doubles the penalty. `places` is set exactly when the
    mode is by_place.
    """

    mode: Mode = Mode.POINTS
    tiers: Tiers = CLASSIC_TIERS
    points_per_two: int | None = None
    covering_style: CoveringStyle = CoveringStyle.PAYS_FOR_EVERYONE
    twos_double: bool = False
    places: Places | None = field(default=None)

    def __post_init__(self) -> None:
        if self.mode is Mode.BY_PLACE and self.places is None:
            object.__setattr__(self, "places", Places())
        elif self.mode is not Mode.BY_PLACE and self.places is not None:
            object.__setattr__(self, "places", None)

    @property
    def counts_twos(self) -> bool:
        return self.points_per_two is not None or self.twos_double

    @property
    def by_place(self) -> bool:
        return self.mode is Mode.BY_PLACE

    @property
    def fry_from(self) -> int | None:
        """Cards left from which a hand is fried, as the season and the recap count (SPEC 10): where
        the second tier starts (None with one tier); paying by place, where a round turns heavy."""
        if self.places is not None:
            return self.places.heavy_from
        return self.tiers[1][0] if len(self.tiers) > 1 else None

    @property
    def covering_words(self) -> str:
        """What marking a loser as covering does under these rules, in English words."""
        return COVERING_WORDS[self.covering_style]

    def twos_json(self) -> dict | None:
        if self.twos_double:
            return {"doubles": True}
        return None if self.points_per_two is None else {"points_per_two": self.points_per_two}

    def to_json(self) -> dict:
        """As the API, the state and the history show a round's rules (API.md)."""
        shown = {
            "mode": self.mode.value,
            "tiers": [list(tier) for tier in self.tiers],
            "twos": self.twos_json(),
            "covering_style": self.covering_style.value,
        }
        if self.places is not None:
            shown["places"] = self.places.to_json()
        return shown

    @classmethod
    def from_json(cls, raw: Mapping) -> RoundRules:
        """Rules as to_json() wrote them (stored, so trusted); versions written before the
        covering style existed carry none: they paid for everyone."""
        twos = raw.get("twos") or {}
        places = raw.get("places")
        return cls(
            mode=Mode(raw["mode"]),
            tiers=tuple((from_cards, rate) for from_cards, rate in raw["tiers"]),
            points_per_two=twos.get("points_per_two"),
            twos_double=bool(twos.get("doubles")),
            covering_style=CoveringStyle(raw.get("covering_style", CoveringStyle.PAYS_FOR_EVERYONE)),
            places=None if places is None else Places.from_json(places),
        )
