"""Undo and the history of the evening on a 360x740 phone, with a second phone watching live."""

from playwright.sync_api import expect

from tests.e2e.test_entry import totals_on_page, wait_for_rounds

ROUND_1 = [5, 0, 11, 13]
ROUND_2 = [0, 2, 3, 4]


def table_of_two(phones, live_api, *card_lists):
    state = live_api.create()
    live_api.add_rounds(state["id"], *card_lists)
    ann = phones("Ann's phone").open(f"/s/{state['id']}/")
    ben = phones("Ben's phone").open(f"/s/{state['id']}/")
    return state, ann, ben


def undo_toast(page):
    return page.locator("[data-undo-toast]")


def history(live_api, key):
    return live_api.call("GET", f"/api/sessions/{key}/history")[1]["versions"]


def test_undo_of_an_add_takes_the_round_back_on_both_phones(phones, live_api, screenshot):
    state, ann, ben = table_of_two(phones, live_api, ROUND_1)
    ann.locator('[data-player="0"]').tap()
    for target in ('[data-pad="4"]', '[data-pad="6"]', '[data-pad="10"]', '[data-action="add-round"]'):
        ann.locator(target).tap()
    wait_for_rounds(ben, 2)
    expect(undo_toast(ann)).to_be_visible()
    expect(undo_toast(ann)).to_contain_text("Round 2 added")
    expect(undo_toast(ben)).to_have_count(1)
    expect(undo_toast(ben)).to_be_hidden()  # only the phone that made the change may undo it
    screenshot(ann, "undo-toast")
    # It sits over the title, not over the bar's buttons: Share and Menu stay tappable meanwhile.
    toast = undo_toast(ann).bounding_box()
    for button in ("share", "menu"):
        box = ann.locator(f'.bar [data-action="{button}"]').bounding_box()
        assert toast["x"] + toast["width"] <= box["x"], button
    ann.locator('[data-action="undo-round"]').tap()
    wait_for_rounds(ann, 1)
    wait_for_rounds(ben, 1)
    expect(undo_toast(ann)).to_be_hidden()
    expect(ann.locator("[data-toast]")).to_have_text("Round 2 deleted")
    assert live_api.state(state["id"])["totals"] == totals_on_page(ben) == [5, 0, 22, 39]
    assert [(v["action"], v["number"], v["device"]) for v in history(live_api, state["id"])[:2]] == [
        ("deleted", 2, "Ann's phone"),
        ("added", 2, "Ann's phone"),
    ]


def test_undo_of_a_correction_puts_the_old_counts_back_on_both_phones(phones, live_api):
    state, ann, ben = table_of_two(phones, live_api, ROUND_1, ROUND_2)
    ann.locator('[data-edit-round="1"]').tap()
    ann.locator('[data-player="2"]').tap()
    ann.locator('[data-pad="9"]').tap()
    ann.locator('[data-action="add-round"]').tap()
    expect(ben.locator('[data-total="2"]')).to_have_text("12")
    expect(undo_toast(ann)).to_contain_text("Round 1 corrected")
    ann.locator('[data-action="undo-round"]').tap()
    expect(ann.locator('[data-total="2"]')).to_have_text("25")
    expect(ben.locator('[data-total="2"]')).to_have_text("25")
    expect(ann.locator("[data-toast]")).to_have_text("Round 1 is back as it was")
    assert live_api.state(state["id"])["rounds"][0]["cards"] == ROUND_1


def test_undo_of_a_delete_restores_the_round_at_its_number_on_both_phones(phones, live_api):
    state, ann, ben = table_of_two(phones, live_api, ROUND_1, ROUND_2, [3, 0, 1, 2])
    ann.locator('[data-edit-round="2"]').tap()
    ann.locator('[data-action="delete-round"]').tap()
    ann.locator("[data-confirm-ok]").tap()
    wait_for_rounds(ben, 2)
    expect(undo_toast(ann)).to_contain_text("Round 2 deleted")
    ann.locator('[data-action="undo-round"]').tap()
    wait_for_rounds(ben, 3)
    wait_for_rounds(ann, 3)
    expect(ben.locator('[data-round="2"] [data-cell].p3 [data-cell-cards]')).to_have_text("4")
    assert [r["cards"] for r in live_api.state(state["id"])["rounds"]] == [ROUND_1, ROUND_2, [3, 0, 1, 2]]


