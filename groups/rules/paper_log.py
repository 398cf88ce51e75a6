"""The paper log (API.md "Paper log format", the one of yawnoc's big2 scorer), read and written
as pure functions: text in, tables of rounds out, and back.

    2013-03-19          # a date alone on its line: the date of the tables that follow
    F=11                # the fry threshold from here on (2 to 13; 10 until one is given)
    Ann Ben Cat Dan     # 2 to 4 names start a table: a session, pay the difference
    5 0 11 13           # a round: one count per player, exactly one 0
    0 3 9t 4            # 9t: Cat takes the whole loss (SPEC 3.5)

How this reader settles what the format leaves open (each refusal names its 1-based line):
- A table needs a date: names before any date line are refused. A date or F= line ends the
  table before it (rounds after one need names again); with no table after it, it changes
  nothing. Dates need not be in order.
- A round before any line of names, or with the wrong number of counts, is refused; so is a
  count that is not a whole number 0-13 (14, 9.5, -1, x), a round with no 0 or two 0s, a t on
  the 0 (the winner) and a t on two counts. `t` may be written `T`; leading zeros are read.
- A line of names has 2 to 4 of them, all different as the app compares names, each one the app
  accepts (names.py). A table with no rounds is refused at its line of names.
- F= takes a whole number from 2 to 13 (`f=` also reads); F=1, F=14 and F=x are refused.
- A line is read by its first word: a date, F=..., a word starting like a number (5, 9t, 0.5,
  -1: a count), or else a name. A name with a space, #, quote or backslash, or one that reads
  like a count, a date or F=..., is written in double quotes (\\" and \\\\ inside: `"Ann Lee" "9"
  Cat`), the one addition to the format: logs without quotes read exactly as before.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from rounds.rules.names import PLAYER_NAME, NameRoll, name_problem, normal_name
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import (
    CLASSIC_TIERS,
    MAX_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CoveringStyle,
    Mode,
    RoundRules,
    Tiers,
)
from rounds.rules.scoring import RoundEntry, validate_round
from toolkit.messages import gettext_noop, ngettext_noop

DEFAULT_FRY_FROM: Final = 10
MIN_FRY_FROM: Final = 2
PAPER_MODE: Final = Mode.PAY_DIFFERENCE

COUNT = re.compile(r"([0-9]+)([tT]?)")
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
FRY = re.compile(r"[Ff]=(.*)")
NUMBERISH = re.compile(r"-?[0-9]")  # a word that starts like a number is read as a count

NO_CLOSING_QUOTE = gettext_noop("A quoted name has no closing quote")
SPACE_AFTER_QUOTE = gettext_noop("Leave a space after a quoted name")
NOT_A_DATE = gettext_noop("%(date)s is not a date")
DATE_ALONE = gettext_noop("A date goes alone on its line")
FRY_ALONE = gettext_noop("F= goes alone on its line")
FRY_RANGE = gettext_noop("F=%(value)s: the fry threshold is a whole number from 2 to 13")
DATE_FIRST = gettext_noop("Give the date first: a line such as 2013-03-19 before the first table")
TABLE_SIZE = gettext_noop("A table is 2 to 4 players; this line names %(count)s")
LOOKS_RESERVED = gettext_noop(
    '%(name)s looks like a count, a date or F=; write a name like that in quotes: "%(name)s"'
)
NO_ROUNDS = gettext_noop("The table of %(names)s has no rounds")
ROUND_BEFORE_NAMES = gettext_noop("A round before any table: start with a line of 2 to 4 player names")
ROUND_NEEDS_NAMES = gettext_noop(
    "A round after a date or F= line: write the players' names again before its rounds"
)
NOT_A_COUNT = gettext_noop("%(token)s is not a count: write a whole number from 0 to 13 for each player")
COUNT_PER_PLAYER = ngettext_noop(
    "%(given)s count for %(expected)s players: give one count for each of %(names)s",
    "%(given)s counts for %(expected)s players: give one count for each of %(names)s",
    "given",
)
WINNER_MARKED = gettext_noop("%(name)s has 0 cards and won the round, so cannot take the whole loss")
STOPPED_READING = gettext_noop(
    "Stopped reading here after %(count)s refused lines: fix those and send the log again"
)
# A log is read no further than its first this many refused lines: a long log of bad lines costs a
# moment to refuse, not seconds, and its preview lists what a person will fix at one go.
MAX_REFUSED_LINES: Final = 50
TWO_MARKED = gettext_noop(
    "Only one loser can take the whole loss: %(first)s and %(second)s are both marked t"
)


class PaperLogError(ScoringError):
    """A line the log cannot say. `template % params` is the English sentence (in the catalogs),
    `line` its 1-based line number; `player` the index of the player it names, if any."""

    def __init__(self, template: str, *, line: int, player: int | None = None, **params: object) -> None:
        super().__init__(template, player=player, field="log", **params)
        self.line = line


@dataclass(frozen=True)
class PaperRound:
    cards: tuple[int, ...]
    covering: int | None = None  # the loser written with t, who takes the whole loss
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class PaperTable:
    date: datetime.date
    players: tuple[str, ...]
    fry_from: int = DEFAULT_FRY_FROM
    rounds: tuple[PaperRound, ...] = ()
    line: int = field(default=0, compare=False)
    # A comment written above the table (an evening played under other rules, on export).
    note: str = field(default="", compare=False)

    @property
    def rules(self) -> RoundRules:
        """How its rounds score: pay the difference, its fry tiers, covering takes the whole loss."""
        return RoundRules(
            mode=PAPER_MODE, tiers=fry_tiers(self.fry_from), covering_style=CoveringStyle.TAKES_WHOLE_LOSS
        )


def fry_tiers(fry_from: int) -> Tiers:
    """The penalty table of `F=<fry_from>`: 1 a card, 2 from the threshold, 3 for all 13."""
    if not MIN_FRY_FROM <= fry_from <= MAX_CARDS:
        raise ValueError(f"a fry threshold is from 2 to 13, not {fry_from}")
    return ((1, 1), (MAX_CARDS, 3)) if fry_from == MAX_CARDS else ((1, 1), (fry_from, 2), (MAX_CARDS, 3))


def fry_from_tiers(tiers: Sequence[Sequence[int]]) -> int | None:
    """The F= a penalty table is written with, or None when no F= gives it."""
    wanted = tuple(tuple(tier) for tier in tiers)
    return next((n for n in range(MIN_FRY_FROM, MAX_CARDS + 1) if fry_tiers(n) == wanted), None)


# --- Reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    text: str
    quoted: bool = False

    @property
    def plain(self) -> str:
        return "" if self.quoted else self.text


def tokens_of(text: str, line: int) -> list[Token]:
    """A line's words, without its comment; a quoted name is one word."""
    tokens: list[Token] = []
    index = 0
    while index < len(text):
        character = text[index]
        if character == "#":
            break
        if character.isspace():
            index += 1
        elif character == '"':
            name, index = quoted_name(text, index + 1, line)
            if index < len(text) and not (text[index].isspace() or text[index] == "#"):
                raise PaperLogError(SPACE_AFTER_QUOTE, line=line)
            tokens.append(Token(name, quoted=True))
        else:
            start = index
            while index < len(text) and not text[index].isspace() and text[index] != "#":
                index += 1
            tokens.append(Token(text[start:index]))
    return tokens


