"""A hand of any game of the family, checked and scored: Big Two's by the cards left (scoring.py),
Tiến lên's by the finishing order (tien_len.py). No Django here; every write and read that
scores a round comes through here, so a new game is one branch in each function below.

A hand of typed scores (own_scores.py) travels the same way, as `{"scores": [...]}`. A Tiến lên
hand travels in `RoundEntry.hand` (its cards empty): the JSON as the API sent it or a
row stored it, and once checked the TienLenHand itself. Its `penalties` are what each player
paid out in the hand, its winner the first out (or the instant winner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from rounds.rules import scoring
from rounds.rules.fields import NOT_IN_OWN_SCORES
from rounds.rules.mode import Mode
from rounds.rules.own_scores import OwnScores, score_own
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import RoundRules
from rounds.rules.scoring import RoundEntry, ScoredRound
from rounds.rules.tien_len import TienLenHand, tien_len_payments
from rounds.rules.tien_len_hand import NOT_IN_A_HAND
from toolkit.messages import gettext_noop

CARDS_IN_TIEN_LEN: Final = gettext_noop(
    "Cards: a Tiến lên hand is its finishing order, not cards left (give order, or instant alone)"
)
HAND_IN_BIG_TWO: Final = gettext_noop("%(key)s: this session plays Big Two; give the cards left (cards)")
CARDS_IN_OWN_SCORES: Final = gettext_noop("Cards: this session types each player's score (give scores)")
NO_CARDS: Final = gettext_noop("Cards: give a list of cards left, one count per player")


def validate_round(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> RoundEntry:
    """The hand checked under its game's rules, refused naming the field and the player."""
    if rules.mode is Mode.OWN_SCORES:
        if entry.cards or entry.twos or entry.covering is not None:
            raise ScoringError(CARDS_IN_OWN_SCORES, field="cards")
        if isinstance(entry.hand, OwnScores):
            return entry
        if isinstance(entry.hand, Mapping):
            for key in entry.hand:
                if key != "scores":
                    raise ScoringError(NOT_IN_OWN_SCORES, field=str(key), name=key)
        return replace(entry, hand=OwnScores.from_json(entry.hand, names=names, zero_sum=rules.zero_sum))
    if isinstance(entry.hand, Mapping) and "scores" in entry.hand:
        raise ScoringError(
            HAND_IN_BIG_TWO if rules.tien_len is None else NOT_IN_A_HAND, field="scores", key="scores"
        )
    if rules.tien_len is None:
        if entry.hand == {}:  # nothing of a hand sent
            raise ScoringError(NO_CARDS, field="cards")
        if entry.hand is not None:  # the first key of another game's hand, named
            key = str(next(iter(entry.hand), "order")) if isinstance(entry.hand, Mapping) else "order"
            raise ScoringError(HAND_IN_BIG_TWO, field=key, key=key)
        return scoring.validate_round(entry, names, rules)
    if entry.cards or entry.twos or entry.covering is not None:
        raise ScoringError(CARDS_IN_TIEN_LEN, field="cards")
    if isinstance(entry.hand, TienLenHand):
        return entry
    hand = TienLenHand.from_json(entry.hand, players=names, rules=rules.tien_len)
    return replace(entry, cards=(), twos=None, hand=hand)


def score_checked(entry: RoundEntry, rules: RoundRules) -> ScoredRound:
    """Score a hand validate_round() has accepted."""
    if isinstance(entry.hand, OwnScores):
        return score_own(entry.hand)
    if rules.tien_len is None:
        return scoring.score_checked(entry, rules)
    hand = entry.hand
    assert isinstance(hand, TienLenHand)
    payments = tien_len_payments(hand, rules.tien_len)
    paid = [0] * hand.players
    scores = [0] * hand.players
    for payment in payments:
        assert payment.payee is not None
        paid[payment.payer] += payment.amount
        scores[payment.payer] -= payment.amount
        scores[payment.payee] += payment.amount
    return ScoredRound(
        winner=hand.first,
        penalties=tuple(paid),
        payments=payments,
        scores=tuple(scores),
        mode=Mode.TIEN_LEN,
    )


def score_round(entry: RoundEntry, names: Sequence[str], rules: RoundRules) -> ScoredRound:
    """Validate a hand and score it under its own rules."""
    return score_checked(validate_round(entry, names, rules), rules)


def hand_json(entry: RoundEntry) -> dict | None:
    """A checked Tiến lên hand (or typed scores) as a row stores it and the state shows it; None
    for a hand of cards."""
    return entry.hand.to_json() if isinstance(entry.hand, TienLenHand | OwnScores) else None


def shown_hand(hand: dict | None) -> dict:
    """What a round's JSON adds for a stored Tiến lên hand (API.md: order, killed, left, chops,
    instant; cards null); nothing for Big Two."""
    return {} if hand is None else {**hand, "cards": None}


def hand_cell(round_: Mapping, index: int) -> tuple[str, str]:
    """A player's cell of a hand as the rounds list writes it, from a state's round or a stored
    hand: the cards left; in Tiến lên the place they went out in and its mark, ✕ killed (the
    instant winner has ★ and no place); nothing for typed scores, whose score is the hand.
    (static/js/render.js handCell writes the same.)"""
    instant = round_.get("instant")
    if instant is not None:
        return "", "★" if instant == index else ""
    if "order" in round_:
        order = round_["order"]
        return (str(order.index(index) + 1) if index in order else ""), (
            "✕" if index in round_.get("killed", ()) else ""
        )
    cards = round_.get("cards")
    return ("" if not cards else str(cards[index])), ""
