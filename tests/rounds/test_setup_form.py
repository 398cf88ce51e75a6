"""The setup form (home and *Rules and length*): tier rows, the 2s rule, the by-place tables."""

import pytest

from rounds.web.form_values import form_values, initial_from_state
from rounds.web.forms import EXTRA_TIERS, SessionForm, SettingsForm

BASE = {"mode": "points", "base_rate": "1", "length": "open", "player_0": "Ann", "player_1": "Ben"}


def tier_rows(*rows: tuple[str, str]) -> dict:
    data = {}
    for number, (times, from_cards) in enumerate(rows, start=1):
        data[f"tier_times_{number}"] = times
        data[f"tier_from_{number}"] = from_cards
    return data


def changes_of(data: dict) -> dict:
    form = SessionForm(data)
    form.is_valid()
    return form.changes


def test_any_number_of_tier_rows_are_stored_as_points_per_card():
    # Hong Kong 炒, three steps: ×2 from 8, ×3 from 10, ×4 at 13, typed in any order.
    data = BASE | tier_rows(("4", "13"), ("2", "8"), ("3", "10"))
    assert changes_of(data)["tiers"] == [[1, 1], [8, 2], [10, 3], [13, 4]]
    doubled = BASE | {"base_rate": "5"} | tier_rows(("2", "8"), ("3", "10"), ("4", "13"))
    assert changes_of(doubled)["tiers"] == [[1, 5], [8, 10], [10, 15], [13, 20]]


def test_every_card_count_can_have_its_own_tier():
    rows = [(str(number), str(number)) for number in range(2, 14)]
    assert len(rows) == EXTRA_TIERS
    tiers = changes_of(BASE | tier_rows(*rows))["tiers"]
    assert tiers == [[1, 1]] + [[number, number] for number in range(2, 14)]


def test_a_fourteenth_tier_row_is_not_a_field():
    data = BASE | {f"tier_times_{EXTRA_TIERS + 1}": "9", f"tier_from_{EXTRA_TIERS + 1}": "12"}
    assert changes_of(data)["tiers"] == [[1, 1]]


@pytest.mark.parametrize(
    ("fields", "twos"),
    [
        ({"twos_rule": "off", "points_per_two": "4"}, None),
        ({"twos_rule": "points", "points_per_two": "3"}, {"points_per_two": 3}),
        ({"twos_rule": "doubles", "points_per_two": "3"}, {"doubles": True}),
    ],
)
def test_the_twos_rule_is_one_of_three(fields, twos):
    assert changes_of(BASE | fields)["twos"] == twos


BY_PLACE = BASE | {
    "mode": "by_place",
    "pays_1": "100",
    "pays_2": "200",
    "pays_3": "300",
    "heavy_pays_1": "200",
    "heavy_pays_2": "400",
    "heavy_pays_3": "600",
    "heavy_from": "10",
    "house_cut": "100",
    "house_name": " Mum ",
}


def test_by_place_sends_its_tables_and_no_twos_rule():
    changes = changes_of(BY_PLACE | {"twos_rule": "doubles"})
    assert changes["mode"] == "by_place"
    assert changes["twos"] is None  # hidden in this mode: never a refusal the player cannot see
    assert changes["places"] == {
        "pays": [100, 200, 300],
        "heavy_pays": [200, 400, 600],
        "heavy_from": 10,
        "house_cut": 100,
    }
    assert changes["house_name"] == "Mum"


def test_three_players_may_leave_the_fourth_place_blank():
    changes = changes_of(BY_PLACE | {"pays_3": "", "heavy_pays_3": "", "house_cut": "0", "house_name": ""})
    assert changes["places"]["pays"] == [100, 200]
    assert changes["places"]["heavy_pays"] == [200, 400]
    assert changes["places"]["house_cut"] == 0
    assert changes["house_name"] == ""  # the page shows "House" in its language


def test_a_gap_in_the_place_table_is_refused_on_its_field():
    form = SessionForm(BY_PLACE | {"pays_2": ""})
    assert not form.is_valid()
    assert "pays_2" in form.errors


@pytest.mark.parametrize(("field", "value"), [("heavy_from", "14"), ("heavy_from", "0"), ("house_cut", "-1")])
def test_out_of_range_place_settings_are_refused_on_their_field(field, value):
    form = SessionForm(BY_PLACE | {field: value})
    assert not form.is_valid()
    assert field in form.errors


def test_other_modes_send_no_place_table():
    changes = changes_of(BASE | {"pays_1": "100"})
    assert "places" not in changes
    assert "house_name" not in changes


def test_the_form_shows_settings_as_rows_and_multiples():
    values = form_values(
        {
            "mode": "pay_difference",
            "tiers": [[1, 1], [8, 2], [10, 3], [13, 4]],
            "twos": {"doubles": True},
            "rounds": None,
            "target": None,
        }
    )
    assert values["tiers"] == [[8, "2"], [10, "3"], [13, "4"]]
    assert values["twos_rule"] == "doubles"
    places = form_values(
        {
            "mode": "by_place",
            "tiers": [[1, 1]],
            "twos": None,
            "places": {"pays": [50, 100], "heavy_pays": [100, 200], "heavy_from": 8, "house_cut": 0},
            "house_name": "Mum",
            "rounds": 7,
            "target": None,
        }
    )
    assert (places["pays"], places["heavy_pays"], places["heavy_from"], places["house_cut"]) == (
        [50, 100],
        [100, 200],
        8,
        0,
    )
    assert places["house_name"] == "Mum"


def test_the_mid_evening_sheet_starts_from_the_session_and_renders_each_row():
    initial = initial_from_state(
        {
            "mode": "points",
            "tiers": [[1, 1], [8, 2], [10, 3], [13, 4]],
            "twos": {"points_per_two": 2},
            "rounds": None,
            "target": None,
            "value_per_point": None,
            "currency": "",
            "covering_rule": False,
            "covering_style": "pays_for_everyone",
        }
    )
    form = SettingsForm(initial=initial)
    rows = [(from_field.value(), times_field.value()) for from_field, times_field in form.tier_fields()]
    assert rows == [(8, "2"), (10, "3"), (13, "4")]
    assert form["twos_rule"].value() == "points"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"house_cut": "300"}, "house_cut"),  # more than a heavy round's smallest payment (200)
        ({"pays_2": "50"}, "pays_1"),  # decreasing amounts
        ({"heavy_pays_3": "100"}, "heavy_pays_1"),
    ],
)
def test_the_rules_refusals_land_on_the_field_they_name(fields, field):
    form = SessionForm(BY_PLACE | fields)
    assert not form.is_valid()
    assert list(form.errors) == [field]
    assert form.settings is None
