"""Entering rounds at the table, on a 360x740 phone: keyboard, thumbs, corrections, the end."""

import re

from playwright.sync_api import expect

KEY_INTERVAL_MS = 60  # a practiced typist


def type_keys(page, keys):
    """Press each key of a SPEC 7 sequence ("5 0 J K Enter") as a person would, 60 ms apart."""
    for key in keys.split():
        page.keyboard.press(key)
        page.wait_for_timeout(KEY_INTERVAL_MS)


def tap_counts(page, counts):
    """Tap each count on the pad; the first tap opens the entry, and once the entry holds the
    lock every tap counts, so each waits for it (a busy phone may still be taking it)."""
    for count in counts:
        page.locator(f'[data-pad="{count}"]').tap()
        expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")


def totals_on_page(page, players=4):
    return [
        int(page.locator(f'[data-total="{index}"]').inner_text().replace("−", "-"))
        for index in range(players)
    ]


def wait_for_rounds(page, count):
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(count)


def test_a_whole_evening_typed_on_the_keyboard(phones, live_api, screenshot):
    state = live_api.create(preset="classic-points")
    page = phones("Ann's phone").open(f"/s/{state['id']}/")
    # Round 1: the winner typed as 0, and J and K for 11 and 13 cards (a 13-card triple).
    type_keys(page, "5 0 J K")
    expect(page.locator('[data-player="3"] [data-count]')).to_have_text("13")
    expect(page.locator('[data-player="3"] [data-preview]')).to_have_text("+39")  # the server's preview
    screenshot(page, "session-mid-entry")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 1)
    # Round 2: T is a 10-card double, and W marks the highlighted player the winner.
    type_keys(page, "T 2 W 7 Enter")
    wait_for_rounds(page, 2)
    # Round 3: three counts, the winner fills in by itself.
    type_keys(page, "3 4 9 Enter")
    wait_for_rounds(page, 3)
    # Round 4: a 1 is final at once; the 4 goes to the next player.
    type_keys(page, "1 4 6")
    expect(page.locator('[data-player="0"] [data-count]')).to_have_text("1")
    expect(page.locator('[data-player="1"] [data-count]')).to_have_text("4")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 4)
    server = live_api.state(state["id"])
    assert [r["cards"] for r in server["rounds"]] == [
        [5, 0, 11, 13],
        [10, 2, 0, 7],
        [3, 4, 9, 0],
        [1, 4, 6, 0],
    ]
    assert server["totals"] == [29, 10, 37, 46]
    expect(page.locator('[data-total="3"]')).to_have_text("46")
    assert totals_on_page(page) == server["totals"]


def test_a_round_in_four_taps_after_the_panel_opens(phones, live_api):
    state = live_api.create()
    page = phones("Ben's phone").open(f"/s/{state['id']}/")
    page.locator('[data-player="0"]').tap()  # opens the panel on Ann
    for target in ('[data-pad="5"]', '[data-pad="11"]', '[data-pad="13"]', '[data-action="add-round"]'):
        page.locator(target).tap()
    wait_for_rounds(page, 1)
    assert live_api.state(state["id"])["rounds"][0]["cards"] == [5, 11, 13, 0]
    expect(page.locator('[data-total="2"]')).to_have_text("39")


