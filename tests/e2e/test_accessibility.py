"""At 360×740, thumbs only, in a dim room, and with a keyboard or a screen reader: what Lighthouse
(axe) checks and what it lets through. One level-one heading a page; Tiến lên's own words on an
English page read as Vietnamese. The Lighthouse runs themselves: benchmarks/lighthouse.py."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser]


def night(live_api, finish_table=False):
    players = [f"Player {number}" for number in range(1, 9)]
    body = {
        "name": "Friday club",
        "players": players,
        "rounds": 2,
        "hands": 2,
        "rules": {"preset": "wta-flat"},
    }
    status, event = live_api.call("POST", "/api/events", body)
    assert status == 201, event
    status, drawn = live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
    assert status == 201, drawn
    live_api.add_rounds(
        drawn["tables"][0]["session"], [5, 0, 11, 13], *([[0, 3, 7, 9]] if finish_table else [])
    )
    return event


@pytest.mark.parametrize("page_name", ["session", "follow", "table view", "screen"])
def test_each_page_has_one_level_one_heading(phones, live_api, page_name):
    if page_name == "screen":
        path, heading = night(live_api)["links"]["screen"], "Friday club"
    else:
        links = live_api.create(preset="wta-flat")["links"]
        path = {"session": links["page"], "follow": links["follow"], "table view": links["table"]}[page_name]
        heading = "Big Two scorekeeper"
    page = phones().open(path)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_have_text(heading)


def test_tien_len_words_on_an_english_page_read_as_vietnamese(phones, live_api):
    key = live_api.create(game="tien_len")["id"]
    page = phones().open(f"/s/{key}/")
    words = page.evaluate(
        """() => [...document.querySelectorAll('[data-entry-form] *')]
          .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && /\\((cóng|thối|chặt|tới trắng)\\)/.test(node.textContent)))
          .map((element) => [element.textContent.trim(), element.closest('[lang]').lang])"""
    )
    assert len(words) == 8  # each event's button and its sheet's title
    assert {lang for _, lang in words} == {"vi"}, words
