"""Rules stored under an older declaration still load and play as stored (issue 33): the rules
of rounds as RoundRules.to_json() wrote them on 2026-12-05 (tests/data/stored_rules.json), each
with a round and the scores it was given, read back with today's code."""

import json
from pathlib import Path

import pytest

from rounds.rules.ruleset import RoundRules
from rounds.rules.scoring import RoundEntry, score_round

STORED = json.loads((Path(__file__).parent.parent / "data" / "stored_rules.json").read_text())


@pytest.mark.parametrize("stored", STORED["rounds"], ids=[stored["what"] for stored in STORED["rounds"]])
def test_stored_rules_score_their_round_as_they_did(stored):
    rules = RoundRules.from_json(stored["rules"])
    entry = RoundEntry(
        tuple(stored["cards"]),
        None if stored["twos"] is None else tuple(stored["twos"]),
        stored["covering"],
    )
    assert list(score_round(entry, STORED["players"], rules).scores) == stored["scores"]


@pytest.mark.parametrize("stored", STORED["rounds"], ids=[stored["what"] for stored in STORED["rounds"]])
def test_stored_rules_read_back_to_what_was_stored(stored):
    shown = RoundRules.from_json(stored["rules"]).to_json()
    assert {name: shown[name] for name in stored["rules"]} == stored["rules"]
    # A rule declared since (the covering style, here, for the oldest) shows what it played by.
    declared_since = {name: shown[name] for name in shown if name not in stored["rules"]}
    assert declared_since == {name: RoundRules().to_json()[name] for name in declared_since}


def test_the_stored_file_holds_every_kind_of_rule():
    rules = [stored["rules"] for stored in STORED["rounds"]]
    assert {rule["mode"] for rule in rules} == {"points", "winner_takes_all", "pay_difference", "by_place"}
    assert {json.dumps(rule["twos"]) for rule in rules} == {
        '{"points_per_two": 2}',
        '{"doubles": true}',
        "null",
    }
    assert {rule.get("covering_style") for rule in rules} == {"pays_for_everyone", "takes_whole_loss", None}