def quoted_name(text: str, index: int, line: int) -> tuple[str, int]:
    """The name from just after an opening quote, and where the text goes on after its closing one."""
    characters = []
    while index < len(text):
        character = text[index]
        if character == "\\" and index + 1 < len(text) and text[index + 1] in '"\\':
            characters.append(text[index + 1])
            index += 2
        elif character == '"':
            return "".join(characters), index + 1
        else:
            characters.append(character)
            index += 1
    raise PaperLogError(NO_CLOSING_QUOTE, line=line)


def looks_reserved(word: str) -> bool:
    """Whether a bare word would be read as a count, a date or F= rather than a name."""
    return bool(NUMBERISH.match(word) or DATE.fullmatch(word) or FRY.fullmatch(word))


def shown(word: str) -> str:
    return word if len(word) <= 20 else word[:19] + "…"


@dataclass
class Reader:
    """Reads a log line by line, keeping every refusal; a refused line is skipped."""

    date: datetime.date | None = None
    fry_from: int = DEFAULT_FRY_FROM
    table: PaperTable | None = None
    rounds: list[PaperRound] = field(default_factory=list)
    round_lines: int = 0  # the current table's lines of counts, refused ones too
    names_seen: bool = False
    skipping: bool = False  # after a refused line of names: its rounds are not refused again
    tables: list[PaperTable] = field(default_factory=list)
    errors: list[PaperLogError] = field(default_factory=list)

    def read(self, text: str) -> None:
        for line, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
            if len(self.errors) >= MAX_REFUSED_LINES:
                self.errors.append(PaperLogError(STOPPED_READING, line=line, count=len(self.errors)))
                return
            try:
                self.read_line(tokens_of(raw, line), line)
            except PaperLogError as error:
                self.errors.append(error)
        self.close_table()

    def read_line(self, tokens: list[Token], line: int) -> None:
        if not tokens:
            return
        first = tokens[0].plain
        if DATE.fullmatch(first):
            self.read_date(tokens, line)
        elif FRY.fullmatch(first):
            self.read_fry(tokens, line)
        elif NUMBERISH.match(first):
            self.read_round(tokens, line)
        else:
            self.read_names(tokens, line)

    def close_table(self) -> None:
        table, self.table, self.skipping = self.table, None, False
        if table is None:
            return
        if not self.round_lines:
            self.errors.append(PaperLogError(NO_ROUNDS, line=table.line, names=", ".join(table.players)))
        else:
            self.tables.append(
                PaperTable(table.date, table.players, table.fry_from, tuple(self.rounds), table.line)
            )
        self.rounds, self.round_lines = [], 0

    def read_date(self, tokens: list[Token], line: int) -> None:
        if len(tokens) > 1:
            raise PaperLogError(DATE_ALONE, line=line)
        try:
            date = datetime.date.fromisoformat(tokens[0].text)
        except ValueError:
            raise PaperLogError(NOT_A_DATE, line=line, date=tokens[0].text) from None
        self.close_table()
        self.date = date

    def read_fry(self, tokens: list[Token], line: int) -> None:
        if len(tokens) > 1:
            raise PaperLogError(FRY_ALONE, line=line)
        value = FRY.fullmatch(tokens[0].text).group(1)  # type: ignore[union-attr]
        if not (
            value.isascii()
            and value.isdigit()
            and len(value) <= 3
            and MIN_FRY_FROM <= int(value) <= MAX_CARDS
        ):
            raise PaperLogError(FRY_RANGE, line=line, value=shown(value))
        self.close_table()
        self.fry_from = int(value)

    def read_names(self, tokens: list[Token], line: int) -> None:
        self.close_table()
        self.names_seen = True
        self.skipping = True  # until the line is accepted
        if self.date is None:
            raise PaperLogError(DATE_FIRST, line=line)
        if not MIN_PLAYERS <= len(tokens) <= MAX_PLAYERS:
            raise PaperLogError(TABLE_SIZE, line=line, count=len(tokens))
        counts = [index for index, token in enumerate(tokens) if NUMBERISH.match(token.plain)]
        if len(counts) * 2 > len(tokens):  # mostly counts: a round with a slip ("x 0 3 4"), not names
            player = next(index for index in range(len(tokens)) if index not in counts)
            raise PaperLogError(NOT_A_COUNT, line=line, player=player, token=shown(tokens[player].text))
        names: list[str] = []
        roll = NameRoll()
        for index, token in enumerate(tokens):
            context = {"line": line, "player": index, "number": index + 1}
            if looks_reserved(token.plain):
                raise PaperLogError(LOOKS_RESERVED, name=token.text, **context)
            problem = name_problem(token.text, PLAYER_NAME)
            if problem is not None:
                raise PaperLogError(problem, **context)
            name = normal_name(token.text)
            if (there := roll.repeats(name)) is not None:
                raise PaperLogError(PLAYER_NAME.duplicate, name=there, **context)
            roll.add(name)
            names.append(name)
        self.skipping = False
        self.table = PaperTable(self.date, tuple(names), self.fry_from, line=line)

    def read_round(self, tokens: list[Token], line: int) -> None:
        if self.skipping:
            return
        if self.table is None:
            self.skipping = True  # one refusal for a run of such rounds, not one per line
            raise PaperLogError(ROUND_NEEDS_NAMES if self.names_seen else ROUND_BEFORE_NAMES, line=line)
        self.round_lines += 1
        self.rounds.append(paper_round(tokens, self.table.players, line))


