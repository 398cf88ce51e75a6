"""Two phones at one table: the lock, live totals, and a phone that walks away."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import totals_on_page, type_keys, wait_for_rounds

pytestmark = pytest.mark.both_passes  # phones following live through Redis too


def test_one_phone_enters_while_the_other_waits_then_follows_live(phones, live_api):
    state = live_api.create()
    ann, ben = phones("Ann's phone"), phones("Ben's phone")
    a = ann.open(f"/s/{state['id']}/")
    b = ben.open(f"/s/{state['id']}/")

    a.locator('[data-player="0"]').tap()
    expect(b.locator("[data-lock-holder]")).to_contain_text("Round 1 is being entered on Ann's phone")
    expect(b.locator('[data-pad="5"]')).to_be_disabled()
    expect(b.locator('[data-action="add-round"]')).to_be_disabled()
    type_keys(b, "7 0")
    expect(b.locator('[data-player="0"] [data-count]')).to_have_text("–")

    for count in ("5", "11", "13"):
        a.locator(f'[data-pad="{count}"]').tap()
    a.locator('[data-action="add-round"]').tap()
    expect(b.locator('[data-total="2"]')).to_have_text("39")
    expect(b.locator("[data-lock-holder]")).to_have_count(0)
    expect(b.locator('[data-pad="5"]')).to_be_enabled()
    assert totals_on_page(b) == live_api.state(state["id"])["totals"] == [5, 22, 39, 0]

    # Ann opens the entry again and closes the page; after the grace Ben can enter.
    a.locator('[data-player="1"]').tap()
    expect(b.locator("[data-lock-holder]")).to_contain_text("Ann's phone")
    ann.close()
    expect(b.locator("[data-lock-holder]")).to_have_count(0, timeout=10_000)
    type_keys(b, "3 4 5 Enter")
    wait_for_rounds(b, 2)
    assert live_api.state(state["id"])["rounds"][1]["cards"] == [3, 4, 5, 0]


def test_a_follower_and_the_table_view_update_without_reload(phones, live_api):
    """The follow page and the table view update as rounds arrive; a round tapped on the follow
    page opens its history."""
    state = live_api.create(value_per_point="0.50")
    follower = phones("Cat's tablet").open(f"/s/{state['view_id']}/")
    table = phones("Living room TV").open(f"/s/{state['view_id']}/table/")
    expect(follower.locator("[data-entry]")).to_have_count(0)
    expect(follower.locator("[data-follow-notice]")).to_be_visible()
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    expect(follower.locator('[data-total="3"]')).to_have_text("39")
    expect(table.locator('[data-total="3"]')).to_have_text("39")
    expect(table.locator("[data-leads='1']")).to_be_visible()
    expect(table.locator("[data-round-list] [data-round]")).to_have_count(1)
    expect(table.locator("[data-direction]")).to_have_text("↺ counter-clockwise")
    # A follower taps a round for its history: who entered it and what it was (no correction).
    follower.locator('[data-round-list] [data-edit-round="1"]').tap()
    history = follower.locator('[data-dialog="history"]')
    expect(history.locator("[data-history-title]")).to_have_text("Round 1: history")
    expect(history.locator("[data-history-list] > li")).to_have_count(1)
    expect(history.locator("[data-history-list] > li")).to_contain_text("added")
    expect(history.locator("[data-restore]")).to_have_count(0)


def test_a_follower_reads_who_is_entering(phones, live_api):
    """SPEC 8: every other device sees who is entering. A follow link showed nothing until the
    round arrived; it now says what an entering phone's neighbours say, live, and from its first
    paint when it opens during an entry."""
    state = live_api.create()
    status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Dan's phone"})
    assert status == 200, grant
    follower = phones("Cat's tablet").open(f"/s/{state['view_id']}/")
    line = follower.locator("[data-follow-notice] + [data-lock-area]")
    expect(line).to_have_text("Round 1 is being entered on Dan's phone")
    status, _ = live_api.call(
        "POST", f"/api/sessions/{state['id']}/rounds", {"cards": [5, 0, 11, 13]}, token=grant["token"]
    )
    assert status == 201
    live_api.call("DELETE", f"/api/sessions/{state['id']}/lock", token=grant["token"])
    expect(line).to_have_text("")
    expect(follower.locator('[data-total="3"]')).to_have_text("39")
    status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"})
    assert status == 200, grant
    expect(line).to_have_text("Round 2 is being entered on Ann's phone")


def test_an_idle_entry_can_be_taken_over_with_a_confirmation(phones, live_api):
    state = live_api.create()
    status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Dan's phone"})
    assert status == 200
    b = phones("Ben's phone").open(f"/s/{state['id']}/")
    takeover = b.locator('[data-lock-holder] [data-action="take-over"]')
    expect(takeover).to_be_visible(timeout=6_000)  # the test server calls a lease idle after 3 s
    takeover.tap()
    expect(b.locator("[data-confirm-text]")).to_contain_text("Dan's phone has not been used for")
    b.locator("[data-confirm-ok]").tap()
    expect(b.locator("[data-lock-holder]")).to_have_count(0)
    type_keys(b, "5 0 J K Enter")
    wait_for_rounds(b, 1)
    status, reply = live_api.call(
        "POST", f"/api/sessions/{state['id']}/rounds", {"cards": [1, 0, 2, 3]}, token=grant["token"]
    )
    assert status == 409
    assert reply["holder"] is None or reply["holder"] != "Dan's phone"
    assert len(live_api.state(state["id"])["rounds"]) == 1


def test_show_to_the_table_offers_the_follow_link_then_the_edit_link(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    page.get_by_role("button", name="Show to the table").tap()
    sheet = page.locator('[data-dialog="share"]')
    edit_panel, follow_panel = (
        sheet.locator('[data-share-panel="edit"]'),
        sheet.locator('[data-share-panel="follow"]'),
    )
    expect(follow_panel.locator("svg")).to_be_visible()
    expect(follow_panel.locator("[data-share-url]")).to_have_text(re.compile(f"/s/{state['view_id']}/$"))
    expect(edit_panel).to_be_hidden()
    sheet.locator('label:has(input[value="edit"])').tap()  # the edit link: a second, deliberate tap
    expect(edit_panel.locator("[data-share-url]")).to_have_text(re.compile(f"/s/{state['id']}/$"))
    expect(edit_panel.locator("[data-edit-warning]")).to_be_visible()
    expect(follow_panel).to_be_hidden()
    sheet.get_by_role("button", name="Done").tap()
    page.get_by_role("button", name="Show to the table").tap()  # opened again: the follow link again
    expect(follow_panel.locator("svg")).to_be_visible()
    expect(edit_panel).to_be_hidden()


def test_a_round_entered_while_the_server_is_away_waits_and_goes_in_when_it_is_back(phones, live_api):
    state = live_api.create()
    phone = phones()
    sockets = {"down": False, "open": []}

    def route(socket):
        if sockets["down"]:
            socket.close()
            return
        sockets["open"].append((socket, socket.connect_to_server()))

    phone.page.route_web_socket(re.compile(r"/ws/sessions/"), route)
    page = phone.open(f"/s/{state['id']}/")
    type_keys(page, "5 6 7")
    expect(page.locator('[data-player="3"] [data-preview]')).to_have_text("0")
    # The server goes away: the socket drops, HTTP fails, and Enter keeps the round on the phone (SPEC 9).
    sockets["down"] = True
    phone.context.set_offline(True)
    for socket, server in sockets["open"]:
        server.close()
        socket.close()
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "live")
    type_keys(page, "Enter")
    pending = page.locator("[data-round-list] [data-pending]")
    expect(pending).to_have_count(1)
    expect(pending.locator("[data-cell-cards]")).to_have_text(["5", "6", "7", "0"])
    expect(page.locator("[data-form-error]")).to_be_hidden()
    # It comes back: the waiting round goes in, once.
    sockets["down"] = False
    phone.context.set_offline(False)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "live", timeout=20_000)
    wait_for_rounds(page, 1)
    expect(pending).to_have_count(0)
    assert [r["cards"] for r in live_api.state(state["id"])["rounds"]] == [[5, 6, 7, 0]]
