"""A club night in the browser: the organizer makes an event of 8 players and 2 rounds, two
tables' phones find their tables from the follow page, and the screen follows both live."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds

pytestmark = [pytest.mark.browser, pytest.mark.long]

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SCREEN = {"width": 1280, "height": 720}
# A round entered at a table shows on the screen within a second (SPEC 11): that figure is
# measured in benchmarks/event_night.py. Here the screen must follow at all, and a busy machine
# (a CI runner at load 15 once took over 1.5 s) may take longer.
ON_SCREEN_MS = 10_000


def table_card(page, number):
    return page.locator(f".screen-table[data-table='{number}']")


def join_as(phones, follow_path, name):
    """A player's phone: the follow page, "who are you?", then their table's page."""
    phone = phones(f"{name}'s phone")
    page = phone.open(follow_path)
    page.click(f"[data-player-link='{name}']")
    page.wait_for_selector("[data-status='live']")
    return page


def test_an_organizer_two_tables_and_the_screen_live(phones, browser, server_url, live_api, screenshot):
    organizer = phones("Organizer").open("/e/new", live=False)
    organizer.fill("#event-name", "Friday club")
    organizer.fill("#event-players", "\n".join(PLAYERS))
    organizer.fill("#event-rounds", "2")
    organizer.fill("#event-hands", "2")
    organizer.click("[data-action='create-event']")
    organizer.wait_for_selector("[data-status='live']")
    expect(organizer.locator("[data-no-round]")).to_be_visible()
    organizer.click("[data-action='draw']")
    organizer.wait_for_selector("[data-status='live']")
    expect(organizer.locator(".event-tables [data-table]")).to_have_count(2)
    screen_path = organizer.locator("[data-link='screen']").get_attribute("href")
    follow_path = (
        organizer.locator("[data-share-url='follow']").get_attribute("href").removeprefix(server_url)
    )

    context = browser.new_context(viewport=SCREEN, locale="en-GB")
    errors = []
    screen = context.new_page()
    screen.on("pageerror", lambda error: errors.append(str(error)))
    screen.goto(server_url + screen_path)
    screen.wait_for_selector("[data-status='live']")
    expect(screen.locator(".screen-table")).to_have_count(2)
    expect(screen.locator(".screen-table svg")).to_have_count(2)  # each table's join page

    ann = join_as(phones, follow_path, "Ann")
    ann_table = 1 if "Ann" in table_card(screen, 1).inner_text() else 2
    other = 3 - ann_table
    someone_else = next(name for name in PLAYERS if name in table_card(screen, other).inner_text())
    second = join_as(phones, follow_path, someone_else)
    assert ann.url != second.url

    # A hand at Ann's table, then one at the other: each on the screen within a second.
    expect(table_card(screen, ann_table)).to_contain_text("Hand 1 of 2")
    type_keys(ann, "3 4 5 Enter")
    wait_for_rounds(ann, 1)
    expect(table_card(screen, ann_table)).to_contain_text("Hand 2 of 2", timeout=ON_SCREEN_MS)
    type_keys(second, "6 7 8 Enter")
    wait_for_rounds(second, 1)
    expect(table_card(screen, other)).to_contain_text("Hand 2 of 2", timeout=ON_SCREEN_MS)
    # Who is entering shows while a phone holds the entry.
    type_keys(ann, "2")
    expect(table_card(screen, ann_table)).to_contain_text("Ann's phone is entering", timeout=ON_SCREEN_MS)
    type_keys(ann, "3 4 Enter")
    wait_for_rounds(ann, 2)
    expect(table_card(screen, ann_table)).to_contain_text("Finished", timeout=ON_SCREEN_MS)
    # The organizer's page follows too, and the next round waits for the other table.
    expect(organizer.locator(f".event-tables [data-table='{ann_table}']")).to_contain_text("Finished")
    type_keys(second, "1 9 8 Enter")
    wait_for_rounds(second, 2)
    expect(table_card(screen, other)).to_contain_text("Finished", timeout=ON_SCREEN_MS)
    expect(screen.locator("[data-standing]")).to_have_count(8)
    expect(screen.locator("[data-standing] [data-net]").first).not_to_have_text("0")

    # Round 2: the screen moves on to the new tables by itself.
    organizer.click("[data-action='draw']")
    expect(screen.locator(".screen-clock")).to_contain_text("Round 2 of 2")
    expect(screen.locator(".screen-table")).to_have_count(2)
    expect(table_card(screen, 1)).to_contain_text("Hand 1 of 2")
    status, event = live_api.call("GET", "/api/events/" + organizer.url.rstrip("/").rsplit("/", 1)[-1])
    assert status == 200
    first_table = event["rounds"][-1]["tables"][0]
    live_api.add_rounds(first_table["session"], [0, 4, 7, 2])
    live_api.call(
        "POST", f"/api/sessions/{event['rounds'][-1]['tables'][1]['session']}/lock", {"device": "Fay's phone"}
    )
    expect(table_card(screen, 1)).to_contain_text("Hand 2 of 2", timeout=ON_SCREEN_MS)
    expect(table_card(screen, 2)).to_contain_text("Fay's phone is entering", timeout=ON_SCREEN_MS)
    screenshot(screen, "event-screen")
    context.close()
    assert errors == []
