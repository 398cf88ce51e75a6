"""Each setting declared once (rounds/rules/fields.py, issue 33): every declared setting is in the
OpenAPI settings schemas, on the settings form, in the values a saved setup keeps, and its JSON
round-trips through the API; a group's stored rules read as they were stored."""

import json

import pytest
from django.db import IntegrityError, transaction

from groups.models import Group
from groups.reads.selectors import group_rules
from groups.services import group_writes as group_services
from rounds.inputs import SETTINGS_FIELDS, clean_settings, stored_settings
from rounds.models import Round, Session
from rounds.rules import fields
from rounds.session_bodies import SETTINGS_INPUT
from rounds.web.form_values import initial_from_state
from rounds.web.forms import SettingsForm, typed_settings
from rounds.web.tags.page_labels import setting_defaults
from scorekeeper.openapi import document
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

DECLARED = set(fields.BY_NAME)
# Settings the form shows specially, and the fields it shows them with.
SHOWN_SPECIALLY = {
    "mode": {"mode"},
    "tiers": {"base_rate", "tier_from_1", "tier_times_1"},
    "twos": {"twos_rule", "points_per_two"},
    "places": {"pays_1", "heavy_pays_1", "heavy_from", "house_cut"},
    "tien_len": {"first", "second", "kill", "instant", "chop", "black_two", "four_pairs"},
}
# Every setting away from its default: one session counting 2s, one paying by place.
POINTS = {
    "game": "big_two",
    "mode": "points",
    "tiers": [[1, 2], [8, 4], [13, 6]],
    "twos": {"doubles": True},
    "covering_style": "takes_whole_loss",
    "spade_two": {"from": 9},
    "bombs": True,
    "rounds": None,
    "target": 80,
    "value_per_point": "0.25",
    "currency": "HKD",
    "covering_rule": True,
}
BY_PLACE = {
    "game": "big_two",
    "mode": "by_place",
    "tiers": [[1, 1]],
    "twos": None,
    "covering_style": "pays_for_everyone",
    "places": {"pays": [50, 100, 150], "heavy_pays": [100, 200, 300], "heavy_from": 9, "house_cut": 20},
    "rounds": 12,
    "target": None,
    "value_per_point": None,
    "currency": "",
    "covering_rule": False,
    "house_name": "Mum",
}


def test_every_declared_setting_is_in_the_openapi_settings_schemas():
    schemas = document()["components"]["schemas"]
    assert set(schemas["Settings"]["properties"]) == DECLARED
    assert set(SETTINGS_INPUT) == DECLARED | {"preset"} == SETTINGS_FIELDS
    assert set(schemas["SessionChange"]["properties"]) >= DECLARED
    rules = {setting.name for setting in fields.RULES}
    assert set(schemas["Round"]["properties"]["rules"]["properties"]) == rules


def test_every_declared_setting_has_its_fields_on_the_form():
    form = SettingsForm()
    typed = {setting.name for setting in typed_settings()}
    for setting in fields.SETTINGS:
        names = SHOWN_SPECIALLY.get(setting.name, {setting.name})
        assert names <= set(form.fields), setting.name
        assert setting.name in SHOWN_SPECIALLY or setting.name in typed
    for setting in typed_settings():
        field = form.fields[setting.name]
        assert str(field.label) == setting.label  # English: the test runs in the source language
        if setting.kind is fields.Kind.COUNT:
            assert (field.min_value, field.max_value) == (setting.minimum, setting.maximum)


@pytest.mark.parametrize("sent", [POINTS, BY_PLACE], ids=["points", "by_place"])
def test_every_declared_setting_is_in_a_saved_setup_and_round_trips(api, sent):
    created = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat"], **sent})
    assert created.status_code == 201, created.json()
    shown = created.json()["settings"]  # what a device saves as a setup (static/js/setups.js)
    assert shown == sent
    assert set(shown) | {"places", "house_name", "tien_len", "spade_two", "bombs", "zero_sum"} == DECLARED
    again = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat"], **shown})
    assert again.json()["settings"] == shown
    assert json.loads(json.dumps(shown)) == shown
    initial = initial_from_state(shown)
    assert {setting.name for setting in typed_settings()} <= set(initial)
    assert (initial["covering_style"], initial["covering_rule"]) == (
        sent["covering_style"],
        sent["covering_rule"],
    )


def test_what_the_form_offers_covers_every_typed_setting():
    offered = json.loads(setting_defaults().split(">", 1)[1].rsplit("<", 1)[0])
    typed = typed_settings()
    assert set(offered) - {"twos", "places", "tien_len"} == {
        setting.name for setting in fields.SETTINGS if setting in typed
    }
    assert offered["twos"] == {"points_per_two": 4}
    assert offered["places"] == {"heavy_from": 10, "house_cut": 100}
    assert offered["tien_len"] == {
        "first": 2,
        "second": 1,
        "kill": 2,
        "instant": 2,
        "chop": 1,
    } | dict.fromkeys(("killed", "left", "chops", "instant_win"), True) | {
        "values": {"black_two": 1, "red_two": 2, "three_pairs": 2, "four_of_a_kind": 3, "four_pairs": 4}
    }
    assert (offered["rounds"], offered["target"]) == (7, 50)
    assert offered["covering_style"] == "pays_for_everyone"


def test_a_groups_stored_rules_read_as_they_were_stored():
    group = group_services.group_create(name="Thursday table")
    group_services.group_rules_set(group=group, rules=BY_PLACE | {"randomize_seats": True})
    group = Group.objects.get(pk=group.pk)
    assert group_rules(group) == clean_settings(BY_PLACE)
    # Stored under an older declaration: no covering_rule yet, a rounds limit above today's bound.
    group.rules = {key: value for key, value in group.rules.items() if key != "covering_rule"} | {
        "rounds": 5000
    }
    read = stored_settings(group.rules)
    assert (read.covering_rule, read.rounds_limit, read.house_name) == (False, 5000, "Mum")
    assert read.rules.places.heavy_from == 9


@pytest.mark.parametrize(
    "changed",
    [
        {"mode": "poker"},
        {"covering_style": "pays_nobody"},
        {"twos": {"doubles": True, "points_per_two": 2}},
        {"twos": {"points_per_two": 0}},
    ],
    ids=["mode", "covering_style", "twos_both", "twos_zero"],
)
def test_the_database_refuses_stored_rules_the_app_does_not_know(changed):
    session = make_session()
    add_rounds(session, [5, 0, 11, 13])
    for model, pk in ((Session, session.pk), (Round, Round.objects.get(session=session).pk)):
        with pytest.raises(IntegrityError), transaction.atomic():
            model.objects.filter(pk=pk).update(rules_json=session.rules_json | changed)
