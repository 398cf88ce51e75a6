"""The rules of one round as pure functions (SPEC 1-3): a valid round, penalties, modes, covering.

No Django here: everything that scores a round calls this module and nothing
re-implements it. Beside it, pure and built on it: standings.py (the evening,
SPEC 4), settlement.py (money, SPEC 6), stats.py (the evening's story) and
tiers.py (checking a penalty table as typed). Errors are ScoringError (a Refusal), whose
message names the player and the problem; messages are English templates marked
with gettext_noop so the web layer can translate them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from rounds.rules.doubling import check_doublings, doubled
from rounds.rules.places import check_place_amounts
from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.ruleset import MAX_CARDS, TWOS_IN_DECK, CoveringStyle, Mode, Places, RoundRules, Tiers, Twos
from toolkit.messages import gettext_noop, ngettext_noop

# --- Penalty tables (SPEC 2) ------------------------------------------------


def rate_for(cards_left: int, tiers: Tiers) -> int:
    """Points per card: the rate of the highest tier the hand reaches."""
    rate = 0
    for from_cards, tier_rate in tiers:
        if cards_left >= from_cards:
            rate = tier_rate
    return rate


def penalty(cards_left: int, tiers: Tiers, *, twos_held: int = 0, twos: Twos | None = None) -> int:
    """One loser's penalty: every card at the highest tier reached, then the twos rule if on."""
    from_cards = cards_left * rate_for(cards_left, tiers)
    return from_cards if twos is None else twos.penalty(from_cards, twos_held)


def rules_penalty(cards_left: int, twos_held: int, rules: RoundRules) -> int:
    return penalty(cards_left, rules.tiers, twos_held=twos_held, twos=rules.twos)


# --- A valid round (SPEC 1) -------------------------------------------------


@dataclass(frozen=True)
class RoundEntry:
    """What the table reports after a round: cards left (and twos held) per player."""

    cards: tuple[int, ...]
    twos: tuple[int, ...] | None = None
    covering: int | None = None
    # A Tiến lên hand (cards empty): its JSON as sent or stored, or once checked a TienLenHand.
    hand: object = None
    spade_two: int | None = None  # the loser holding the ♠2 (SPEC 15, doubling.py)
    bombs: int = 0  # bombs played in the hand

    @classmethod
    def stored(
        cls,
        cards: Sequence[int],
        twos: Sequence[int] | None,
        covering: int | None,
        hand: object = None,
        spade_two: int | None = None,
        bombs: int = 0,
    ) -> RoundEntry:
        """A round as a row keeps it (lists from JSON columns)."""
        twos = None if twos is None else tuple(twos)
        return cls(tuple(cards), twos, covering, hand=hand, spade_two=spade_two, bombs=bombs)


# Three or four 0s: one whole sentence each, its names in its own slots, so every language writes
# the count, the list and its "and" as it does (a word and a join made here read "有 Three 位贏家：
# 阿明, 阿芬 and 志強" on a Chinese page).
MORE_WINNERS: Final = {
    3: gettext_noop("Three winners: %(first)s, %(second)s and %(third)s all have 0 cards"),
    4: gettext_noop("Four winners: %(first)s, %(second)s, %(third)s and %(fourth)s all have 0 cards"),
}
SLOTS: Final = ("first", "second", "third", "fourth")
# The entry panel says it at the second 0 typed, before the round is complete (SPEC 7).
TWO_WINNERS: Final = gettext_noop("Two winners: %(first)s and %(second)s both have 0 cards")


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
            TWO_WINNERS,
            field="cards",
            player=winners[1],
            first=names[winners[0]],
            second=names[winners[1]],
        )
    if len(winners) > 2:
        raise ScoringError(
            MORE_WINNERS[len(winners)],
            field="cards",
            player=winners[1],
            **{slot: names[index] for slot, index in zip(SLOTS, winners, strict=False)},
        )
    twos = check_twos(entry, names, rules)
    check_covering(entry.covering, winners[0], names)
    check_doublings(
        spade_two=entry.spade_two,
        bombs=entry.bombs,
        winner=winners[0],
        names=names,
        threshold=rules.spade_two,
        bombs_on=rules.bombs,
    )
    if rules.places is not None:
        check_place_amounts(rules.places, len(names))
    return replace(entry, cards=tuple(entry.cards), twos=twos)


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
                ngettext_noop(
                    "%(name)s: %(twos)s two held, more than the cards left (%(cards)s)",
                    "%(name)s: %(twos)s twos held, more than the cards left (%(cards)s)",
                    "twos",
                ),
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
    """How a round scored: `penalties` are each player's own (SPEC 2; by place, what their
    place pays), before any covering. `house`: what the winner gave the house (SPEC 3.6)."""

    winner: int
    penalties: tuple[int, ...]
    payments: tuple[Payment, ...]
    scores: tuple[int, ...]
    mode: Mode
    house: int = 0


