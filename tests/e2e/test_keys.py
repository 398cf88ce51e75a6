"""SPEC 7 key by key and tap by tap: every key and tap means one thing, and nothing typed is lost."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_in_page
from tests.e2e.test_entry import type_keys, wait_for_rounds

# The examples of SPEC 7, four players, nothing typed yet.
SPEC_7_ROUNDS = [
    ("5 0 J K Enter", [5, 0, 11, 13]),
    ("7 3 2 Enter", [7, 3, 2, 0]),
    ("1 0 5 6 Enter", [1, 0, 5, 6]),
    ("5 6 7 0 Enter", [5, 6, 7, 0]),
    ("5 7 Backspace 8 3 Enter", [5, 8, 3, 0]),
    ("1 0 1 1 1 2 Enter", [1, 0, 1, 1]),  # a hurried "10, 11, 12": the 1 2 past the last count change nothing
]
# The server holds no lock on the session (asked from the page, as the page would).
LOCK_FREE = "async (key) => (await (await fetch(`/api/sessions/${key}`)).json()).lock === null"
ALL_COUNTS_IN = "All 4 counts are in: Enter adds; ← → or a tap picks a player to change"
# The same keys as taps: counts on the pad, ⌫ for Backspace, Add for Enter.
TAP_TARGETS = {"J": '[data-pad="11"]', "K": '[data-pad="13"]', "Backspace": '[data-action="clear"]'}


def count_of(page, player):
    return page.locator(f'[data-player="{player}"] [data-count]')


def highlighted(page):
    return page.locator('[data-player][aria-current="true"]')


def stored_cards(live_api, key):
    return [round_["cards"] for round_ in live_api.state(key)["rounds"]]


def tap_keys(page, keys):
    for key in keys.split():
        if key == "Enter":
            page.locator('[data-action="add-round"]').tap()
        else:
            page.locator(TAP_TARGETS.get(key, f'[data-pad="{key}"]')).tap()


@pytest.mark.parametrize("way", ["keys", "taps"])
def test_every_example_of_spec_7_stores_what_it_says(phones, live_api, way):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    enter = type_keys if way == "keys" else tap_keys
    for played, (keys, cards) in enumerate(SPEC_7_ROUNDS, start=1):
        enter(page, keys)
        wait_for_rounds(page, played)
        assert stored_cards(live_api, state["id"])[-1] == cards, keys
    # `5 6 7 8 Enter`: the 8 replaces the auto-filled winner (never Cat's 7); no winner, refused.
    enter(page, "5 6 7 8 Enter")
    expect(count_of(page, 2)).to_have_text("7")
    expect(count_of(page, 3)).to_have_text("8")
    expect(page.locator("[data-form-error], [data-row-error]:not(:empty)").first).to_contain_text("winner")
    page.wait_for_timeout(300)
    assert len(stored_cards(live_api, state["id"])) == len(SPEC_7_ROUNDS)


@pytest.mark.parametrize("way", ["keys", "taps"])
def test_once_every_count_is_typed_a_count_changes_nothing_and_says_why(phones, live_api, way):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    enter = type_keys if way == "keys" else tap_keys
    toast = page.locator("[data-toast]")
    enter(page, "1 0 1 1")
    expect(page.locator("[data-entry-form] [data-count]")).to_have_text(["1", "0", "1", "1"])
    expect(toast).to_be_hidden()
    for extra in ("1", "2"):  # each says why, and neither lands on Dan (nor anyone)
        page.evaluate("document.querySelector('[data-toast]').hidden = true")
        enter(page, extra)
        expect(toast).to_have_text(ALL_COUNTS_IN)
        expect(page.locator("[data-entry-form] [data-count]")).to_have_text(["1", "0", "1", "1"])
    expect(highlighted(page)).to_have_attribute("data-player", "3")
    # An arrow (or a tap on a row) picks the player the next count replaces: the user chose it.
    if way == "keys":
        type_keys(page, "ArrowLeft 9")
    else:
        page.locator('[data-player="2"] .row-name').tap()
        tap_keys(page, "9")
    expect(page.locator("[data-entry-form] [data-count]")).to_have_text(["1", "0", "9", "1"])
    page.evaluate("document.querySelector('[data-toast]').hidden = true")
    enter(page, "8")  # that was the one replacement the pick allowed
    expect(toast).to_have_text(ALL_COUNTS_IN)
    expect(page.locator("[data-entry-form] [data-count]")).to_have_text(["1", "0", "9", "1"])
    enter(page, "Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[1, 0, 9, 1]]


def test_each_key_is_final_at_once_and_the_highlight_follows(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "1")
    # No waiting for a second digit: the 1 stands and Ben is next.
    expect(count_of(page, 0)).to_have_text("1")
    expect(highlighted(page)).to_have_attribute("data-player", "1")
    type_keys(page, "0")  # the winner, never 10
    expect(count_of(page, 0)).to_have_text("1")
    expect(count_of(page, 1)).to_have_text("0")
    expect(highlighted(page)).to_have_attribute("data-player", "2")
    type_keys(page, "q ArrowLeft ArrowLeft ArrowRight")  # either case; arrows only move
    expect(count_of(page, 2)).to_have_text("12")
    expect(highlighted(page)).to_have_attribute("data-player", "2")
    type_keys(page, "ArrowRight t")
    expect(count_of(page, 3)).to_have_text("10")
    type_keys(page, "Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[1, 0, 12, 10]]


def test_after_the_auto_winner_fills_in_the_highlight_is_on_it(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "5 6 7")
    expect(highlighted(page)).to_have_attribute("data-player", "3")
    expect(count_of(page, 3)).to_have_text("0")
    page.locator('[data-pad="0"]').tap()  # the pad's 0 confirms the winner, never overwrites Cat
    expect(count_of(page, 2)).to_have_text("7")
    expect(count_of(page, 3)).to_have_text("0")
    type_keys(page, "Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[5, 6, 7, 0]]


def test_backspace_clears_the_count_just_typed(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "5 7 Backspace")
    expect(count_of(page, 1)).to_have_text("–")
    expect(count_of(page, 0)).to_have_text("5")
    expect(highlighted(page)).to_have_attribute("data-player", "1")
    type_keys(page, "Backspace")  # Ben has none now: Ann's goes
    expect(count_of(page, 0)).to_have_text("–")
    expect(highlighted(page)).to_have_attribute("data-player", "0")


def test_escape_cancels_and_hands_the_lock_back(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "5 6")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    assert live_api.state(state["id"])["lock"]["holder"] == "Ann's phone"
    type_keys(page, "Escape")
    expect(count_of(page, 0)).to_have_text("–")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "idle")
    # The page goes idle at once; the lock's release is a call that follows: wait for the server.
    wait_in_page(page, LOCK_FREE, state["id"])
    assert live_api.state(state["id"])["lock"] is None


def test_after_a_sheet_closes_the_keys_go_to_the_entry(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    for played, (opener, closer) in enumerate(
        [("menu", "Done"), ("share", "Done"), ("menu", "Escape")], start=1
    ):
        page.locator(f'.bar [data-action="{opener}"]').tap()
        sheet = page.locator(f'[data-sheet="{opener}"]')
        expect(sheet).to_be_visible()
        if opener == "menu":  # a phone must not pop its keyboard every time the menu opens
            assert page.evaluate("document.activeElement.matches('[data-device-input]')") is False
        if closer == "Escape":
            page.keyboard.press("Escape")
        else:
            sheet.get_by_role("button", name=closer).tap()
        expect(sheet).to_be_hidden()
        type_keys(page, "5 7 3 Enter")
        wait_for_rounds(page, played)
        expect(sheet).to_be_hidden()  # Enter added the round; it did not reopen the sheet
        assert stored_cards(live_api, state["id"])[-1] == [5, 7, 3, 0], (opener, closer)


def test_counts_typed_survive_a_reload_while_this_phone_holds_the_lock(phones, live_api):
    state = live_api.create()
    phone = phones()
    page = phone.open(f"/s/{state['id']}/")
    type_keys(page, "5 6")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    page.reload()
    page.wait_for_selector("[data-status='live']")
    expect(count_of(page, 0)).to_have_text("5")
    expect(count_of(page, 1)).to_have_text("6")
    expect(highlighted(page)).to_have_attribute("data-player", "2")
    type_keys(page, "7 Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[5, 6, 7, 0]]


def test_a_lapsed_lease_is_taken_again_after_a_reload_with_the_counts(phones, live_api):
    state = live_api.create()
    phone = phones()
    page = phone.open(f"/s/{state['id']}/")
    type_keys(page, "5 6")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('bigtwo.lock.{state['id']}'))")
    phone.open("/rules/", live=False)  # away from the session: its socket closes
    # The lease lapses while the page is away (here: handed back), and nobody else takes it.
    live_api.call("DELETE", f"/api/sessions/{state['id']}/lock", token=saved["token"])
    assert live_api.state(state["id"])["lock"] is None
    page = phone.open(f"/s/{state['id']}/")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    expect(count_of(page, 1)).to_have_text("6")
    type_keys(page, "7 Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[5, 6, 7, 0]]


def test_typed_counts_are_dropped_when_another_phone_took_the_entry_meanwhile(phones, live_api):
    state = live_api.create()
    phone = phones()
    page = phone.open(f"/s/{state['id']}/")
    type_keys(page, "5 6")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")  # the lock came back
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('bigtwo.lock.{state['id']}'))")
    phone.open("/rules/", live=False)  # away from the session: its socket closes
    live_api.call("DELETE", f"/api/sessions/{state['id']}/lock", token=saved["token"])
    live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Dan's phone"})
    page = phone.open(f"/s/{state['id']}/")
    expect(page.locator("[data-lock-holder]")).to_contain_text("Dan's phone")
    expect(count_of(page, 0)).to_have_text("–")
    assert page.evaluate(f"localStorage.getItem('bigtwo.draft.{state['id']}')") is None
