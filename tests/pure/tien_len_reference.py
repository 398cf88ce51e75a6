"""A second, independent Tiến lên scorer for the tests (issue 40), written from SPEC 14 and API.md's
"Tiến lên and the rest of the family" alone. It shares no code with rounds.rules and imports
nothing from the project: its only job is to disagree with the app when either is wrong.

It takes the API's JSON exactly (a hand as POSTed, the session's `"tien_len"` settings object) and
scores a hand as a list of payments, one (payer, payee, amount) per rule that applies, summed at
the end: every amount leaves one player and reaches another, so zero-sum holds by construction and
every number can be traced to the rule that made it. There is no table of places.

    1. By place: the last pays the first A; of four, the third pays the second B.
    2. Killed: each killed player pays the first K×A + V(what they hold), which replaces the
       last's A; the third's B to the second stands only while neither is killed.
    3. Left in hand: the last, when not killed, pays V(what they hold) to the one just above.
    4. Chops: per entry, the chopped pays the chopper C × V(items).
    5. Instant win: every other player pays the winner I × A, and nothing else happens.

Where SPEC 14 is silent, this reads it literally; each such decision:
- A killed player's V(their items) is their "left" entry; with the left-in-hand switch off they
  can hold nothing recorded, so a kill costs exactly K×A.
- Two players: a killed last pays K×A + V instead of the A; a last who is not killed pays V(items)
  to the first ("the player just above them").
- Three players: the second has no partner and scores 0 by place, killed or not.
- "No partner left": of four, when the third or the fourth is killed the pair's ±B is dropped
  (the fourth killed keeps 2nd +B, 3rd −B, as the SPEC's example says; the third killed makes the
  fourth killed too, since killed players take the last places).
- Chops are between any two different players, killed ones included (SPEC refuses only chopping
  oneself and, with the switch off or an instant win, any chop); an item repeated in one entry
  counts each time (a chain that took a pair of 2s); chopped 2s do not count against the 0–2 of
  each colour, which SPEC states for the 2s left in hand.
- A left entry may hold nothing (every count 0) and then pays 0; a player has one entry at most.
- `order` names every player once, or all but one (the missing one is last); an empty `killed`,
  `left` or `chops` is the same as leaving it out. An instant win is `{"instant": i}` and no other
  key.
- `values` inside the settings is itself optional key by key, each item with its default.
- No count of cards per player is checked (SPEC states none; tests/pure/tien_len_hands.py keeps
  each to 13 cards, a 2 one card, a three-pair run six, four of a kind four, a four-pair run eight).
Hands SPEC refuses raise ValueError (a short reason); the scorer is defined on the rest only.
"""

ITEMS = ("black_two", "red_two", "three_pairs", "four_of_a_kind", "four_pairs")
DEFAULT_VALUES = {"black_two": 1, "red_two": 2, "three_pairs": 2, "four_of_a_kind": 3, "four_pairs": 4}
DEFAULT_NUMBERS = {"first": 2, "second": 1, "kill": 2, "instant": 2, "chop": 1}
SWITCHES = ("killed", "left", "chops", "instant_win")
HAND_KEYS = {"order", "killed", "left", "chops"}


def reference_scores(hand: dict, settings: dict, players: int) -> list[int]:
    """Each player's score for one hand, in player order; ValueError for a hand SPEC 14 refuses."""
    balance = [0] * players
    for payer, payee, amount in payments(hand, settings, players):
        balance[payer] -= amount
        balance[payee] += amount
    return balance


def payments(hand: dict, settings: dict, players: int) -> list[tuple[int, int, int]]:
    """The hand's payments (payer, payee, amount), rule by rule, amounts never negative."""
    table = _read_settings(settings)
    if "instant" in hand:
        winner = _instant_winner(hand, table, players)
        return [
            (other, winner, table["instant"] * table["first"]) for other in range(players) if other != winner
        ]
    finish = _finishing_order(hand, players)
    killed = _killed(hand, table, finish)
    held = _held(hand, table, finish, killed)
    first, last = finish[0], finish[-1]
    owed = []
    # 1 and 2: the first collects from the last, or from every killed player instead.
    if killed:
        owed += [
            (loser, first, table["kill"] * table["first"] + held.get(loser, 0))
            for loser in finish
            if loser in killed
        ]
    else:
        owed.append((last, first, table["first"]))
    # 1 and 2: of four, the middle pair settles ±B while neither of them is killed.
    if players == 4 and finish[1] not in killed and finish[2] not in killed:
        owed.append((finish[2], finish[1], table["second"]))
    # 3: what the last (not killed) still holds goes to the one just above.
    if last not in killed and held.get(last, 0):
        owed.append((last, finish[-2], held[last]))
    # 4: every chop, whatever the places.
    owed += [
        (chopped, chopper, table["chop"] * worth) for chopped, chopper, worth in _chops(hand, table, players)
    ]
    return owed


