"""The reconciliation sheet's obvious button is the safe one (SPEC 9): on a likely duplicate it is
Discard, and Enter does what the emphasised button says, round by round."""

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys
from tests.e2e.test_offline import PENDING, STORED, cards_stored, go_offline


def test_on_a_likely_duplicate_discard_is_emphasised_and_enter_discards_it(phones, live_api, screenshot):
    key = live_api.create()["id"]
    ann = phones("Ann's phone")
    page = ann.open(f"/s/{key}/")
    go_offline(ann)
    type_keys(page, "5 0 J K Enter")  # the same round Ben's phone stores meanwhile
    type_keys(page, "3 4 9 Enter")
    expect(page.locator(PENDING)).to_have_count(2)
    live_api.add_rounds(key, [5, 0, 11, 13], device="Ben's phone")

    ann.context.set_offline(False)
    sheet = page.locator("[data-reconcile]")
    expect(sheet).to_be_visible(timeout=15_000)
    waiting = sheet.locator("[data-reconcile-pending] [data-reconcile-item]")
    duplicate, fresh = waiting.nth(0), waiting.nth(1)
    expect(duplicate.locator("[data-duplicate]")).to_be_visible()
    expect(duplicate.locator(".primary")).to_have_attribute("data-action", "reconcile-discard")
    expect(fresh.locator(".primary")).to_have_attribute("data-action", "reconcile-add")
    expect(duplicate.locator("[data-action='reconcile-discard']")).to_be_focused()
    screenshot(page, "reconcile-duplicate")

    page.keyboard.press("Enter")  # the emphasised Discard
    expect(waiting).to_have_count(1)
    assert cards_stored(live_api, key) == [[5, 0, 11, 13]]
    expect(waiting.locator("[data-action='reconcile-add']")).to_be_focused()
    page.keyboard.press("Enter")  # the emphasised Add of the round only this phone has
    expect(sheet).to_be_hidden()
    expect(page.locator(STORED)).to_have_count(2)
    assert cards_stored(live_api, key) == [[5, 0, 11, 13], [3, 4, 9, 0]]
