"""The rules one round is scored under, as one value that knows its JSON (SPEC 2, 3).

No Django here. `RoundRules` is the one owner of the rule fields: the models store it
(Session.rules, Round.rules), the state and the history show its `to_json()`, and every
reader rebuilds it with `from_json()`. Each rule is declared on its own field (what the JSON,
the form, the OpenAPI document and the pages need of it: setting.py's declared()), so a new
rule is written once here; rounds/rules/fields.py puts the rules with the session's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rounds.rules.mode import BIG_TWO_MODES, BY_CARDS, Game, Mode
from rounds.rules.setting import CARD_MODES, Kind, declarations, declared, from_json, to_json
from rounds.rules.tien_len_settings import NOT_AN_OBJECT, TienLenRules
from toolkit.messages import gettext_noop

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_CARDS: Final = 13
TWOS_IN_DECK: Final = 4


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

    pays: tuple[int, ...] = declared(
        (100, 200, 300), Kind.AMOUNTS, label=gettext_noop("Each place pays"), maximum=MAX_PLACES
    )
    heavy_pays: tuple[int, ...] = declared(
        (200, 400, 600), Kind.AMOUNTS, label=gettext_noop("A heavy round pays"), maximum=MAX_PLACES
    )
    heavy_from: int = declared(
        10,
        Kind.COUNT,
        label=gettext_noop("Heavy when a loser holds at least (cards)"),
        minimum=1,
        maximum=MAX_CARDS,
        refusal=gettext_noop("Places: heavy_from is the cards left that make a round heavy, from 1 to 13"),
    )
    house_cut: int = declared(
        100,
        Kind.AMOUNT,
        label=gettext_noop("The winner of a heavy round gives the house"),
        refusal=gettext_noop("Places: house_cut is a whole number, 0 for no cut"),
    )

    def to_json(self) -> dict:
        """Each part under its own name, the amounts as lists."""
        return to_json(self)

    @classmethod
    def from_json(cls, raw: Mapping) -> Places:
        """Stored or already checked places; missing keys take the defaults."""
        return from_json(cls, raw)


@dataclass(frozen=True)
class Twos:
    """The twos rule when it is on (SPEC 2): a fixed number of points per 2 a loser holds, or each
    2 held doubling their penalty. As the JSON has it, one of the two: doubling wins."""

    points_per_two: int | None = declared(
        None,
        Kind.COUNT,
        label=gettext_noop("Points per 2 held"),
        minimum=1,
        maximum=100,
        offered=4,
        picked_as="points",
        picked_label=gettext_noop("Points per 2"),
    )
    doubles: bool = declared(
        False,
        Kind.FLAG,
        label=gettext_noop("Each 2 doubles"),
        help=gettext_noop(
            "Each 2 a loser holds doubles what their cards cost: 8 cards with two 2s pay 8 × 2 × 2 = 32."
        ),
        picked_as="doubles",
        refusal=gettext_noop('Twos rule: "doubles" can only be true (give null to turn the twos rule off)'),
    )

    def __post_init__(self) -> None:
        if self.doubles:
            object.__setattr__(self, "points_per_two", None)

    @property
    def on(self) -> bool:
        return self.doubles or self.points_per_two is not None

    def penalty(self, from_cards: int, twos_held: int) -> int:
        """A loser's penalty with `twos_held` 2s, when their cards cost `from_cards`."""
        if self.doubles:
            return from_cards * 2**twos_held
        return from_cards + twos_held * (self.points_per_two or 0)

    def to_json(self) -> dict:
        """The part that is on, under its own name."""
        return {name: value for name, value in to_json(self).items() if value}

    @classmethod
    def from_json(cls, raw: Mapping) -> Twos:
        return from_json(cls, raw)


