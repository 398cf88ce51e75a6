"""The pages of SPEC 13's roster and sign-up, without JavaScript (plain forms): *New club night*
on the group's page lists the group's players to tick plus new names and plays the group's rules;
the follow page's "I'm in" until the first draw, then "you are in"; the organizer's switch, the
sign-ups listed and a sign-up removed like any player."""

import re
from html import unescape

import pytest

from events.models import Event, EventPlayer
from groups.models import Group, GroupPlayer
from rounds.rules.names import name_key
from tests.events.helpers import NAMES, draw, new_event
from tests.groups.helpers import HONG_KONG_LIKE, new_group

pytestmark = pytest.mark.django_db
ROSTER = ["Cat", "ann", "Ben", "Dan", "Eve"]


def club(api, rules=HONG_KONG_LIKE):
    group = new_group(api, rules)
    found = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=found, name=name, name_key=name_key(name)) for name in ROSTER
    )
    return group


def text(reply):
    return unescape(reply.content.decode())


def night_form(ticked, new="", **fields):
    return {
        "name": "Thursday night",
        "roster": ticked,
        "players": new,
        "rounds": "2",
        "hands": "3",
        "seating": "random",
        **fields,
    }


def test_the_groups_page_opens_a_club_night_with_the_roster_to_tick(client, api):
    group = club(api)
    page = text(client.get(f"/g/{group['id']}/"))
    link = re.search(r'href="([^"]+)" data-action="new-club-night"', page).group(1)
    assert link == f"/e/new/{group['id']}"
    reply = client.get(link)
    assert reply["Cache-Control"] == "private, no-store"  # the group's edit key is in its path
    form = text(reply)
    ticks = re.findall(r'<input type="checkbox" name="roster" value="([^"]+)"\s*(checked)?', form)
    assert ticks == [("ann", ""), ("Ben", ""), ("Cat", ""), ("Dan", ""), ("Eve", "")]  # none ticked
    assert "0 players tonight" in form
    assert 'name="preset"' not in form  # the group's rules
    assert 'value="Thursday table"' in form  # the night named after the club


def test_the_follow_key_of_a_group_opens_no_roster(client, api):
    group = club(api)
    assert client.get(f"/e/new/{group['view_id']}").status_code == 404
    assert client.get("/e/new/nothing").status_code == 404
    assert "New club night" not in text(client.get(f"/g/{group['view_id']}/"))


def test_the_ticked_players_and_new_names_play_the_groups_rules(client, api):
    group = club(api)
    reply = client.post(f"/e/new/{group['id']}", night_form(["ann", "Cat", "Eve"], "Fay\nGus"))
    assert reply.status_code == 302, text(reply)
    event = Event.objects.get()
    assert list(EventPlayer.objects.values_list("name", flat=True)) == ["ann", "Cat", "Eve", "Fay", "Gus"]
    assert event.rules["mode"] == "pay_difference"
    assert event.rules["tiers"] == HONG_KONG_LIKE["tiers"]
    assert event.signup is False


def test_a_refused_night_keeps_the_ticks_and_the_names(client, api):
    group = club(api)
    reply = client.post(f"/e/new/{group['id']}", night_form(["Ben", "Cat", "Dan"], "ben"))
    assert reply.status_code == 400
    page = text(reply)
    assert "Ben is already playing" in page  # the name there, as the list writes it
    assert re.search(r'value="Ben"\s*checked', page)
    assert re.search(r'value="Eve"\s*data-roster-player', page)  # not ticked
    assert "4 players tonight" in page
    assert Event.objects.count() == 0


def test_a_night_from_the_roster_can_open_for_sign_up_with_few_ticked(client, api):
    group = club(api)
    reply = client.post(f"/e/new/{group['id']}", night_form(["Ben"], signup="1"))
    assert reply.status_code == 302, text(reply)
    assert Event.objects.get().signup is True
    short = client.post(f"/e/new/{group['id']}", night_form(["Ben"]))
    assert short.status_code == 400
    assert "give 4 to 200 names" in text(short)


def test_the_follow_page_signs_a_player_up_without_javascript_then_says_they_are_in(client, api):
    event = new_event(api, players=NAMES[:3], signup=True)
    follow = text(client.get(f"/e/{event['view_id']}/"))
    assert "I'm in" in follow
    assert 'name="pick"' not in follow  # no group: type a name
    reply = client.post(f"/e/{event['view_id']}/signup", {"name": "Eve"})
    player = EventPlayer.objects.get(name="Eve")
    assert reply.status_code == 302
    assert reply["Location"] == f"/e/{event['view_id']}/me?player={player.pk}&in=1"
    page = text(client.get(reply["Location"]))
    assert "You're in, Eve: this page moves on to your table when round 1 is drawn." in page
    assert "data-signup-form" not in page
    assert 'data-player-link="Eve"' in page


