"""The paper log (API.md "Paper log format") read and written by groups/rules/paper_log.py: a sample log
to exact values, every bad log refused with its line number, and hypothesis round trips."""

import datetime
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groups.rules.paper_log import (
    PaperLogError,
    PaperRound,
    PaperTable,
    check_paper_log,
    format_paper_log,
    fry_from_tiers,
    fry_tiers,
    parse_paper_log,
)
from rounds.rules.names import has_hidden_characters, has_visible_character, name_key, normal_name
from rounds.rules.ruleset import CLASSIC_TIERS, CoveringStyle, Mode
from rounds.rules.scoring import RoundEntry, real_losses, score_round

SAMPLE = """\
# Thursday table, typed from the paper sheets
2013-03-19
F=11
Ann Ben Cat Dan      # seats as they sat
5 0 11 13
0 3 9t 4

2013-03-26
Ann Ben Cat
  0   12   7T         # Cat took it all
2 0 1

f=13
Ann Ben Cat Dan
13 0 1 2
Ben Dan               # a second table the same evening, still from 13
0 10
"""

MARCH_19, MARCH_26 = datetime.date(2013, 3, 19), datetime.date(2013, 3, 26)


def test_a_sample_log_reads_to_exact_tables():
    assert parse_paper_log(SAMPLE) == [
        PaperTable(
            MARCH_19,
            ("Ann", "Ben", "Cat", "Dan"),
            11,
            (PaperRound((5, 0, 11, 13)), PaperRound((0, 3, 9, 4), covering=2)),
        ),
        PaperTable(
            MARCH_26,
            ("Ann", "Ben", "Cat"),
            11,
            (PaperRound((0, 12, 7), covering=2), PaperRound((2, 0, 1))),
        ),
        PaperTable(MARCH_26, ("Ann", "Ben", "Cat", "Dan"), 13, (PaperRound((13, 0, 1, 2)),)),
        PaperTable(MARCH_26, ("Ben", "Dan"), 13, (PaperRound((0, 10)),)),
    ]


def test_every_table_and_round_knows_its_line():
    tables = parse_paper_log(SAMPLE)
    assert [table.line for table in tables] == [4, 9, 14, 16]
    assert [[paper_round.line for paper_round in table.rounds] for table in tables] == [
        [5, 6],
        [10, 11],
        [15],
        [17],
    ]


def test_a_paper_table_scores_pay_the_difference_with_its_fry_tiers_and_the_whole_loss():
    first = parse_paper_log(SAMPLE)[0]
    assert first.rules.mode is Mode.PAY_DIFFERENCE
    assert first.rules.tiers == ((1, 1), (11, 2), (13, 3))
    assert first.rules.covering_style is CoveringStyle.TAKES_WHOLE_LOSS
    plain, marked = (
        score_round(RoundEntry(r.cards, covering=r.covering), first.players, first.rules)
        for r in first.rounds
    )
    # 11 cards fry from 11 (22), 13 cards are tripled (39): 5 + 22 + 39 = 66 lost in all.
    assert plain.penalties == (5, 0, 22, 39)
    assert plain.scores == (46, 66, -22, -90)
    # 9t: Cat bears 3 + 9 + 4 = 16 against each of the three others.
    assert marked.scores == (16, 16, -48, 16)
    assert real_losses(marked.penalties, winner=marked.winner, covering=2) == (0, 0, 16, 0)


@pytest.mark.parametrize(
    ("fry_from", "tiers"),
    [
        (10, CLASSIC_TIERS),
        (11, ((1, 1), (11, 2), (13, 3))),
        (2, ((1, 1), (2, 2), (13, 3))),
        (13, ((1, 1), (13, 3))),
    ],
)
def test_fry_thresholds_and_their_tiers_go_both_ways(fry_from, tiers):
    assert fry_tiers(fry_from) == tiers
    assert fry_from_tiers([list(tier) for tier in tiers]) == fry_from


@pytest.mark.parametrize(
    "tiers", [((1, 1),), ((1, 2), (10, 4), (13, 6)), ((1, 1), (10, 2)), ((1, 1), (12, 2), (13, 4))]
)
def test_tables_no_f_line_can_say_have_no_threshold(tiers):
    assert fry_from_tiers(tiers) is None


