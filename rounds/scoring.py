"""The rules of the table as pure functions (SPEC 1-4 and 6).

No Django here: everything that scores, ranks or settles calls this module and
nothing re-implements it. Errors are ScoringError, whose message names the
player and the problem; messages are English templates marked with
gettext_noop so the web layer can translate them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Final

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_CARDS: Final = 13
TWOS_IN_DECK: Final = 4
MAX_RATE: Final = 1000
CENT: Final = Decimal("0.01")


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


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


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


def validate_tiers(tiers: object) -> Tiers:
    """Check a penalty table and return it as a tuple of (from_cards, points_per_card)."""
    if not isinstance(tiers, (list, tuple)) or not tiers:
        raise ScoringError(
            gettext_noop("Penalty tiers: give at least one tier, starting at 1 card"), field="tiers"
        )
    checked: list[Tier] = []
    for tier in tiers:
        if (
            not isinstance(tier, (list, tuple))
            or len(tier) != 2
            or not all(is_whole_number(number) for number in tier)
        ):
            raise ScoringError(
                gettext_noop(
                    "Penalty tiers: each tier is a pair of whole numbers [from cards, points per card]"
                ),
                field="tiers",
            )
        from_cards, rate = tier
        if not 1 <= from_cards <= MAX_CARDS:
            raise ScoringError(
                gettext_noop("Penalty tiers: a tier must start between 1 and 13 cards, not %(cards)s"),
                field="tiers",
                cards=from_cards,
            )
        if not 1 <= rate <= MAX_RATE:
            raise ScoringError(
                gettext_noop("Penalty tiers: points per card must be from 1 to 1000, not %(rate)s"),
                field="tiers",
                rate=rate,
            )
        if checked:
            previous_from, previous_rate = checked[-1]
            if from_cards <= previous_from:
                raise ScoringError(
                    gettext_noop(
                        "Penalty tiers: the tier from %(cards)s cards must start after the one from %(previous)s"
                    ),
                    field="tiers",
                    cards=from_cards,
                    previous=previous_from,
                )
            if rate <= previous_rate:
                raise ScoringError(
                    gettext_noop(
                        "Penalty tiers: the rate from %(cards)s cards (%(rate)s) must be higher than the one before (%(previous)s)"
                    ),
                    field="tiers",
                    cards=from_cards,
                    rate=rate,
                    previous=previous_rate,
                )
        elif from_cards != 1:
            raise ScoringError(
                gettext_noop("Penalty tiers: the first tier must start at 1 card"), field="tiers"
            )
        checked.append((from_cards, rate))
    return tuple(checked)


def house_tiers(
    base: int, *, higher: tuple[int, int] | None = None, all_thirteen: int | None = None
) -> Tiers:
    """Seed 002's house table: a base rate, an optional rate from k cards, an optional all-13 rate."""
    tiers: list[Tier] = [(1, base)]
    if higher is not None:
        from_cards, rate = higher
        if not 2 <= from_cards <= MAX_CARDS - 1:
            raise ScoringError(
                gettext_noop("Penalty tiers: the higher rate must start between 2 and 12 cards"),
                field="tiers",
            )
        tiers.append((from_cards, rate))
    if all_thirteen is not None:
        tiers.append((MAX_CARDS, all_thirteen))
    return validate_tiers(tiers)


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


# --- The session (SPEC 4) ---------------------------------------------------


def session_totals(rounds: Sequence[ScoredRound], player_count: int) -> list[int]:
    totals = [0] * player_count
    for scored in rounds:
        for index, score in enumerate(scored.scores):
            totals[index] += score
    return totals


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    total: int


def standings(totals: Sequence[int], mode: Mode) -> list[Standing]:
    """Best first (lowest total in Points, highest otherwise); ties share a rank."""
    sign = 1 if mode.lowest_wins else -1
    order = sorted(range(len(totals)), key=lambda index: (sign * totals[index], index))
    ranked = []
    for index in order:
        better = sum(1 for other in totals if sign * other < sign * totals[index])
        ranked.append(Standing(player=index, rank=better + 1, total=totals[index]))
    return ranked


