"""Names that cannot deceive, as pure functions: what a player, device or group name may hold.

Players, devices (and groups) are named by people at a table. A name is stored folded to Unicode
NFKC ("Ｚed" typed in full width is "Zed") with single spaces; it needs a character one can see;
it holds no control or invisible characters except a zero-width joiner inside an emoji sequence
(👩‍🚀), variation selectors and the tags of a subdivision flag; and two names are the same name
when their `name_key`s are equal: names that differ only by case, width or look-alike letters
(Cyrillic "Zеd" beside "Zed": the confusables skeleton of Unicode's UTS #39). `NameRoll` is the
one place a name is found to repeat one already there, for every name field.
inputs.py turns these checks into refusals; paperlog.py applies them to an imported log.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from toolkit.messages import gettext_noop

MAX_NAME_LENGTH: Final = 40
# A name's key is at most 6 characters a character of the name (a Hangul syllable's look-alike
# letters, tests/pure/test_name_keys.py): room for 8.
MAX_NAME_KEY_LENGTH: Final = 8 * MAX_NAME_LENGTH

ZWJ = "\u200d"
# Letters and symbols that render as nothing: Hangul fillers, the blank braille pattern, and
# the Mn/Lo default-ignorable code points (Cf ones are refused as format characters anyway).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
VARIATION_SELECTORS = frozenset(chr(code) for code in range(0xFE00, 0xFE10))
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)
FLAG_TAGS = range(0xE0020, 0xE0080)
BLACK_FLAG = "\U0001f3f4"
HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
UNSEEN_CATEGORIES = ("Mn", "Me", "Zs", *HIDDEN_CATEGORIES)


def is_emoji(character: str) -> bool:
    return unicodedata.category(character) == "So" or ord(character) in EMOJI_MODIFIERS


def emoji_before(text: str, index: int) -> bool:
    """Whether an emoji ends just before `index` (skipping its variation selector or skin tone)."""
    while index > 0 and (text[index - 1] in VARIATION_SELECTORS or ord(text[index - 1]) in EMOJI_MODIFIERS):
        if ord(text[index - 1]) in EMOJI_MODIFIERS:
            return True
        index -= 1
    return index > 0 and is_emoji(text[index - 1])


def allowed_format_character(text: str, index: int) -> bool:
    """A joiner between two emoji, or a tag inside a flag such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿."""
    character = text[index]
    if character == ZWJ:
        return emoji_before(text, index) and index + 1 < len(text) and is_emoji(text[index + 1])
    if ord(character) in FLAG_TAGS:
        start = index
        while start > 0 and ord(text[start - 1]) in FLAG_TAGS:
            start -= 1
        return start > 0 and text[start - 1] == BLACK_FLAG
    return False


def has_hidden_characters(text: str) -> bool:
    """Control, format or invisible characters, other than those emoji sequences need."""
    return any(
        character in BLANK_LETTERS
        or (
            unicodedata.category(character) in HIDDEN_CATEGORIES and not allowed_format_character(text, index)
        )
        for index, character in enumerate(text)
    )


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(character) in HIDDEN_CATEGORIES for character in text)


def has_visible_character(text: str) -> bool:
    return any(
        unicodedata.category(character) not in UNSEEN_CATEGORIES
        and character not in BLANK_LETTERS
        and character not in VARIATION_SELECTORS
        for character in text
    )


def normal_name(text: str) -> str:
    """NFKC (which composes as NFC does, and folds width and compatibility forms: "Ｚ" is "Z",
    "ﬁ" is "fi"), with every run of whitespace one space and none at the ends."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


# confusable_homoglyphs wraps a right-to-left character in direction marks, for its own display.
DIRECTION_MARKS = "\u200e\u200f"


@cache
def prototypes() -> dict[str, str]:
    """Each character that looks like another, mapped to the one its look-alikes share (UTS #39's
    confusables.txt, as confusable_homoglyphs==3.3.1 holds it, both ways round: a character with
    one look-alike that has many maps to it; of two that only look like each other, one maps to
    the other, `first_of_pair`). Read on first use: the table is 900 KB of JSON.

    Left out: the plain Latin letters, which UTS #39 maps too ("m" is "rn"): Amie and Arnie are
    two people, not one pretending to be the other. Digits stay in: "B0b" beside "Bob" is refused.
    """
    from confusable_homoglyphs.confusables import confusables_data

    looks_like: dict[str, set[str]] = {}
    for character, entries in confusables_data.items():
        others = {entry["c"].strip(DIRECTION_MARKS) for entry in entries}
        looks_like.setdefault(character.strip(DIRECTION_MARKS), set()).update(others)
    table = {}
    for character, others in looks_like.items():
        if len(character) != 1 or len(others) != 1 or (character.isascii() and character.isalpha()):
            continue  # a sequence, or a prototype that many characters look like
        (other,) = others
        if len(other) > 1 or len(looks_like.get(other, ())) > 1 or first_of_pair(other, character):
            table[character] = other
    # Keys are case-folded first (ANN is ann in every script), so an upper-case look-alike is found
    # by its lower case: Greek "Ζ" looks like "Z", so its "ζ" maps to "z" (unless it has a
    # look-alike of its own, or others a name can hold map to it).
    prototypes = {other for character, other in table.items() if kept(character)}
    for character, other in list(table.items()):
        lower = character.casefold()
        if len(lower) == 1 and lower != character and lower not in table and lower not in prototypes:
            table[lower] = other.casefold()
    return table


