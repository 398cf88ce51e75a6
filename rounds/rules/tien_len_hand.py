"""A Tiến lên hand as the table reports it (SPEC 14.1), checked: the finishing order, the killed
players, what the last and the killed were left holding, the chops, or an instant win alone.

No Django here. `TienLenHand.from_json()` reads API.md's body and refuses every impossible hand
with a ScoringError naming the field and the player; `to_json()` is the round's shape in the
state. The facts a season counts (first, lasts, killed, instant) and the ranks Skill rates come
from the hand too. How a hand scores: tien_len.py, whose docstring tells the rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Final

from rounds.rules.refusal import ScoringError, is_whole_number
from rounds.rules.ruleset import MAX_CARDS
from rounds.rules.tien_len_settings import ITEM_CARDS, MOST_HELD, Item, ItemValues, TienLenRules
from toolkit.messages import gettext_noop

HAND_KEYS: Final = ("order", "killed", "left", "chops", "instant")
CHOP_KEYS: Final = ("by", "from", "items")
ITEM_NAMES: Final = tuple(item.value for item in Item)
TWOS_OF_A_COLOUR: Final = 2
# Every chop ends with a bomb of four cards or more, so 52 cards hold at most 13, and a chain
# chops at most 13 items: bounds on a body, far above any real hand.
MOST_CHOPS: Final = 13
MOST_CHAINED: Final = 13

NOT_A_HAND = gettext_noop("Tiến lên: give the order the players went out in, or an instant win alone")
NOT_IN_A_HAND = gettext_noop(
    "Tiến lên: %(key)s is not part of a hand (give order, killed, left, chops or instant)"
)
NOT_A_PLAYER = gettext_noop("%(key)s: %(given)s is not one of this table's players (0 to %(last)s)")
NOT_AN_ITEM = gettext_noop(
    "%(key)s: %(given)s is not an item (give black_two, red_two, three_pairs, four_of_a_kind or four_pairs)"
)
INSTANT_OFF = gettext_noop("Instant win: this session does not score instant wins")
INSTANT_ALONE = gettext_noop("%(name)s won on the deal: an instant win is the whole hand, give no %(key)s")
ORDER_NOT_A_LIST = gettext_noop("Order: list the players from the first out to the last")
ORDER_TWICE = gettext_noop("%(name)s is in the order twice")
ORDER_MISSING = gettext_noop("Order: missing %(names)s (only the last player may be left out)")
KILLED_OFF = gettext_noop("Killed: this session does not score killed players")
KILLED_NOT_A_LIST = gettext_noop("Killed: list the killed players")
KILLED_TWICE = gettext_noop("%(name)s is listed as killed twice")
FIRST_KILLED = gettext_noop("%(name)s went out first, so cannot be killed")
KILLED_NOT_LAST = gettext_noop(
    "%(name)s is killed but %(below)s, after them in the order, is not: killed players take the last places"
)
LEFT_OFF = gettext_noop("Left in hand: this session does not score cards left in hand")
LEFT_NOT_A_LIST = gettext_noop('Left in hand: give a list of entries, each with "player" and what they hold')
LEFT_TWICE = gettext_noop("%(name)s has cards left in hand twice")
LEFT_WHO = gettext_noop("%(name)s: only the last player and killed players can have cards left in hand")
LEFT_COUNT = gettext_noop("%(name)s: %(item)s left in hand is a whole number from 0 to %(most)s")
LEFT_TOO_MANY = gettext_noop("%(name)s: what is left in hand makes %(cards)s cards, more than a hand")
BLACK_TWOS = gettext_noop("Left in hand: %(count)s black 2s across the table, but a deck has only 2")
RED_TWOS = gettext_noop("Left in hand: %(count)s red 2s across the table, but a deck has only 2")
CHOPS_OFF = gettext_noop("Chops: this session does not score chops")
CHOPS_NOT_A_LIST = gettext_noop('Chops: give a list of chops, each with "by", "from" and "items"')
CHOPS_TOO_MANY = gettext_noop("Chops: at most %(most)s in a hand (a chain is one chop)")
NOT_IN_A_CHOP = gettext_noop('Chops: %(key)s is not part of a chop (give "by", "from" and "items")')
CHOP_SELF = gettext_noop("%(name)s cannot chop themselves")
CHOP_NOTHING = gettext_noop("%(name)s chopped %(chopped)s: say what was chopped")
CHAIN_TOO_LONG = gettext_noop("%(name)s chopped %(chopped)s: at most %(most)s items in one chop")


@dataclass(frozen=True)
class Held:
    """What one player still holds at the end (thối): how many of each item."""

    black_two: int = 0
    red_two: int = 0
    three_pairs: int = 0
    four_of_a_kind: int = 0
    four_pairs: int = 0

    def count(self, item: Item) -> int:
        return getattr(self, item.value)

    @property
    def cards(self) -> int:
        """The cards the items stand for (a 2 is one card, three pairs six)."""
        return sum(self.count(item) * ITEM_CARDS[item] for item in Item)

    def value(self, values: ItemValues) -> int:
        """V(items): what the items are worth."""
        return sum(self.count(item) * values.of(item) for item in Item)


@dataclass(frozen=True)
class Chop:
    """One chop (chặt), or one chain of them (chồng): the last chopper, the last chopped, and
    every item of the chain."""

    by: int
    chopped: int
    items: tuple[Item, ...]

    def value(self, values: ItemValues) -> int:
        return sum(values.of(item) for item in self.items)


@dataclass(frozen=True)
class TienLenHand:
    """One hand of `players` players: `order` every player once, first out first (empty for an
    instant win); `killed` in their places' order; `left` what each player holds (one per player,
    nothing held by default); `chops`; `instant`, the player who won on the deal, or None."""

    players: int
    order: tuple[int, ...] = ()
    killed: tuple[int, ...] = ()
    left: tuple[Held, ...] = ()
    chops: tuple[Chop, ...] = ()
    instant: int | None = None

    def __post_init__(self) -> None:
        if not self.left:
            object.__setattr__(self, "left", tuple(Held() for _ in range(self.players)))

    @property
    def first(self) -> int:
        """Who ranked first: the first out, or the instant winner."""
        return self.order[0] if self.instant is None else self.instant

    @property
    def lasts(self) -> tuple[int, ...]:
        """The players at the last rank: the killed if any, else the last out; after an instant
        win everybody else (they share 2nd)."""
        ranks = tien_len_ranks(self)
        return tuple(player for player, rank in enumerate(ranks) if rank == max(ranks))

    def to_json(self) -> dict:
        """The hand as a round in the state carries it (API.md): every key, `left` only for the
        players holding something, with all five counts."""
        return {
            "order": list(self.order),
            "killed": list(self.killed),
            "left": [
                {"player": player, **asdict(held)} for player, held in enumerate(self.left) if held.cards
            ],
            "chops": [
                {"by": chop.by, "from": chop.chopped, "items": [item.value for item in chop.items]}
                for chop in self.chops
            ],
            "instant": self.instant,
        }

    @classmethod
    def stored(cls, raw: Mapping, *, players: int) -> TienLenHand:
        """A hand as to_json() stored it (checked when written, so trusted), at a table of `players`."""
        left = [Held() for _ in range(players)]
        for entry in raw.get("left", []):
            left[entry["player"]] = Held(**{item.value: entry.get(item.value, 0) for item in Item})
        return cls(
            players=players,
            order=tuple(raw.get("order", [])),
            killed=tuple(raw.get("killed", [])),
            left=tuple(left),
            chops=tuple(
                Chop(by=chop["by"], chopped=chop["from"], items=tuple(Item(item) for item in chop["items"]))
                for chop in raw.get("chops", [])
            ),
            instant=raw.get("instant"),
        )

    @classmethod
    def from_json(cls, raw: object, *, players: Sequence[str], rules: TienLenRules) -> TienLenHand:
        """A hand as API.md's body sends it (or as to_json() wrote it), at a table of `players`
        (their names, for the refusals); every impossible hand refused naming field and player.
        An empty list or null is a key not given."""
        if not isinstance(raw, Mapping):
            raise ScoringError(NOT_A_HAND, field="order")
        for key in raw:
            if key not in HAND_KEYS:
                raise ScoringError(NOT_IN_A_HAND, field=str(key), key=key)
        given = {key: raw[key] for key in HAND_KEYS if raw.get(key) is not None and raw.get(key) != []}
        if "instant" in given:
            return instant_win(given, players, rules)
        order = check_order(given.get("order"), players)
        killed = check_killed(given["killed"], order, players, rules) if "killed" in given else ()
        return cls(
            players=len(players),
            order=order,
            killed=killed,
            left=check_left(given["left"], order, killed, players, rules) if "left" in given else (),
            chops=check_chops(given["chops"], players, rules) if "chops" in given else (),
        )


def tien_len_ranks(hand: TienLenHand) -> tuple[int, ...]:
    """Each player's rank for Skill (SPEC 14.4): their place in the order, the killed sharing the
    best of the last places; after an instant win the winner 1st and the others 2nd."""
    if hand.instant is not None:
        return tuple(1 if player == hand.instant else 2 for player in range(hand.players))
    shared = hand.players - len(hand.killed) + 1
    return tuple(
        shared if player in hand.killed else hand.order.index(player) + 1 for player in range(hand.players)
    )


def shown(raw: object) -> str:
    """A value as the body sent it, cut short for a message."""
    text = json.dumps(raw, ensure_ascii=False, default=str)
    return text if len(text) <= 20 else text[:19] + "…"


def check_player(raw: object, key: str, names: Sequence[str]) -> int:
    if not is_whole_number(raw) or not 0 <= raw < len(names):  # type: ignore[operator]
        raise ScoringError(
            NOT_A_PLAYER, field=key.split(".")[0], key=key, given=shown(raw), last=len(names) - 1
        )
    return raw  # type: ignore[return-value]


def instant_win(given: Mapping[str, object], names: Sequence[str], rules: TienLenRules) -> TienLenHand:
    if not rules.instant_win:
        raise ScoringError(INSTANT_OFF, field="instant")
    winner = check_player(given["instant"], "instant", names)
    for key in HAND_KEYS:
        if key != "instant" and key in given:
            raise ScoringError(INSTANT_ALONE, field=key, player=winner, name=names[winner], key=key)
    return TienLenHand(players=len(names), instant=winner)


def check_order(raw: object, names: Sequence[str]) -> tuple[int, ...]:
    """Every player once, first out first; the last may be left out and is filled in."""
    if not isinstance(raw, list):
        raise ScoringError(ORDER_NOT_A_LIST, field="order")
    order: list[int] = []
    for given in raw:
        player = check_player(given, "order", names)
        if player in order:
            raise ScoringError(ORDER_TWICE, field="order", player=player, name=names[player])
        order.append(player)
    missing = [player for player in range(len(names)) if player not in order]
    if len(missing) > 1:
        raise ScoringError(
            ORDER_MISSING,
            field="order",
            player=missing[0],
            names=", ".join(names[player] for player in missing),
        )
    return (*order, *missing)


def check_killed(
    raw: object, order: tuple[int, ...], names: Sequence[str], rules: TienLenRules
) -> tuple[int, ...]:
    """Killed players take the last places, and the first is never killed."""
    if not rules.killed:
        raise ScoringError(KILLED_OFF, field="killed")
    if not isinstance(raw, list):
        raise ScoringError(KILLED_NOT_A_LIST, field="killed")
    killed: list[int] = []
    for given in raw:
        player = check_player(given, "killed", names)
        if player in killed:
            raise ScoringError(KILLED_TWICE, field="killed", player=player, name=names[player])
        killed.append(player)
    for player in killed:
        if player == order[0]:
            raise ScoringError(FIRST_KILLED, field="killed", player=player, name=names[player])
        below = [other for other in order[order.index(player) + 1 :] if other not in killed]
        if below:
            raise ScoringError(
                KILLED_NOT_LAST, field="killed", player=player, name=names[player], below=names[below[0]]
            )
    return tuple(player for player in order if player in killed)


def check_left(
    raw: object, order: tuple[int, ...], killed: tuple[int, ...], names: Sequence[str], rules: TienLenRules
) -> tuple[Held, ...]:
    """What the last player and the killed hold: each count within what one hand can hold, at
    most 13 cards' worth, and at most two 2s of each colour across the table."""
    if not rules.left:
        raise ScoringError(LEFT_OFF, field="left")
    if not isinstance(raw, list):
        raise ScoringError(LEFT_NOT_A_LIST, field="left")
    left = [Held() for _ in names]
    given: list[int] = []
    for entry in raw:
        if not isinstance(entry, Mapping) or "player" not in entry:
            raise ScoringError(LEFT_NOT_A_LIST, field="left")
        for key in entry:
            if key != "player" and key not in ITEM_NAMES:
                raise ScoringError(NOT_AN_ITEM, field="left", key="left", given=shown(key))
        player = check_player(entry["player"], "left", names)
        name = names[player]
        if player in given:
            raise ScoringError(LEFT_TWICE, field="left", player=player, name=name)
        if player != order[-1] and player not in killed:
            raise ScoringError(LEFT_WHO, field="left", player=player, name=name)
        for item in Item:
            count = entry.get(item.value, 0)
            if not is_whole_number(count) or not 0 <= count <= MOST_HELD[item]:
                raise ScoringError(
                    LEFT_COUNT, field="left", player=player, name=name, item=item.value, most=MOST_HELD[item]
                )
        held = Held(**{item.value: entry.get(item.value, 0) for item in Item})
        if held.cards > MAX_CARDS:
            raise ScoringError(LEFT_TOO_MANY, field="left", player=player, name=name, cards=held.cards)
        left[player] = held
        given.append(player)
        for colour, message in ((Item.BLACK_TWO, BLACK_TWOS), (Item.RED_TWO, RED_TWOS)):
            count = sum(left[other].count(colour) for other in given)
            if count > TWOS_OF_A_COLOUR:
                raise ScoringError(message, field="left", player=player, count=count)
    return tuple(left)


