"""Every table's rules at 360x740 (SPEC 2, 3.6, 5): a Hong Kong evening (three tier rows, each 2
doubling) and a Taiwan evening (paying by place, with the house), set up on the home form,
entered by keys and taps, checked against the API and settled, in English, zh-Hant and zh-Hans."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.forms import fill_tiers
from tests.e2e.test_entry import tap_counts, type_keys, wait_for_rounds
from tests.e2e.test_layout import clipped

LANGUAGES = ["en", "zh-hant", "zh-hans"]
HAN = re.compile(r"[\u4e00-\u9fff]")


def open_home(phones, server_url, language):
    phone = phones()
    if language != "en":
        phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open("/", live=False)
    expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{language}$", re.IGNORECASE))
    for index, name in enumerate(["Ann", "Ben", "Cat", "Dan"]):
        page.locator(f'input[name="player_{index}"]').fill(name)
    return page


def show_scoring(page):
    """The scoring fieldset at the top of the screen, under the sticky bar."""
    page.locator("[data-new-session] fieldset").nth(1).evaluate("(element) => element.scrollIntoView()")
    page.evaluate("window.scrollBy(0, -64)")


def show_entry(page):
    """The entry panel from its title down, under the sticky bar."""
    page.locator("[data-entry]").evaluate("(element) => element.scrollIntoView()")
    page.evaluate("window.scrollBy(0, -56)")


def number(text):
    return int(text.replace("−", "-").replace("+", ""))


def totals_on_page(page, players=4):
    return [number(page.locator(f'[data-total="{index}"]').inner_text()) for index in range(players)]


def previews_on_page(page, players=4):
    return [
        number(page.locator(f'[data-player="{index}"] [data-preview]').inner_text())
        for index in range(players)
    ]


def key_of(page):
    return page.url.rstrip("/").split("/")[-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hong_kong_evening_with_three_tiers_and_doubling_twos(
    phones, live_api, server_url, screenshot, language
):
    page = open_home(phones, server_url, language)
    form = page.locator("[data-new-session]")
    form.locator('label:has(input[name="mode"][value="pay_difference"])').tap()
    # Classic's two rows go, three rows come: ×2 from 8, ×3 from 10, ×4 at 13.
    fill_tiers(form, (("2", "8"), ("3", "10"), ("4", "13")))
    expect(form.locator('input[name="tier_from_3"]')).to_have_value("13")
    form.locator('label:has(input[name="twos_rule"][value="doubles"])').tap()
    expect(form.locator("[data-shown-when='twos_rule=doubles']")).to_be_visible()
    expect(form.locator("[data-shown-when='twos_rule=points']")).to_be_hidden()
    form.locator('input[name="value_per_point"]').fill("1")
    form.locator('input[name="currency"]').fill("HKD")
    show_scoring(page)
    assert clipped(page, "[data-tier-row], [data-tier-row] *") == []
    screenshot(page, f"rules-hong-kong-setup-{language}")
    form.locator("button[type='submit']").tap()
    page.wait_for_selector("[data-status='live']")

    key = key_of(page)
    settings = live_api.state(key)["settings"]
    hong_kong = next(
        preset for preset in live_api.call("GET", "/api/presets")[1] if preset["id"] == "hong-kong"
    )
    assert (settings["mode"], settings["tiers"], settings["twos"]) == (
        hong_kong["mode"],
        hong_kong["tiers"],
        hong_kong["twos"],
    )

    # Round 1 by keys: Ann 8 with two 2s, Ben 10 with one, Cat 3, Dan wins.
    type_keys(page, "8 T 3")
    for _ in range(2):
        page.locator('[data-twos="0"]').tap()
    page.locator('[data-twos="1"]').tap()
    expect(page.locator('[data-player="0"] [data-preview-detail]')).to_have_text(
        "16 × 2 × 2 = 64"
    )  # 8 cards at ×2, two 2s
    expect(page.locator('[data-player="1"] [data-preview-detail]')).to_have_text("30 × 2 = 60")
    expect(page.locator('[data-player="2"] [data-preview-detail]')).to_have_text("")
    previewed = previews_on_page(page)
    assert clipped(page, "[data-player], [data-player] *") == []
    show_entry(page)
    screenshot(page, f"rules-hong-kong-preview-{language}")
    type_keys(page, "Enter")
    wait_for_rounds(page, 1)
    state = live_api.state(key)
    assert state["rounds"][0]["penalties"] == [64, 60, 3, 0]
    assert state["rounds"][0]["scores"] == previewed

    # Round 2 by taps: Ann 2, Ben wins, Cat 13, Dan 6.
    tap_counts(page, ("2", "0", "13", "6"))
    expect(page.locator('[data-player="3"] [data-preview]')).not_to_be_empty()
    # A 13-card loser's ×4 is written out as the 2s' doubling is; a penalty of just the cards, not.
    expect(page.locator('[data-player="2"] [data-preview-detail]')).to_have_text("13 × 4 = 52")
    expect(page.locator('[data-player="0"] [data-preview-detail]')).to_have_text("")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 2)
    state = live_api.state(key)
    assert state["rounds"][1]["cards"] == [2, 0, 13, 6]
    assert totals_on_page(page) == state["totals"]

    page.goto(f"{server_url}/s/{key}/settle/")
    transfers = page.locator("[data-transfers] [data-transfer]")
    expect(transfers).to_have_count(len(state["settlement"]["transfers"]))
    screenshot(page, f"rules-hong-kong-settle-{language}", full_page=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_taiwan_evening_pays_by_place_and_settles_with_the_house(
    phones, live_api, server_url, screenshot, language
):
    page = open_home(phones, server_url, language)
    form = page.locator("[data-new-session]")
    form.locator("[data-quick-setup] summary").tap()
    form.locator('[data-preset="taiwan-place"]').tap()
    expect(form.locator('input[name="mode"][value="by_place"]')).to_be_checked()
    expect(form.locator('[data-mode-part="cards"]')).to_be_hidden()  # no tiers, no 2s by place
    places = form.locator('[data-mode-part="places"]')
    expect(places).to_be_visible()
    for name, value in (
        ("pays_1", "100"),
        ("pays_3", "300"),
        ("heavy_pays_3", "600"),
        ("heavy_from", "10"),
        ("house_cut", "100"),
    ):
        expect(places.locator(f'input[name="{name}"]')).to_have_value(value)
    places.locator('input[name="house_name"]').fill("Mum")
    form.locator('input[name="value_per_point"]').fill("1")
    form.locator('input[name="currency"]').fill("TWD")
    show_scoring(page)
    assert clipped(page, "[data-mode-part='places'] *") == []
    screenshot(page, f"rules-taiwan-setup-{language}")
    form.locator("button[type='submit']").tap()
    page.wait_for_selector("[data-status='live']")
    key = key_of(page)
    state = live_api.state(key)
    assert state["settings"]["mode"] == "by_place"
    assert state["settings"]["places"] == {
        "pays": [100, 200, 300],
        "heavy_pays": [200, 400, 600],
        "heavy_from": 10,
        "house_cut": 100,
    }
    house = page.locator('[data-total="house"]')
    expect(house).to_have_text("0")
    expect(page.locator('[data-card="house"]')).to_contain_text("Mum")

    # SPEC 3.6's first example by keys: A 3 B 0 C 7 D 5, not heavy.
    type_keys(page, "3 0 7 5")
    expect(page.locator('[data-player="1"] [data-preview]')).to_have_text("+600")
    places_shown = [
        page.locator(f'[data-player="{index}"] [data-preview-detail]').inner_text() for index in range(4)
    ]
    rows = page.locator("[data-rows]")
    assert places_shown == [rows.get_attribute(f"data-pattern-place{place}") for place in (2, 1, 4, 3)]
    expect(page.locator("[data-preview-note]")).to_be_hidden()
    type_keys(page, "Enter")
    wait_for_rounds(page, 1)

    # The heavy example by taps: A 3 B 0 C 11 D 5; the winner gives the house 100.
    tap_counts(page, ("3", "0", "11", "5"))
    expect(page.locator('[data-player="1"] [data-preview]')).to_have_text("+1100")
    note = page.locator("[data-preview-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Mum")
    expect(note).to_contain_text("100")
    if language != "en":
        expect(note).to_have_text(HAN)
    assert previews_on_page(page) == [-200, 1100, -600, -400]
    assert clipped(page, "[data-player], [data-player] *, [data-preview-note]") == []
    show_entry(page)
    screenshot(page, f"rules-taiwan-preview-{language}")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 2)

    state = live_api.state(key)
    assert [round_["scores"] for round_ in state["rounds"]] == [
        [-100, 600, -300, -200],
        [-200, 1100, -600, -400],
    ]
    assert state["house"] == 100
    expect(house).to_have_text(str(state["house"]))
    assert totals_on_page(page) == state["totals"]
    assert sum(state["totals"]) + state["house"] == 0
    expect(page.locator('[data-round="2"] [data-round-house]')).to_have_text("Mum +100")
    expect(page.locator('[data-round="1"] [data-round-house]')).to_have_text("")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"rules-taiwan-totals-{language}")

    # Who pays whom: the house is a party, paid by the player who owes the most... or paying nobody.
    transfers = state["settlement"]["transfers"]
    assert any("house" in (transfer["from"], transfer["to"]) for transfer in transfers)
    page.goto(f"{server_url}/s/{key}/settle/")
    shown = page.locator("[data-transfers] [data-transfer]")
    expect(shown).to_have_count(len(transfers))
    expect(page.locator("[data-transfers]")).to_contain_text("Mum")
    house_transfer = next(transfer for transfer in transfers if transfer["to"] == "house")
    row = page.locator(f'[data-transfer="{house_transfer["from"]}-house"]')
    row.locator("button").tap()
    expect(row).to_have_class("transfer paid")
    paid = live_api.state(key)["settlement"]["transfers"]
    assert [transfer["paid"] for transfer in paid if transfer["to"] == "house"] == [True]
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"rules-taiwan-settle-{language}", full_page=True)


def test_paying_by_place_from_the_next_round_on_keeps_the_rounds_played(phones, live_api):
    state = live_api.create(preset="hong-kong")
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    before = live_api.state(state["id"])["rounds"][0]
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator('[data-total="house"]')).to_have_count(0)  # nothing of the house in other modes
    page.get_by_role("button", name="Menu").tap()
    page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
    settings = page.locator("[data-settings-form]")
    expect(settings.locator('input[name="tier_from_3"]')).to_have_value("13")
    expect(settings.locator('input[name="twos_rule"][value="doubles"]')).to_be_checked()
    settings.locator('label:has(input[name="mode"][value="by_place"])').tap()
    expect(settings.locator('[data-mode-part="cards"]')).to_be_hidden()
    settings.locator('input[name="house_cut"]').fill("50")
    settings.locator('button[type="submit"]').tap()
    expect(page.locator('[data-total="house"]')).to_have_text("0")  # the page reloads for the new rules
    page.wait_for_selector("[data-status='live']")
    server = live_api.state(state["id"])
    assert server["settings"]["mode"] == "by_place"
    assert server["settings"]["twos"] is None
    assert server["settings"]["places"]["house_cut"] == 50
    assert server["rounds"][0] == before  # round 1 keeps Hong Kong's rules and scores
    type_keys(page, "3 0 J 5 Enter")
    wait_for_rounds(page, 2)
    server = live_api.state(state["id"])
    assert server["rounds"][1]["scores"] == [-200, 1150, -600, -400]
    assert server["house"] == 50
    expect(page.locator('[data-total="house"]')).to_have_text("50")
    assert totals_on_page(page) == server["totals"]


def test_a_stake_typed_on_a_vietnamese_phone_is_in_dong(phones, live_api, server_url):
    """A Vietnamese phone (its language vi-VN) shows VND and a whole-number example in the empty
    wager fields; "5.000" typed without a currency starts an evening at five thousand đồng a
    point, not five (QA in Vietnamese)."""
    phone = phones()
    phone.context.add_init_script("Object.defineProperty(navigator, 'language', { get: () => 'vi-VN' })")
    phone.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    page = phone.open("/", live=False)
    form = page.locator("[data-new-session]")
    for index, name in enumerate(["An", "Bình", "Cường", "Dũng"]):
        form.locator(f'input[name="player_{index}"]').fill(name)
    currency, stake = form.locator('input[name="currency"]'), form.locator('input[name="value_per_point"]')
    expect(currency).to_have_attribute("placeholder", "VND")
    expect(stake).to_have_attribute("placeholder", "5000")
    stake.fill("5.000")
    form.locator("button[type='submit']").tap()
    page.wait_for_selector("[data-status='live']")
    settings = live_api.state(key_of(page))["settings"]
    assert (settings["currency"], settings["value_per_point"]) == ("VND", "5000.00")
