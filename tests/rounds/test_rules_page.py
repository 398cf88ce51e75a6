"""The rules & help page: it renders, every worked number agrees with rounds/rules/scoring.py,
every key is shown, and no sentence is borrowed from the seed rule texts."""

import re
from decimal import Decimal
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from rounds.presets import PRESETS_BY_ID
from rounds.rules.mode import BY_CARDS
from rounds.rules.ruleset import (
    CLASSIC_TIERS,
    FLAT_TIERS,
    MAX_CARDS,
    TWOS_IN_DECK,
    CoveringStyle,
    Mode,
    RoundRules,
    Twos,
)
from rounds.rules.scoring import (
    Payment,
    RoundEntry,
    penalty,
    rate_for,
    real_losses,
    round_payments,
    score_round,
)
from rounds.rules.settlement import difference_matrix, pairwise_points, settle
from rounds.rules.standings import Direction, end_reached, next_round, standings, target_losers
from rounds.rules.tiers import house_tiers

pytestmark = pytest.mark.django_db

TEMPLATE = Path(settings.BASE_DIR) / "templates" / "rounds" / "rules.html"
LETTERS = ["A", "B", "C", "D"]
A, B, C, D = range(4)
TIERS = {"classic": CLASSIC_TIERS, "flat": FLAT_TIERS}
HOUSE = house_tiers(2, higher=(8, 3), all_thirteen=5)
HALF = Decimal("0.50")
SECTION_HEADINGS = {
    "scoring": "Scoring in this app",
    "entering": "Entering rounds",
    "phones": "Several phones, one table",
    "big-two": "A Big Two refresher",
}
KEYS = ["0", "9", "T", "J", "Q", "K", "←", "→", "W", "Backspace", "Enter", "Esc"]
INLINE_TAGS = {"a", "abbr", "b", "em", "i", "kbd", "small", "span", "strong"}


# --- reading the page -------------------------------------------------------------