def _read_settings(settings: dict) -> dict:
    numbers = {key: settings.get(key, default) for key, default in DEFAULT_NUMBERS.items()}
    given_values = settings.get("values", {})
    values = {item: given_values.get(item, default) for item, default in DEFAULT_VALUES.items()}
    for number in [*numbers.values(), *values.values()]:
        if type(number) is not int or not 0 <= number <= 1000:
            raise ValueError("settings: a whole number 0–1000")
    if numbers["second"] >= numbers["first"]:
        raise ValueError("settings: second must be less than first")
    switches = {switch: settings.get(switch, True) for switch in SWITCHES}
    if any(type(on) is not bool for on in switches.values()):
        raise ValueError("settings: a switch is true or false")
    return {**numbers, "values": values, **switches}


def _instant_winner(hand: dict, table: dict, players: int) -> int:
    if not table["instant_win"]:
        raise ValueError("instant: switched off")
    if set(hand) != {"instant"}:
        raise ValueError("instant: an instant win is recorded alone")
    winner = hand["instant"]
    _check_player(winner, players, "instant")
    return winner


def _finishing_order(hand: dict, players: int) -> list[int]:
    if set(hand) - HAND_KEYS or "order" not in hand:
        raise ValueError("order: missing, or a key a hand does not have")
    order = list(hand["order"])
    for player in order:
        _check_player(player, players, "order")
    if len(set(order)) != len(order):
        raise ValueError("order: a player twice")
    missing = [player for player in range(players) if player not in order]
    if len(missing) > 1:
        raise ValueError("order: more than the last left out")
    return order + missing


def _killed(hand: dict, table: dict, finish: list[int]) -> set[int]:
    killed = list(hand.get("killed", []))
    if killed and not table["killed"]:
        raise ValueError("killed: switched off")
    for player in killed:
        _check_player(player, len(finish), "killed")
    if len(set(killed)) != len(killed):
        raise ValueError("killed: a player twice")
    if finish[0] in killed:
        raise ValueError("killed: the first cannot be killed")
    if set(killed) != set(finish[len(finish) - len(killed) :]):
        raise ValueError("killed: killed players take the last places")
    return set(killed)


def _held(hand: dict, table: dict, finish: list[int], killed: set[int]) -> dict[int, int]:
    """V(items) left in each hand that recorded some, checked against SPEC 14.1."""
    entries = hand.get("left", [])
    if entries and not table["left"]:
        raise ValueError("left: switched off")
    held = {}
    twos = {"black_two": 0, "red_two": 0}
    for entry in entries:
        player = entry.get("player")
        _check_player(player, len(finish), "left")
        if player in held:
            raise ValueError("left: a player twice")
        if player != finish[-1] and player not in killed:
            raise ValueError("left: only for the last and killed players")
        if set(entry) - {"player", *ITEMS}:
            raise ValueError("left: an item that does not exist")
        counts = {item: entry.get(item, 0) for item in ITEMS}
        if any(type(count) is not int or count < 0 for count in counts.values()):
            raise ValueError("left: counts are whole numbers")
        for colour in twos:
            twos[colour] += counts[colour]
        held[player] = sum(table["values"][item] * counts[item] for item in ITEMS)
    if any(count > 2 for count in twos.values()):
        raise ValueError("left: at most two 2s of each colour across the table")
    return held


def _chops(hand: dict, table: dict, players: int) -> list[tuple[int, int, int]]:
    """(chopped, chopper, V(items)) for each entry."""
    entries = hand.get("chops", [])
    if entries and not table["chops"]:
        raise ValueError("chops: switched off")
    found = []
    for entry in entries:
        chopper, chopped, items = entry.get("by"), entry.get("from"), entry.get("items", [])
        _check_player(chopper, players, "chops")
        _check_player(chopped, players, "chops")
        if chopper == chopped:
            raise ValueError("chops: nobody chops themselves")
        if not items or any(item not in ITEMS for item in items):
            raise ValueError("chops: one or more items that exist")
        found.append((chopped, chopper, sum(table["values"][item] for item in items)))
    return found


def _check_player(player, players: int, field: str) -> None:
    if type(player) is not int or not 0 <= player < players:
        raise ValueError(f"{field}: not a player of this table")
