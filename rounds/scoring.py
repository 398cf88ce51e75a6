"""The rules of one round as pure functions (SPEC 1-3): a valid round, penalties, modes, covering.

No Django here: everything that scores a round calls this module and nothing
re-implements it. Beside it, pure and built on it: standings.py (the evening,
SPEC 4), settlement.py (money, SPEC 6), stats.py (the evening's story) and
tiers.py (checking a penalty table as typed). Errors are ScoringError, whose
message names the player and the problem; messages are English templates marked
with gettext_noop so the web layer can translate them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_CARDS: Final = 13
TWOS_IN_DECK: Final = 4


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


class Mode(StrEnum):
    POINTS = "points"
    WINNER_TAKES_ALL = "winner_takes_all"
    PAY_DIFFERENCE = "pay_difference"

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


class ScoringError(ValueError):
    """A rule was broken. `template % params` is the English message."""

    def __init__(
        self,
        template: str,
        *,
        player: int | None = None,
        field: str | None = None,
        **params: object,
    ) -> None:
        self.template = template
        self.params = params
        self.player = player
        self.field = field
        super().__init__(template % params if params else template)

    @property
    def message(self) -> str:
        return str(self)


Tier = tuple[int, int]
Tiers = tuple[Tier, ...]

CLASSIC_TIERS: Final[Tiers] = ((1, 1), (10, 2), (13, 3))
FLAT_TIERS: Final[Tiers] = ((1, 1),)


@dataclass(frozen=True)
class RoundRules:
    """The rules one round is scored under; each round keeps its own."""

    mode: Mode = Mode.POINTS
    tiers: Tiers = CLASSIC_TIERS
    points_per_two: int | None = None
    covering_style: CoveringStyle = CoveringStyle.PAYS_FOR_EVERYONE

    @property
    def counts_twos(self) -> bool:
        return self.points_per_two is not None


def is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- Penalty tables (SPEC 2) ------------------------------------------------


def rate_for(cards_left: int, tiers: Tiers) -> int:
    """Points per card: the rate of the highest tier the hand reaches."""
    rate = 0
    for from_cards, tier_rate in tiers:
        if cards_left >= from_cards:
            rate = tier_rate
    return rate


def penalty(cards_left: int, tiers: Tiers, *, twos_held: int = 0, points_per_two: int | None = None) -> int:
    """One loser's penalty: every card at the highest tier reached, plus the twos rule."""
    twos_points = twos_held * points_per_two if points_per_two is not None else 0
    return cards_left * rate_for(cards_left, tiers) + twos_points


# --- A valid round (SPEC 1) -------------------------------------------------


@dataclass(frozen=True)
class RoundEntry:
    """What the table reports after a round: cards left (and twos held) per player."""

    cards: tuple[int, ...]
    twos: tuple[int, ...] | None = None
    covering: int | None = None


def join_names(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1]


NUMBER_WORDS: Final = {2: "Two", 3: "Three", 4: "Four"}