class PageReader(HTMLParser):
    """The page's visible text, its element ids, and its example tables as rows of cells."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.ids: set[str] = set()
        self.tables: list[dict] = []
        self.skip = 0
        self.table: dict | None = None
        self.row: dict | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag in ("script", "style", "title"):
            self.skip += 1
        if tag not in INLINE_TAGS:
            self.parts.append(" ")
        if tag == "table":
            self.table = {"attrs": attributes, "rows": []}
            self.tables.append(self.table)
        elif tag == "tr" and self.table is not None:
            self.row = {"attrs": attributes, "cells": []}
            self.table["rows"].append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self.skip -= 1
        if tag not in INLINE_TAGS:
            self.parts.append(" ")
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row["cells"].append(squash("".join(self.cell)))
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "table":
            self.table = None

    def handle_data(self, data):
        if self.skip:
            return
        self.parts.append(data)
        if self.cell is not None:
            self.cell.append(data)

    @property
    def text(self) -> str:
        return squash("".join(self.parts))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", unescape(text)).strip()


def number(cell: str) -> int:
    return int(cell.replace("−", "-"))


def money(cell: str) -> Decimal:
    return Decimal(cell.replace("−", "-"))


@pytest.fixture
def response(client):
    return client.get(reverse("rounds:rules"))


@pytest.fixture
def html(response) -> str:
    return response.content.decode()


@pytest.fixture
def page(html) -> PageReader:
    reader = PageReader()
    reader.feed(html)
    reader.close()
    return reader


@pytest.fixture
def text(page) -> str:
    return page.text


def tables(page, example):
    return [table for table in page.tables if table["attrs"].get("data-example") == example]


def data_row(table, name):
    return next(row["cells"][1:] for row in table["rows"] if row["attrs"].get("data-row") == name)


# --- the page ---------------------------------------------------------------------


def test_rules_page_renders_at_its_url(response):
    assert reverse("rounds:rules") == "/rules/"
    assert response.status_code == 200
    assert response.templates[0].name == "rounds/rules.html"


def test_every_section_has_its_heading_with_an_id(html):
    for section_id, heading in SECTION_HEADINGS.items():
        assert re.search(rf'<h2 id="{section_id}">\s*{re.escape(heading)}\s*</h2>', html), heading


def test_table_of_contents_links_to_each_section(html, page):
    links = re.findall(r'<a href="#([\w-]+)"', html)
    assert set(SECTION_HEADINGS) <= set(links)
    assert set(links) <= page.ids, "every in-page link has a target"


def test_red_suits_are_marked_red(html):
    assert '<span class="suit-red">♦</span>' in html
    assert re.search(r'<span class="suit-red"[^>]*>♥</span>', html)
    assert not re.search(r"[♦♥](?!</span>)", html), "every ♦ and ♥ sits alone in its span"


# --- worked numbers against rounds/rules/scoring.py ---------------------------------------------


def test_classic_penalty_table_matches_the_engine(page):
    (table,) = tables(page, "penalty")
    rows = [[number(cell) for cell in row["cells"]] for row in table["rows"][1:]]
    assert [cards for cards, _points in rows] == [9, 10, 12, 13]
    for cards, points in rows:
        assert points == penalty(cards, CLASSIC_TIERS), f"{cards} cards"


def test_penalty_rules_in_words_match_the_engine(text):
    one, ten, thirteen = (rate_for(cards, CLASSIC_TIERS) for cards in (1, 10, 13))
    assert (one, ten, thirteen) == (1, 2, 3)
    assert f"{one} point a card, {ten} a card from 10 cards, {thirteen} a card when all 13 are left" in text
    assert f"13 cards cost {penalty(13, FLAT_TIERS)}" in text
    assert f"from 0 to {MAX_CARDS}" in text
    assert f"(0 to {TWOS_IN_DECK})" in text


def test_house_tier_examples_match_the_engine(text):
    assert HOUSE == ((1, 2), (8, 3), (13, 5))
    seven = penalty(7, HOUSE, twos_held=1, twos=Twos(points_per_two=4))
    eight = penalty(8, HOUSE, twos_held=0, twos=Twos(points_per_two=4))
    thirteen = penalty(13, HOUSE, twos_held=2, twos=Twos(points_per_two=4))
    assert f"7 cards, one of them a 2: 7 × {rate_for(7, HOUSE)} + 4 = {seven}" in text
    assert f"8 cards, no 2s: 8 × {rate_for(8, HOUSE)} = {eight}" in text
    assert f"13 cards, two of them 2s: 13 × {rate_for(13, HOUSE)} + 2 × 4 = {thirteen}" in text
    assert (seven, eight, thirteen) == (18, 24, 73)


def test_every_example_round_scores_as_the_engine_does(page):
    """Each row of an example round table is the engine's score for its mode (and covering)."""
    checked = set()
    for table in tables(page, "round"):
        tiers = TIERS[table["attrs"]["data-tiers"]]
        cards = tuple(number(cell) for cell in data_row(table, "cards"))
        assert cards == (5, 0, 11, 13)
        style = CoveringStyle(table["attrs"].get("data-covering-style", "pays_for_everyone"))
        for row in table["rows"]:
            mode = row["attrs"].get("data-mode")
            if mode is None:
                continue
            covering = row["attrs"].get("data-covering")
            covering = None if covering is None else int(covering)
            entry = RoundEntry(cards=cards, covering=covering)
            rules = RoundRules(mode=Mode(mode), tiers=tiers, covering_style=style)
            scored = score_round(entry, LETTERS, rules)
            shown = tuple(number(cell) for cell in row["cells"][1:])
            assert shown == scored.scores, (mode, covering, style)
            checked.add((mode, covering is not None, style))
    pays, takes = CoveringStyle.PAYS_FOR_EVERYONE, CoveringStyle.TAKES_WHOLE_LOSS
    assert checked == {(mode.value, covered, pays) for mode in BY_CARDS for covered in (False, True)} | {
        (mode.value, True, takes) for mode in BY_CARDS
    }


def test_worked_sums_in_mode_examples_match_the_engine(text):
    classic = score_round(RoundEntry((5, 0, 11, 13)), LETTERS, RoundRules(Mode.POINTS, CLASSIC_TIERS))
    assert (
        f"C pays double and D triple: 11 × 2 = {classic.penalties[C]}, 13 × 3 = {classic.penalties[D]}"
        in text
    )
    wta = score_round(RoundEntry((5, 0, 11, 13)), LETTERS, RoundRules(Mode.WINNER_TAKES_ALL, FLAT_TIERS))
    assert f"B collects everyone's: 5 + 11 + 13 = {wta.scores[B]}" in text


def test_whole_loss_sums_match_the_engine(text):
    flat = score_round(RoundEntry((5, 0, 11, 13)), LETTERS, RoundRules(Mode.WINNER_TAKES_ALL, FLAT_TIERS))
    losses = real_losses(flat.penalties, winner=B, covering=A)
    assert f"5 + 11 + 13 = {losses[A]}, so the penalties become 29, 0, 0 and 0" in text
    assert losses == (29, 0, 0, 0)
    assert "the covering player's real loss for the round is the whole 29" in text


def test_pay_the_difference_pairs_match_the_engine(text):
    payments = round_payments((5, 0, 11, 13), B, Mode.PAY_DIFFERENCE)
    assert Payment(C, A, 6) in payments
    assert Payment(D, A, 8) in payments
    assert Payment(D, C, 2) in payments
    assert "C pays A 6, D pays A 8 and D pays C 2" in text
    assert "A takes over D's 2 to C as well, which is why C ends up 2 ahead" in text


