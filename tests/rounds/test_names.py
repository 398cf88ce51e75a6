"""Names that cannot deceive (rounds/inputs.py), and inputs normalised before they are stored."""

import unicodedata

import pytest

from rounds.errors import ServiceError
from rounds.inputs import clean_players, clean_value_per_point
from rounds.models import Player
from rounds.rules.names import name_key
from rounds.write_inputs import clean_device

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "typed",
    [
        "👩\u200d🚀",  # woman astronaut: a joiner between two emoji
        "Ann 👨🏽\u200d💻",  # a skin tone before the joiner
        "🏳\ufe0f\u200d🌈",  # a variation selector before the joiner
        "❤\ufe0f\u200d🔥",
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland: tags in a flag
        "李小龍",
        "Zoë",
        "O'Brien-Smith",
    ],
)
def test_real_names_are_kept_as_typed(typed):
    assert clean_players([typed, "Ben"]) == [unicodedata.normalize("NFC", typed), "Ben"]


def test_a_name_is_stored_in_nfc_with_single_spaces(api):
    response = api.post("/api/sessions", {"players": ["  Jose\u0301   María ", "Ben"]})
    assert response.status_code == 201
    assert response.json()["players"][0]["name"] == "Jos\u00e9 Mar\u00eda"
    assert Player.objects.get(index=0).name == "Jos\u00e9 Mar\u00eda"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Jos\u00e9", "Jose\u0301"),
        ("ANN", "ann"),
        ("Ann  Lee", "ann\u3000lee"),  # an ideographic space is a space
        ("Straße", "STRASSE"),  # case-folding, not just lower case
        ("❤", "❤\ufe0f"),  # the emoji and its emoji-style variant
    ],
)
def test_names_that_look_the_same_are_the_same_name(first, second):
    assert name_key(first) == name_key(second)
    with pytest.raises(ServiceError) as refused:
        clean_players([first, second])
    assert (refused.value.field, refused.value.player) == ("players", 1)
    assert "already playing" in str(refused.value)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("\u3164", "visible"),
        ("\u115f\u1160", "visible"),
        ("\u200b\u200b", "visible"),
        ("\ufe0f", "visible"),
        ("A\u200dB", "cannot be shown"),  # a joiner between letters
        ("👩\u200d", "cannot be shown"),  # a joiner at the end
        ("\u200d🚀", "cannot be shown"),
        ("Ann\u200b", "cannot be shown"),
        ("\U000e0067Ann", "cannot be shown"),  # a tag outside a flag
    ],
)
def test_invisible_and_joining_tricks_are_refused(typed, problem):
    with pytest.raises(ServiceError) as refused:
        clean_players(["Ben", typed])
    assert refused.value.player == 1
    assert problem in str(refused.value)


def test_device_names_follow_the_same_rules():
    assert clean_device("  Jose\u0301's   phone ") == "Jos\u00e9's phone"
    assert clean_device("👩\u200d🚀 phone") == "👩\u200d🚀 phone"
    for typed, problem in [("\u3164", "visible"), ("A\u202eB", "cannot be shown"), ("x" * 41, "40")]:
        with pytest.raises(ServiceError) as refused:
            clean_device(typed)
        assert refused.value.field == "device"
        assert problem in str(refused.value)


def test_minus_zero_money_is_zero(api):
    assert str(clean_value_per_point("-0")) == "0"
    assert str(clean_value_per_point("-0.00")) == "0.00"
    response = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": "-0"})
    assert response.json()["settings"]["value_per_point"] == "0.00"
    key = response.json()["id"]
    assert api.get(f"/api/sessions/{key}").json()["settings"]["value_per_point"] == "0.00"


def test_the_lock_names_an_existing_round_to_correct(api):
    key = api.post("/api/sessions", {"players": ["Ann", "Ben"]}).json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 4]}, token=token)
    response = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone", "round": 1}, token=token)
    assert (response.status_code, response.json()["token"]) == (200, token)
    assert api.get(f"/api/sessions/{key}").json()["lock"]["round"] == 1
    response = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone", "round": 2}, token=token)
    assert (response.status_code, response.json()["error"]) == (400, "Round: there is no round 2 to correct")


def test_covering_is_taken_where_the_rule_is_on(api):
    key = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat"], "covering_rule": True}).json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]
    response = api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 4, 5], "covering": 1}, token=token)
    assert response.status_code == 201
    assert response.json()["round"]["covering"] == 1
