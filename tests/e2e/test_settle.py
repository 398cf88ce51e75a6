"""The settlement screen on a 360x740 phone, live on a second device."""

import re

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds

SPEC_6_ROUNDS = ([10, 0, 13, 7], [10, 6, 13, 0], [0, 6, 13, 8], [10, 0, 6, 5])  # totals 30, 12, 45, 20


def spec_6(live_api):
    state = live_api.create(mode="points", tiers=[[1, 1]], value_per_point="0.50", currency="EUR")
    live_api.add_rounds(state["id"], *SPEC_6_ROUNDS)
    return state


def test_the_spec_example_settles_in_three_transfers_on_the_page(phones, live_api):
    state = spec_6(live_api)
    page = phones().open(f"/s/{state['id']}/settle/")
    nets = page.locator("[data-nets] li")
    expect(nets).to_have_count(4)
    expect(nets.nth(0)).to_contain_text("Ben")
    expect(nets.nth(0)).to_contain_text("+€29.50")
    expect(nets.nth(1)).to_contain_text("+€13.50")
    expect(nets.nth(2)).to_contain_text("−€6.50")
    expect(nets.nth(3)).to_contain_text("−€36.50")
    transfers = page.locator("[data-transfers] .transfer-text")
    expect(transfers).to_have_text(["Cat pays Ben €29.50", "Cat pays Dan €7.00", "Ann pays Dan €6.50"])
    page.locator("details.pairwise summary").tap()
    expect(page.locator(".pairwise-table tbody tr").nth(1)).to_contain_text("+€9.00")


def test_a_paid_tick_shows_on_the_other_phone_live(phones, live_api):
    state = spec_6(live_api)
    host = phones("Ann's phone").open(f"/s/{state['id']}/settle/")
    follower = phones("Ben's phone").open(f"/s/{state['view_id']}/settle/")
    host.locator('[data-transfer="2-1"] button').tap()
    expect(host.locator('[data-transfer="2-1"]')).to_have_class("transfer paid")
    expect(follower.locator('[data-transfer="2-1"]')).to_have_class("transfer paid")
    expect(follower.locator('[data-transfer="2-1"] .paid-label')).to_have_text("✓ paid")
    assert live_api.state(state["id"])["settlement"]["transfers"][0]["paid"] is True


def test_a_new_value_per_point_reaches_a_second_device_live(phones, live_api):
    state = spec_6(live_api)
    host = phones("Ann's phone").open(f"/s/{state['id']}/settle/")
    follower = phones("Dan's phone").open(f"/s/{state['view_id']}/settle/")
    expect(follower.locator("[data-transfers] .transfer-text").first).to_have_text("Cat pays Ben €29.50")
    host.locator("#wager-value").fill("1.00")
    host.locator("#wager-currency").fill("USD")
    host.locator("[data-wager-form] button").tap()
    expect(follower.locator("[data-transfers] .transfer-text").first).to_have_text("Cat pays Ben $59.00")
    expect(follower.locator("[data-nets] li").first).to_contain_text("+$59.00")
    assert live_api.state(state["id"])["settings"]["value_per_point"] == "1.00"


def test_settling_up_after_a_quick_game(phones, live_api, screenshot):
    state = live_api.create(preset="quick-3", value_per_point="0.50", currency="EUR")
    page = phones().open(f"/s/{state['id']}/")
    for keys in ("5 0 J K Enter", "T 3 0 2 Enter", "4 6 K Enter"):
        type_keys(page, keys)
    wait_for_rounds(page, 3)
    page.locator("[data-settle-link]").tap()
    page.wait_for_selector("[data-status='live']")
    expect(page.locator("h1")).to_have_text("Who pays whom")
    server = live_api.state(state["id"])["settlement"]
    expected = [
        f"{['Ann', 'Ben', 'Cat', 'Dan'][t['from']]} pays {['Ann', 'Ben', 'Cat', 'Dan'][t['to']]} €{t['amount']}"
        for t in server["transfers"]
    ]
    expect(page.locator("[data-transfers] .transfer-text")).to_have_text(expected)
    screenshot(page, "settlement", full_page=True)


def test_this_devices_sessions_are_listed_on_home_and_a_rematch_starts_the_next_evening(phones, live_api):
    state = live_api.create(preset="full-7", value_per_point="0.25")
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Script"})[1]
    live_api.call("PATCH", f"/api/sessions/{state['id']}", {"finished": True}, token=grant["token"])
    phone = phones()
    phone.open(f"/s/{state['id']}/")
    page = phone.open("/", live=False)
    recent = page.locator("[data-recent-list] li").first
    expect(recent).to_contain_text("Ann · Ben · Cat · Dan")
    expect(recent.locator(".muted")).to_have_text(re.compile(r"^\S.* · 1 round · finished$"))
    recent.get_by_role("button", name="Rematch: Ann, Ben, Cat, Dan").tap()
    page.wait_for_selector("[data-status='live']")
    key = page.url.rstrip("/").split("/")[-1]
    assert key != state["id"]
    rematched = live_api.state(key)
    assert rematched["settings"] == live_api.state(state["id"])["settings"]
    assert rematched["rounds"] == []
