"""Every key either acts or says why not (SPEC 7), on a 360x740 phone with a keyboard: the arrow
keys open the entry like a count, and a key that cannot act here shows a toast instead of nothing."""

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds
from tests.e2e.test_keys import count_of, highlighted, stored_cards

# Keys as the rules page prints them, as Playwright presses them.
KEY_NAMES = {"→": "ArrowRight", "←": "ArrowLeft"}


def examples_of_the_rules_page(phone):
    """The rules page's key examples: (keys to press, cards it says are stored, or None if refused)."""
    page = phone.open("/rules/", live=False)
    examples = []
    for row in page.locator("[data-example='keys'] tbody tr").all():
        keys = " ".join(KEY_NAMES.get(key, key) for key in row.locator("kbd").all_inner_texts())
        said = row.locator("td").last.inner_text()
        examples.append((keys, None if "refused" in said else [int(n) for n in said.split(", ")]))
    return examples


def toast(page):
    return page.locator("[data-toast]")


def mode(page):
    return page.locator("[data-entry-form]")


def test_every_key_example_of_the_rules_page_stores_what_it_says(phones, live_api):
    """The examples of SPEC 7, the arrows and the two Backspaces included, as the help prints them."""
    phone = phones()
    examples = examples_of_the_rules_page(phone)
    assert ("ArrowRight ArrowRight 0 5 6 7 Enter", [6, 7, 0, 5]) in examples
    assert ("5 6 7 Backspace Backspace 9 8 Enter", [5, 9, 8, 0]) in examples
    state = live_api.create()
    page = phone.open(f"/s/{state['id']}/")
    stored = []
    for keys, cards in examples:
        type_keys(page, keys)
        if cards is None:
            expect(page.locator("[data-form-error], [data-row-error]:not(:empty)").first).to_contain_text(
                "winner"
            )
            type_keys(page, "Escape")
            expect(mode(page)).to_have_attribute("data-mode", "idle")
        else:
            stored.append(cards)
            wait_for_rounds(page, len(stored))
        assert stored_cards(live_api, state["id"]) == stored, keys


def test_an_arrow_before_any_count_opens_the_entry_and_takes_the_lock(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "ArrowLeft")  # from the first player, back round to the last
    expect(mode(page)).to_have_attribute("data-mode", "entering")
    expect(highlighted(page)).to_have_attribute("data-player", "3")
    assert live_api.state(state["id"])["lock"]["holder"] == "Ann's phone"
    type_keys(page, "0 5 6 7 Enter")
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[5, 6, 7, 0]]


def test_keys_that_cannot_act_say_why(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    for key in ("Enter", "Backspace", "Escape"):  # nothing is being entered
        type_keys(page, key)
        expect(toast(page)).to_contain_text("No round is being entered")
        expect(mode(page)).to_have_attribute("data-mode", "idle")
    page.locator('[data-action="add-round"]').tap()  # the same for a tap on Add
    expect(toast(page)).to_contain_text("No round is being entered")
    type_keys(page, "x")
    expect(toast(page)).to_contain_text("“x” does nothing here")
    expect(mode(page)).to_have_attribute("data-mode", "idle")
    type_keys(page, "ArrowRight Backspace")  # open, but nothing typed yet
    expect(toast(page)).to_contain_text("Nothing to clear")
    expect(highlighted(page)).to_have_attribute("data-player", "1")
    assert live_api.state(state["id"])["rounds"] == []


def test_a_key_while_another_phone_enters_names_it(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    status, _ = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Ben's phone"})
    assert status == 200
    expect(page.locator("[data-lock-holder]")).to_contain_text("Ben's phone")
    for key in ("5", "ArrowRight", "Enter"):
        type_keys(page, key)
        expect(toast(page)).to_contain_text("Round 1 is being entered on Ben's phone")
    expect(mode(page)).to_have_attribute("data-mode", "busy")


def test_keys_on_a_finished_evening_and_on_a_follow_link_say_why(phones, live_api):
    state = live_api.create(rounds=1)
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator("[data-final]")).to_be_visible()
    type_keys(page, "5")
    expect(toast(page)).to_contain_text("The evening is over")
    follower = phones("Ben's phone").open(state["links"]["follow"])
    type_keys(follower, "ArrowRight")
    expect(toast(follower)).to_contain_text("You are following this table")
    expect(count_of(page, 0)).to_have_text("–")


def test_a_follow_page_never_invites_typing(phones, live_api):
    state = live_api.create()
    follower = phones("Ben's phone").open(state["links"]["follow"])
    expect(follower.locator("[data-no-rounds]")).to_have_text("No rounds yet.")
    shown = follower.locator("main").inner_text()
    # (It may say a round tapped shows its history: that invites reading, not entering.)
    for invitation in ("Type", "type", "tap the", "to correct it", "Add round"):
        assert invitation not in shown, invitation
    expect(follower.locator("[data-entry-form], [data-key-hint]")).to_have_count(0)
    # A round comes and goes (deleted elsewhere): the empty list says the same again.
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    expect(follower.locator("[data-round-list] [data-round]")).to_have_count(1)
    status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"})
    assert status == 200, grant
    status, _ = live_api.call("DELETE", f"/api/sessions/{state['id']}/rounds/1", {}, token=grant["token"])
    assert status == 200
    expect(follower.locator("[data-no-rounds]")).to_have_text("No rounds yet.")
    editor = phones().open(f"/s/{state['id']}/")
    expect(editor.locator("[data-no-rounds]")).to_have_text(
        "No rounds yet. Type the first player's cards to begin."
    )
