"""The rules page's worked examples of issue 21's rules (Hong Kong steps, each 2 doubling, paying
by place with the house, ties, covering) agree with the engine, in English, zh-Hant and zh-Hans."""

import re
from html import unescape

import pytest
from django.urls import reverse

from rounds.presets import PRESETS_BY_ID
from rounds.rules.ruleset import CLASSIC_TIERS, FLAT_TIERS, CoveringStyle, Mode, RoundRules, Twos
from rounds.rules.scoring import RoundEntry, penalty, rate_for, score_round

pytestmark = pytest.mark.django_db

LETTERS = ["A", "B", "C", "D"]
LANGUAGES = ["en", "zh-hant", "zh-hans"]


def rules_page(client, language):
    response = client.get(reverse("rounds:rules"), headers={"accept-language": language})
    assert response.status_code == 200
    return unescape(response.content.decode()).replace("\xa0", " ")


def numbers(text):
    return [int(number.replace("−", "-")) for number in re.findall(r"[−+-]?\d+", text)]


def by_place_tables(html):
    blocks = re.findall(r'<table class="num" data-example="by-place">(.*?)</table>', html, flags=re.S)
    tables = []
    for block in blocks:
        rows = {}
        for name, cells in re.findall(r'<tr data-row="(\w+)">(.*?)</tr>', block, flags=re.S):
            rows[name] = [
                re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", cells)
            ]
        tables.append(rows)
    return tables


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_by_place_examples_score_as_the_engine_does_with_the_house(client, language):
    tables = by_place_tables(rules_page(client, language))
    assert len(tables) == 3
    rules = PRESETS_BY_ID["taiwan-place"].rules
    for table in tables:
        cards = tuple(int(cell) for cell in table["cards"][:4])
        shown = numbers(" ".join(table["score"]))
        scored = score_round(RoundEntry(cards), LETTERS, rules)
        assert tuple(shown[:4]) == scored.scores, cards
        assert shown[4] == scored.house, cards
        assert sum(shown) == 0  # players and house


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hong_kong_steps_are_the_presets(client, language):
    html = rules_page(client, language)
    tiers = PRESETS_BY_ID["hong-kong"].rules.tiers
    shown = dict(re.findall(r'<span data-steps="(\d+)">([^<]*)</span>', html))
    assert set(shown) == {"7", "8", "10", "13"}
    for cards, worked in shown.items():
        count, rate, result = numbers(worked)
        assert (count, rate, result) == (int(cards), rate_for(int(cards), tiers), penalty(int(cards), tiers))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_two_doubling_is_worked_as_the_engine_doubles(client, language):
    html = rules_page(client, language)
    shown = re.findall(r'<span data-doubling="(\d+) (\d)">([^<]*)</span>', html)
    assert len(shown) == 3
    for cards, twos, worked in shown:
        cards, twos = int(cards), int(twos)
        *factors, result = numbers(worked)
        assert factors == [penalty(cards, CLASSIC_TIERS), *[2] * twos]
        assert result == penalty(cards, CLASSIC_TIERS, twos_held=twos, twos=Twos(doubles=True))


def test_covering_by_place_pays_every_place_and_the_house_gets_its_cut(client):
    html = rules_page(client, "en")
    rules = RoundRules(Mode.BY_PLACE, FLAT_TIERS, covering_style=CoveringStyle.PAYS_FOR_EVERYONE)
    uncovered = score_round(RoundEntry((5, 0, 11, 13)), LETTERS, rules)
    covered = score_round(RoundEntry((5, 0, 11, 13), covering=0), LETTERS, rules)
    amounts = sorted(uncovered.penalties)[1:]
    sentence = re.search(r'<p id="covering-by-place">(.*?)</p>', html, flags=re.S).group(1)
    assert " + ".join(str(amount) for amount in amounts) + f" = {-covered.scores[0]}" in " ".join(
        sentence.split()
    )
    assert f"{covered.house} of it to the house" in sentence


def test_the_new_rules_are_explained_in_zh_hant(client):
    english, chinese = rules_page(client, "en"), rules_page(client, "zh-hant")
    for anchor in ('id="hong-kong"', 'id="doubling"', 'id="by-place"', 'id="covering-by-place"'):
        english_text = re.search(rf"<[^>]*{anchor}[^>]*>(.*?)</", english, flags=re.S).group(1)
        chinese_text = re.search(rf"<[^>]*{anchor}[^>]*>(.*?)</", chinese, flags=re.S).group(1)
        assert english_text != chinese_text, anchor
        assert re.search(r"[\u4e00-\u9fff]", chinese_text), anchor
