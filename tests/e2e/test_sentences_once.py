"""Each sentence once: the page renders every sentence its script shows, translated, with the numbers
left as %(…)s, and the script only fills them in. What the script shows live must read exactly as
what the server renders, in English, zh-Hant and zh-Hans."""

import pytest
from playwright.sync_api import expect

LANGUAGES = ["en", "zh-hant", "zh-hans"]
# Everything the script rewrites on a live change, each as the text of its elements.
SHOWN = {
    "heading": "[data-round-heading]",
    "direction": "[data-direction]",
    "to target": "[data-to-target]",
    "lock": "[data-lock-text]",
    "standings": "[data-final-standings] li",
    "loser": "[data-final-note]",
    "scores": "[data-round-list] [data-cell-score]",
}


def shown(page):
    return {
        name: [" ".join(text.split()) for text in page.locator(selector).all_text_contents()]
        for name, selector in SHOWN.items()
    }


def as_the_server_renders(page, plain, path):
    """The page as its script drew it live equals the page the server renders (read without JavaScript)."""
    live = shown(page)
    plain.open(path, live=False)
    assert shown(plain.page) == live


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_the_script_shows_reads_as_the_server_renders_it(phones, live_api, server_url, language):
    state = live_api.create(target=20)
    key = state["id"]
    phone, plain = phones("Ann's phone"), phones("A browser without JavaScript", javascript=False)
    for each in (phone, plain):
        each.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open(f"/s/{key}/")

    # Another phone enters round 1: the lock sentence, then the round, heading, direction, scores.
    status, grant = live_api.call("POST", f"/api/sessions/{key}/lock", {"device": "Ben's phone"})
    assert status == 200
    expect(page.locator("[data-lock-holder]")).to_contain_text("Ben's phone")
    as_the_server_renders(page, plain, f"/s/{key}/")
    status, _ = live_api.call(
        "POST", f"/api/sessions/{key}/rounds", {"cards": [5, 0, 3, 2]}, token=grant["token"]
    )
    assert status == 201
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(1)
    live_api.call("DELETE", f"/api/sessions/{key}/lock", token=grant["token"])
    expect(page.locator("[data-lock-holder]")).to_have_count(0)
    as_the_server_renders(page, plain, f"/s/{key}/")

    # Round 2 ends the game: Dan reaches 20. The final standings, the loser and "after 2 rounds".
    live_api.add_rounds(key, [1, 0, 2, 13], device="Ben's phone")
    expect(page.locator("[data-final]")).to_be_visible()
    expect(page.locator("[data-final-note]")).to_contain_text("Dan")
    expect(page.locator("[data-lock-holder]")).to_have_count(0)  # Ben's phone handed the lock back
    as_the_server_renders(page, plain, f"/s/{key}/")

    # Over after one round: the heading's singular, picked by the catalog's plural rule.
    key = live_api.create(target=20)["id"]
    page = phone.open(f"/s/{key}/")
    live_api.add_rounds(key, [5, 0, 3, 13], device="Ben's phone")
    expect(page.locator("[data-final]")).to_be_visible()
    expect(page.locator("[data-lock-holder]")).to_have_count(0)
    as_the_server_renders(page, plain, f"/s/{key}/")