def test_the_last_player_is_filled_in_as_the_winner_visibly(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    page.locator('[data-player="1"]').tap()
    for count in (2, 3, 4):
        page.locator(f'[data-pad="{count}"]').tap()
    winner = page.locator('[data-player="0"]')
    expect(winner.locator("[data-count]")).to_have_text("0")
    expect(winner).to_have_class(re.compile(r"\bauto\b"))
    expect(page.locator('[data-player="3"] [data-preview]')).to_have_text("+4")


def test_two_winners_are_refused_inline_and_nothing_is_stored(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "0 0 5 6 Enter")
    expect(page.locator('[data-player="1"] [data-row-error]')).to_have_text(
        "Two winners: Ann and Ben both have 0 cards"
    )
    assert live_api.state(state["id"])["rounds"] == []
    # Fix it and the round goes in.
    type_keys(page, "ArrowLeft ArrowLeft 3 Enter")
    wait_for_rounds(page, 1)
    assert live_api.state(state["id"])["rounds"][0]["cards"] == [0, 3, 5, 6]


def test_fourteen_cards_in_the_plain_form_is_refused_next_to_the_player(phones, live_api):
    state = live_api.create()
    page = phones(javascript=False).open(f"/s/{state['id']}/")
    for index, cards in enumerate(["5", "14", "0", "3"]):
        page.locator(f"#cards-{index}").fill(cards)
    page.locator('[data-action="add-round"]').click()
    expect(page.locator('[data-player="1"] [data-row-error]')).to_have_text(
        "Ben: 14 cards is more than a hand"
    )
    assert live_api.state(state["id"])["rounds"] == []


def test_the_plain_form_adds_a_round_without_javascript(phones, live_api):
    state = live_api.create()
    page = phones(javascript=False).open(f"/s/{state['id']}/")
    for index, cards in enumerate(["5", "0", "11", "13"]):
        page.locator(f"#cards-{index}").fill(cards)
    page.locator('[data-action="add-round"]').click()
    expect(page.locator('[data-total="3"]')).to_have_text("39")
    assert live_api.state(state["id"])["totals"] == [5, 0, 22, 39]


def test_correcting_and_deleting_a_round_moves_the_totals(phones, live_api):
    state = live_api.create()
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [0, 2, 3, 4])
    page = phones("Cat's phone").open(f"/s/{state['id']}/")
    expect(page.locator('[data-total="2"]')).to_have_text("25")
    page.locator('[data-edit-round="1"]').tap()
    expect(page.locator("[data-entry-title]")).to_have_text("Correct round 1")
    expect(page.locator('[data-player="2"] [data-count]')).to_have_text("11")
    page.locator('[data-player="2"]').tap()
    page.locator('[data-pad="9"]').tap()
    page.locator('[data-action="add-round"]').tap()
    expect(page.locator('[data-total="2"]')).to_have_text("12")
    assert live_api.state(state["id"])["totals"] == [5, 2, 12, 43]

    page.locator('[data-edit-round="1"]').tap()
    page.locator('[data-action="history"]').tap()
    history = page.locator("[data-history-list] li")
    expect(history).to_have_count(2)
    expect(history.first).to_contain_text("Cat's phone")
    page.locator('[data-dialog="history"] button[value="close"]').tap()

    page.locator('[data-action="delete-round"]').tap()
    expect(page.locator("[data-confirm-text]")).to_contain_text("Delete round 1?")
    page.locator("[data-confirm-ok]").tap()
    wait_for_rounds(page, 1)
    expect(page.locator('[data-total="3"]')).to_have_text("4")
    assert live_api.state(state["id"])["totals"] == [0, 2, 3, 4]


def test_quick_setup_buttons_fill_the_form(phones, screenshot):
    page = phones().open("/", live=False)
    screenshot(page, "home", full_page=True)
    page.locator("[data-quick-setup] summary").tap()
    page.locator('[data-preset="wta-flat"]').tap()
    expect(page.locator('input[name="mode"][value="winner_takes_all"]')).to_be_checked()
    expect(page.locator("[data-tier-rows] [data-tier-row]")).to_have_count(0)  # flat: no higher rate
    page.locator('[data-preset="quick-3"]').tap()
    expect(page.locator('input[name="mode"][value="points"]')).to_be_checked()
    expect(page.locator('input[name="length"][value="rounds"]')).to_be_checked()
    expect(page.locator('input[name="rounds"]')).to_have_value("3")
    expect(page.locator('input[name="tier_times_1"]')).to_have_value("2")
    expect(page.locator('input[name="tier_from_1"]')).to_have_value("10")
    expect(page.locator('input[name="tier_from_2"]')).to_have_value("13")


