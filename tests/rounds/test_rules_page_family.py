"""The rules page's worked examples of the rest of the family (SPEC 15): 锄大地's ♠2 and bomb,
Capsa Banting's steps and a hand of own scores agree with the engine."""

import json
import re

import pytest

from rounds.presets import PRESETS_BY_ID
from rounds.rules.hands import score_round as score_hand
from rounds.rules.own_scores import OwnScores
from rounds.rules.refusal import ScoringError
from rounds.rules.ruleset import RoundRules
from rounds.rules.scoring import RoundEntry, penalty, score_round
from tests.rounds.test_rules_page_new_rules import LETTERS, numbers, rules_page

pytestmark = pytest.mark.django_db


def example(html, name):
    return re.search(rf'<div class="example" id="example-{name}"(.*?)</div>', html, flags=re.S).group(0)


def test_the_chu_da_di_example_scores_as_the_engine_does(client):
    block = example(rules_page(client, "en"), "chu-da-di")
    cards = tuple(int(n) for n in re.search(r'data-cards="([^"]+)"', block).group(1).split())
    holder = int(re.search(r'data-spade-two="(\d)"', block).group(1))
    bombs = int(re.search(r'data-bombs="(\d)"', block).group(1))
    rules = RoundRules.from_json(PRESETS_BY_ID["chu-da-di"].as_json())
    scored = score_round(RoundEntry(cards, spade_two=holder, bombs=bombs), LETTERS, rules)
    for player, text in re.findall(r'data-penalty="(\d)">([^<]+)<', block):
        assert numbers(text)[-1] == scored.penalties[int(player)]
    shown = re.search(r"<span data-scores>([^<]+)</span>", block).group(1)
    assert numbers(shown) == list(scored.scores)


def test_the_capsa_banting_steps_are_the_preset(client):
    tiers = RoundRules.from_json(PRESETS_BY_ID["capsa-banting"].as_json()).tiers
    block = example(rules_page(client, "en"), "capsa")
    for cards, text in re.findall(r'data-capsa="(\d+)">([^<]+)<', block):
        assert numbers(text)[-1] == penalty(int(cards), tiers)


def test_the_own_scores_example_is_kept_or_refused_as_it_says(client):
    block = example(rules_page(client, "en"), "own-scores")
    typed = [int(n) for n in re.search(r'data-scores="([^"]+)"', block).group(1).split()]
    assert OwnScores.from_json({"scores": typed}, names=LETTERS, zero_sum=True).scores == tuple(typed)
    with pytest.raises(ScoringError, match=r"\+1"):
        OwnScores.from_json({"scores": [3, -1, -1, 0]}, names=LETTERS, zero_sum=True)


def test_the_tien_len_example_scores_as_the_engine_does(client):
    html = rules_page(client, "en")
    block = re.search(
        r'<div class="example" id="example-tien-len" data-hand=\'([^\']+)\'(.*?)</div>', html, flags=re.S
    )
    hand = json.loads(block.group(1))
    rules = RoundRules.from_json(PRESETS_BY_ID["tien-len"].as_json())
    scored = score_hand(RoundEntry((), hand=hand), LETTERS, rules)
    shown = re.search(r"<span data-scores>([^<]+)</span>", block.group(2)).group(1)
    assert numbers(shown) == list(scored.scores)
    assert 'id="tien-len"' in html
