"""SPEC 5 "Our rules" on the group's page (no JavaScript): shown to both links, set and cleared with
the edit link only, and the new-evening form starting from them."""

import pytest

from groups.models import Group, GroupEvening
from groups.services import group_writes as services
from rounds.inputs import clean_settings

pytestmark = pytest.mark.django_db

# The settings form as a phone sends it: pay the difference, 1 a card, ×2 from 8, ×3 from 10, ×4 at 13.
FORM = {
    "mode": "pay_difference",
    "base_rate": "1",
    "tier_from_1": "8",
    "tier_times_1": "2",
    "tier_from_2": "10",
    "tier_times_2": "3",
    "tier_from_3": "13",
    "tier_times_3": "4",
    "twos_rule": "points",
    "points_per_two": "3",
    "length": "rounds",
    "rounds": "12",
    "target": "50",
    "value_per_point": "0.5",
    "currency": "hkd",
    "covering_style": "pays_for_everyone",
    "randomize_seats": "on",
}


@pytest.fixture
def group():
    group = services.group_create(name="Thursday table")
    services.group_session_create(
        group=group, players=["Ann", "Ben", "Cat"], settings=clean_settings({"preset": "classic-points"})
    )
    return group


def page(client, key, **headers):
    reply = client.get(f"/g/{key}/", headers=headers)
    assert reply.status_code == 200
    return reply.content.decode()


def test_the_page_says_when_the_group_has_no_rules_of_its_own(client, group):
    html = page(client, group.edit_key)
    assert "data-no-rules" in html
    assert "Set our rules" in html
    assert 'value="ours"' not in html  # nothing to start an evening from yet


def test_setting_the_rules_from_the_page(client, group):
    reply = client.post(f"/g/{group.edit_key}/rules", FORM)
    assert reply.status_code == 302
    assert reply["Location"] == f"/g/{group.edit_key}/"
    group.refresh_from_db()
    assert group.rules["mode"] == "pay_difference"
    assert group.rules["tiers"] == [[1, 1], [8, 2], [10, 3], [13, 4]]
    assert group.rules["twos"] == {"points_per_two": 3}
    assert (group.rules["rounds"], group.rules["target"]) == (12, None)
    assert (group.rules["value_per_point"], group.rules["currency"]) == ("0.50", "HKD")
    assert group.rules["randomize_seats"] is True
    html = page(client, group.edit_key)
    assert "×2 from 8 cards" in html
    assert "3 points a 2 held" in html
    assert "12 rounds" in html
    assert "HK$0.50 a point" in html
    assert "Change our rules" in html


def test_the_form_opens_with_the_group_rules(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    html = page(client, group.edit_key)
    form = html[html.index("data-rules-form") :]
    assert 'name="tier_from_1" min="2" max="13" inputmode="numeric" value="8"' in form
    assert 'value="pay_difference" checked' in form
    assert 'name="randomize_seats" checked' in form


def test_the_follow_link_shows_the_rules_but_cannot_change_them(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    html = page(client, group.view_key)
    assert "×2 from 8 cards" in html
    assert "data-rules-form" not in html
    assert "Change our rules" not in html
    before = Group.objects.get(pk=group.pk).rules
    assert client.post(f"/g/{group.view_key}/rules", {**FORM, "mode": "points"}).status_code == 404
    assert client.post(f"/g/{group.view_key}/rules", {"clear": "1"}).status_code == 404
    assert Group.objects.get(pk=group.pk).rules == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tier_from_1": "1"}, "at least 2"),
        ({"tier_times_1": ""}, "Give both the card count and the multiple"),
        ({"value_per_point": "-2"}, "Value per point"),
        ({"length": "target", "target": "50"}, "a points target only works in Points mode"),
    ],
)
def test_bad_rules_are_refused_on_the_page_and_nothing_is_stored(client, group, change, message):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    before = Group.objects.get(pk=group.pk).rules
    reply = client.post(f"/g/{group.edit_key}/rules", {**FORM, **change})
    assert reply.status_code == 400
    html = reply.content.decode()
    assert "data-form-errors" in html
    assert message in html
    assert Group.objects.get(pk=group.pk).rules == before


def test_clearing_the_rules(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    assert client.post(f"/g/{group.edit_key}/rules", {"clear": "1"}).status_code == 302
    assert Group.objects.get(pk=group.pk).rules is None


def test_a_new_evening_from_the_page_starts_with_our_rules(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    html = page(client, group.edit_key)
    choices = html[html.index('name="preset"') :]
    assert choices.index('value="ours"') < choices.index('value=""') < choices.index('value="classic-points"')
    ann, ben = group.players.get(name="Ann"), group.players.get(name="Ben")
    reply = client.post(
        f"/g/{group.edit_key}/evenings/new", {"players": [ann.pk, ben.pk], "new_1": "Dan", "preset": "ours"}
    )
    assert reply.status_code == 302
    session = GroupEvening.objects.filter(group=group).order_by("-pk").first().session
    assert (session.rules.mode, session.rules_json["tiers"], session.rules.twos.points_per_two) == (
        "pay_difference",
        [[1, 1], [8, 2], [10, 3], [13, 4]],
        3,
    )
    assert (session.rounds_limit, str(session.value_per_point), session.currency) == (12, "0.5000", "HKD")


def test_a_quick_setup_on_the_page_keeps_the_group_wager(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    ann, ben = group.players.get(name="Ann"), group.players.get(name="Ben")
    client.post(f"/g/{group.edit_key}/evenings/new", {"players": [ann.pk, ben.pk], "preset": "wta-flat"})
    session = GroupEvening.objects.filter(group=group).order_by("-pk").first().session
    assert (session.rules.mode, session.currency) == ("winner_takes_all", "HKD")


def test_our_rules_in_chinese(client, group):
    client.post(f"/g/{group.edit_key}/rules", FORM)
    html = page(client, group.view_key, **{"accept-language": "zh-TW"})
    assert "我們的規則" in html
    assert "Our rules" not in html
    assert "Each new evening of the group starts with these rules" not in html