def end_reached(
    *,
    rounds_played: int,
    totals: Sequence[int],
    mode: Mode,
    rounds_limit: int | None,
    target: int | None,
) -> bool:
    """A fixed length is played out, or (Points) someone reached the target."""
    if rounds_limit is not None and rounds_played >= rounds_limit:
        return True
    return target is not None and mode is Mode.POINTS and max(totals, default=0) >= target


def target_losers(totals: Sequence[int], target: int | None) -> list[int]:
    """Who lost to the target: the highest total among those who crossed it (ties share)."""
    if target is None:
        return []
    crossed = [total for total in totals if total >= target]
    if not crossed:
        return []
    return [index for index, total in enumerate(totals) if total == max(crossed)]


def points_to_target(totals: Sequence[int], target: int | None) -> list[int] | None:
    """How many points each player may still take before reaching the target (0 once there)."""
    if target is None:
        return None
    return [max(0, target - total) for total in totals]


@dataclass(frozen=True)
class NextRound:
    number: int
    leader: int | None
    dealer: int
    direction: Direction


def next_round(*, rounds_played: int, seats: Sequence[int], last_winner: int | None) -> NextRound:
    """Who deals and leads the next round, and which way play goes (seeds 001, 002).

    `seats[i]` is player i's seat, numbered clockwise from 0. The dealer moves one
    seat clockwise each round; the previous winner leads (3 of diamonds in round 1);
    direction alternates, clockwise in odd rounds.
    """
    number = rounds_played + 1
    dealer_seat = (number - 1) % len(seats)
    return NextRound(
        number=number,
        leader=last_winner if rounds_played else None,
        dealer=list(seats).index(dealer_seat),
        direction=Direction.CLOCKWISE if number % 2 else Direction.COUNTERCLOCKWISE,
    )


# --- Wager and settlement (SPEC 6) ------------------------------------------


def difference_matrix(totals: Sequence[int]) -> list[list[int]]:
    """Points mode: player i receives T_j - T_i from each j (negative: i pays)."""
    return [[other - own for other in totals] for own in totals]


def pairwise_points(rounds: Sequence[ScoredRound], player_count: int) -> list[list[int]]:
    """Who owes whom in points before netting: row i is what i receives from each player.

    Points-mode rounds settle the score difference; zero-sum rounds settle their
    payments (so covering shows up where it was paid).
    """
    points_totals = [0] * player_count
    matrix = [[0] * player_count for _ in range(player_count)]
    for scored in rounds:
        if scored.mode is Mode.POINTS:
            for index, score in enumerate(scored.scores):
                points_totals[index] += score
            continue
        for payment in scored.payments:
            assert payment.payee is not None
            matrix[payment.payee][payment.payer] += payment.amount
            matrix[payment.payer][payment.payee] -= payment.amount
    differences = difference_matrix(points_totals)
    return [
        [matrix[row][column] + differences[row][column] for column in range(player_count)]
        for row in range(player_count)
    ]


@dataclass(frozen=True)
class Tally:
    """A session's running sums, kept as rounds come and go: the totals and the pairwise table.

    Both are sums over rounds, so a write adds its round's share and takes back the
    share of the round it replaced, and never needs the other rounds.
    """

    totals: tuple[int, ...]
    pairwise: tuple[tuple[int, ...], ...]

    @classmethod
    def empty(cls, player_count: int) -> Tally:
        return cls(totals=(0,) * player_count, pairwise=((0,) * player_count,) * player_count)

    @classmethod
    def of(cls, rounds: Sequence[ScoredRound], player_count: int) -> Tally:
        return cls(
            totals=tuple(session_totals(rounds, player_count)),
            pairwise=tuple(tuple(row) for row in pairwise_points(rounds, player_count)),
        )

    def plus(self, scored: ScoredRound | None, sign: int = 1) -> Tally:
        if scored is None:
            return self
        share = Tally.of([scored], len(self.totals))
        return Tally(
            totals=tuple(
                total + sign * score for total, score in zip(self.totals, share.totals, strict=True)
            ),
            pairwise=tuple(
                tuple(points + sign * added for points, added in zip(row, added_row, strict=True))
                for row, added_row in zip(self.pairwise, share.pairwise, strict=True)
            ),
        )

    def minus(self, scored: ScoredRound | None) -> Tally:
        return self.plus(scored, -1)


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    net: list[Decimal]
    pairwise: list[list[Decimal]]
    transfers: list[Transfer] = field(default_factory=list)


