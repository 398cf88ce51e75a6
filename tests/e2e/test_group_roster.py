"""A club's roster in the browser at 360×740 (issue 38): the organizer types a name on the group
page, then pastes the club's list one a line; a name already there is refused naming it; a name
added by mistake is removed; the new club night's *Who came tonight* lists every one to tick."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_club_roster import fits_360

pytestmark = pytest.mark.browser

PASTED = "Ben\nCat Lee\n\nDan\nEve\nFay\nMaximilian Alexander Wolfgang von Habsbu\nTypo\n"


def test_a_club_types_and_pastes_its_roster_before_its_first_night(phones, live_api, screenshot):
    status, group = live_api.call("POST", "/api/groups", {"name": "Thursday club"})
    assert status == 201
    page = phones("Organizer").open(f"/g/{group['id']}/")
    expect(page.locator("[data-roster-size]")).to_contain_text("0 players; a group holds up to 200.")

    page.fill("[data-roster-names]", "Ann")  # typed one by one
    page.click("[data-action='add-players']")
    expect(page.locator("[data-group-players] .player-name")).to_have_text(["Ann"])
    page.fill("[data-roster-names]", PASTED)  # a list pasted, one a line
    page.click("[data-action='add-players']")
    expect(page.get_by_text("Added 7 players to the group.")).to_be_visible()
    names = ["Ann", "Ben", "Cat Lee", "Dan", "Eve", "Fay", "Maximilian Alexander Wolfgang von Habsbu", "Typo"]
    expect(page.locator("[data-group-players] .player-name")).to_have_text(names)

    page.fill("[data-roster-names]", "Gus\nａｎｎ")  # Ann again, typed in full width
    page.click("[data-action='add-players']")
    expect(page.locator("[data-roster-problem]")).to_have_text(
        "Name 2: Ann is already a player of this group"
    )
    expect(page.locator("[data-roster-names]")).to_have_value("Gus\nａｎｎ")

    page.get_by_role("button", name="Remove Typo").click()
    expect(page.locator("[data-group-players] .player-name")).to_have_text(names[:-1])
    expect(page.locator("[data-roster-size]")).to_contain_text("7 players; a group holds up to 200.")
    page.evaluate("window.scrollTo(0, document.querySelector('#players-title').offsetTop - 64)")
    fits_360(page)
    wrapped = "[...document.querySelectorAll('[data-action=remove-player]')].filter(b => b.offsetHeight > 48)"
    assert page.evaluate(f"{wrapped}.length") == 0  # Remove on one line, beside the longest name
    screenshot(page, "group-roster-360")

    page.click("[data-action='new-club-night']")
    expect(page.locator("[data-roster-player]")).to_have_count(7)
    labels = page.locator("[data-roster] label.check")
    expect(labels).to_have_text(sorted(names[:-1], key=str.casefold))
