"""What Lighthouse's mobile audit checks on the event's follow page, the screen and a session page
(issue 38: 100 in every category), held here on its own viewport (412×823, a Moto G Power) and on
the suite's phone (360×740): no text under 12 px, no pad key under the sticky Cancel / Add at rest,
and a screen whose top bar keeps its height as the connection's word changes (a layout shift).
The Lighthouse runs themselves: benchmarks/lighthouse.py."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser]

LIGHTHOUSE_PHONE = {"width": 412, "height": 823}
PLAYERS = [f"Player {number}" for number in range(1, 17)]

# Visible elements with text of their own set under 12 px (Lighthouse's "legible font sizes").
SMALL_TEXT = """() => [...document.querySelectorAll('body *')].filter((element) => {
    const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
    const box = element.getBoundingClientRect();
    return own && box.width > 0 && box.height > 0 && parseFloat(getComputedStyle(element).fontSize) < 12;
  }).map((element) => `${element.tagName}.${element.className}: ${getComputedStyle(element).fontSize}`)"""

# The pad keys the sticky Cancel / Add covers, at each scroll position of the page.
COVERED_KEYS = """() => {
    const covered = new Set();
    const bottom = document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; y <= bottom + 40; y += 40) {
      scrollTo(0, y);
      const bar = document.querySelector('.entry-actions').getBoundingClientRect();
      for (const key of document.querySelectorAll('[data-pad], [data-action="clear"]')) {
        const box = key.getBoundingClientRect();
        if (box.bottom > bar.top + 0.5 && box.top < bar.bottom - 0.5) covered.add(key.textContent);
      }
    }
    scrollTo(0, 0);
    return [...covered];
  }"""


def night_in_play(live_api, **fields):
    body = {"name": "Friday club", "players": PLAYERS, "rounds": 2, "hands": 3, **fields}
    status, event = live_api.call("POST", "/api/events", body)
    assert status == 201, event
    status, drawn = live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
    assert status == 201, drawn
    for table in drawn["tables"]:
        live_api.add_rounds(table["session"], [5, 0, 11, 13])
    return event


@pytest.mark.parametrize("viewport", [LIGHTHOUSE_PHONE, PHONE])
def test_the_follow_page_and_the_screen_have_no_text_under_12_px(phones, live_api, viewport):
    event = night_in_play(live_api)
    phone = phones()
    phone.page.set_viewport_size(viewport)
    follow = phone.open(event["links"]["follow"])
    expect(follow.locator("[data-skill-note]")).to_be_visible()  # the smallest text the night's page has
    assert follow.evaluate(SMALL_TEXT) == []
    screen = phone.open(event["links"]["screen"])
    expect(screen.locator("[data-standing]").first).to_be_visible()
    assert screen.evaluate(SMALL_TEXT) == []


def test_the_screens_top_bar_keeps_its_height_whatever_the_connection_says(phones, live_api):
    event = night_in_play(live_api, minutes=25)
    phone = phones()
    phone.page.set_viewport_size(LIGHTHOUSE_PHONE)
    screen = phone.open(event["links"]["screen"])
    expect(screen.locator("[data-clock]")).to_be_visible()
    heights = screen.evaluate(
        """() => ['connecting', 'reconnecting', 'offline', 'live'].map((status) => {
            const element = document.querySelector('[data-status]');
            element.querySelector('[data-status-text]').textContent = element.dataset['pattern' + status[0].toUpperCase() + status.slice(1)];
            return document.querySelector('.bar').getBoundingClientRect().height;
          })"""
    )
    assert len(set(heights)) == 1, heights


@pytest.mark.parametrize("viewport", [LIGHTHOUSE_PHONE, PHONE])
def test_no_pad_key_is_under_the_sticky_buttons_at_rest(phones, live_api, viewport):
    state = live_api.create(preset="hong-kong", covering_rule=True)
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [0, 3, 7, 9])
    phone = phones()
    phone.page.set_viewport_size(viewport)
    page = phone.open(f"/s/{state['id']}/")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "idle")
    assert page.evaluate(COVERED_KEYS) == []
    # While a round is entered the buttons stick again, the pad brought above them.
    page.locator('[data-player="0"] .row-name').tap()
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    position = page.evaluate("getComputedStyle(document.querySelector('.entry-actions')).position")
    assert position == "sticky"
