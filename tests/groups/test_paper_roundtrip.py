"""Export → import is the identity on the season table (issue 13): any group of paper-log
evenings, written out by /export.txt and read into a new group, has the same season."""

from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groups.models import GroupEvening
from groups.reads.paper_export import log_export
from groups.reads.selectors import group_season, player_names, season_json
from groups.rules.paper_log import fry_tiers
from groups.services import group_writes as services
from groups.services.paper_import import log_import
from rounds.inputs import clean_settings
from tests.factories import add_rounds

pytestmark = pytest.mark.django_db
# Names the log writes bare, and names it must quote (a space, a count, a date, a quote).
POOL = ["Ann", "Ben", "José", "陳大文", "Ann Lee", "9", "2013-03-19", 'Say "hi"']


@st.composite
def a_round(draw, players):
    cards = [draw(st.integers(1, 13)) for _ in range(players)]
    winner = draw(st.integers(0, players - 1))
    cards[winner] = 0
    losers = [index for index in range(players) if index != winner]
    covering = draw(st.one_of(st.none(), st.sampled_from(losers)))
    return cards, covering


@st.composite
def an_evening(draw):
    names = draw(st.lists(st.sampled_from(POOL), min_size=2, max_size=4, unique=True))
    rounds = draw(st.lists(a_round(len(names)), max_size=6))
    return {
        "names": names,
        "day": date(2025, 1, 1) + timedelta(days=draw(st.integers(0, 400))),
        "fry_from": draw(st.integers(2, 13)),
        "rounds": rounds,
    }


def build(group, evening):
    settings_ = clean_settings(
        {
            "mode": "pay_difference",
            "tiers": [list(tier) for tier in fry_tiers(evening["fry_from"])],
            "covering_rule": True,
            "covering_style": "takes_whole_loss",
        }
    )
    session = services.group_session_create(group=group, players=evening["names"], settings=settings_)
    GroupEvening.objects.filter(pk=session.pk).update(played_on=evening["day"])
    token = None
    for cards, covering in evening["rounds"]:
        token = add_rounds(session, cards, token=token, covering=covering)


def season_by_name(group):
    reply = season_json(group_season(group), player_names(group))
    names = [player["name"] for player in reply["players"]]
    players = {
        player["name"]: {
            **{key: value for key, value in player.items() if key not in {"id", "rival", "nemesis"}},
            "rival": None if player["rival"] is None else names[player["rival"]],
            "nemesis": None if player["nemesis"] is None else names[player["nemesis"]],
        }
        for player in reply["players"]
    }
    pairs = {
        frozenset({names[pair["players"][0]], names[pair["players"][1]]}): (
            pair["games"],
            pair["net"] if names[pair["players"][0]] < names[pair["players"][1]] else -pair["net"],
        )
        for pair in reply["head_to_head"]
    }
    return players, pairs, reply["evenings"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(evenings=st.lists(an_evening(), min_size=1, max_size=4))
def test_export_then_import_gives_the_same_season_table(evenings):
    original = services.group_create(name="Original")
    for evening in evenings:
        build(original, evening)
    text = log_export(original)
    copy = services.group_create(name="Copy")
    log_import(group=copy, text=text, dry_run=False)
    assert season_by_name(copy) == season_by_name(original), text
    assert log_export(copy) == text
