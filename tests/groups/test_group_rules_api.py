"""SPEC 5 "Our rules" over the API: PATCH /api/groups/<id> sets a group's own rules, its new evenings
and rematches start from them, and evenings already played keep the rules they had."""

import pytest
from django.db import IntegrityError, transaction

from groups.models import Group
from rounds.models import Session
from tests.groups.helpers import HONG_KONG_LIKE, new_group

pytestmark = pytest.mark.django_db


def set_rules(api, key, rules):
    return api.patch(f"/api/groups/{key}", {"rules": rules})


def evening(api, group_key, **fields):
    reply = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"], "group": group_key, **fields})
    assert reply.status_code == 201, reply.content
    return reply.json()


def test_a_new_group_has_no_rules_of_its_own(api):
    group = new_group(api)
    assert group["rules"] is None
    assert api.get(f"/api/groups/{group['view_id']}").json()["rules"] is None


def test_patch_sets_the_rules_and_both_keys_show_them(api):
    group = new_group(api)
    reply = set_rules(api, group["id"], HONG_KONG_LIKE)
    assert reply.status_code == 200, reply.content
    expected = {
        "game": "big_two",
        **HONG_KONG_LIKE,
        "target": None,
        "currency": "HKD",  # as the session's parser writes it
        "covering_rule": False,
        "covering_style": "pays_for_everyone",
        "randomize_seats": False,
    }
    assert reply.json()["rules"] == expected
    assert api.get(f"/api/groups/{group['view_id']}").json()["rules"] == expected


def test_the_group_keeps_the_same_json_as_a_session_settings(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    rules = api.get(f"/api/groups/{group['id']}").json()["rules"]
    stranger = api.post("/api/sessions", {"players": ["Ann", "Ben"], **HONG_KONG_LIKE}).json()
    assert {key: value for key, value in rules.items() if key != "randomize_seats"} == stranger["settings"]


def test_a_preset_fills_the_rules_and_explicit_fields_override_it(api):
    group = new_group(api)
    rules = set_rules(api, group["id"], {"preset": "wta-doubles", "rounds": 5}).json()["rules"]
    preset = next(item for item in api.get("/api/presets").json() if item["id"] == "wta-doubles")
    assert (rules["mode"], rules["tiers"], rules["twos"]) == (preset["mode"], preset["tiers"], preset["twos"])
    assert rules["rounds"] == 5 != preset["rounds"]


def test_a_patch_changes_only_the_fields_it_gives(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    rules = set_rules(api, group["id"], {"currency": "TWD", "randomize_seats": True}).json()["rules"]
    assert rules["currency"] == "TWD"
    assert rules["randomize_seats"] is True
    assert (rules["mode"], rules["tiers"], rules["rounds"]) == ("pay_difference", HONG_KONG_LIKE["tiers"], 12)


def test_null_clears_the_rules(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    assert set_rules(api, group["id"], None).json()["rules"] is None
    assert Group.objects.get(edit_key=group["id"]).rules is None


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"mode": "snap"}, "mode"),
        ({"tiers": [[1, 1], [10, -2]]}, "tiers"),
        ({"twos": {"points_per_two": 0}}, "twos"),
        ({"rounds": 0}, "rounds"),
        ({"mode": "pay_difference", "target": 50}, "target"),
        ({"value_per_point": "-1"}, "value_per_point"),
        ({"currency": "A VERY LONG CURRENCY"}, "currency"),
        ({"preset": "no-such-preset"}, "preset"),
        ({"covering_style": "sideways"}, "covering_style"),
        ({"randomize_seats": "yes"}, "randomize_seats"),
        ({"players": ["Ann", "Ben"]}, "players"),
        ({"group": "abc"}, "group"),
        ([1, 2], "rules"),
        ("classic", "rules"),
    ],
)
def test_bad_rules_are_refused_naming_the_field_and_nothing_is_stored(api, rules, field):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    before = Group.objects.get(edit_key=group["id"]).rules
    reply = set_rules(api, group["id"], rules)
    assert reply.status_code == 400, reply.content
    assert reply.json()["field"] == field
    assert reply.json()["error"]
    assert Group.objects.get(edit_key=group["id"]).rules == before


def test_the_same_parser_refuses_the_same_rules_on_a_session(api):
    group = new_group(api)
    bad = {"tiers": [[1, 1], [10, -2]]}
    as_group = set_rules(api, group["id"], bad).json()
    as_session = api.post("/api/sessions", {"players": ["Ann", "Ben"], **bad}).json()
    assert as_group == as_session


