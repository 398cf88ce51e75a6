"""An event named with a group plays the group's own rules (SPEC 5 "Our rules", SPEC 11), read
through groups.reads.selectors.group_rules; the event's hands still set each table's length."""

import pytest

from events.models import Event
from tests.events.helpers import NAMES, draw, new_event
from tests.groups.helpers import HONG_KONG_LIKE, new_group

pytestmark = pytest.mark.django_db

OURS = {**HONG_KONG_LIKE, "covering_rule": True}


def table_settings(api, event_key):
    drawn = draw(api, event_key)
    return [api.get(f"/api/sessions/{table['session']}").json()["settings"] for table in drawn["tables"]]


def test_an_event_with_a_group_plays_the_groups_rules_for_the_events_hands(api):
    group = new_group(api, OURS)
    event = new_event(api, hands=3, group=group["id"])
    settings = table_settings(api, event["id"])
    assert len(settings) == len(NAMES) // 4
    for table in settings:
        assert table["mode"] == "pay_difference"
        assert table["tiers"] == OURS["tiers"]
        assert table["twos"] == {"points_per_two": 2}
        assert table["value_per_point"] == "0.50"
        assert table["currency"] == "HKD"
        assert table["covering_rule"] is True
        assert table["rounds"] == 3  # the event's hands, not the group's 12
        assert table["target"] is None


def test_rules_changed_later_leave_the_event_as_it_was_made(api):
    group = new_group(api, OURS)
    event = new_event(api, hands=2, group=group["id"])
    api.patch(f"/api/groups/{group['id']}", {"rules": {"preset": "wta-flat"}})
    assert {table["mode"] for table in table_settings(api, event["id"])} == {"pay_difference"}


def test_a_group_without_rules_of_its_own_gives_the_default_setup(api):
    plain = new_event(api, hands=2)
    with_group = new_event(api, hands=2, group=new_group(api)["id"])
    assert table_settings(api, with_group["id"]) == table_settings(api, plain["id"])


def test_a_follow_key_or_both_rules_and_group_are_refused_and_nothing_is_made(api):
    group = new_group(api, OURS)
    body = {"name": "Club", "players": NAMES, "rounds": 1, "hands": 2}
    follow = api.post("/api/events", {**body, "group": group["view_id"]})
    assert follow.status_code == 400
    assert follow.json()["field"] == "group"
    both = api.post("/api/events", {**body, "group": group["id"], "rules": {"preset": "wta-flat"}})
    assert both.status_code == 400
    assert both.json()["field"] == "rules"
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    ("rules", "shown"),
    [
        ({"game": "tien_len", "tien_len": {"first": 3}}, ("tien_len", "tien_len", 3)),
        ({"mode": "own_scores", "zero_sum": False}, ("big_two", "own_scores", None)),
        ({"preset": "chu-da-di"}, ("big_two", "winner_takes_all", None)),
    ],
    ids=["tien-len", "own-scores", "chu-da-di"],
)
def test_a_club_of_each_game_holds_its_night_under_its_rules(api, rules, shown):
    """A Tiến lên club's night was refused at its creation, naming a mode nobody sent ('Mode:
    choose points, ...'): the club's rules were handed on as the state shows them, mode tien_len."""
    group = new_group(api, rules)
    event = new_event(api, hands=2, group=group["id"])
    for table in table_settings(api, event["id"]):
        assert (table["game"], table["mode"], table.get("tien_len", {}).get("first")) == shown
        assert table["rounds"] == 2
        assert table.get("zero_sum", False) is False
