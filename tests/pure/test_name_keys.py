"""name_key (rounds/rules/names.py): case, width and look-alike letters fold to one key, the
plain Latin letters stay themselves, and a key has room in its column."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from rounds.rules.names import (
    MAX_NAME_KEY_LENGTH,
    MAX_NAME_LENGTH,
    NameRoll,
    keys_again,
    name_key,
    normal_name,
)


@pytest.mark.parametrize(
    "look_alike",
    ["Zed", "zed", "ZED", "\uff3aed", "Z\u0435d", "\u0396ed", "Ｚｅｄ", "𝐙𝐞𝐝"],
)
def test_case_width_and_look_alikes_share_a_key(look_alike):
    assert name_key(look_alike) == name_key("Zed") == "zed"


def test_the_plain_latin_letters_stay_themselves():
    letters = "abcdefghijklmnopqrstuvwxyz"
    assert [name_key(letter) for letter in letters] == list(letters)
    assert name_key("Amie") != name_key("Arnie")  # UTS #39 maps m to rn: two people here


def test_digits_fold_to_the_letters_they_look_like():
    assert name_key("B0b") == name_key("BOB")
    assert name_key("A1") == name_key("Al")


def test_a_name_a_person_can_hold_is_the_key_not_its_compatibility_form():
    assert name_key("李小龍") == "李小龍"  # not the Kangxi radical ⼩ its 小 looks like
    assert name_key("\u2f29") == "小"


def test_accents_still_tell_names_apart():
    assert name_key("José") == name_key("Jose\u0301") != name_key("Jose")


def test_every_character_keys_to_at_most_six():
    """Over every code point a name may hold: the column holds 8 characters a character."""
    worst, where = 0, ""
    for code in range(sys.maxunicode + 1):
        character = chr(code)
        if unicodedata.category(character) in ("Cs", "Cn", "Co", "Cc"):
            continue
        name = normal_name(character)
        if name and len(name_key(name)) > worst * len(name):
            worst, where = len(name_key(name)) / len(name), character
    assert worst <= 6, where
    assert MAX_NAME_KEY_LENGTH >= 6 * MAX_NAME_LENGTH


def test_the_roll_finds_the_name_there_as_it_is_written():
    roll = NameRoll(["Zed", "Ann"])
    assert roll.repeats("Z\u0435d") == "Zed"
    assert roll.repeats("ANN") == "Ann"
    assert roll.repeats("Ben") is None
    roll.add("ben")
    assert (roll.repeats("BEN"), len(roll)) == ("ben", 3)


def test_names_stored_before_keep_one_key_each_the_later_look_alike_set_apart():
    rows = [(1, 10, "Zed"), (1, 11, "\uff3aed"), (2, 12, "Z\u0435d"), (1, 13, "Ann")]
    assert keys_again(rows) == {10: "zed", 11: "zed\x1f11", 12: "zed", 13: "ann"}