@pytest.mark.parametrize("fry_from", [1, 14, 0])
def test_fry_tiers_refuse_a_threshold_out_of_range(fry_from):
    with pytest.raises(ValueError, match="from 2 to 13"):
        fry_tiers(fry_from)


DAY = "2013-03-19\n"
BAD_LOGS = [
    # (what, log, line, player, message)
    ("a table before any date", "Ann Ben\n5 0\n", 1, None, "Give the date first: a line such as 2013-03-19"),
    ("counts before any names", DAY + "5 0 11 13\n", 2, None, "A round before any table: start with a line"),
    (
        "counts after a new date",
        DAY + "Ann Ben\n5 0\n2013-03-20\n0 4\n",
        5,
        None,
        "write the players' names again",
    ),
    ("counts after F=", DAY + "Ann Ben\n5 0\nF=11\n0 4\n", 5, None, "write the players' names again"),
    ("one name", DAY + "Ann\n5\n", 2, None, "A table is 2 to 4 players; this line names 1"),
    ("five names", DAY + "Ann Ben Cat Dan Eve\n", 2, None, "A table is 2 to 4 players; this line names 5"),
    (
        "a name twice",
        DAY + "Ann Ben ANN\n1 0 2\n",
        2,
        2,
        "Player 3: Ann is already playing",
    ),  # the name there
    (
        "a name like a count",
        DAY + "Ann 9 Cat\n1 0 2\n",
        2,
        1,
        '9 looks like a count, a date or F=; write a name like that in quotes: "9"',
    ),
    ("a name like 9t", DAY + "Ann Ben 9t\n1 0 2\n", 2, 2, "9t looks like a count"),
    (
        "a name like a date",
        DAY + "Ann 2013-01-01\n1 0\n",
        2,
        1,
        "2013-01-01 looks like a count, a date or F=",
    ),
    (
        "a hidden character",
        DAY + "Ann Be\u200bn\n1 0\n",
        2,
        1,
        "Player 2: the name has a character that cannot be shown",
    ),
    ("a long name", DAY + "Ann " + "B" * 41 + "\n1 0\n", 2, 1, "Player 2: a name has at most 40 characters"),
    ("a blank quoted name", DAY + 'Ann ""\n1 0\n', 2, 1, "Player 2: the name is blank"),
    ("an open quote", DAY + '"Ann Ben\n1 0\n', 2, None, "A quoted name has no closing quote"),
    ("a quote run on", DAY + '"Ann"x Ben\n1 0\n', 2, None, "Leave a space after a quoted name"),
    (
        "a table with no rounds",
        DAY + "Ann Ben\nCat Dan\n0 1\n",
        2,
        None,
        "The table of Ann, Ben has no rounds",
    ),
    (
        "a last table with no rounds",
        DAY + "Ann Ben\n0 1\n\nCat Dan\n# nothing yet\n",
        5,
        None,
        "The table of Cat, Dan has no rounds",
    ),
    (
        "too few counts",
        DAY + "Ann Ben Cat Dan\n5 0 11\n",
        3,
        None,
        "3 counts for 4 players: give one count for each of Ann, Ben, Cat, Dan",
    ),
    ("too many counts", DAY + "Ann Ben\n5 0 1\n", 3, None, "3 counts for 2 players"),
    ("14 cards", DAY + "Ann Ben Cat\n14 0 2\n", 3, 0, "Ann: 14 cards is more than a hand"),
    (
        "a long number",
        DAY + "Ann Ben\n00001 0\n",
        3,
        0,
        "00001 is not a count: write a whole number from 0 to 13",
    ),
    ("a word among counts", DAY + "Ann Ben Cat\n5 0 x\n", 3, 2, "x is not a count"),
    ("a half card", DAY + "Ann Ben\n0.5 0\n", 3, 0, "0.5 is not a count"),
    ("a name starting with a digit", DAY + "Ann 2Pac\n0 1\n", 2, 1, "2Pac looks like a count"),
    # Mostly counts with a slip is a round gone wrong, not a table of players named "0" and "3".
    ("a slip in a round", DAY + "Ann Ben Cat Dan\n5 0 11 13\nx 0 3 4\n", 4, 0, "x is not a count"),
    ("a negative count", DAY + "Ann Ben\n1 -1\n", 3, 1, "-1 is not a count"),
    ("two 0s", DAY + "Ann Ben Cat\n0 0 3\n", 3, 1, "Two winners: Ann and Ben both have 0 cards"),
    ("three 0s", DAY + "Ann Ben Cat\n0 0 0\n", 3, 1, "Three winners: Ann, Ben and Cat all have 0 cards"),
    ("no 0", DAY + "Ann Ben Cat\n1 2 3\n", 3, None, "No winner: the player who went out has 0 cards"),
    (
        "t on the 0",
        DAY + "Ann Ben Cat\n0t 2 3\n",
        3,
        0,
        "Ann has 0 cards and won the round, so cannot take the whole loss",
    ),
    (
        "t on two counts",
        DAY + "Ann Ben Cat\n0 2t 3T\n",
        3,
        2,
        "Only one loser can take the whole loss: Ben and Cat are both marked t",
    ),
    ("F=1", DAY + "F=1\n", 2, None, "F=1: the fry threshold is a whole number from 2 to 13"),
    ("F=14", DAY + "F=14\n", 2, None, "F=14: the fry threshold is a whole number from 2 to 13"),
    ("F=x", DAY + "F=x\n", 2, None, "F=x: the fry threshold"),
    ("F= empty", DAY + "F=\n", 2, None, "F=: the fry threshold"),
    ("F= with more", DAY + "F=11 Ann Ben\n", 2, None, "F= goes alone on its line"),
    ("not a date", "2013-02-30\n", 1, None, "2013-02-30 is not a date"),
    ("a date with more", "2013-02-03 Ann Ben\n", 1, None, "A date goes alone on its line"),
]


