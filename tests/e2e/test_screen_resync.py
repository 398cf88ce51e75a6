"""An event's screen and organizer's page are sent what changed after each hand
(events/live/messages.py); one that missed a message asks for the whole view again and then
shows what a reload shows."""

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser]

SCREEN = {"width": 1280, "height": 720}
PLAYERS = [f"Player {number:02d}" for number in range(1, 13)]

SHOWN = """() => ({
  tables: [...document.querySelectorAll("[data-event-live] [data-table]")].map((card) => {
    const copy = card.cloneNode(true);
    copy.removeAttribute("hidden");
    return copy.outerHTML.replace(/\\s+/g, " ");
  }),
  standings: [...document.querySelectorAll("[data-standing]")].map(
    (row) => `${row.className}|${row.textContent.replace(/\\s+/g, " ").trim()}`,
  ),
})"""


@pytest.mark.parametrize("page", ["screen", "organizer"])
def test_a_page_that_missed_a_message_shows_what_a_reload_shows(
    page, browser, server_url, live_api, transactional_db
):
    status, event = live_api.call(
        "POST", "/api/events", {"name": "Resync night", "players": PLAYERS, "rounds": 2, "hands": 3}
    )
    assert status == 201, event
    live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
    tables = live_api.call("GET", f"/api/events/{event['id']}")[1]["rounds"][-1]["tables"]
    path = event["links"]["screen"] if page == "screen" else event["links"]["page"]

    context = browser.new_context(viewport=SCREEN, locale="en-GB")
    screen = context.new_page()
    missed, asked = [], []

    def between(page_socket):
        server = page_socket.connect_to_server()

        def to_page(message):
            if json.loads(message).get("event") == "event.delta" and not missed:
                missed.append(message)  # the page never gets it
                return
            page_socket.send(message)

        def to_server(message):
            asked.append(json.loads(message))
            server.send(message)

        server.on_message(to_page)
        page_socket.on_message(to_server)

    screen.route_web_socket(re.compile(r"/ws/events/"), between)
    screen.goto(server_url + path)
    screen.wait_for_selector("[data-status='live']")
    live_api.add_rounds(tables[0]["session"], [0, 3, 4, 5])
    live_api.add_rounds(tables[2]["session"], [2, 0, 7, 1])
    expect(screen.locator("[data-event-live] [data-table='3']")).to_contain_text("Hand 2 of 3")
    expect(screen.locator("[data-event-live] [data-table='3'] [data-entering]")).to_have_count(0)
    assert missed
    assert {"type": "state"} in asked
    live_api.add_rounds(tables[1]["session"], [5, 0, 2, 3])  # after the whole view: what changed
    expect(screen.locator("[data-event-live] [data-table='2']")).to_contain_text("Hand 2 of 3")
    expect(screen.locator("[data-event-live] [data-table='2'] [data-entering]")).to_have_count(0)
    shown = screen.evaluate(SHOWN)

    again = context.new_page()
    # Compared once the reload has shown its socket's first whole view (the screen then draws its
    # standings from the state; before it, they are the server's rows, spaced otherwise): a full run once
    # read a reload's rows in between, on a busy machine.
    again.add_init_script("document.addEventListener('event:shown', () => { window.shownOnce = true; })")
    again.goto(server_url + path)
    again.wait_for_selector("[data-status='live']")
    again.wait_for_function("() => window.shownOnce === true")
    if page == "screen":
        expect(again.locator(".screen-table svg")).to_have_count(3)  # the join codes filled in
    assert again.evaluate(SHOWN) == shown
    assert len(shown["tables"]) == 3
    assert all("Hand 2 of 3" in table for table in shown["tables"])
    assert len(shown["standings"]) == len(PLAYERS)
    context.close()