def test_a_body_without_rules_and_the_follow_key_are_refused(api):
    group = new_group(api)
    missing = api.patch(f"/api/groups/{group['id']}", {})
    assert (missing.status_code, missing.json()["field"]) == (400, "rules")
    unknown = api.patch(f"/api/groups/{group['id']}", {"rules": None, "name": "Friday"})
    assert (unknown.status_code, unknown.json()["field"]) == (400, "name")
    followed = set_rules(api, group["view_id"], HONG_KONG_LIKE)
    assert followed.status_code == 403
    assert Group.objects.get(edit_key=group["id"]).rules is None
    assert set_rules(api, "no-such-group", HONG_KONG_LIKE).status_code == 404


def test_a_group_evening_starts_from_the_group_rules(api):
    group = new_group(api)
    rules = set_rules(api, group["id"], HONG_KONG_LIKE).json()["rules"]
    state = evening(api, group["id"])
    assert state["settings"] == {key: value for key, value in rules.items() if key != "randomize_seats"}


def test_fields_given_with_the_evening_still_override_the_group_rules(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    settings = evening(api, group["id"], rounds=None, preset="classic-points")["settings"]
    assert (settings["mode"], settings["tiers"], settings["rounds"]) == (
        "points",
        [[1, 1], [10, 2], [13, 3]],
        None,
    )
    # A preset keeps the group's wager, as it keeps a session's.
    assert (settings["value_per_point"], settings["currency"]) == ("0.50", "HKD")


def test_a_group_that_draws_seats_draws_them_unless_the_evening_says_not(api):
    group = new_group(api)
    set_rules(api, group["id"], {"randomize_seats": True})
    names = ["Ann", "Ben", "Cat", "Dan"]
    drawn = [evening(api, group["id"])["players"] for _ in range(12)]
    assert any([player["seat"] for player in players] != [0, 1, 2, 3] for players in drawn)
    kept = evening(api, group["id"], randomize_seats=False)["players"]
    assert [(player["name"], player["seat"]) for player in kept] == list(zip(names, range(4), strict=True))


def test_without_rules_of_its_own_a_group_evening_starts_as_before(api):
    group = new_group(api)
    stranger = api.post("/api/sessions", {"players": ["Ann", "Ben"]}).json()["settings"]
    assert evening(api, group["id"])["settings"] == stranger


def test_changing_the_group_rules_changes_later_evenings_only(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    before = evening(api, group["id"])
    set_rules(api, group["id"], {"preset": "wta-flat", "value_per_point": None})
    after = evening(api, group["id"])
    assert api.get(f"/api/sessions/{before['id']}").json()["settings"] == before["settings"]
    assert before["settings"]["mode"] == "pay_difference"
    assert after["settings"]["mode"] == "winner_takes_all"
    assert after["settings"]["value_per_point"] is None
    stored = Session.objects.get(edit_key=before["id"])
    assert (stored.rules.mode, stored.rules_json["tiers"], stored.rules.twos.points_per_two) == (
        "pay_difference",
        HONG_KONG_LIKE["tiers"],
        2,
    )


def test_a_rematch_of_a_group_evening_takes_the_group_rules_as_they_are_now(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    first = evening(api, group["id"])
    set_rules(api, group["id"], {"preset": "points-50"})
    rematch = api.post(f"/api/sessions/{first['id']}/rematch")
    assert rematch.status_code == 201, rematch.content
    settings = rematch.json()["settings"]
    assert (settings["mode"], settings["target"], settings["currency"]) == ("points", 50, "HKD")
    assert api.get(f"/api/sessions/{first['id']}").json()["settings"]["mode"] == "pay_difference"
    # The rematch is the group's next evening, its players in the same seats.
    assert [player["seat"] for player in rematch.json()["players"]] == [
        player["seat"] for player in first["players"]
    ]
    assert Group.objects.get(edit_key=group["id"]).evenings.count() == 2


def test_a_rematch_keeps_the_evening_rules_when_the_group_has_none(api):
    group = new_group(api)
    first = evening(api, group["id"], preset="wta-doubles", currency="EUR")
    settings = api.post(f"/api/sessions/{first['id']}/rematch").json()["settings"]
    assert settings == first["settings"]


def test_a_stranger_session_rematch_is_not_touched_by_any_group(api):
    group = new_group(api)
    set_rules(api, group["id"], HONG_KONG_LIKE)
    alone = api.post("/api/sessions", {"players": ["Ann", "Ben"], "preset": "quick-3"}).json()
    assert api.post(f"/api/sessions/{alone['id']}/rematch").json()["settings"] == alone["settings"]


def test_the_database_holds_only_whole_rules_or_none(api):
    group = Group.objects.get(edit_key=new_group(api)["id"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Group.objects.filter(pk=group.pk).update(rules={"currency": "HKD"})
    assert Group.objects.get(pk=group.pk).rules is None
