"""The preview works out each loser's penalty (`working`): cards left, the tier's rate, the 2s held
and the penalty, so the panel writes every multiplier the same way ("13 × 4 = 52", "16 × 2 × 2 = 64")."""

import pytest

from tests.rounds.test_by_place_api import create

pytestmark = pytest.mark.django_db


def preview(api, key, **round_):
    response = api.post(f"/api/sessions/{key}/preview", round_)
    assert response.status_code == 200, response.json()
    return response.json()["round"]


def test_hong_kong_works_out_the_tier_and_each_doubling_two(api):
    state = create(api, preset="hong-kong")
    shown = preview(api, state["id"], cards=[13, 0, 13, 8], twos=[0, 0, 4, 0])
    assert shown["working"] == [
        {"cards": 13, "rate": 4, "twos": 0, "penalty": 52, "times": 1},
        None,
        {"cards": 13, "rate": 4, "twos": 4, "penalty": 832, "times": 1},
        {"cards": 8, "rate": 2, "twos": 0, "penalty": 16, "times": 1},
    ]
    assert [work and work["penalty"] for work in shown["working"]] == [
        penalty or None for penalty in shown["penalties"]
    ]
    assert shown["doubling"] == [None, None, {"base": 52, "twos": 4}, None]  # kept as it was


def test_house_tiers_work_out_the_points_each_two_adds(api):
    state = create(api, tiers=[[1, 2], [8, 3], [13, 5]], twos={"points_per_two": 4})
    shown = preview(api, state["id"], cards=[7, 0, 13, 5], twos=[1, 0, 2, 0])
    assert shown["working"] == [
        {"cards": 7, "rate": 2, "twos": 1, "penalty": 18, "times": 1},
        None,
        {"cards": 13, "rate": 5, "twos": 2, "penalty": 73, "times": 1},
        {"cards": 5, "rate": 2, "twos": 0, "penalty": 10, "times": 1},
    ]


def test_by_place_has_places_and_no_working(api):
    state = create(api, preset="taiwan-place")
    shown = preview(api, state["id"], cards=[3, 0, 7, 5])
    assert shown["places"] == [2, 1, 4, 3]
    assert "working" not in shown


def test_the_spade_two_and_a_bomb_show_as_times(api):
    state = api.post("/api/sessions", {"players": ["A", "B", "C", "D"], "preset": "chu-da-di"}).json()
    preview = api.post(
        f"/api/sessions/{state['id']}/preview", {"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}
    ).json()["round"]
    assert [
        None if worked is None else (worked["penalty"], worked["times"]) for worked in preview["working"]
    ] == [
        (18, 2),
        None,
        (30, 4),
        (4, 2),
    ]
