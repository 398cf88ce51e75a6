"""Tiến lên's settings (SPEC 14.2) as API.md writes them: their JSON, every key optional, and
every bad value refused naming the field."""

import pytest

from rounds.rules.refusal import ScoringError
from rounds.rules.tien_len import TienLenRules


def settings_refusal(raw):
    with pytest.raises(ScoringError) as refused:
        TienLenRules.from_json(raw)
    return refused.value.message, refused.value.field, refused.value.player


def test_the_settings_json_is_api_mds():
    assert TienLenRules().to_json() == {
        "first": 2,
        "second": 1,
        "kill": 2,
        "instant": 2,
        "chop": 1,
        "values": {"black_two": 1, "red_two": 2, "three_pairs": 2, "four_of_a_kind": 3, "four_pairs": 4},
        "killed": True,
        "left": True,
        "chops": True,
        "instant_win": True,
    }


def test_every_settings_key_is_optional_and_the_rest_keep_their_defaults_or_base():
    assert TienLenRules.from_json({}) == TienLenRules.from_json(None) == TienLenRules()
    changed = TienLenRules.from_json({"kill": 3, "values": {"red_two": 5}, "left": False})
    assert changed.to_json() == TienLenRules().to_json() | {
        "kill": 3,
        "values": TienLenRules().values.to_json() | {"red_two": 5},
        "left": False,
    }
    again = TienLenRules.from_json({"values": {"black_two": 0}}, base=changed)
    assert (again.kill, again.left, again.values.red_two, again.values.black_two) == (3, False, 5, 0)


# --- Refused settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["first", "kill", "instant", "chop"])
@pytest.mark.parametrize("value", [-1, 1001, 2.5, True, "2", None])
def test_a_setting_out_of_bounds_is_refused_naming_the_field(key, value):
    assert settings_refusal({key: value}) == (
        f"Tiến lên: {key} is a whole number from 0 to 1000",
        f"tien_len.{key}",
        None,
    )


@pytest.mark.parametrize("key", ["black_two", "red_two", "three_pairs", "four_of_a_kind", "four_pairs"])
def test_an_item_value_out_of_bounds_is_refused_naming_the_field(key):
    assert settings_refusal({"values": {key: 1001}}) == (
        f"Tiến lên: values.{key} is a whole number from 0 to 1000",
        f"tien_len.values.{key}",
        None,
    )


def test_the_bounds_are_settings():
    rules = TienLenRules.from_json({"first": 1000, "second": 999, "kill": 0, "values": {"red_two": 1000}})
    assert (rules.first, rules.second, rules.kill, rules.values.red_two) == (1000, 999, 0, 1000)


@pytest.mark.parametrize(("raw"), [{"second": 2}, {"first": 1, "second": 1}, {"first": 0}, {"second": 5}])
def test_the_second_must_get_less_than_the_first(raw):
    rules = TienLenRules().to_json() | raw
    assert settings_refusal(raw) == (
        f"Tiến lên: the second ({rules['second']}) must get less than the first ({rules['first']})",
        "tien_len.second",
        None,
    )


@pytest.mark.parametrize("key", ["killed", "left", "chops", "instant_win"])
def test_a_switch_is_true_or_false(key):
    assert settings_refusal({key: 1}) == (f"Tiến lên: {key} is true or false", f"tien_len.{key}", None)


def test_an_unknown_setting_is_refused_naming_it():
    assert settings_refusal({"third": 1}) == ("Tiến lên: third is not one of its settings", "tien_len", None)
    assert settings_refusal({"values": {"ace": 1}}) == (
        "Tiến lên: ace is not one of its settings",
        "tien_len.values",
        None,
    )


@pytest.mark.parametrize(("raw", "field"), [([2, 1], "tien_len"), ({"values": [1, 2]}, "tien_len.values")])
def test_settings_that_are_not_an_object_are_refused(raw, field):
    assert settings_refusal(raw) == (
        "Tiến lên: give its settings as an object, each key optional",
        field,
        None,
    )
