"""SPEC 13 in the browser at 360×740: the organizer starts a club night from the group's page,
ticking who came tonight from the roster and opening it for sign-up; a second phone signs up on
the follow page ("I'm in", picking its name from the club's players not in yet); the organizer sees the sign-up arrive live; the first draw closes
sign-up and sends the phone that signed up to its table."""

import pytest
from playwright.sync_api import expect

from groups.models import Group, GroupPlayer
from rounds.rules.names import name_key
from tests.e2e.test_layout import CLIPPED, DOCUMENT_WIDTH

pytestmark = [pytest.mark.browser, pytest.mark.long]

ROSTER = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Maximilian Alexander Wolfgang von Habsbu"]


def fits_360(page):
    assert page.evaluate(DOCUMENT_WIDTH) <= 360
    assert page.evaluate(CLIPPED, "main label, main button, main h1, main h2, main li") == []


def test_a_club_night_from_the_roster_with_a_sign_up_from_a_second_phone(phones, live_api, screenshot):
    status, group = live_api.call("POST", "/api/groups", {"name": "Thursday club"})
    assert status == 201
    club = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=club, name=name, name_key=name_key(name)) for name in ROSTER
    )

    organizer = phones("Organizer").open(f"/g/{group['id']}/")
    organizer.click("[data-action='new-club-night']")
    expect(organizer.locator("h1")).to_have_text("New club night")
    expect(organizer.locator("[data-roster-player]")).to_have_count(len(ROSTER))
    expect(organizer.locator("[data-roster-player]:checked")).to_have_count(0)
    expect(organizer.locator("[data-roster-count]")).to_have_text("0 players tonight")
    for name in ("Ann", "Ben"):
        organizer.get_by_label(name, exact=True).check()
    organizer.fill("#event-players", "Gus")
    expect(organizer.locator("[data-roster-count]")).to_have_text("3 players tonight")
    fits_360(organizer)
    screenshot(organizer, "club-night-roster-360")
    organizer.check("[data-signup]")
    organizer.fill("#event-rounds", "1")
    organizer.fill("#event-hands", "2")
    organizer.click("[data-action='create-event']")
    organizer.wait_for_selector("[data-status='live']")
    expect(organizer.locator("[data-signup-switch]")).to_have_attribute("data-signup-switch", "open")
    key = organizer.url.rstrip("/").rsplit("/", 1)[-1]
    event = live_api.call("GET", f"/api/events/{key}")[1]
    assert [player["name"] for player in event["players"]] == ["Ann", "Ben", "Gus"]
    assert event["rules"] == {}  # the group's rules: none of its own yet, so the default setup

    # A second phone on the follow page: "I'm in".
    phone = phones("Cat's phone")
    page = phone.open(event["links"]["follow"])
    expect(page.locator("[data-signup-form]")).to_be_visible()
    fits_360(page)
    expect(page.locator("[data-signup-pick] option")).to_have_text(
        [
            "My name is not in this list",
            "Cat",
            "Dan",
            "Eve",
            "Fay",
            "Maximilian Alexander Wolfgang von Habsbu",
        ]
    )
    page.select_option("[data-signup-pick]", "Cat")
    page.click("[data-action='sign-up']")
    expect(page.locator("[data-joined]")).to_have_text(
        "You're in, Cat: this page moves on to your table when round 1 is drawn."
    )
    page.wait_for_selector("[data-status='live']")
    screenshot(page, "club-night-signed-up-360")

    # The organizer sees it arrive, without a reload.
    signups = organizer.locator("[data-signups] [data-signup]")
    expect(signups).to_have_count(1)
    expect(signups).to_have_attribute("data-signup", "Cat")
    expect(organizer.get_by_role("heading", name="1 signed up")).to_be_visible()
    fits_360(organizer)
    screenshot(organizer, "club-night-organizer-signups-360")

    # The first draw closes sign-up; the phone that signed up moves on to its table.
    organizer.click("[data-action='draw']")
    organizer.wait_for_selector("[data-status='live']")
    expect(organizer.locator(".event-tables [data-table]")).to_have_count(1)
    expect(organizer.locator("[data-signup-switch]")).to_have_count(0)
    page.wait_for_url("**/s/**")
    expect(page.locator("[data-event-banner]")).to_contain_text("Round 1 of 1")
    late = phones("Late phone").open(event["links"]["follow"])
    expect(late.locator("[data-signup-form]")).to_have_count(0)
    assert live_api.call("POST", f"/api/events/{event['view_id']}/signup", {"name": "Hal"})[0] == 409


def test_the_roster_and_sign_up_without_javascript(phones, live_api):
    status, group = live_api.call("POST", "/api/groups", {"name": "Plain club"})
    assert status == 201
    club = Group.objects.get(edit_key=group["id"])
    GroupPlayer.objects.bulk_create(
        GroupPlayer(group=club, name=name, name_key=name_key(name)) for name in ROSTER
    )
    organizer = phones("Organizer", javascript=False).open(f"/g/{group['id']}/", live=False)
    organizer.click("[data-action='new-club-night']")
    expect(organizer.locator("[data-roster-count]")).to_have_text("0 players tonight")
    for name in ("Ann", "Ben", "Cat"):
        organizer.get_by_label(name, exact=True).check()
    organizer.check("[data-signup]")
    organizer.click("[data-action='create-event']")
    expect(organizer.locator("[data-signup-switch]")).to_have_attribute("data-signup-switch", "open")
    key = organizer.url.rstrip("/").rsplit("/", 1)[-1]
    follow = live_api.call("GET", f"/api/events/{key}")[1]["links"]["follow"]

    page = phones("Dan's phone", javascript=False).open(follow, live=False)
    fits_360(page)
    page.fill("[data-signup-name]", "Dan")
    page.click("[data-action='sign-up']")
    expect(page.locator("[data-joined]")).to_contain_text("You're in, Dan")
    organizer.reload()
    expect(organizer.locator("[data-signups] [data-signup]")).to_have_count(1)
    organizer.click("[data-action='remove-signup']")
    organizer.click("[data-action='confirm-drop']")
    expect(organizer.locator("[data-signups]")).to_have_count(0)
    dan = next(
        player
        for player in live_api.call("GET", f"/api/events/{key}")[1]["players"]
        if player["name"] == "Dan"
    )
    assert (dan["dropped"], dan["signed_up"]) == (True, True)