def paper_round(tokens: list[Token], names: Sequence[str], line: int) -> PaperRound:
    """One line of counts at a table of `names`: checked as the app checks a round, and for its t."""
    counts: list[int] = []
    marked: list[int] = []
    for index, token in enumerate(tokens):
        match = COUNT.fullmatch(token.plain)
        if match is None or len(match.group(1)) > 3:
            player = index if index < len(names) else None
            raise PaperLogError(NOT_A_COUNT, line=line, player=player, token=shown(token.text))
        counts.append(int(match.group(1)))
        if match.group(2):
            marked.append(index)
    if len(counts) != len(names):
        raise PaperLogError(
            COUNT_PER_PLAYER, line=line, given=len(counts), expected=len(names), names=", ".join(names)
        )
    try:
        validate_round(RoundEntry(cards=tuple(counts)), names, RoundRules(tiers=CLASSIC_TIERS))
    except ScoringError as error:
        raise PaperLogError(error.template, line=line, player=error.player, **error.params) from None
    if len(marked) > 1:
        raise PaperLogError(
            TWO_MARKED, line=line, player=marked[1], first=names[marked[0]], second=names[marked[1]]
        )
    if marked and counts[marked[0]] == 0:
        raise PaperLogError(WINNER_MARKED, line=line, player=marked[0], name=names[marked[0]])
    return PaperRound(cards=tuple(counts), covering=marked[0] if marked else None, line=line)


