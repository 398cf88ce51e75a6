"""Tiến lên, Vietnam's game of the family (SPEC 14): a hand scored by finishing order and by what
happened in it. Pure, no Django: the settings are tien_len_settings.py, the hand and its checks
tien_len_hand.py, and this module scores a hand as payments (zero-sum by construction).

The rules (SPEC 14.3), with A the first's amount, B the second's, K, I and C the kill, instant and
chop times, V what items are worth (black 2 → 1, red 2 → 2, three pairs → 2, four of a kind → 3,
four pairs → 4 by default):
1. By place: the last pays the first A; with four players the third pays the second B too
   (+A, +B, −B, −A; three players +A, 0, −A; two +A, −A).
2. Killed (cóng): each killed player pays the first K×A + V(what they hold) instead of their
   place's A. The third pays the second B only while neither of them is killed.
3. Left in hand (thối): the last player, when nobody is killed, pays V(what they hold) to the
   player just above them.
4. Chops (chặt): for each entry the chopped pays the chopper C × V(items), whatever the places.
5. Instant win (tới trắng): the winner takes I×A from each other player, and that is the hand.

Worked example, defaults, Ann Ben Cat Dan: order Ann, Ben, Cat, Dan, Dan killed holding four of
a kind, and Cat chopped Ben's red 2. Dan pays Ann 2×2 + 3 = 7 (rule 2), Cat pays Ben 1 (rule 1),
Ben pays Cat 1×2 = 2 (rule 4): Ann +7, Ben −1, Cat +1, Dan −7.

Where SPEC 14 is silent, its rules are followed literally:
- A killed player's items are added once to what they pay the first (K×A + V, V not times K);
  they pay nothing to the player above them, and `left` is for the last and the killed only, so
  with killed players the last player who is not killed holds nothing that counts.
- Three players with a kill: each killed player pays the first K×A + V; a middle player who is
  not killed pays and gets nothing by place. Two players: the killed second pays K×A + V.
- Chops count whoever made them, killed players included (the SPEC refuses only a chop of
  oneself or of nothing); the 2s chopped are not counted against the two of each colour, which
  the SPEC sets for what is left in hand.
- A payment of 0 (a value or a time set to 0) is left out.
- The facts a season counts: the first is the first out or the instant winner; the lasts are the
  players at the last rank (the killed if any, else the last out; after an instant win every
  other player, who share 2nd).
"""

from __future__ import annotations

from collections.abc import Iterator

from rounds.rules.scoring import Payment
from rounds.rules.tien_len_hand import Chop, Held, TienLenHand, tien_len_ranks
from rounds.rules.tien_len_settings import Item, ItemValues, TienLenRules

__all__ = [
    "Chop",
    "Held",
    "Item",
    "ItemValues",
    "TienLenHand",
    "TienLenRules",
    "score_tien_len",
    "tien_len_payments",
    "tien_len_ranks",
]


def tien_len_payments(hand: TienLenHand, rules: TienLenRules) -> tuple[Payment, ...]:
    """The hand as payments, rule by rule (each payment from payer to payee; none of 0)."""
    if hand.instant is not None:
        payments = list(instant_payments(hand, rules))
    else:
        payments = [*place_payments(hand, rules), *chop_payments(hand, rules)]
    return tuple(payment for payment in payments if payment.amount)


def instant_payments(hand: TienLenHand, rules: TienLenRules) -> Iterator[Payment]:
    """Rule 5: every other player pays the winner I×A."""
    for player in range(hand.players):
        if player != hand.instant:
            yield Payment(player, hand.instant, rules.instant * rules.first)


def place_payments(hand: TienLenHand, rules: TienLenRules) -> Iterator[Payment]:
    """Rules 1 to 3: the last (or each killed player) pays the first, the third of four the second."""
    first, last = hand.order[0], hand.order[-1]
    if hand.killed:
        for player in hand.killed:
            yield Payment(player, first, rules.kill * rules.first + hand.left[player].value(rules.values))
    else:
        yield Payment(last, first, rules.first)
        yield Payment(last, hand.order[-2], hand.left[last].value(rules.values))
    if hand.players == 4:
        second, third = hand.order[1], hand.order[2]
        if second not in hand.killed and third not in hand.killed:
            yield Payment(third, second, rules.second)


def chop_payments(hand: TienLenHand, rules: TienLenRules) -> Iterator[Payment]:
    """Rule 4: the chopped pays the chopper C × V(items), for each entry."""
    for chop in hand.chops:
        yield Payment(chop.chopped, chop.by, rules.chop * chop.value(rules.values))


def score_tien_len(hand: TienLenHand, rules: TienLenRules) -> tuple[int, ...]:
    """Each player's score for the hand (SPEC 14.3): what they were paid less what they paid."""
    scores = [0] * hand.players
    for payment in tien_len_payments(hand, rules):
        assert payment.payee is not None
        scores[payment.payer] -= payment.amount
        scores[payment.payee] += payment.amount
    return tuple(scores)
