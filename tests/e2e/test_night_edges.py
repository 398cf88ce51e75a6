"""A club night's last edges (issue 38), on phones of 360×740: the last round's table pages say
the night is over (final standings, the event's link, no round to come); a round without a time
limit shows no clock; a hand tapped at a table whose round is closed says why and takes no lock;
every negative number a person reads has a real minus sign, on the table pages, the screen (live)
and the print; a player who signed up is not asked "Who are you?" again."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys

pytestmark = [pytest.mark.browser]

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# Winner takes all: the losers' nets are negative, so every standings has minus signs to show.
HANDS = ([5, 0, 11, 13], [0, 3, 7, 9])
# An ASCII hyphen before a digit where a person reads a number ("-13"), not inside a word or a date.
ASCII_MINUS = re.compile(r"(^|[\s(·])-\d", re.MULTILINE)


def new_night(live_api, **fields):
    body = {"name": "Friday club", "players": PLAYERS, "rounds": 2, "hands": 2, "seating": "random"}
    status, event = live_api.call("POST", "/api/events", {**body, "rules": {"preset": "wta-flat"}, **fields})
    assert status == 201, event
    return event


def draw(live_api, event):
    status, drawn = live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
    assert status == 201, drawn
    return drawn


def play_round(live_api, drawn, tables=None):
    for table in drawn["tables"] if tables is None else [drawn["tables"][index] for index in tables]:
        live_api.add_rounds(table["session"], *HANDS)


def shown_text(page):
    return page.locator("main").inner_text()


def toast(page):
    return page.locator("[data-toast]")


def test_the_last_rounds_table_pages_say_the_night_is_over(phones, live_api, screenshot):
    event = new_night(live_api)
    first = draw(live_api, event)
    play_round(live_api, first)
    last = draw(live_api, event)
    page = phones("Ann's phone").open(f"/s/{last['tables'][0]['session']}/")
    banner = page.locator("[data-event-banner]")
    expect(banner).to_contain_text("Round 2 of 2")

    # This table finishes while the other plays: it says what the night waits for, no round to come.
    play_round(live_api, last, tables=[0])
    expect(banner.locator("[data-night-waiting]")).to_have_text("Waiting for table 2")
    expect(banner.locator("[data-next-waiting]")).to_have_count(0)
    type_keys(page, "5")  # a key on the finished table says the same, not "the next round"
    expect(toast(page)).to_have_text("Waiting for table 2")

    # The last table finishes: the page follows by itself.
    play_round(live_api, last, tables=[1])
    expect(banner.locator("[data-night-over]")).to_have_text("The night is over")
    expect(banner.locator(".event-banner-title")).to_have_text("Final standings")
    expect(banner.locator("[data-banner-standings] tbody tr")).to_have_count(len(PLAYERS))
    expect(banner.locator("a[data-event-link]").last).to_have_attribute("href", event["links"]["follow"])
    type_keys(page, "5")
    expect(toast(page)).to_have_text("The night is over")
    text = shown_text(page)
    for coming in ("next round", "once it is drawn", "your next table", "left in this round"):
        assert coming not in text, coming
    # The standings' negative nets have a real minus sign, as every page of the night shows them.
    assert "−" in banner.locator("[data-banner-standings]").inner_text()
    assert ASCII_MINUS.search(text) is None, text
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "night-over-table-360")
    screenshot(page, "night-over-table-360-full", full_page=True)

    # A table of the first round, opened after the night: over too, no next table to go to.
    earlier = phones("Ben's phone").open(f"/s/{first['tables'][0]['view_id']}/")
    expect(earlier.locator("[data-night-over]")).to_have_text("The night is over")
    expect(earlier.locator("[data-next-tables]")).to_have_count(0)

    # The print of the standings says Final too, its nets with the same minus sign.
    printed = phones("Printer").open(f"/e/{event['id']}/print/standings", live=False)
    expect(printed.locator(".print-sheet h2")).to_have_text("Final standings")
    nets = printed.locator("[data-print-standing] td:nth-child(3)").all_inner_texts()
    assert any(net.startswith("−") for net in nets), nets
    assert ASCII_MINUS.search(printed.locator("main").inner_text()) is None


def test_a_hand_tapped_after_the_next_draw_says_why_and_takes_no_lock(phones, live_api):
    event = new_night(live_api)
    first = draw(live_api, event)
    play_round(live_api, first)
    table = first["tables"][0]
    page = phones("Ann's phone").open(f"/s/{table['session']}/")
    expect(page.locator("[data-round-heading]").first).to_have_text("Finished after 2 hands")
    draw(live_api, event)  # round 2: table 1's hands stay as they are
    expect(page.locator("[data-next-tables]")).to_be_visible()  # the banner followed the draw

    # The server's own refusal of a correction, word for word.
    status, grant = live_api.call("POST", f"/api/sessions/{table['session']}/lock", {"device": "Script"})
    assert status == 200, grant
    status, refused = live_api.call(
        "PUT", f"/api/sessions/{table['session']}/rounds/1", {"cards": [6, 0, 11, 13]}, token=grant["token"]
    )
    assert status == 409, refused
    live_api.call("DELETE", f"/api/sessions/{table['session']}/lock", token=grant["token"])
    expect(page.locator("[data-lock-holder]")).to_have_count(0)

    page.locator('[data-edit-round="1"]').tap()
    expect(toast(page)).to_have_text(refused["error"])
    expect(page.locator("[data-entry]")).to_be_hidden()  # no correction sheet
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "idle")
    type_keys(page, "5")  # a key says the same (the banner's words, redrawn after the draw)
    expect(toast(page)).to_have_text(refused["error"])
    page.wait_for_timeout(500)  # a lock asked for would be held by now
    assert live_api.state(table["session"])["lock"] is None


def test_a_round_without_a_time_limit_shows_no_clock(phones, live_api):
    untimed = new_night(live_api)
    drawn = draw(live_api, untimed)
    wall, phone = phones("Screen"), phones("Ann's phone")
    wall.page.clock.install()  # the screen's seconds go by when the test says, not the machine
    screen = wall.open(untimed["links"]["screen"])
    expect(screen.locator(".screen-clock")).to_have_text("Round 1 of 2")
    expect(screen.locator("[data-clock]")).to_have_count(0)
    screen.clock.run_for(2_000)  # a clock counting up would show by now: two of its ticks
    assert re.search(r"\d:\d\d", screen.locator(".bar").inner_text()) is None
    table = phone.open(f"/s/{drawn['tables'][0]['session']}/")
    expect(table.locator("[data-event-banner]")).to_contain_text("Round 1 of 2")
    expect(table.locator("[data-time-left]")).to_have_count(0)

    # With a time limit the screen and the phones count down to it.
    timed = new_night(live_api, minutes=25)
    drawn = draw(live_api, timed)
    wall.open(timed["links"]["screen"])
    expect(screen.locator("[data-clock]")).to_have_text(re.compile(r"^2[45]:\d\d$"))
    phone.open(f"/s/{drawn['tables'][0]['session']}/")
    expect(table.locator("[data-time-left]")).to_contain_text("left in this round")


def test_the_screens_live_standings_have_a_real_minus_sign(phones, live_api):
    event = new_night(live_api)
    drawn = draw(live_api, event)
    screen = phones("Screen").open(event["links"]["screen"])
    standings = screen.locator("[data-pages='standings']")
    expect(standings.locator("[data-net]").first).to_have_text("0")
    live_api.add_rounds(drawn["tables"][0]["session"], HANDS[0])  # drawn again by the script
    expect(standings.locator("[data-net]", has_text="−13")).to_have_count(1)
    assert ASCII_MINUS.search(standings.inner_text()) is None


def test_three_players_and_a_second_zero_says_two_winners_at_once(phones, live_api):
    state = live_api.create(players=["Ann", "Ben", "Cat"])
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "0 0")
    error = page.locator('[data-player="1"] [data-row-error]')
    expect(error).to_have_text("Two winners: Ann and Ben both have 0 cards")
    # The highlight still moves on to the next player without a count (SPEC 7).
    expect(page.locator('[data-player][aria-current="true"]')).to_have_attribute("data-player", "2")
    type_keys(page, "Enter")  # Enter says the same, and does not ask for Cat's count first
    expect(error).to_have_text("Two winners: Ann and Ben both have 0 cards")
    assert "how many cards" not in shown_text(page)
    assert live_api.state(state["id"])["rounds"] == []
    # The pad's 0 twice says it too; a count on Ben puts it right.
    type_keys(page, "ArrowLeft 3")
    expect(error).to_have_text("")
    type_keys(page, "5 Enter")
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(1)
    assert live_api.state(state["id"])["rounds"][0]["cards"] == [0, 3, 5]
    page.locator('[data-player="0"]').tap()
    for count in ("0", "0"):
        page.locator(f'[data-pad="{count}"]').tap()
    expect(error).to_have_text("Two winners: Ann and Ben both have 0 cards")


def reopen(phone, path):
    """The link opened in a new tab of the same phone (its storage), from outside the app."""
    page = phone.context.new_page()
    page.goto(phone.server_url + path, wait_until="commit")
    return page


def test_a_player_who_signed_up_is_not_asked_who_they_are_again(phones, live_api):
    status, event = live_api.call(
        "POST",
        "/api/events",
        {"name": "Friday club", "players": ["Ann", "Ben", "Cat"], "rounds": 1, "hands": 2, "signup": True},
    )
    assert status == 201, event
    follow = event["links"]["follow"]
    phone = phones("Dan's phone")
    page = phone.open(follow)
    page.fill("[data-signup-name]", "Dan")
    page.click("[data-action='sign-up']")
    expect(page.locator("[data-joined]")).to_contain_text("You're in, Dan")

    # The follow link opened again (from the chat, a QR code: a new tab; the first one keeps its
    # own socket): the phone knows who it is, and the page goes on to Dan's own (a navigation of
    # its own, so the first one's load is not waited for).
    page = reopen(phone, follow)
    page.wait_for_url("**/me?player=*")
    expect(page.locator("[data-no-table]")).to_have_text(
        "Dan: the first round is not drawn yet; this page moves on when it is."
    )
    expect(page.get_by_role("heading", name="Who are you?")).to_have_count(0)
    expect(page.locator("[data-signup-form]")).to_have_count(0)
    expect(page.locator(".who-else summary")).to_have_text("Not Dan? Pick your name")

    # After the draw the same link goes straight to Dan's table.
    draw(live_api, event)
    page = reopen(phone, follow)
    page.wait_for_url("**/s/**")
    expect(page.locator("[data-event-banner]")).to_contain_text("Round 1 of 1")
    # From the table's own link to the event, the follow page shows itself: standings and all.
    page.locator("[data-event-banner] a[data-event-link]").first.click()
    page.wait_for_url(f"**{follow}")
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    # A phone that never said who it is is asked, as before.
    stranger = phones("Eve's phone").open(follow)
    expect(stranger.get_by_role("heading", name="Who are you?")).to_be_visible()


def test_no_page_of_a_night_shows_a_hyphen_for_a_minus(phones, live_api):
    """Every page a person reads of a night and its tables, served and live: nets, totals, scores
    and money all with U+2212, never "-13" (the CSV and the API keep ASCII)."""
    event = new_night(live_api, rules={"preset": "wta-flat", "value_per_point": "0.50"})
    drawn = draw(live_api, event)
    play_round(live_api, drawn)
    table = drawn["tables"][0]
    follow = event["links"]["follow"]
    pages = [
        event["links"]["page"],
        follow,
        event["links"]["screen"],
        f"{follow}ratings",
        f"/e/{event['id']}/print/standings",
        f"/s/{table['session']}/",
        f"/s/{table['view_id']}/",
        f"/s/{table['view_id']}/settle/",
    ]
    phone = phones()
    for path in pages:
        page = phone.open(path, live=False)
        page.wait_for_load_state("load")
        text = page.locator("body").inner_text()
        assert "−" in text or path.endswith("ratings"), path  # Skill and μ: none negative yet
        assert ASCII_MINUS.search(text) is None, (path, text)
    status, shown = live_api.call("GET", f"/api/events/{event['id']}")
    assert status == 200
    assert any(line["net"] < 0 for line in shown["standings"])  # the API keeps its numbers