def doublings(penalties: Sequence[int], entry: RoundEntry, rules: RoundRules) -> tuple[int, ...]:
    """The penalties with 锄大地's doublings of this hand (SPEC 15), where the rules play them."""
    return doubled(
        penalties, cards=entry.cards, spade_two=entry.spade_two, bombs=entry.bombs, threshold=rules.spade_two
    )


def score_round(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> ScoredRound:
    """Validate a round and score it under its own rules."""
    return score_checked(validate_round(entry, names, rules), rules)


def score_checked(entry: RoundEntry, rules: RoundRules) -> ScoredRound:
    """Score a round that validate_round has already accepted."""
    winner = entry.cards.index(0)
    if rules.places is not None:
        return score_by_place(entry, winner, rules.places, rules)
    twos = entry.twos or tuple(0 for _ in entry.cards)
    own = [
        rules_penalty(cards_left, twos_held, rules)
        for cards_left, twos_held in zip(entry.cards, twos, strict=True)
    ]
    penalties = doublings(own, entry, rules)
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


# --- Paying by place (SPEC 3.6) ---------------------------------------------


def places_of(cards: Sequence[int], winner: int) -> tuple[int, ...]:
    """Each player's place: the winner 1st, then the losers by cards left, fewest first;
    losers tied on cards share the best of their places."""
    return tuple(
        1
        if index == winner
        else 2 + sum(1 for other, held in enumerate(cards) if other != winner and held < cards_left)
        for index, cards_left in enumerate(cards)
    )


def is_heavy(cards: Sequence[int], places: Places) -> bool:
    return max(cards) >= places.heavy_from


def place_shares(cards: Sequence[int], winner: int, amounts: Sequence[int]) -> tuple[int, ...]:
    """What each loser's place pays; losers tied on cards split their places' amounts equally,
    a share that is not whole rounded half up."""
    shares = []
    for index, (place, cards_left) in enumerate(zip(places_of(cards, winner), cards, strict=True)):
        if index == winner:
            shares.append(0)
            continue
        tied = sum(1 for other, held in enumerate(cards) if other != winner and held == cards_left)
        pooled = sum(amounts[place - 2 : place - 2 + tied])
        shares.append((2 * pooled + tied) // (2 * tied))
    return tuple(shares)


def score_by_place(entry: RoundEntry, winner: int, places: Places, rules: RoundRules) -> ScoredRound:
    """Each loser pays the winner their place's amount (the covering loser pays them all); in a
    heavy round the heavy amounts apply and the winner gives the house its cut."""
    heavy = is_heavy(entry.cards, places)
    shares = doublings(
        place_shares(entry.cards, winner, places.heavy_pays if heavy else places.pays), entry, rules
    )
    if entry.covering is None:
        payers = {index: share for index, share in enumerate(shares) if share}
    else:
        payers = {entry.covering: sum(shares)} if sum(shares) else {}
    payments = tuple(Payment(payer, winner, amount) for payer, amount in payers.items())
    house = places.house_cut if heavy else 0
    scores = scores_from_payments(payments, len(entry.cards), Mode.BY_PLACE)
    scores[winner] -= house
    return ScoredRound(
        winner=winner,
        penalties=shares,
        payments=payments,
        scores=tuple(scores),
        mode=Mode.BY_PLACE,
        house=house,
    )