def test_the_history_sheet_lists_a_deleted_round_and_restores_it_at_its_old_number(
    phones, live_api, screenshot
):
    state, ann, ben = table_of_two(phones, live_api, ROUND_1, ROUND_2, [3, 0, 1, 2])
    _status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Cat's phone"})
    live_api.call(
        "DELETE", f"/api/sessions/{state['id']}/rounds/1", {"release_lock": True}, token=grant["token"]
    )
    wait_for_rounds(ann, 2)

    ann.get_by_role("button", name="Menu", exact=True).tap()
    ann.locator('[data-action="session-history"]').tap()
    sheet = ann.locator('[data-sheet="history"]')
    expect(sheet).to_be_visible()
    items = sheet.locator("[data-history-list] li")
    expect(items).to_have_count(4)
    deleted = items.first
    expect(deleted).to_contain_text("Round 1 deleted")
    expect(deleted).to_contain_text("Cat's phone")
    expect(deleted).to_contain_text("Cat 11 → +22")
    expect(sheet.locator('[data-action="restore-round"]')).to_have_count(1)
    screenshot(ann, "history-sheet")

    deleted.locator('[data-action="restore-round"]').tap()
    expect(sheet).to_be_hidden()
    wait_for_rounds(ben, 3)
    expect(ben.locator('[data-round="1"] [data-cell].p2 [data-cell-cards]')).to_have_text("11")
    expect(undo_toast(ann)).to_contain_text("Round 1 restored")
    assert [r["cards"] for r in live_api.state(state["id"])["rounds"]] == [ROUND_1, ROUND_2, [3, 0, 1, 2]]

    # A follower's sheet shows the same history, live, and offers no Restore.
    follower = phones("Dan's tablet").open(f"/s/{state['view_id']}/")
    follower.get_by_role("button", name="Menu", exact=True).tap()
    follower.locator('[data-action="session-history"]').tap()
    follower_items = follower.locator('[data-sheet="history"] [data-history-list] li')
    expect(follower_items).to_have_count(5)
    expect(follower_items.first).to_contain_text("Round 1 restored")
    ann.locator('[data-action="undo-round"]').tap()
    expect(follower_items).to_have_count(6)
    expect(follower_items.first).to_contain_text("Round 1 deleted")
    expect(follower.locator('[data-action="restore-round"]')).to_have_count(0)


def test_a_correction_in_the_history_shows_what_it_changed(phones, live_api, screenshot):
    """Round 1 corrected (Cat 11 cards to 12): the correction's line shows Cat's hand and score
    before, struck through, beside the new ones; players it did not change show theirs alone."""
    state, ann, _ben = table_of_two(phones, live_api, ROUND_1)
    _status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Cat's phone"})
    status, _reply = live_api.call(
        "PUT", f"/api/sessions/{state['id']}/rounds/1", {"cards": [5, 0, 12, 13]}, token=grant["token"]
    )
    assert status == 200
    wait_for_rounds(ann, 1)
    ann.get_by_role("button", name="Menu", exact=True).tap()
    ann.locator('[data-action="session-history"]').tap()
    corrected = ann.locator('[data-sheet="history"] [data-history-list] li').first
    expect(corrected).to_contain_text("Round 1 corrected")
    expect(corrected.locator("del")).to_have_text(["11 → +22"])
    expect(corrected.locator(".p2")).to_have_text("Cat 11 → +22 12 → +24")
    expect(corrected.locator(".p0")).to_have_text("Ann 5 → +5")
    screenshot(ann, "history-correction")
