"""SPEC 13 in the browser, on a phone of 360×740: a club's group page after two club nights shows
the league table (no sideways scroll), lists the nights, re-ranks at once when the organizer
changes the points, and the league's print page prints to one A4 page of PDF."""

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.test_club_night_alone import pdf_pages

pytestmark = pytest.mark.browser

FIRST = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
SECOND = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Maximiliana Long-Name"]


def played_night(live_api, group_key, players, name, rng):
    """A club night over the API: made from the group, two rounds drawn, every table played."""
    status, event = live_api.call(
        "POST", "/api/events", {"name": name, "players": players, "rounds": 2, "hands": 2, "group": group_key}
    )
    assert status == 201, event
    for _round in range(2):
        status, drawn = live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
        assert status == 201, drawn
        for table in drawn["tables"]:
            size = len(table["players"])
            hands = []
            for _hand in range(2):
                cards = [rng.randint(1, 13) for _ in range(size)]
                cards[rng.randrange(size)] = 0
                hands.append(cards)
            live_api.add_rounds(table["session"], *hands)
    return event


def league_rows(page):
    return page.locator("[data-league-table] tbody tr")


def test_the_league_after_two_club_nights_on_a_phone_and_on_paper(phones, live_api, server_url, screenshot):
    status, group = live_api.call("POST", "/api/groups", {"name": "Friday club"})
    assert status == 201, group
    rng = random.Random(32)
    nights = [
        played_night(live_api, group["id"], FIRST, "First Friday", rng),
        played_night(live_api, group["id"], SECOND, "Second Friday", rng),
    ]
    status, league = live_api.call("GET", f"/api/groups/{group['view_id']}/league")
    assert [night["players"] for night in league["nights"]] == [9, 12]

    page = phones("Organizer").open(f"/g/{group['id']}/", live=False)
    expect(league_rows(page)).to_have_count(12)
    shown = [row.get_attribute("data-league-player") for row in league_rows(page).all()]
    assert shown == [row["name"] for row in league["table"]]
    expect(page.locator("[data-club-night]")).to_have_count(2)
    assert page.locator("[data-club-night]").first.get_attribute("href") == f"/e/{nights[1]['view_id']}/"
    # The page and its league table fit the phone: no sideways scrolling, the long name cut.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    fits = "(() => { const t = document.querySelector('[data-league-table]'); return t.scrollWidth <= t.parentElement.clientWidth && t.getBoundingClientRect().right <= innerWidth; })()"
    assert page.evaluate(fits)
    page.locator("[data-league]").scroll_into_view_if_needed()
    screenshot(page, "league-360")

    # The organizer gives the club its own points, every night counting for 3 places only.
    page.click("[data-league-editor] summary")
    page.fill("#league-points", "3, 2, 1")
    page.click("[data-action='save-league']")
    expect(page.locator("[data-league-rule]")).to_contain_text("earn 3, 2, 1 league points")
    status, again = live_api.call("GET", f"/api/groups/{group['view_id']}/league")
    assert again["league"]["points"] == [3, 2, 1]
    shown = [row.get_attribute("data-league-player") for row in league_rows(page).all()]
    assert shown == [row["name"] for row in again["table"]]
    assert max(row["points"] for row in again["table"]) <= 6  # two nights of at most 3

    # A bad value is named on the page, and nothing changes.
    page.click("[data-league-editor] summary")
    page.fill("#league-points", "3, 5")
    page.click("[data-action='save-league']")
    expect(page.locator("[data-league-problem]")).to_contain_text("place 2 earns 5")
    assert live_api.call("GET", f"/api/groups/{group['id']}")[1]["league"]["points"] == [3, 2, 1]

    # Print: the league on one A4 page, only the sheet.
    printer = phones("Printer").page
    printer.goto(f"{server_url}/g/{group['view_id']}/league/print")
    expect(printer.locator("[data-print-league]")).to_have_count(12)
    assert pdf_pages(printer.pdf(format="A4")) == 1


def test_the_league_print_page_fits_a_phone_in_vietnamese(phones, live_api, server_url, screenshot):
    """Opened on a phone before it prints: the Vietnamese table ran 42 px past the 360 px screen
    (its last column, Ăn thua, cut), and the nights' two columns ran a bullet into the first's text."""
    status, group = live_api.call("POST", "/api/groups", {"name": "Nhóm Tiến lên Thứ Sáu"})
    assert status == 201, group
    rng = random.Random(7)
    players = ["Phương", "Hùng", "Vy", "Minh", "Tuấn", "Đức", "Hải", "Khoa"]
    for name in ("Đêm CLB 1", "Đêm CLB 2"):
        played_night(live_api, group["id"], players, name, rng)
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    page = phone.open(f"/g/{group['view_id']}/league/print", live=False)
    expect(page.locator("[data-print-league]")).to_have_count(8)
    expect(page.locator(".print-table th").last).to_have_text("Ăn thua")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    nights = page.locator(".print-nights li")
    expect(nights).to_have_count(2)
    first, second = (night.bounding_box() for night in nights.all())
    assert (first["x"], second["y"] > first["y"]) == (second["x"], True)
    screenshot(page, "league-print-360-vi")