def first_of_pair(one: str, other: str) -> bool:
    """Of two characters that only look like each other, the one both map to: one a name can hold
    (NFKC keeps it: "小", not the radical "⼩"), else the earlier code point."""
    return kept(one) and (not kept(other) or one < other)


def kept(character: str) -> bool:
    """Whether a name can hold the character: NFKC leaves it as it is."""
    return unicodedata.normalize("NFKC", character) == character


def skeleton(text: str) -> str:
    """UTS #39's skeleton of case-folded text: each character replaced by the prototype it looks
    like, in NFD."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(character, character) for character in decomposed))


def name_key(name: str) -> str:
    """What two names are compared by: "José" and "JOSE\u0301 " are one name, and so are "Zed",
    full-width "Ｚed" and Cyrillic "Zеd" (case, width and look-alike letters)."""
    folded = normal_name(name).casefold()
    plain = "".join(c for c in folded if c not in VARIATION_SELECTORS)
    return unicodedata.normalize("NFC", skeleton(plain).casefold())


def keys_again(rows: Iterable[tuple[object, int, str]]) -> dict[int, str]:
    """The keys of names stored before name_key last changed, as (owner, id, name) in id order:
    {id: key}. Two names of one owner that now share a key both stay: the later one's key gets its
    id after a separator no name can hold, so a name typed from now on finds the first."""
    seen: set[tuple[object, str]] = set()
    keys = {}
    for owner, row_id, name in rows:
        key = name_key(name)
        if (owner, key) in seen:
            key = f"{key}\x1f{row_id}"
        seen.add((owner, key))
        keys[row_id] = key
    return keys


class NameRoll:
    """Names already there (a session's players, an event's, a group's), by name_key: the one
    place a new name is found to repeat one of them."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.by_key: dict[str, str] = {}
        for name in names:
            self.add(name)

    def repeats(self, name: str) -> str | None:
        """The name already there that `name` is (as it is written there), or None."""
        return self.by_key.get(name_key(name))

    def add(self, name: str) -> None:
        self.by_key.setdefault(name_key(name), name)

    def __len__(self) -> int:
        return len(self.by_key)


@dataclass(frozen=True)
class NameMessages:
    """What to say about a bad name, for one kind of name (player, device, group)."""

    blank: str
    unseen: str
    hidden: str
    too_long: str
    duplicate: str = ""


PLAYER_NAME = NameMessages(
    blank=gettext_noop("Player %(number)s: the name is blank"),
    unseen=gettext_noop("Player %(number)s: the name needs at least one visible character"),
    hidden=gettext_noop("Player %(number)s: the name has a character that cannot be shown"),
    too_long=gettext_noop("Player %(number)s: a name has at most 40 characters"),
    duplicate=gettext_noop(
        "Player %(number)s: %(name)s is already playing; give each player a different name"
    ),
)


def name_problem(raw: str, messages: NameMessages, max_length: int = MAX_NAME_LENGTH) -> str | None:
    """What is wrong with a name as typed (one of `messages`), or None: then normal_name(raw) is it."""
    if not raw.strip():
        return messages.blank
    name = normal_name(raw)
    if not has_visible_character(name):
        return messages.unseen
    if has_hidden_characters(name):
        return messages.hidden
    if len(name) > max_length:
        return messages.too_long
    return None


# The marks that make a letter of its own in Vietnamese (ă â ê ô ơ ư), each sorting after the
# plain letter, in the alphabet's order; the other marks (the tones, é, ñ) only break ties.
LETTER_MARKS: Final = {"\u0306": "1", "\u0302": "2", "\u031b": "3"}  # breve, circumflex, horn


def alphabetical(name: str) -> tuple[str, str]:
    """A name's place in a list read by eye: by its letters with the tones set aside, as the
    Vietnamese alphabet orders them (a ă â … d đ … o ô ơ … u ư: "Dương", "Đặng", "Hồ", "Huỳnh",
    "Ngô", "Nguyễn"), then by the name itself. Every list of players by name uses it. Other
    marks (an acute, a tilde) are set aside like the tones; a circumflex or a breve in another
    language's name makes its letter one of its own too ("Jérôme" after "Jeromy")."""
    letters = []
    for character in unicodedata.normalize("NFD", name.casefold().replace("đ", "d\u0304")):
        if not unicodedata.combining(character):
            letters.append(character)
        elif character == "\u0304":  # đ, after every d
            letters.append("\x7f")
        elif character in LETTER_MARKS:
            letters.append("\x7f" + LETTER_MARKS[character])
    return "".join(letters), name.casefold()


# The page languages whose names end with the given name, the one a table calls a player by.
GIVEN_NAME_LAST: Final = {"vi"}


def called_names(names: list[str], language: str | None) -> list[str]:
    """What a tight place (a total's tile, the rounds list's columns) calls each player: the name;
    on a Vietnamese page the given name, which ends a Vietnamese name ("Hương" for Nguyễn Thị
    Thanh Hương, where the tile showed "Nguy…", the family name most of a room shares), with as
    many names before it as tell it from the others' ("Văn Minh" beside "Đức Minh"), compared as
    name_key compares names ("văn Minh" is "Văn Minh")."""
    if (language or "").lower() not in GIVEN_NAME_LAST:
        return list(names)
    words = [name.split() for name in names]

    def last(parts: list[str], count: int) -> str:
        return name_key(" ".join(parts[-count:]))

    called = []
    for index, parts in enumerate(words):
        others = [other for at, other in enumerate(words) if at != index]
        count = next(
            (
                count
                for count in range(1, len(parts))
                if all(last(other, count) != last(parts, count) for other in others)
            ),
            len(parts),
        )
        called.append(" ".join(parts[-count:]))
    return called
