"""A group at 360×740: create it, play two evenings from it, and watch the season page follow live."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds

pytestmark = pytest.mark.both_passes  # the season page following live through Redis too


def season_cell(page, name, column):
    """The season table's cell for `name` in `column` (0: net, 1: rating, 2: games, 3: wins ...)."""
    return page.locator(f'[data-season-player="{name}"] td').nth(column)


def test_create_a_group_play_two_evenings_and_see_the_season_live(phones, screenshot):
    host = phones("Ann's phone")
    page = host.open("/", live=False)
    page.fill("#group-name", "Thursday table")
    page.click("[data-action='create-group']")
    page.wait_for_selector("[data-status='live']")
    group_url = page.url
    expect(page.locator("[data-group-name]")).to_have_text("Thursday table")
    follow_url = page.locator("[data-share-url='follow']").get_attribute("href")

    watcher = phones("Table tablet").open(follow_url.removeprefix(host.server_url))
    expect(watcher.locator("[data-season-empty]")).to_be_visible()

    # Evening 1: three newcomers join the group as the evening starts.
    for number, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        page.fill(f"input[name='new_{number}']", name)
    page.click("[data-action='start-evening']")
    page.wait_for_selector("[data-status='live']")
    type_keys(page, "5 0 J Enter")
    wait_for_rounds(page, 1)
    # Points (classic): 5, 0, 22; the net is the difference, Σ T_j − 3·T_i: Ben 27, Ann 12, Cat −39.
    expect(season_cell(watcher, "Ben", 0)).to_have_text("27")
    expect(season_cell(watcher, "Ann", 0)).to_have_text("12")
    expect(season_cell(watcher, "Cat", 2)).to_have_text("1")

    # Evening 2: the same three, ticked on the group page.
    page.goto(group_url)
    for name in ["Ann", "Ben", "Cat"]:
        page.get_by_label(name, exact=True).check()
    page.click("[data-action='start-evening']")
    page.wait_for_selector("[data-status='live']")
    type_keys(page, "0 3 2 Enter")
    wait_for_rounds(page, 1)
    expect(watcher.locator("[data-evening]")).to_have_count(2)
    expect(season_cell(watcher, "Ann", 2)).to_have_text("2")
    expect(season_cell(watcher, "Ann", 3)).to_have_text("1")
    screenshot(watcher, "season-live")
    # The home page lists the group this device opened; it opens the season page.
    host.open("/", live=False)
    expect(page.locator("[data-group-list] a")).to_have_text(["Thursday table"])
    page.locator("[data-group-list] a").click()
    expect(page.locator("[data-season-player]")).to_have_count(3)


def test_import_a_paper_log_from_the_group_page(phones, live_api, screenshot):
    from tests.groups.test_paper_import import SAMPLE

    status, group = live_api.call("POST", "/api/groups", {"name": "From paper"})
    assert status == 201
    phone = phones("Ann's phone")
    page = phone.open(f"/g/{group['id']}/")
    page.click("[data-action='import-log']")
    page.fill("#log", SAMPLE.replace("0 10 12", "0 10 14"))
    page.click("[data-action='preview-import']")
    expect(page.locator("[data-import-error]")).to_have_attribute("data-line", "10")
    expect(page.locator("[data-action='commit-import']")).to_have_count(0)
    page.fill("#log", SAMPLE)
    page.click("[data-action='preview-import']")
    expect(page.locator("[data-preview='rounds']")).to_have_text("4")
    screenshot(page, "import-preview")
    page.click("[data-action='commit-import']")
    page.wait_for_selector("[data-status='live']")
    expect(page.locator("[data-season-player]")).to_have_count(4)
    expect(page.locator("[data-evening]")).to_have_count(2)