def test_a_refused_sign_up_is_said_on_the_follow_page_and_keeps_the_name(client, api):
    event = new_event(api, players=NAMES[:3], signup=True)
    reply = client.post(f"/e/{event['view_id']}/signup", {"name": "ANN"})
    assert reply.status_code == 400
    assert "Name: Ann is already in tonight's list" in text(reply)
    assert 'value="ANN"' in text(reply)
    draw_ready = client.post(f"/e/{event['view_id']}/signup", {"name": "Dan"})
    assert draw_ready.status_code == 302
    draw(api, event["id"])
    late = client.post(f"/e/{event['view_id']}/signup", {"name": "Eve"})
    assert late.status_code == 409
    assert "sign-up has closed" in text(late)
    assert "data-signup-form" not in text(late)
    assert not EventPlayer.objects.filter(name="Eve").exists()


def test_the_follow_page_has_no_sign_up_while_it_is_off(client, api):
    event = new_event(api)
    assert "data-signup-form" not in text(client.get(f"/e/{event['view_id']}/"))
    refused = client.post(f"/e/{event['view_id']}/signup", {"name": "Zed"})
    assert refused.status_code == 403
    assert "not open for sign-up" in text(refused)


def test_the_organizer_opens_sign_up_sees_who_signed_up_and_removes_one(client, api):
    event = new_event(api, players=NAMES[:4])
    organizer = f"/e/{event['id']}/"
    assert 'data-signup-switch="closed"' in text(client.get(organizer))
    assert client.post(f"/e/{event['id']}/signup/switch", {"signup": "1"}).status_code == 302
    assert Event.objects.get().signup is True
    api.post(f"/api/events/{event['view_id']}/signup", {"name": "Zoë"})
    page = text(client.get(organizer))
    assert 'data-signup-switch="open"' in page
    assert "1 signed up" in page
    assert f'href="/e/{event["id"]}/?drop=Zo%C3%AB" data-action="remove-signup"' in page
    confirm = text(client.get(f"{organizer}?drop=Zo%C3%AB"))
    assert "Drop Zoë? Their results stay" in confirm
    dropped = client.post(f"/e/{event['id']}/players", {"drop": "Zoë", "confirm": "1"})
    assert dropped.status_code == 302
    assert EventPlayer.objects.get(name="Zoë").dropped is True
    assert "signed up" not in text(client.get(organizer))
    assert "Drop Nobody?" not in text(client.get(f"{organizer}?drop=Nobody"))


def test_the_follow_key_cannot_switch_sign_up(client, api):
    event = new_event(api)
    assert client.post(f"/e/{event['view_id']}/signup/switch", {"signup": "1"}).status_code == 404
    assert Event.objects.get().signup is False


def test_a_refused_draw_says_how_many_are_in_and_keeps_the_sign_ups_removable(client, api):
    event = new_event(api, players=["Ann"], signup=True)
    api.post(f"/api/events/{event['view_id']}/signup", {"name": "Eve"})
    refused = client.post(f"/e/{event['id']}/draw")  # the page answers at /e/<key>/draw
    assert refused.status_code == 409
    page = text(refused)
    assert "Players: a round needs at least 4 players, and 2 are in" in page
    assert f'href="/e/{event["id"]}/?drop=Eve" data-action="remove-signup"' in page


def test_a_clubs_night_offers_its_players_not_in_yet_to_pick_from(client, api):
    group = club(api)
    client.post(f"/e/new/{group['id']}", night_form(["ann", "Ben"], signup="1"))
    event = Event.objects.get()
    follow = text(client.get(f"/e/{event.view_key}/"))
    assert re.findall(r"<option>([^<]+)</option>", follow) == ["Cat", "Dan", "Eve"]
    assert client.post(f"/e/{event.view_key}/signup", {"pick": "Cat", "name": ""}).status_code == 302
    assert client.post(f"/e/{event.view_key}/signup", {"pick": "", "name": " dan "}).status_code == 302
    assert client.post(f"/e/{event.view_key}/signup", {"pick": "Eve", "name": "Zed"}).status_code == 302
    assert re.findall(r"<option>([^<]+)</option>", text(client.get(f"/e/{event.view_key}/"))) == ["Eve"]
    draw(api, event.edit_key)
    members = dict(EventPlayer.objects.values_list("name", "member__name"))
    assert members == {name: name for name in ("ann", "Ben", "Cat", "Dan", "Zed")}  # typed wins over picked