def validate_round(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> RoundEntry:
    """Check one round against SPEC 1; return it with twos filled in (zeros) when the rule is on."""
    if len(entry.cards) != len(names):
        raise ScoringError(
            gettext_noop("Cards: give one count per player (%(expected)s), not %(given)s"),
            field="cards",
            expected=len(names),
            given=len(entry.cards),
        )
    for index, cards_left in enumerate(entry.cards):
        check_cards_left(cards_left, names[index], index)
    winners = [index for index, cards_left in enumerate(entry.cards) if cards_left == 0]
    if not winners:
        raise ScoringError(gettext_noop("No winner: the player who went out has 0 cards"), field="cards")
    if len(winners) == 2:
        raise ScoringError(
            gettext_noop("Two winners: %(first)s and %(second)s both have 0 cards"),
            field="cards",
            player=winners[1],
            first=names[winners[0]],
            second=names[winners[1]],
        )
    if len(winners) > 2:
        raise ScoringError(
            gettext_noop("%(count)s winners: %(names)s all have 0 cards"),
            field="cards",
            player=winners[1],
            count=NUMBER_WORDS[len(winners)],
            names=join_names([names[index] for index in winners]),
        )
    twos = check_twos(entry, names, rules)
    check_covering(entry.covering, winners[0], names)
    return RoundEntry(cards=tuple(entry.cards), twos=twos, covering=entry.covering)


def check_cards_left(cards_left: object, name: str, index: int) -> None:
    if not is_whole_number(cards_left):
        raise ScoringError(
            gettext_noop("%(name)s: cards left must be a whole number from 0 to 13"),
            player=index,
            field="cards",
            name=name,
        )
    assert isinstance(cards_left, int)
    if cards_left < 0:
        raise ScoringError(
            gettext_noop("%(name)s: cards left cannot be negative"), player=index, field="cards", name=name
        )
    if cards_left > MAX_CARDS:
        raise ScoringError(
            gettext_noop("%(name)s: %(cards)s cards is more than a hand"),
            player=index,
            field="cards",
            name=name,
            cards=cards_left,
        )


def check_twos(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> tuple[int, ...] | None:
    if not rules.counts_twos:
        if entry.twos is not None and any(entry.twos):
            raise ScoringError(gettext_noop("Twos: this session does not count twos"), field="twos")
        return None
    if entry.twos is None:
        return tuple(0 for _ in names)
    if len(entry.twos) != len(names):
        raise ScoringError(
            gettext_noop("Twos: give one count per player (%(expected)s), not %(given)s"),
            field="twos",
            expected=len(names),
            given=len(entry.twos),
        )
    for index, (twos_held, cards_left) in enumerate(zip(entry.twos, entry.cards, strict=True)):
        if not is_whole_number(twos_held) or not 0 <= twos_held <= TWOS_IN_DECK:
            raise ScoringError(
                gettext_noop("%(name)s: twos held must be a whole number from 0 to 4"),
                player=index,
                field="twos",
                name=names[index],
            )
        if twos_held > cards_left:
            raise ScoringError(
                gettext_noop("%(name)s: %(twos)s twos held but only %(cards)s cards left"),
                player=index,
                field="twos",
                name=names[index],
                twos=twos_held,
                cards=cards_left,
            )
    if sum(entry.twos) > TWOS_IN_DECK:
        raise ScoringError(
            gettext_noop("Twos: %(twos)s twos held across the table, but a deck has only 4"),
            field="twos",
            twos=sum(entry.twos),
        )
    return tuple(entry.twos)


def check_covering(covering: object, winner: int, names: Sequence[str]) -> None:
    if covering is None:
        return
    if not is_whole_number(covering) or not 0 <= covering < len(names):  # type: ignore[operator]
        raise ScoringError(gettext_noop("Covering: pick one of the players"), field="covering")
    if covering == winner:
        raise ScoringError(
            gettext_noop("%(name)s: the winner cannot be covering"),
            player=winner,
            field="covering",
            name=names[winner],
        )


# --- Modes and covering as payments (SPEC 3) --------------------------------


@dataclass(frozen=True)
class Payment:
    """Points that move in one round; payee None is the pot of Points mode."""

    payer: int
    payee: int | None
    amount: int


def round_payments(penalties: Sequence[int], winner: int, mode: Mode) -> list[Payment]:
    """The round written as payments, before covering."""
    losers = [index for index in range(len(penalties)) if index != winner]
    if mode is Mode.POINTS:
        return [Payment(index, None, penalties[index]) for index in losers]
    if mode is Mode.WINNER_TAKES_ALL:
        return [Payment(index, winner, penalties[index]) for index in losers]
    payments = []
    for first in range(len(penalties)):
        for second in range(first + 1, len(penalties)):
            difference = penalties[first] - penalties[second]
            if difference > 0:
                payments.append(Payment(first, second, difference))
            elif difference < 0:
                payments.append(Payment(second, first, -difference))
    return payments


def apply_covering(payments: Sequence[Payment], covering: int | None) -> list[Payment]:
    """The covering player pays everyone else's payments and receives nothing."""
    if covering is None:
        return list(payments)
    return [
        Payment(covering, payment.payee, payment.amount) for payment in payments if payment.payee != covering
    ]


def scores_from_payments(payments: Sequence[Payment], player_count: int, mode: Mode) -> list[int]:
    scores = [0] * player_count
    for payment in payments:
        if mode is Mode.POINTS:
            scores[payment.payer] += payment.amount
            continue
        assert payment.payee is not None
        scores[payment.payer] -= payment.amount
        scores[payment.payee] += payment.amount
    return scores


def whole_loss_penalties(penalties: Sequence[int], winner: int, covering: int) -> tuple[int, ...]:
    """SPEC 3.5: the covering loser bears L, the sum of the losers' penalties; the others bear 0."""
    whole_loss = sum(amount for index, amount in enumerate(penalties) if index != winner)
    return tuple(whole_loss if index == covering else 0 for index in range(len(penalties)))


def real_losses(penalties: Sequence[int], *, winner: int, covering: int | None) -> tuple[int, ...]:
    """The penalty each player finally bears in one round (SPEC 3.5, last paragraph).

    `penalties` are the players' own penalties (what ScoredRound.penalties and a stored
    round keep). Without covering, everyone bears their own; under either covering rule
    the covering loser bears the losers' sum and the other losers nothing. The winner bears 0.
    """
    if covering is None:
        return tuple(0 if index == winner else amount for index, amount in enumerate(penalties))
    return whole_loss_penalties(penalties, winner, covering)


@dataclass(frozen=True)
class ScoredRound:
    """How a round scored: `penalties` are each player's own (SPEC 2), before any covering."""

    winner: int
    penalties: tuple[int, ...]
    payments: tuple[Payment, ...]
    scores: tuple[int, ...]
    mode: Mode


def score_round(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> ScoredRound:
    """Validate a round and score it under its own rules."""
    return score_checked(validate_round(entry, names, rules), rules)


def score_checked(entry: RoundEntry, rules: RoundRules) -> ScoredRound:
    """Score a round that validate_round has already accepted."""
    winner = entry.cards.index(0)
    twos = entry.twos or tuple(0 for _ in entry.cards)
    penalties = tuple(
        penalty(cards_left, rules.tiers, twos_held=twos_held, points_per_two=rules.points_per_two)
        for cards_left, twos_held in zip(entry.cards, twos, strict=True)
    )
    if entry.covering is not None and rules.covering_style is CoveringStyle.TAKES_WHOLE_LOSS:
        borne = whole_loss_penalties(penalties, winner, entry.covering)
        payments = round_payments(borne, winner, rules.mode)
    else:
        payments = apply_covering(round_payments(penalties, winner, rules.mode), entry.covering)
    scores = scores_from_payments(payments, len(entry.cards), rules.mode)
    return ScoredRound(
        winner=winner,
        penalties=penalties,
        payments=tuple(payments),
        scores=tuple(scores),
        mode=rules.mode,
    )