@dataclass(frozen=True)
class RoundRules:
    """The rules one round is scored under; each round keeps its own, each rule declared on its
    field (setting.py; rounds/rules/fields.py puts them with the session's own settings).

    `places` is set exactly when the mode is by_place; `twos` is None when the twos rule is off.
    """

    mode: Mode = declared(
        Mode.POINTS,
        Kind.CHOICE,
        label=gettext_noop("Scoring"),
        choices=tuple(mode.value for mode in Mode if mode in BIG_TWO_MODES),
        choice_labels=(
            gettext_noop("Points"),
            gettext_noop("Winner takes all"),
            gettext_noop("Pay the difference"),
            gettext_noop("Paying by place"),
            gettext_noop("Our own scores"),
        ),
        rule=True,
        always_shown=True,
        refusal=gettext_noop("Mode: choose points, winner_takes_all, pay_difference, by_place or own_scores"),
        preset=True,
        load=Mode,
    )
    tiers: Tiers = declared(
        CLASSIC_TIERS,
        Kind.TIERS,
        label=gettext_noop("Points per card"),
        modes=BY_CARDS,
        rule=True,
        always_shown=True,
        preset=True,
        load=lambda raw: tuple((from_cards, rate) for from_cards, rate in raw),
    )
    places: Places | None = declared(
        None,
        Kind.PLACES,
        label=gettext_noop("Paying by place"),
        modes=frozenset({Mode.BY_PLACE}),
        null_is_default=True,
        rule=True,
        parts=declarations(Places),
        refusal=gettext_noop("Places: give pays, heavy_pays, heavy_from and house_cut (each optional)"),
        preset=True,
        load=Places.from_json,
    )
    twos: Twos | None = declared(
        None,
        Kind.TWOS,
        label=gettext_noop("2s held"),
        modes=CARD_MODES,
        nullable=True,
        rule=True,
        always_shown=True,
        parts=declarations(Twos),
        refusal=gettext_noop(
            'Twos rule: give null, {"points_per_two": N} with N from 1 to 100, or {"doubles": true}'
        ),
        preset=True,
        load=Twos.from_json,
    )
    covering_style: CoveringStyle = declared(
        CoveringStyle.PAYS_FOR_EVERYONE,
        Kind.CHOICE,
        label=gettext_noop("The covering player"),
        modes=BY_CARDS,
        choices=tuple(style.value for style in CoveringStyle),
        choice_labels=tuple(COVERING_WORDS[style] for style in CoveringStyle),
        help=gettext_noop(
            "Pays for everyone: pays what the other losers owe and receives nothing. Takes the whole"
            " loss: bears the sum of every loser's penalty, and the other losers bear none."
        ),
        rule=True,
        shown_when="covering_rule",
        explained_at="covering",
        refusal=gettext_noop("covering_style: choose pays_for_everyone or takes_whole_loss"),
        load=CoveringStyle,
    )
    # 锄大地's doublings (SPEC 15, doubling.py), off by default: a hand then names who held the ♠2
    # and how many bombs were played.
    spade_two: int | None = declared(
        None,
        Kind.FROM,
        label=gettext_noop("♠2 held doubles, from (cards)"),
        help=gettext_noop(
            "A loser still holding the ♠2 with this many cards or more pays double (锄大地 tables say 8)."
            " Leave it empty to turn it off."
        ),
        minimum=1,
        maximum=MAX_CARDS,
        modes=BY_CARDS,
        nullable=True,
        rule=True,
        preset=True,
        refusal=gettext_noop('♠2 held: give null (off) or {"from": N} with N from 1 to 13 cards'),
        explained_at="spade-two",
        load=lambda raw: raw["from"],
    )
    bombs: bool = declared(
        False,
        Kind.FLAG,
        label=gettext_noop("Bombs double every penalty of the hand"),
        help=gettext_noop(
            "Each bomb played (four of a kind or a straight flush, 0 to 4 a hand) doubles every payment."
        ),
        modes=BY_CARDS,
        rule=True,
        preset=True,
        refusal=gettext_noop("bombs: give true or false"),
        explained_at="bombs",
    )
    # Our own scores (SPEC 15): whether each typed hand must add up to 0.
    zero_sum: bool = declared(
        True,
        Kind.FLAG,
        label=gettext_noop("The scores of a hand must add up to 0"),
        modes=frozenset({Mode.OWN_SCORES}),
        rule=True,
        refusal=gettext_noop("zero_sum: give true or false"),
        explained_at="own-scores",
    )
    # The game (SPEC 14): fixed for a session; Tiến lên plays in its own mode with its own rules.
    # Declared last for the positional fields above; fields.py puts it first.
    game: Game = declared(
        Game.BIG_TWO,
        Kind.CHOICE,
        label=gettext_noop("Game"),
        choices=tuple(game.value for game in Game),
        choice_labels=(gettext_noop("Big Two"), gettext_noop("Tiến lên")),
        rule=True,
        always_shown=True,
        refusal=gettext_noop("Game: choose big_two or tien_len"),
        preset=True,
        load=Game,
    )
    tien_len: TienLenRules | None = declared(
        None,
        Kind.PARTS,
        label=gettext_noop("Tiến lên's rules"),
        modes=frozenset({Mode.TIEN_LEN}),
        null_is_default=True,
        rule=True,
        parts=declarations(TienLenRules),
        refusal=NOT_AN_OBJECT,
        preset=True,
        explained_at="tien-len",
        load=TienLenRules.from_json,
    )

    def __post_init__(self) -> None:
        if self.mode is Mode.TIEN_LEN or self.game is Game.TIEN_LEN:
            object.__setattr__(self, "game", Game.TIEN_LEN)
            object.__setattr__(self, "mode", Mode.TIEN_LEN)
            object.__setattr__(self, "twos", None)
            if self.tien_len is None:
                object.__setattr__(self, "tien_len", TienLenRules())
        else:
            object.__setattr__(self, "tien_len", None)
        if not self.mode.by_cards:  # Tiến lên, own scores: no cards, so nothing from them
            object.__setattr__(self, "twos", None)
            object.__setattr__(self, "spade_two", None)
            object.__setattr__(self, "bombs", False)
        if self.mode is Mode.BY_PLACE and self.places is None:
            object.__setattr__(self, "places", Places())
        elif self.mode is not Mode.BY_PLACE and self.places is not None:
            object.__setattr__(self, "places", None)
        if self.twos is not None and not self.twos.on:
            object.__setattr__(self, "twos", None)

    @property
    def counts_twos(self) -> bool:
        return self.twos is not None

    @property
    def by_place(self) -> bool:
        return self.mode is Mode.BY_PLACE

    @property
    def fry_from(self) -> int | None:
        """Cards left from which a hand is fried, as the season and the recap count (SPEC 10): where
        the second tier starts (None with one tier); paying by place, where a round turns heavy."""
        if not self.mode.by_cards:
            return None  # no cards left to fry
        if self.places is not None:
            return self.places.heavy_from
        return self.tiers[1][0] if len(self.tiers) > 1 else None

    @property
    def covering_words(self) -> str:
        """What marking a loser as covering does under these rules, in English words."""
        return COVERING_WORDS[self.covering_style]

    def to_json(self) -> dict:
        """As the API, the state and the history show a round's rules (API.md): each rule under its
        own name, the places (by place only) last; a Tiến lên round its game, mode and rules."""
        shown = to_json(self)
        if self.tien_len is not None:  # Tiến lên: its own rules only (API.md)
            return {"game": shown["game"], "mode": shown["mode"], "tien_len": shown["tien_len"]}
        del shown["game"], shown["tien_len"]  # Big Two's JSON as it always was: the game is implied
        if self.mode is Mode.OWN_SCORES:  # the table's own scores: no cards, tiers nor 2s
            return {"mode": shown["mode"], "zero_sum": shown["zero_sum"]}
        del shown["zero_sum"]
        for name in ("spade_two", "bombs"):  # 锄大地's doublings only when on, so as not to change the rest
            if not shown[name]:
                del shown[name]
        if self.spade_two is not None:
            shown["spade_two"] = {"from": self.spade_two}
        places = shown.pop("places")
        return shown if places is None else shown | {"places": places}

    @classmethod
    def from_json(cls, raw: Mapping) -> RoundRules:
        """Rules as to_json() wrote them (stored, so trusted); a rule declared since a version was
        stored takes its default (versions older than the covering style paid for everyone)."""
        return from_json(cls, raw)