@pytest.mark.parametrize(
    ("log", "line", "player", "message"), [case[1:] for case in BAD_LOGS], ids=[case[0] for case in BAD_LOGS]
)
def test_a_bad_log_is_refused_with_its_line(log, line, player, message):
    with pytest.raises(PaperLogError) as refused:
        parse_paper_log(log)
    assert message in refused.value.message
    assert (refused.value.line, refused.value.player, refused.value.field) == (line, player, "log")


def test_the_check_lists_every_refused_line_in_order_and_keeps_the_good_tables():
    log = DAY + "Ann Ben\n5 0\n0 0\n1 0\nCat\n0 4\n0 1\nF=99\n2013-04-01\nDan Eve\n14 0\n0 2t\n"
    tables, errors = check_paper_log(log)
    assert [(error.line, error.message) for error in errors] == [
        (4, "Two winners: Ann and Ben both have 0 cards"),
        (6, "A table is 2 to 4 players; this line names 1"),  # its rounds are not refused again
        (9, "F=99: the fry threshold is a whole number from 2 to 13"),
        (12, "Dan: 14 cards is more than a hand"),
    ]
    assert [(table.players, [r.cards for r in table.rounds]) for table in tables] == [
        (("Ann", "Ben"), [(5, 0), (1, 0)]),
        (("Dan", "Eve"), [(0, 2)]),
    ]
    assert tables[1].rounds[0].covering == 1


def test_a_log_from_windows_with_a_byte_order_mark_reads():
    assert parse_paper_log("\ufeff2013-03-19\r\nAnn Ben\r\n0 4t\r\n") == [
        PaperTable(MARCH_19, ("Ann", "Ben"), 10, (PaperRound((0, 4), covering=1),))
    ]


def test_names_are_stored_as_the_app_stores_them_and_quotes_hold_any_name():
    decomposed = "Jose\u0301"
    log = DAY + f'{decomposed} "Ann Lee" "9" "say \\"hi\\" \\\\ # not a comment"\n0 1 2 3\n'
    (table,) = parse_paper_log(log)
    assert table.players == ("José", "Ann Lee", "9", 'say "hi" \\ # not a comment')
    assert parse_paper_log(format_paper_log([table])) == [table]


def test_writing_repeats_a_date_or_threshold_only_when_it_changes_and_leaves_out_empty_tables():
    tables = parse_paper_log(SAMPLE)
    empty = PaperTable(MARCH_26, ("Ann", "Ben"), 13)
    assert format_paper_log([*tables[:2], empty, *tables[2:]]) == (
        "2013-03-19\nF=11\nAnn Ben Cat Dan\n5 0 11 13\n0 3 9t 4\n"
        "\n2013-03-26\nAnn Ben Cat\n0 12 7t\n2 0 1\n"
        "\nF=13\nAnn Ben Cat Dan\n13 0 1 2\n"
        "\nBen Dan\n0 10\n"
    )
    assert format_paper_log([]) == ""


