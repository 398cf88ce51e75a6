"""The table of bad inputs: what a client may send wrong, and the refusal each must get.

Each case is (path or message, body, expected status, field, player, words of the message).
Paths use {edit}, {view} and {form} (an editor key of a session whose lock is free, for the
page forms); a body of `...` means "no body". Bodies marked RAW are sent as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

HUGE = 10**30
DIGITS_5000 = "9" * 5000
DEEP = "[" * 20_000 + "]" * 20_000  # far past any parser's recursion, inside 64 KB
NAMES = ["Ann", "Ben", "Cat", "Dan"]


@dataclass(frozen=True)
class Raw:
    """A body sent byte for byte, with its content type."""

    data: bytes | str
    content_type: str = "application/json"


@dataclass(frozen=True)
class Case:
    name: str
    method: str  # HTTP method, or the socket message type
    target: str  # a path, or "socket" / "socket:follow"
    body: object
    status: int
    field: str | None = None
    player: int | None = None
    words: tuple[str, ...] = ()
    token: object = True  # True: the held lock's token; False: none; anything else: sent as is


def players(*names: str) -> dict:
    return {"players": list(names)}


def create(name, body, status=400, field=None, player=None, *words):
    return Case(f"create: {name}", "post", "/api/sessions", body, status, field, player, words, token=False)


def patch(name, body, status=400, field=None, *words, token=True):
    return Case(f"patch: {name}", "patch", "/api/sessions/{edit}", body, status, field, None, words, token)


def lock(name, body, status=400, field=None, *words, method="post", token=False):
    return Case(f"lock: {name}", method, "/api/sessions/{edit}/lock", body, status, field, None, words, token)


def add(name, body, status=400, field=None, player=None, *words, token=True, target="{edit}"):
    path = f"/api/sessions/{target}/rounds"
    return Case(f"add: {name}", "post", path, body, status, field, player, words, token)


def cards(*counts, **more):
    return {"cards": list(counts), **more}


# fmt: off
API_CASES = [
    # --- the body itself
    create("nested JSON", Raw(DEEP), 400, None, None, "nested too deeply"),
    create("nested players", Raw('{"players": ' + DEEP + "}"), 400, None, None, "nested too deeply"),
    create("5,000 digits", Raw('{"players": ["Ann", "Ben"], "rounds": ' + DIGITS_5000 + "}"), 400, None, None, "not valid JSON"),
    create("invalid UTF-8", Raw(b'{"players": ["\xff\xfe"]}'), 400, None, None, "not valid JSON"),
    create("not an object", Raw("[1, 2]"), 400, None, None, "JSON object"),
    create("plain text", Raw("players=Ann", "text/plain"), 415, None, None, "application/json"),
    create("too large", Raw('{"players": ["' + "A" * 70_000 + '"]}'), 413, None, None, "too large"),
    create("unknown field", {**players("Ann", "Ben"), "colour": "red"}, 400, "colour", None, "Unknown field"),
    # --- names
    create("players not a list", {"players": "Ann, Ben"}, 400, "players", None, "Players", "2 to 4"),
    create("one player", players("Ann"), 400, "players", None, "2 to 4"),
    create("five players", players("A", "B", "C", "D", "E"), 400, "players", None, "2 to 4"),
    create("blank name", players("Ann", "   "), 400, "players", 1, "Player 2", "blank"),
    create("name not a string", players("Ann", 7), 400, "players", 1, "Player 2", "blank"),
    create("Hangul filler only", players("Ann", "\u3164"), 400, "players", 1, "Player 2", "visible"),
    create("zero-width space only", players("\u200b", "Ann"), 400, "players", 0, "Player 1", "visible"),
    create("braille blank only", players("Ann", "\u2800\u2800"), 400, "players", 1, "visible"),
    create("combining mark only", players("Ann", "\u0301"), 400, "players", 1, "visible"),
    create("José twice (NFC / NFD)", players("Jos\u00e9", "Jose\u0301"), 400, "players", 1, "Player 2", "already playing"),
    create("case and spaces", players("Ann  Lee", "ann lee"), 400, "players", 1, "already playing"),
    create("NUL in a name", players("Ann", "B\x00en"), 400, "players", 1, "Player 2", "cannot be shown"),
    create("control character", players("Ann\x1b[31m", "Ben"), 400, "players", 0, "Player 1", "cannot be shown" ),
    create("right-to-left override", players("Ann", "\u202enaB"), 400, "players", 1, "cannot be shown"),
    create("zero-width joiner in letters", players("A\u200dnn", "Ben"), 400, "players", 0, "cannot be shown"),
    create("Hangul filler in a name", players("Ann", "Ann\u3164"), 400, "players", 1, "cannot be shown"),
    create("41 characters", players("Ann", "B" * 41), 400, "players", 1, "Player 2", "40 characters"),
    # --- settings
    create("unknown preset", {**players("Ann", "Ben"), "preset": "nope"}, 400, "preset", None, "Quick setup", "nope"),
    create("preset a list", {**players("Ann", "Ben"), "preset": [[1]]}, 400, "preset", None, "Quick setup"),
    create("mode", {**players("Ann", "Ben"), "mode": "poker"}, 400, "mode", None, "Mode"),
    create("tiers a string", {**players("Ann", "Ben"), "tiers": "1,1"}, 400, "tiers", None, "Penalty tiers"),
    create("huge rate", {**players("Ann", "Ben"), "tiers": [[1, HUGE]]}, 400, "tiers", None, "points per card" ),
    create("tier from 0", {**players("Ann", "Ben"), "tiers": [[0, 1]]}, 400, "tiers", None, "between 1 and 13" ),
    create("twos huge", {**players("Ann", "Ben"), "twos": {"points_per_two": HUGE}}, 400, "twos", None, "Twos rule"),
    create("twos zero", {**players("Ann", "Ben"), "twos": {"points_per_two": 0}}, 400, "twos", None, "Twos rule" ),
    create("rounds huge", {**players("Ann", "Ben"), "rounds": HUGE}, 400, "rounds", None, "Rounds"),
    create("rounds negative", {**players("Ann", "Ben"), "rounds": -1}, 400, "rounds", None, "Rounds"),
    create("rounds fraction", {**players("Ann", "Ben"), "rounds": 1.5}, 400, "rounds", None, "Rounds"),
    create("rounds a string", {**players("Ann", "Ben"), "rounds": "7"}, 400, "rounds", None, "Rounds"),
    create("rounds infinite", Raw('{"players": ["Ann", "Ben"], "rounds": Infinity}'), 400, "rounds", None, "Rounds"),
    create("target outside Points", {**players("A", "B"), "mode": "pay_difference", "target": 50}, 400, "target", None, "Target"),
    create("value negative", {**players("Ann", "Ben"), "value_per_point": "-1"}, 400, "value_per_point", None, "Value per point"),
    create("value NaN", {**players("Ann", "Ben"), "value_per_point": "NaN"}, 400, "value_per_point", None, "Value per point"),
    create("value huge", {**players("Ann", "Ben"), "value_per_point": HUGE}, 400, "value_per_point", None, "Value per point", "at most 1,000,000 a point"),
    create("value 5 decimals", {**players("Ann", "Ben"), "value_per_point": "0.12345"}, 400, "value_per_point", None, "4 decimals"),
    create("value a flag", {**players("Ann", "Ben"), "value_per_point": True}, 400, "value_per_point", None, "Value per point"),
    create("value 5,000 digits", {**players("Ann", "Ben"), "value_per_point": DIGITS_5000}, 400, "value_per_point", None, "Value per point"),
    create("currency NUL", {**players("Ann", "Ben"), "currency": "E\x00R"}, 400, "currency", None, "Currency" ),
    create("currency long", {**players("Ann", "Ben"), "currency": "DOUBLOONS"}, 400, "currency", None, "Currency" ),
    create("covering_rule a string", {**players("Ann", "Ben"), "covering_rule": "yes"}, 400, "covering_rule", None, "true or false"),
    create("covering_style unknown", {**players("Ann", "Ben"), "covering_style": "half"}, 400, "covering_style", None, "takes_whole_loss"),
    create("randomize_seats a string", {**players("Ann", "Ben"), "randomize_seats": "yes"}, 400, "randomize_seats", None, "true or false"),
    # --- settings of a running session
    patch("nested JSON", Raw(DEEP), 400, None, "nested too deeply"),
    patch("rounds huge", {"rounds": HUGE}, 400, "rounds", "Rounds"),
    patch("value -0.5", {"value_per_point": "-0.5"}, 400, "value_per_point", "Value per point"),
    patch("currency NUL", {"currency": "\x00"}, 400, "currency", "Currency"),
    patch("covering_style a number", {"covering_style": 35}, 400, "covering_style", "pays_for_everyone"),
    patch("finished a string", {"finished": "no"}, 400, "finished", "true or false"),
    patch("rescore a string", {"rescore": "yes", "mode": "points"}, 400, "rescore", "true or false"),
    patch("players", {"players": ["X", "Y"]}, 400, "players", "Unknown field"),
    patch("without the lock", {"rounds": 7}, 409, "lock", "Ann's phone", token=False),
    patch("a token with NUL", {"rounds": 7}, 400, "token", "Token", token="abc\x00def"),
    patch("a token of spaces", {"rounds": 7}, 400, "token", "Token", token="a b"),
    Case("patch: follow key", "patch", "/api/sessions/{view}", {"rounds": 7}, 403, "key", None, ("follow link",)),
    # --- the lock (held by Ann's phone)
    lock("round huge", {"device": "Ann's phone", "round": HUGE}, 400, "round", "Round", token=True),
    lock("round missing", {"device": "Ann's phone", "round": 99}, 400, "round", "no round 99", token=True),
    lock("round zero", {"device": "Ann's phone", "round": 0}, 400, "round", "Round", token=True),
    lock("round a string", {"device": "Ann's phone", "round": "1"}, 400, "round", "Round", token=True),
    lock("takeover, round huge", {"device": "Ben's phone", "takeover": True, "round": HUGE}, 400, "round", "Round"),
    lock("takeover a string", {"device": "Ben's phone", "takeover": "yes"}, 400, "takeover", "true or false"),
    lock("device missing", {}, 400, "device", "Device"),
    lock("device Hangul filler", {"device": "\u3164"}, 400, "device", "Device", "visible"),
    lock("device NUL", {"device": "Ann\x00"}, 400, "device", "Device", "cannot be shown"),
    lock("device 41 characters", {"device": "P" * 41}, 400, "device", "Device", "40 characters"),
    lock("device a list", {"device": ["Ann"]}, 400, "device", "Device"),
    lock("held by another", {"device": "Ben's phone"}, 409, "lock", "Ann's phone"),
    lock("nested JSON", Raw(DEEP), 400, None, "nested too deeply"),
    lock("release, token NUL", ..., 400, "token", "Token", method="delete", token="x\x00"),
    # --- rounds (the lock is held; the session plays neither twos nor covering)
    add("cards not a list", {"cards": "5 0 11 13"}, 400, "cards", None, "Cards"),
    add("three counts", cards(5, 0, 11), 400, "cards", None, "Cards", "one count per player"),
    add("14 cards", cards(14, 0, 1, 2), 400, "cards", 0, "Ann", "more than a hand"),
    add("huge count", cards(HUGE, 0, 1, 2), 400, "cards", 0, "Ann", "more than a hand"),
    add("negative count", cards(3, -1, 0, 2), 400, "cards", 1, "Ben", "negative"),
    add("fraction", cards(3, 1.5, 0, 2), 400, "cards", 1, "Ben", "whole number"),
    add("a string count", cards(3, 1, "0", 2), 400, "cards", 2, "Cat", "whole number"),
    add("a flag count", cards(3, 1, 0, True), 400, "cards", 3, "Dan", "whole number"),
    add("a nested count", cards(3, 1, 0, [[[2]]]), 400, "cards", 3, "Dan", "whole number"),
    add("no winner", cards(3, 1, 4, 2), 400, "cards", None, "No winner"),
    add("two winners", cards(0, 1, 0, 2), 400, "cards", 2, "Two winners", "Ann and Cat"),
    add("twos without the rule", cards(5, 0, 11, 13, twos=[0, 0, 1, 2]), 400, "twos", None, "Twos", "does not count"),
    add("covering without the rule", cards(5, 0, 11, 13, covering=0), 400, "covering", None, "Covering", "rule"),
    add("request_id NUL", cards(5, 0, 11, 13, request_id="r\x00"), 400, "request_id", None, "request_id"),
    add("request_id long", cards(5, 0, 11, 13, request_id="r" * 101), 400, "request_id", None, "request_id"),
    add("request_id a number", cards(5, 0, 11, 13, request_id=5), 400, "request_id", None, "request_id"),
    add("release_lock a string", cards(5, 0, 11, 13, release_lock="yes"), 400, "release_lock", None, "true or false"),
    add("nested JSON", Raw(DEEP), 400, None, None, "nested too deeply"),
    add("5,000 digits", Raw('{"cards": [' + DIGITS_5000 + ", 0, 1, 2]}"), 400, None, None, "not valid JSON"),
    add("without the lock", cards(5, 0, 11, 13), 409, "lock", None, "Ann's phone", token=False),
    add("a stale token", cards(5, 0, 11, 13), 409, "lock", None, "Ann's phone", token="stale-token"),
    add("a token with NUL", cards(5, 0, 11, 13), 400, "token", None, "Token", token="a\x00"),
    add("follow key", cards(5, 0, 11, 13), 403, "key", None, "follow link", target="{view}"),
    add("no such session", cards(5, 0, 11, 13), 404, None, None, "no session", target="NoSuchKey"),
    Case("edit: round 99", "put", "/api/sessions/{edit}/rounds/99", cards(5, 0, 11, 13), 404, "number", None, ("no round 99",)),
    Case("edit: huge count", "put", "/api/sessions/{edit}/rounds/1", cards(5, 0, HUGE, 13), 400, "cards", 2, ("Cat",)),
    Case("edit: covering without the rule", "put", "/api/sessions/{edit}/rounds/1", cards(5, 0, 11, 13, covering=2), 400, "covering", None, ("Covering",)),
    Case("delete: round 99", "delete", "/api/sessions/{edit}/rounds/99", ..., 404, "number", None, ("no round 99",)),
    Case("delete: request_id NUL", "delete", "/api/sessions/{edit}/rounds/1", {"request_id": "\x00"}, 400, "request_id", None, ("request_id",)),
    Case("preview: round huge", "post", "/api/sessions/{edit}/preview", cards(5, 0, 11, 13, number=HUGE), 404, "number", None, ("no round",)),
    Case("preview: covering off", "post", "/api/sessions/{view}/preview", cards(5, 0, 11, 13, covering=0), 400, "covering", None, ("Covering",)),
    Case("paid: amount", "post", "/api/sessions/{edit}/transfers/paid", {"from": 1, "to": 0, "amount": "lots", "paid": True}, 400, "amount", None, ("amount",)),
    Case("paid: amount NaN", "post", "/api/sessions/{edit}/transfers/paid", {"from": 1, "to": 0, "amount": "NaN", "paid": True}, 400, "amount", None, ("amount",)),
    Case("paid: device NUL", "post", "/api/sessions/{edit}/transfers/paid", {"from": 1, "to": 0, "amount": "1.00", "paid": True, "device": "\x00"}, 400, "device", None, ("Device",)),
    Case("paid: not a transfer", "post", "/api/sessions/{edit}/transfers/paid", {"from": 0, "to": 1, "amount": "1.00", "paid": True}, 400, "transfer", None, ("no longer",)),
    # --- addresses under /api/: JSON 404 and 405, whatever the path holds
    Case("path: round not a number", "put", "/api/sessions/{edit}/rounds/abc", cards(5, 0, 11, 13), 404, None, None, ("no API endpoint",)),
    Case("path: round negative", "delete", "/api/sessions/{edit}/rounds/-1", ..., 404, None, None, ("no API endpoint",)),
    Case("path: round 5,000 digits", "get", "/api/sessions/{edit}/rounds/" + DIGITS_5000 + "/history", ..., 404, None, None, ("no API endpoint",)),
    Case("path: round 10^30", "get", f"/api/sessions/{{edit}}/rounds/{HUGE}/history", ..., 404, "number", None, ("no round",)),
    Case("path: history of round 0", "get", "/api/sessions/{edit}/rounds/0/history", ..., 404, "number", None, ("no round 0",)),
    Case("path: NUL in the key", "get", "/api/sessions/ab%00cd", ..., 404, None, None, ("no session",)),
    Case("path: a long key", "get", "/api/sessions/" + "k" * 300, ..., 404, None, None, ("no session",)),
    Case("path: nothing there", "get", "/api/nothing/here", ..., 404, None, None, ("no API endpoint",)),
    Case("path: a newline", "get", "/api/foo%0Abar", ..., 404, None, None, ("no API endpoint",)),
    Case("path: a newline at the end", "post", "/api/sessions%0A", players("Ann", "Ben"), 404, None, None, ("no API endpoint",)),
    Case("path: a newline after a session", "get", "/api/sessions/{edit}/rounds/1%0A/history", ..., 404, None, None, ("no API endpoint",)),
    Case("path: under a session", "get", "/api/sessions/{edit}/nothing", ..., 404, None, None, ("no API endpoint",)),
    Case("path: trailing slash", "post", "/api/sessions/", players("Ann", "Ben"), 404, None, None, ("no API endpoint",)),
    Case("method: GET the list", "get", "/api/sessions", ..., 405, None, None, ("does not accept GET",)),
    Case("method: DELETE presets", "delete", "/api/presets", ..., 405, None, None, ("does not accept DELETE") ),
    Case("method: PUT a session", "put", "/api/sessions/{edit}", {"rounds": 7}, 405, None, None, ("does not accept PUT",)),
    Case("method: GET the lock", "get", "/api/sessions/{edit}/lock", ..., 405, None, None, ("does not accept GET",)),
]
# fmt: on

HOME = {"mode": "points", "base_rate": "1", "length": "open", "player_0": "Ann", "player_1": "Ben"}

# The page forms: (name, path, form data, status, field or player, words).
# fmt: off
FORM_CASES = [
    ("home: Hangul filler", "/", {**HOME, "player_0": "Ann", "player_1": "\u3164"}, 400, "player_1", ("visible",)),
    ("home: José twice", "/", {**HOME, "player_0": "Jos\u00e9", "player_1": "Jose\u0301"}, 400, "player_1", ("already playing",)),
    ("home: NUL in a name", "/", {**HOME, "player_0": "A\x00nn", "player_1": "Ben"}, 400, "player_0", ("Null characters",)),
    ("home: bidi override", "/", {**HOME, "player_0": "Ann", "player_1": "\u202eneB"}, 400, "player_1", ("cannot be shown",)),
    ("home: rate ²", "/", {**HOME, "player_0": "Ann", "player_1": "Ben", "base_rate": "²"}, 400, "base_rate", ("whole number",)),
    ("home: rate 5,000 digits", "/", {**HOME, "player_0": "Ann", "player_1": "Ben", "base_rate": DIGITS_5000}, 400, "base_rate", ("whole number",)),
    ("home: value negative", "/", {**HOME, "player_0": "Ann", "player_1": "Ben", "value_per_point": "-1"}, 400, "value_per_point", ("Value per point",)),
    ("home: currency NUL", "/", {**HOME, "player_0": "Ann", "player_1": "Ben", "currency": "\x00"}, 400, "currency", ("Null characters",)),
    ("round: cards ²", "/s/{form}/rounds/add", {"cards": ["²", "0", "1", "2"]}, 400, 0, ("Ann", "whole number")),
    ("round: cards 5,000 digits", "/s/{form}/rounds/add", {"cards": ["1", DIGITS_5000, "0", "2"]}, 400, 1, ("Ben", "whole number")),
    ("round: cards NUL", "/s/{form}/rounds/add", {"cards": ["1", "2", "\x00", "0"]}, 400, 2, ("Cat", "whole number")),
    ("round: covering ²", "/s/{form}/rounds/add", {"cards": ["1", "0", "3", "2"], "covering": "²"}, 400, None, ("Covering", "pick one")),
    ("round: covering 5,000 digits", "/s/{form}/rounds/add", {"cards": ["1", "0", "3", "2"], "covering": DIGITS_5000}, 400, None, ("Covering",)),
    ("round: covering the winner", "/s/{form}/rounds/add", {"cards": ["1", "0", "3", "2"], "covering": "1"}, 400, 1, ("winner cannot be covering",)),
    ("round: the lock is held", "/s/{edit}/rounds/add", {"cards": ["1", "0", "3", "2"]}, 409, None, ("Ann's phone",)),
    ("round: three counts", "/s/{form}/rounds/add", {"cards": ["1", "0", "3"]}, 400, None, ("one count per player",)),
    ("settle: value negative", "/s/{form}/settle/", {"value_per_point": "-5"}, 400, "wager", ("Value per point",)),
    ("settle: value 5,000 digits", "/s/{form}/settle/", {"value_per_point": DIGITS_5000}, 400, "wager", ("Value per point",)),
    ("settle: currency NUL", "/s/{form}/settle/", {"value_per_point": "1", "currency": "\x00"}, 400, "wager", ("Currency",)),
    ("settings: rounds ²", "/s/{edit}/settings", {"mode": "points", "base_rate": "1", "length": "rounds", "rounds": "²"}, 400, "rounds", ("whole number",)),
    ("settings: value negative", "/s/{edit}/settings", {"mode": "points", "base_rate": "1", "length": "open", "value_per_point": "-1"}, 400, "value_per_point", ("Value per point",)),
]
# fmt: on

# Socket messages on the editor's socket (the lock is held by Ann's phone, not by this socket).
# fmt: off
SOCKET_CASES = [
    Case("socket: deep JSON", "", "socket", DEEP, 400, None, None, ("JSON object",)),
    Case("socket: not an object", "", "socket", "[1]", 400, None, None, ("JSON object",)),
    Case("socket: unknown type", "round.fry", "socket", {}, 400, None, None, ("Unknown message type",)),
    Case("socket: lock round huge", "lock.acquire", "socket", {"device": "Ann's phone", "round": HUGE}, 400, "round", None, ("Round",)),
    Case("socket: lock round missing", "lock.acquire", "socket", {"device": "Ann's phone", "round": 99}, 400, "round", None, ("no round 99",)),
    Case("socket: takeover round huge", "lock.takeover", "socket", {"device": "Ben's phone", "round": HUGE}, 400, "round", None, ("Round",)),
    Case("socket: device filler", "lock.acquire", "socket", {"device": "\u3164"}, 400, "device", None, ("visible",)),
    Case("socket: device NUL", "lock.acquire", "socket", {"device": "\x00Ann"}, 400, "device", None, ("cannot be shown",)),
    Case("socket: lock held", "lock.acquire", "socket", {"device": "Ben's phone"}, 409, "lock", None, ("Ann's phone"), token=False),
    Case("socket: renew, token NUL", "lock.renew", "socket", {}, 400, "token", None, ("Token"), token="a\x00" ),
    Case("socket: renew, token a list", "lock.renew", "socket", {}, 400, "token", None, ("Token"), token=["a"] ),
    Case("socket: add huge count", "round.add", "socket", cards(HUGE, 0, 1, 2), 400, "cards", 0, ("Ann",)),
    Case("socket: add covering off", "round.add", "socket", cards(5, 0, 11, 13, covering=0), 400, "covering", None, ("Covering",)),
    Case("socket: add twos off", "round.add", "socket", cards(5, 0, 11, 13, twos=[0, 0, 1, 2]), 400, "twos", None, ("Twos",)),
    Case("socket: add a Tiến lên key", "round.add", "socket", cards(5, 0, 11, 13, killed=[2]), 400, "killed", None, ("killed:",)),
    Case("socket: add a misspelled key", "round.add", "socket", cards(5, 0, 11, 13, kiled=[3]), 400, "kiled", None, ("Unknown field: kiled",)),
    Case("socket: preview a misspelled key", "round.preview", "socket", cards(5, 0, 11, 13, bomb=1), 400, "bomb", None, ("Unknown field: bomb",)),
    Case("socket: add request_id NUL", "round.add", "socket", cards(5, 0, 11, 13, request_id="\x00"), 400, "request_id", None, ("request_id",)),
    Case("socket: add without the lock", "round.add", "socket", cards(5, 0, 11, 13), 409, "lock", None, ("Ann's phone"), token=False),
    Case("socket: edit round huge", "round.edit", "socket", cards(5, 0, 11, 13, number=HUGE), 404, "number", None, ("no round",)),
    Case("socket: edit round a string", "round.edit", "socket", cards(5, 0, 11, 13, number="1"), 404, "number", None, ("no round",)),
    Case("socket: delete round -1", "round.delete", "socket", {"number": -1}, 404, "number", None, ("no round",)),
    Case("socket: preview round huge", "round.preview", "socket", cards(5, 0, 11, 13, number=HUGE), 404, "number", None, ("no round",)),
    Case("socket: preview nested cards", "round.preview", "socket", {"cards": [[[[[[1]]]]]] * 4}, 400, "cards", 0, ("Ann",)),
    Case("socket: follower adds", "round.add", "socket:follow", cards(5, 0, 11, 13), 403, "key", None, ("follow link",)),
]
# fmt: on

# Sign-up (SPEC 13), run by tests/events/test_event_bad_input.py on three nights of Ann, Ben,
# José and Dan: {off} not open for sign-up, {open} open, {drawn} open until its first draw;
# {open_edit} and {drawn_edit} are the organizer's keys, the others the follow keys players have.
# fmt: off
SIGNUP_CASES = [
    Case("sign-up: when off", "post", "/api/events/{off}/signup", {"name": "Zed"}, 403, "signup", None, ("not open for sign-up",)),
    Case("sign-up: after the first draw", "post", "/api/events/{drawn}/signup", {"name": "Zed"}, 409, "signup", None, ("round 1 is drawn",)),
    Case("sign-up: duplicate name", "post", "/api/events/{open}/signup", {"name": " ANN "}, 400, "name", None, ("Ann is already in",)),
    Case("sign-up: José typed the other way", "post", "/api/events/{open}/signup", {"name": "Jose\u0301"}, 400, "name", None, ("José is already in",)),
    Case("sign-up: blank name", "post", "/api/events/{open}/signup", {"name": "   "}, 400, "name", None, ("type your name",)),
    Case("sign-up: no name", "post", "/api/events/{open}/signup", {}, 400, "name", None, ("type your name",)),
    Case("sign-up: name a list", "post", "/api/events/{open}/signup", {"name": ["Zed"]}, 400, "name", None, ("type your name",)),
    Case("sign-up: Hangul filler", "post", "/api/events/{open}/signup", {"name": "\u3164"}, 400, "name", None, ("visible",)),
    Case("sign-up: NUL in the name", "post", "/api/events/{open}/signup", {"name": "Z\x00ed"}, 400, "name", None, ("cannot be shown",)),
    Case("sign-up: 41 characters", "post", "/api/events/{open}/signup", {"name": "Z" * 41}, 400, "name", None, ("at most 40",)),
    Case("sign-up: unknown field", "post", "/api/events/{open}/signup", {"name": "Zed", "table": 1}, 400, "table", None, ("Unknown field",)),
    Case("sign-up: not JSON", "post", "/api/events/{open}/signup", Raw("name=Zed", "application/x-www-form-urlencoded"), 415, None, None, ("application/json",)),
    Case("sign-up: no such event", "post", "/api/events/nothing/signup", {"name": "Zed"}, 404, None, None, ("no event",)),
    Case("sign-up switch: not a flag", "patch", "/api/events/{open_edit}", {"signup": "yes"}, 400, "signup", None, ("true or false",)),
    Case("sign-up switch: after the first draw", "patch", "/api/events/{drawn_edit}", {"signup": False}, 409, "signup", None, ("round 1 is drawn",)),
    Case("sign-up switch: the follow key", "patch", "/api/events/{open}", {"signup": False}, 403, "key", None, ("follow link",)),
    Case("new night: sign-up not a flag", "post", "/api/events", {"name": "Club", "players": [], "rounds": 1, "hands": 1, "signup": 1}, 400, "signup", None, ("true or false",)),
    Case("new night: 3 players without sign-up", "post", "/api/events", {"name": "Club", "players": ["A", "B", "C"], "rounds": 1, "hands": 1}, 400, "players", None, ("4 to 200",)),
    Case("new night: 201 players with sign-up", "post", "/api/events", {"name": "Club", "players": [f"P{n}" for n in range(201)], "rounds": 1, "hands": 1, "signup": True}, 400, "players", None, ("at most 200",)),
]
# The same on the follow page's form ("I'm in"): (name, path, form data, status, words).
SIGNUP_FORM_CASES = [
    ("I'm in: when off", "/e/{off}/signup", {"name": "Zed"}, 403, ("not open for sign-up",)),
    ("I'm in: after the first draw", "/e/{drawn}/signup", {"name": "Zed"}, 409, ("round 1 is drawn",)),
    ("I'm in: duplicate name", "/e/{open}/signup", {"name": "ann"}, 400, ("Ann is already in",)),
    ("I'm in: nothing typed or picked", "/e/{open}/signup", {"name": " ", "pick": ""}, 400, ("type your name",)),
    ("I'm in: bidi override", "/e/{open}/signup", {"name": "\u202eZed"}, 400, ("cannot be shown",)),
]
# fmt: on
