"""SPEC 5 "Our rules" at 360×740: a device saves a session's rules as a setup of its own and starts an
evening from it; a group sets its own rules on its page and its next evening plays them."""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.forms import fill_tiers

# Hong Kong style tiers (×2 from 8, ×3 from 10, ×4 at 13), 3 points a 2, covering that takes the
# whole loss, twelve rounds at HK$0.50: nothing a preset gives.
HOUSE_RULES = {
    "game": "big_two",
    "mode": "pay_difference",
    "tiers": [[1, 1], [8, 2], [10, 3], [13, 4]],
    "twos": {"points_per_two": 3},
    "rounds": 12,
    "value_per_point": "0.50",
    "currency": "HKD",
    "covering_rule": True,
    "covering_style": "takes_whole_loss",
}


def start_from_home(page, names):
    for index, name in enumerate(names):
        page.locator(f'input[name="player_{index}"]').fill(name)
    page.locator("button.start").tap()
    page.wait_for_selector("[data-status='live']")
    return page.url.rstrip("/").split("/")[-1]


def test_save_a_session_rules_on_this_device_and_start_an_evening_from_them(phones, live_api, screenshot):
    played = live_api.create(**HOUSE_RULES)
    phone = phones("Ben's phone")
    # Any session's rules, even one this phone only follows.
    page = phone.open(f"/s/{played['view_id']}/")
    page.locator("[data-action='menu']").tap()
    save = page.locator("[data-action='save-setup']")
    expect(save).to_be_disabled()
    page.locator("[data-setup-name]").fill("Friday in Mong Kok")
    save.tap()
    expect(page.locator("[data-toast]")).to_have_text("Saved")
    stored = json.loads(page.evaluate("localStorage.getItem('bigtwo.setups')"))
    assert [(setup["name"], setup["settings"]) for setup in stored] == [
        ("Friday in Mong Kok", played["settings"])
    ]

    page = phone.open("/", live=False)
    page.locator("[data-quick-setup] summary").tap()
    setup = page.locator('[data-setup="Friday in Mong Kok"]')
    expect(setup.locator("strong")).to_have_text("Friday in Mong Kok")
    expect(setup.locator(".muted")).to_have_text("Pay the difference")
    setup.locator("[data-setup-choose]").tap()
    expect(page.locator('input[name="mode"][value="pay_difference"]')).to_be_checked()
    expect(page.locator('input[name="tier_from_1"]')).to_have_value("8")
    expect(page.locator('input[name="tier_times_3"]')).to_have_value("4")
    expect(page.locator('input[name="points_per_two"]')).to_have_value("3")
    expect(page.locator('input[name="rounds"]')).to_have_value("12")
    expect(page.locator('input[name="currency"]')).to_have_value("HKD")
    expect(page.locator('input[name="covering_style"][value="takes_whole_loss"]')).to_be_checked()
    screenshot(page, "saved-setup", full_page=True)

    key = start_from_home(page, ["Ann", "Ben", "Cat", "Dan"])
    assert live_api.state(key)["settings"] == played["settings"]

    # Forgotten with ✕, and gone after a reload.
    page = phone.open("/", live=False)
    page.locator("[data-quick-setup] summary").tap()
    page.locator('[data-setup="Friday in Mong Kok"] [data-action="forget-setup"]').tap()
    expect(page.locator("[data-setup]")).to_have_count(0)
    expect(page.locator("[data-saved-setups]")).to_be_hidden()
    page = phone.open("/", live=False)
    expect(page.locator("[data-setup]")).to_have_count(0)
    assert json.loads(page.evaluate("localStorage.getItem('bigtwo.setups')")) == []


@pytest.mark.parametrize(
    ("rules", "described"),
    [
        ({"preset": "tien-len", "tien_len": {"first": 3, "second": 1}}, "Tiến lên"),
        ({"preset": "chu-da-di", "spade_two": {"from": 10}}, "Winner takes all"),
        ({"mode": "own_scores", "zero_sum": False}, "Our own scores"),
    ],
    ids=["tien-len", "chu-da-di", "own-scores"],
)
def test_a_saved_setup_of_the_family_starts_an_evening_that_plays_it(phones, live_api, rules, described):
    """A Tiến lên, 锄大地 or own-scores setup saved on a phone fills the home form (the Big Two
    rows left as they are where the game has none) and the evening started from it plays it. The
    setup is described by its game or mode as the form names it (a Tiến lên one read 'tien_len')."""
    played = live_api.create(**rules)
    phone = phones("Ben's phone")
    page = phone.open(f"/s/{played['view_id']}/")
    page.locator("[data-action='menu']").tap()
    page.locator("[data-setup-name]").fill("Ours")
    page.locator("[data-action='save-setup']").tap()
    expect(page.locator("[data-toast]")).to_have_text("Saved")
    page = phone.open("/", live=False)
    page.locator("[data-quick-setup] summary").tap()
    expect(page.locator('[data-setup="Ours"] [data-setup-choose]')).to_have_text(f"Ours{described}")
    page.locator('[data-setup="Ours"] [data-setup-choose]').tap()
    key = start_from_home(page, ["Ann", "Ben", "Cat", "Dan"])
    assert live_api.state(key)["settings"] == played["settings"]


def test_a_group_sets_its_rules_and_its_next_evening_plays_them(phones, live_api, screenshot):
    status, group = live_api.call("POST", "/api/groups", {"name": "Thursday table"})
    assert status == 201, group
    page = phones("Ann's phone").open(f"/g/{group['id']}/")
    expect(page.locator("[data-no-rules]")).to_be_visible()
    page.locator("[data-rules-editor] > summary").tap()
    form = page.locator("[data-rules-form]")
    form.locator('label:has(input[name="mode"][value="pay_difference"])').tap()
    fill_tiers(form, (("2", "8"), ("3", "10"), ("4", "13")))
    form.locator('label:has(input[name="twos_rule"][value="points"])').tap()
    form.locator('input[name="points_per_two"]').fill("3")
    form.locator('label:has(input[name="length"][value="rounds"])').tap()
    form.locator('input[name="rounds"]').fill("12")
    form.locator('input[name="value_per_point"]').fill("0.50")
    form.locator('input[name="currency"]').fill("hkd")
    form.locator('input[name="covering_rule"]').check()
    form.locator('label:has(input[name="covering_style"][value="takes_whole_loss"])').tap()
    form.locator("[data-action='save-rules']").tap()
    page.wait_for_selector("[data-status='live']")
    expect(page.locator("[data-rules-line]")).to_contain_text("×2 from 8 cards")
    expect(page.locator("[data-rules-length]")).to_have_text("12 rounds")
    rules = live_api.call("GET", f"/api/groups/{group['view_id']}")[1]["rules"]
    assert rules == {**HOUSE_RULES, "target": None, "randomize_seats": False}
    screenshot(page, "group-rules", full_page=True)

    for number, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        page.fill(f"input[name='new_{number}']", name)
    expect(page.locator("select[name='preset']")).to_have_value("ours")
    page.click("[data-action='start-evening']")
    page.wait_for_selector("[data-status='live']")
    key = page.url.rstrip("/").split("/")[-1]
    assert live_api.state(key)["settings"] == HOUSE_RULES | {"target": None}
    expect(page.locator("[data-entry-rules]")).to_contain_text("×4 for all 13 cards")
