"""Names that cannot deceive, as pure functions: what a player, device or group name may hold.

Players, devices (and groups) are named by people at a table. A name is stored in Unicode NFC with
single spaces; it needs a character one can see; it holds no control or invisible characters
except a zero-width joiner inside an emoji sequence (👩‍🚀), variation selectors and the tags of
a subdivision flag; and two names are the same name when their `name_key`s are equal.
inputs.py turns these checks into refusals; paperlog.py applies them to an imported log.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Final

from rounds.rules.ruleset import gettext_noop

MAX_NAME_LENGTH: Final = 40

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
    """NFC, with every run of whitespace one space and none at the ends."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_key(name: str) -> str:
    """What two names are compared by: "José" and "JOSE\u0301 " are one name."""
    folded = normal_name(name).casefold()
    return unicodedata.normalize("NFC", "".join(c for c in folded if c not in VARIATION_SELECTORS))


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
