"""Taking the whole loss (SPEC 3.5) in the browser: the entry chip says which covering rule
applies, and the settings sheet switches between the two."""

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds
from tests.e2e.test_layout import clipped


def test_a_whole_loss_is_marked_with_its_own_chip_and_scored_at_360(phones, live_api, screenshot):
    state = live_api.create(
        players=["Ann", "Benjamin", "Catherine", "Dan"],
        preset="pay-difference",
        twos={"points_per_two": 2},
        covering_rule=True,
        covering_style="takes_whole_loss",
    )
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator("[data-entry-rules]")).to_contain_text("covering takes the whole loss")
    chip = page.locator('label:has([data-cover="0"])')
    expect(chip).to_have_text("takes all")
    type_keys(page, "5 0 J K")
    chip.tap()
    expect(page.locator('[data-player="0"] [data-preview]')).to_have_text("−87")
    assert clipped(page, "[data-player], [data-player] *, [data-entry-rules]") == []
    screenshot(page, "entry-takes-whole-loss")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 1)
    assert live_api.state(state["id"])["rounds"][0]["scores"] == [-87, 29, 29, 29]


def test_the_settings_sheet_switches_the_covering_rule(phones, live_api, screenshot):
    state = live_api.create(preset="pay-difference")
    page = phones().open(f"/s/{state['id']}/")
    page.get_by_role("button", name="Menu").tap()
    page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
    settings = page.locator("[data-settings-form]")
    style = settings.locator("[data-shown-when='covering_rule']")
    expect(style).to_be_hidden()  # no style to pick while covering is off
    settings.locator('input[name="covering_rule"]').check()
    expect(style).to_be_visible()
    settings.locator('label:has(input[name="covering_style"][value="takes_whole_loss"])').tap()
    screenshot(page, "settings-covering-style")
    settings.locator('button[type="submit"]').tap()
    expect(page.locator("[data-entry-rules]")).to_contain_text("covering takes the whole loss")
    page.wait_for_selector("[data-status='live']")
    server = live_api.state(state["id"])["settings"]
    assert (server["covering_rule"], server["covering_style"]) == (True, "takes_whole_loss")


def test_the_winner_has_no_covering_chip_and_a_covering_winner_covers_nobody(phones, live_api):
    state = live_api.create(players=["Ann", "Ben", "Cat"], preset="pay-difference", covering_rule=True)
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "5")
    page.locator('label:has([data-cover="2"])').tap()  # Cat covering, before her count is known
    # Ben's 7, typed with the chip still focused: Cat is filled in as the winner, and her chip
    # goes with her covering.
    type_keys(page, "7")
    winner_chip = page.locator('label:has([data-cover="2"])')
    expect(winner_chip).to_have_class("chip cover unavailable")
    expect(winner_chip).to_be_hidden()
    expect(page.locator('label:has([data-cover="0"])')).to_be_visible()
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 1)
    stored = live_api.state(state["id"])["rounds"][0]
    assert (stored["cards"], stored["covering"]) == ([5, 7, 0], None)
