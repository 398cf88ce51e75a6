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


def test_two_phones_offline_typing_the_same_deal_with_one_count_different(phones, live_api, screenshot):
    """Both phones typed round 1 from the same state (5, 0, 7, 3 and 5, 0, 7, 4): the second one back
    flags it as the same round number, and its emphasised, focused action keeps the round added."""
    key = live_api.create()["id"]
    ann, ben = phones("Ann's phone"), phones("Ben's phone")
    pages = {phone: phone.open(f"/s/{key}/") for phone in (ann, ben)}
    for phone, keys in ((ann, "5 0 7 3 Enter"), (ben, "5 0 7 4 Enter")):
        go_offline(phone)
        type_keys(pages[phone], keys)
        expect(pages[phone].locator(PENDING)).to_have_count(1)

    ann.context.set_offline(False)  # nothing changed meanwhile: Ann's round goes in as round 1
    expect(pages[ann].locator(PENDING)).to_have_count(0, timeout=15_000)
    assert cards_stored(live_api, key) == [[5, 0, 7, 3]]

    ben.context.set_offline(False)
    page = pages[ben]
    sheet = page.locator("[data-reconcile]")
    expect(sheet).to_be_visible(timeout=15_000)
    added = sheet.locator("[data-reconcile-elsewhere] [data-reconcile-item]")
    waiting = sheet.locator("[data-reconcile-pending] [data-reconcile-item]")
    expect(added).to_have_count(1)
    expect(waiting).to_have_count(1)
    for row in (added, waiting):  # not the same cards: the same round number
        expect(row.locator("[data-duplicate]")).to_be_hidden()
        expect(row.locator("[data-duplicate-number]")).to_have_text("same round number: likely the same deal")
    expect(waiting.locator(".primary")).to_have_count(1)
    expect(waiting.locator(".primary")).to_have_attribute("data-action", "reconcile-discard")
    expect(waiting.locator("[data-action='reconcile-discard']")).to_be_focused()
    screenshot(page, "reconcile-same-number")

    page.keyboard.press("Enter")  # the emphasised Discard keeps the round Ann's phone added
    expect(sheet).to_be_hidden()
    expect(page.locator(PENDING)).to_have_count(0)
    expect(page.locator(STORED)).to_have_count(1)
    assert cards_stored(live_api, key) == [[5, 0, 7, 3]]


def test_adding_a_likely_duplicate_takes_a_deliberate_tap(phones, live_api):
    key = live_api.create()["id"]
    ann = phones("Ann's phone")
    page = ann.open(f"/s/{key}/")
    go_offline(ann)
    type_keys(page, "5 0 7 4 Enter")
    expect(page.locator(PENDING)).to_have_count(1)
    live_api.add_rounds(key, [5, 0, 7, 3], device="Ben's phone")
    ann.context.set_offline(False)
    waiting = page.locator("[data-reconcile-pending] [data-reconcile-item]")
    expect(waiting.locator("[data-duplicate-number]")).to_be_visible(timeout=15_000)
    waiting.locator("[data-action='reconcile-add']").tap()  # both kept: the user said so
    expect(page.locator("[data-reconcile]")).to_be_hidden()
    assert cards_stored(live_api, key) == [[5, 0, 7, 3], [5, 0, 7, 4]]