def test_points_target_example_matches_the_engine(text):
    totals = [41, 18, 56, 52]
    target = PRESETS_BY_ID["points-50"].target
    assert target == 50
    assert end_reached(rounds_played=5, totals=totals, mode=Mode.POINTS, rounds_limit=None, target=target)
    assert target_losers(totals, target) == [C]
    assert standings(totals, Mode.POINTS)[0].player == B
    assert "Target 50. After a round the totals are A 41, B 18, C 56 and D 52." in text
    assert "C loses with 56, and B wins with 18" in text


def test_game_lengths_match_the_presets(text):
    quick, full = PRESETS_BY_ID["quick-3"].rounds, PRESETS_BY_ID["full-7"].rounds
    assert f"the Quick game is {quick}, the Full game {full}" in text


def test_direction_alternates_as_the_engine_says(text):
    seats = [0, 1, 2, 3]
    directions = [
        next_round(rounds_played=played, seats=seats, last_winner=B).direction for played in range(3)
    ]
    assert directions == [Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE, Direction.CLOCKWISE]
    assert "clockwise in round 1, counter-clockwise in round 2, clockwise again in round 3" in text
    dealers = [next_round(rounds_played=played, seats=seats, last_winner=B).dealer for played in range(3)]
    assert dealers == [0, 1, 2]
    assert "The deal moves one seat clockwise each round." in text
    assert next_round(rounds_played=0, seats=seats, last_winner=None).leader is None
    assert next_round(rounds_played=1, seats=seats, last_winner=B).leader == B


def test_settlement_example_matches_the_engine(page, text):
    totals = [30, 12, 45, 20]
    settlement = settle(difference_matrix(totals), HALF)
    (table,) = tables(page, "settlement")
    assert Decimal(table["attrs"]["data-value"]) == HALF
    rows = [row["cells"] for row in table["rows"][1:]]
    assert [letter for letter, _total, _net in rows] == LETTERS
    assert [number(total) for _letter, total, _net in rows] == totals
    assert [money(net) for _letter, _total, net in rows] == settlement.net
    assert settlement.pairwise[B][A] == Decimal("9.00")
    assert (
        f"the gap is {totals[A] - totals[B]} points, so A owes B: 18 × 0.50 = {settlement.pairwise[B][A]}"
        in text
    )


def test_settlement_transfers_match_the_engine(page, text):
    settlement = settle(difference_matrix([30, 12, 45, 20]), HALF)
    (table,) = tables(page, "transfers")
    shown = [tuple(row["cells"]) for row in table["rows"][1:]]
    expected = [(LETTERS[t.payer], LETTERS[t.payee], str(t.amount)) for t in settlement.transfers]
    assert shown == expected
    assert [amount for _payer, _payee, amount in shown] == ["29.50", "7.00", "6.50"]
    assert len(settlement.transfers) <= len(LETTERS) - 1
    assert f"({len(LETTERS) - 1} payments for {len(LETTERS)} players)" in text


def test_money_in_the_other_modes_follows_the_points(text):
    scored = score_round(RoundEntry((5, 0, 11, 13)), LETTERS, RoundRules(Mode.WINNER_TAKES_ALL, FLAT_TIERS))
    net = settle(pairwise_points([scored], len(LETTERS)), HALF).net
    assert "A, B, C and D hold 5, 0, 11 and 13 cards" in text
    assert f"worth +{net[B]} to B and costs A {-net[A]}" in text
    assert (net[B], net[A]) == (Decimal("14.50"), Decimal("-2.50"))


# --- entering rounds ------------------------------------------------------------------


def test_every_key_is_shown_as_a_key(html):
    for key in KEYS:
        assert re.search(rf"<kbd>\s*{re.escape(key)}\s*</kbd>", html), key


def test_keyboard_rows_say_every_key_is_final_at_once(text):
    assert "no key waits for another" in text
    assert "10, 11, 12 and 13 cards left, as on the cards (either case)" in text
    assert "1 then 0 is a 1 and then the winner, never 10" in text
    assert "typing 0 there confirms the winner, typing a count replaces it" in text
    assert "waits a moment" not in text


def test_lock_message_and_idle_time_are_stated(text):
    assert "“Round 7 is being entered on Ann's phone”" in text
    assert f"after {settings.LOCK_LEASE_SECONDS:.0f} seconds without a touch" in text


# --- ready for translation -------------------------------------------------------------------


def test_every_visible_string_is_marked_for_translation():
    """Outside translate tags the template holds only markup, names of cards and players, and keys."""
    source = TEMPLATE.read_text(encoding="utf-8")
    source = re.sub(r"\{% blocktranslate.*?%\}.*?\{% endblocktranslate %\}", " ", source, flags=re.S)
    source = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", source, flags=re.S)
    source = re.sub(r"<style>.*?</style>", " ", source, flags=re.S)
    source = re.sub(r"<[^>]*>|&\w+;", " ", source)
    leftover = set(re.findall(r"[^\W\d_]+", source)) - {"A", "B", "C", "D", "T", "J", "Q", "K", "W", "lt"}
    assert leftover == set()