def check_chops(raw: object, names: Sequence[str], rules: TienLenRules) -> tuple[Chop, ...]:
    """Each chop between two different players, with one item or more."""
    if not rules.chops:
        raise ScoringError(CHOPS_OFF, field="chops")
    if not isinstance(raw, list):
        raise ScoringError(CHOPS_NOT_A_LIST, field="chops")
    if len(raw) > MOST_CHOPS:
        raise ScoringError(CHOPS_TOO_MANY, field="chops", most=MOST_CHOPS)
    return tuple(check_chop(entry, names) for entry in raw)


def check_chop(entry: object, names: Sequence[str]) -> Chop:
    if not isinstance(entry, Mapping):
        raise ScoringError(CHOPS_NOT_A_LIST, field="chops")
    for key in entry:
        if key not in CHOP_KEYS:
            raise ScoringError(NOT_IN_A_CHOP, field="chops", key=shown(key))
    if any(key not in entry for key in CHOP_KEYS) or not isinstance(entry["items"], list):
        raise ScoringError(CHOPS_NOT_A_LIST, field="chops")
    by = check_player(entry["by"], "chops.by", names)
    chopped = check_player(entry["from"], "chops.from", names)
    if by == chopped:
        raise ScoringError(CHOP_SELF, field="chops", player=by, name=names[by])
    items = entry["items"]
    if not items:
        raise ScoringError(CHOP_NOTHING, field="chops", player=by, name=names[by], chopped=names[chopped])
    if len(items) > MOST_CHAINED:
        raise ScoringError(
            CHAIN_TOO_LONG,
            field="chops",
            player=by,
            name=names[by],
            chopped=names[chopped],
            most=MOST_CHAINED,
        )
    for item in items:
        if item not in ITEM_NAMES:
            raise ScoringError(NOT_AN_ITEM, field="chops", player=by, key="chops", given=shown(item))
    return Chop(by=by, chopped=chopped, items=tuple(Item(item) for item in items))
