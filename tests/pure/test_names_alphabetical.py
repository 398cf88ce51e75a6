"""One order for every list of players by name (rounds/rules/names.py alphabetical): the
Vietnamese alphabet's (đ after d, ô and ơ after o, tones set aside), the same on a night's
standings, its ratings and byes, a group's players and its season."""

from groups.rules.season import by_name
from rounds.rules.names import alphabetical

NAMES = ["Võ", "Nguyễn", "Đặng", "Ngô", "Huỳnh", "Dương", "Hồ", "ann", "Ben"]
IN_ORDER = ["ann", "Ben", "Dương", "Đặng", "Hồ", "Huỳnh", "Ngô", "Nguyễn", "Võ"]


def test_the_vietnamese_alphabets_order():
    assert sorted(NAMES, key=alphabetical) == IN_ORDER


def test_a_season_lists_its_players_in_the_same_order():
    names = dict(enumerate(NAMES))
    assert [names[player] for player in sorted(names, key=lambda player: by_name(player, names))] == IN_ORDER


def test_other_marks_are_set_aside_and_break_ties_only():
    """An acute or a tilde is set aside like a Vietnamese tone ("Émile" among the E); a
    circumflex or a breve makes a letter of its own, after the plain one ("Jérôme" after "Jeromy")."""
    assert sorted(["zed", "Eve", "bob", "Émile", "Amy"], key=alphabetical) == [
        "Amy",
        "bob",
        "Émile",
        "Eve",
        "zed",
    ]
    assert sorted(["Jérôme", "Jeromy", "Jerome"], key=alphabetical) == ["Jerome", "Jeromy", "Jérôme"]