def to_cents_keeping_sum(amounts: Sequence[Decimal]) -> list[Decimal]:
    """Round to cents so the rounded amounts add up to the rounded sum, to the cent.

    Rounds half away from zero, then moves any cent the rounding created or lost
    onto the amounts it moved furthest (lowest index first on ties), so every
    amount stays within a cent of the exact one and no cent appears or vanishes.
    """
    rounded = [amount.quantize(CENT, rounding=ROUND_HALF_UP) for amount in amounts]
    target = sum(amounts, Decimal(0)).quantize(CENT, rounding=ROUND_HALF_UP)
    excess = int((sum(rounded, Decimal(0)) - target) / CENT)
    step = CENT if excess > 0 else -CENT
    moved_most = sorted(
        range(len(amounts)), key=lambda index: (-(rounded[index] - amounts[index]) * step, index)
    )
    for index in moved_most[: abs(excess)]:
        rounded[index] -= step
    return rounded


def fewest_transfers(net: Sequence[Decimal]) -> list[Transfer]:
    """Largest debtor pays largest creditor until everyone is square.

    Each step settles at least one player, so there are at most n-1 transfers; for
    up to four players that is also the fewest possible.
    """
    balance = list(net)
    transfers = []
    while True:
        debtor = min(range(len(balance)), key=lambda index: (balance[index], index))
        creditor = max(range(len(balance)), key=lambda index: (balance[index], -index))
        if balance[debtor] >= 0 or balance[creditor] <= 0:
            return transfers
        amount = min(-balance[debtor], balance[creditor])
        transfers.append(Transfer(payer=debtor, payee=creditor, amount=amount))
        balance[debtor] += amount
        balance[creditor] -= amount


def settle(pairwise: Sequence[Sequence[int]], value_per_point: Decimal) -> Settlement:
    """Turn the points each pair owes into money: nets, the pairwise table and transfers."""
    exact_net = [sum(row) * value_per_point for row in pairwise]
    net = to_cents_keeping_sum(exact_net)
    # Half-up rounds away from zero, so the table stays antisymmetric.
    money_pairwise = [
        [(points * value_per_point).quantize(CENT, rounding=ROUND_HALF_UP) for points in row]
        for row in pairwise
    ]
    return Settlement(net=net, pairwise=money_pairwise, transfers=fewest_transfers(net))


# --- The evening's story ------------------------------------------------------


@dataclass(frozen=True)
class PlayerStats:
    rounds_won: int
    worst_hand: int  # most cards left in one round
    thirteen_card_rounds: int  # caught with the whole hand
    average_penalty: Decimal  # per round played, to one decimal


def player_stats(rounds: Sequence[tuple[RoundEntry, ScoredRound]], player_count: int) -> list[PlayerStats]:
    """Per player: rounds won, worst hand, 13-card disasters and the average penalty."""
    stats = []
    for player in range(player_count):
        cards = [entry.cards[player] for entry, _ in rounds]
        penalties = [scored.penalties[player] for _, scored in rounds]
        average = Decimal(sum(penalties)) / len(penalties) if penalties else Decimal(0)
        stats.append(
            PlayerStats(
                rounds_won=sum(1 for _, scored in rounds if scored.winner == player),
                worst_hand=max(cards, default=0),
                thirteen_card_rounds=cards.count(MAX_CARDS),
                average_penalty=average.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP),
            )
        )
    return stats