# --- Round trips (hypothesis) -----------------------------------------------------------------

NAME_CHARACTERS = st.sampled_from([*"AnnBenCatDanéüß李王ΩЖ0129tTF=-#\"\\ _.'", "\u0301", "👩\u200d🚀"])


def valid_name(text):
    name = normal_name(text)
    return (
        name == text
        and has_visible_character(name)
        and not has_hidden_characters(name)
        and len(name) <= 40
        and unicodedata.is_normalized("NFC", name)
    )


names = st.lists(NAME_CHARACTERS, min_size=1, max_size=10).map("".join).filter(valid_name)


@st.composite
def paper_rounds(draw, players):
    winner = draw(st.integers(0, players - 1))
    cards = tuple(0 if index == winner else draw(st.integers(1, 13)) for index in range(players))
    covering = draw(st.none() | st.sampled_from([index for index in range(players) if index != winner]))
    return PaperRound(cards, covering)


@st.composite
def paper_tables(draw):
    players = draw(st.integers(2, 4))
    table_names = draw(st.lists(names, min_size=players, max_size=players, unique_by=name_key))
    return PaperTable(
        date=draw(st.dates(datetime.date(1990, 1, 1), datetime.date(2100, 12, 31))),
        players=tuple(table_names),
        fry_from=draw(st.integers(2, 13)),
        rounds=tuple(draw(st.lists(paper_rounds(players), min_size=1, max_size=6))),
    )


@given(st.lists(paper_tables(), max_size=5))
def test_writing_then_reading_gives_back_the_same_tables(tables):
    assert parse_paper_log(format_paper_log(tables)) == tables


@st.composite
def noisy_logs(draw):
    """Tables, and a log of them written as a person might: comments, blank lines, extra spaces,
    a T for t, leading zeros, a date or F= written again before a table."""
    tables = draw(st.lists(paper_tables(), min_size=1, max_size=4))
    gap = st.sampled_from([" ", "  ", "\t", " \t "])
    comment = st.sampled_from(["", "", " # a note", "# 9 0 0t", "   #"])
    lines = [draw(comment)]
    fry_from = 10
    for table in tables:
        lines += [draw(st.sampled_from(["", "# next table"])), table.date.isoformat() + draw(comment)]
        if table.fry_from != fry_from or draw(st.booleans()):
            lines.append(
                draw(st.sampled_from(["F=", "f="])) + draw(st.sampled_from(["", "0"])) + str(table.fry_from)
            )
            fry_from = table.fry_from
        quoted = format_paper_log([table]).splitlines()[-1 - len(table.rounds)]
        lines.append(draw(gap).join(quoted.split(" ")) if " " not in "".join(table.players) else quoted)
        for paper_round in table.rounds:
            words = [
                draw(st.sampled_from(["", "0"]))
                + str(cards)
                + (draw(st.sampled_from(["t", "T"])) if index == paper_round.covering else "")
                for index, cards in enumerate(paper_round.cards)
            ]
            lines.append(draw(gap) + draw(gap).join(words) + draw(comment))
    return tables, "\n".join(lines)


@given(noisy_logs())
def test_a_noisy_log_reads_to_its_tables_and_writing_it_again_is_stable(case):
    tables, log = case
    parsed = parse_paper_log(log)
    assert parsed == tables
    written = format_paper_log(parsed)
    assert parse_paper_log(written) == parsed
    assert format_paper_log(parse_paper_log(written)) == written


@pytest.mark.parametrize(
    ("log", "chinese"),
    [
        (DAY + "Ann Ben Cat\n0 2t 3t\n", "只能有一位輸家承擔全桌輸分：Ben 和 Cat 都標了 t"),
        (DAY + "F=14\n", "F=14：炸牌門檻要是 2 到 13 的整數"),
        (DAY + "Ann Ben\n0 0\n", "有兩位贏家：Ann 和 Ben 都是 0 張"),
    ],
)
def test_a_refusal_reads_in_chinese(log, chinese):
    from django.utils import translation

    from toolkit.refusals import translated

    with pytest.raises(PaperLogError) as refused:
        parse_paper_log(log)
    with translation.override("zh-hant"):
        assert translated(refused.value) == chinese