def check_paper_log(text: str) -> tuple[list[PaperTable], list[PaperLogError]]:
    """The tables a log holds and every line it refuses (each refused line is skipped), for a preview."""
    reader = Reader()
    reader.read(text)
    return reader.tables, sorted(reader.errors, key=lambda error: error.line)


def parse_paper_log(text: str) -> list[PaperTable]:
    """The tables of a log, all or nothing: the first refused line raises PaperLogError."""
    tables, errors = check_paper_log(text)
    if errors:
        raise errors[0]
    return tables


# --- Writing ----------------------------------------------------------------------------------


def name_word(name: str) -> str:
    """A name as a log writes it: bare when it reads back as itself, else in quotes."""
    bare = (
        name
        and not looks_reserved(name)
        and not name.startswith('"')
        and not any(character.isspace() or character in '#"\\' for character in name)
    )
    return name if bare else '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def round_line(paper_round: PaperRound) -> str:
    return " ".join(
        f"{cards}t" if index == paper_round.covering else str(cards)
        for index, cards in enumerate(paper_round.cards)
    )


def log_lines(tables: Sequence[PaperTable]) -> Iterator[str]:
    date: datetime.date | None = None
    fry_from = DEFAULT_FRY_FROM
    for number, table in enumerate(table for table in tables if table.rounds):
        if number:
            yield ""
        if table.date != date:
            date = table.date
            yield date.isoformat()
        if table.fry_from != fry_from:
            fry_from = table.fry_from
            yield f"F={fry_from}"
        if table.note:
            yield f"# {table.note}"
        yield " ".join(name_word(name) for name in table.players)
        yield from (round_line(paper_round) for paper_round in table.rounds)


def format_paper_log(tables: Sequence[PaperTable]) -> str:
    """The log of `tables`: a date line when the date changes, F= when the threshold does, a blank
    line between tables. A table with no rounds is left out: a log cannot say one."""
    text = "\n".join(log_lines(tables))
    return text + "\n" if text else ""