def test_a_new_evening_from_the_home_page(phones, live_api):
    phone = phones()
    page = phone.open("/", live=False)
    for index, name in enumerate(["Ann", "Ben", "Cat"]):
        page.locator(f'input[name="player_{index}"]').fill(name)
    page.locator("[data-quick-setup] summary").tap()
    page.locator('[data-preset="points-50"]').tap()
    page.locator('input[name="value_per_point"]').fill("0.20")
    page.locator('input[name="currency"]').fill("hkd")
    page.locator("button.start").tap()
    page.wait_for_selector("[data-status='live']")
    key = page.url.rstrip("/").split("/")[-1]
    state = live_api.state(key)
    assert [p["name"] for p in state["players"]] == ["Ann", "Ben", "Cat"]
    assert (
        state["settings"]["target"],
        state["settings"]["value_per_point"],
        state["settings"]["currency"],
    ) == (50, "0.20", "HKD")
    # The names come back on this device next time.
    page = phone.open("/", live=False)
    expect(page.locator('input[name="player_2"]')).to_have_value("Cat")


def test_a_quick_game_finishes_after_three_rounds(phones, live_api, screenshot):
    state = live_api.create(preset="quick-3", value_per_point="0.50", currency="EUR")
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator("[data-round-heading]")).to_have_text("Round 1 of 3")
    type_keys(page, "5 0 J K Enter")
    wait_for_rounds(page, 1)
    type_keys(page, "0 2 3 4 Enter")
    wait_for_rounds(page, 2)
    type_keys(page, "T 0 2 9 Enter")
    wait_for_rounds(page, 3)
    final = page.locator("[data-final]")
    expect(final).to_be_visible()
    expect(page.locator("[data-round-heading]")).to_have_text("Finished after 3 rounds")
    expect(page.locator("[data-entry]")).to_be_hidden()
    expect(final.locator("li").first).to_contain_text("Ben")
    expect(final.locator("[data-settle-link]")).to_be_visible()
    assert live_api.state(state["id"])["finished"] is True
    screenshot(page, "finished")


def test_another_device_holding_the_lock_is_named_and_typing_is_refused(phones, live_api):
    state = live_api.create()
    live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Dan's phone"})
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator("[data-lock-holder]")).to_contain_text("Round 1 is being entered on Dan's phone")
    type_keys(page, "5 0")
    expect(page.locator('[data-player="0"] [data-count]')).to_have_text("–")
    expect(page.locator('[data-pad="5"]')).to_be_disabled()
    assert live_api.state(state["id"])["rounds"] == []


def test_rules_changed_mid_evening_apply_from_the_next_round(phones, live_api):
    state = live_api.create(preset="classic-points")
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    page = phones().open(f"/s/{state['id']}/")
    page.get_by_role("button", name="Menu").tap()
    page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
    settings = page.locator("[data-settings-form]")
    settings.locator('label:has(input[name="mode"][value="winner_takes_all"])').tap()
    settings.locator('input[name="tier_times_2"]').fill("")
    settings.locator('input[name="tier_from_2"]').fill("")
    settings.locator('label:has(input[name="twos_rule"][value="points"])').tap()
    settings.locator('input[name="points_per_two"]').fill("3")
    settings.locator('button[type="submit"]').tap()
    # The page reloads for the new rules: wait for the reloaded page's scripts, or keys are lost.
    expect(page.locator("[data-entry-rules]")).to_contain_text("Winner takes all")
    page.wait_for_selector("[data-status='live']")
    server = live_api.state(state["id"])
    assert server["settings"]["tiers"] == [[1, 1], [10, 2]]
    assert server["settings"]["twos"] == {"points_per_two": 3}
    assert server["rounds"][0]["scores"] == [5, 0, 22, 39]  # round 1 keeps its rules
    # The 2s chips appear now that 2s count: Ben holds two of his 10 cards.
    type_keys(page, "5 T")
    page.locator('[data-twos="1"]').tap()
    page.locator('[data-twos="1"]').tap()
    type_keys(page, "0 3 Enter")
    wait_for_rounds(page, 2)
    assert live_api.state(state["id"])["rounds"][1]["scores"] == [-5, -26, 34, -3]
