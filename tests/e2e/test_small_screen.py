"""At 360x740, in English, zh-Hant and zh-Hans: a refusal leaves the pad in reach, toasts never cover each
other, the dot or the bar's buttons, ending the evening shows the standings, the rules line says
what a 2 costs, a delete looks like one, and the season table reads (and says when it scrolls).
Each state is also saved as a screenshot (test-artifacts/screenshots/) to be looked at."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds

LANGUAGES = ["en", "zh-hant", "zh-hans"]
TWOS_COST = {"en": "4 points a 2 held", "zh-hant": "每張 2 加 4 分", "zh-hans": "每张 2 加 4 分"}
# How many lines each element's text takes, by its text.
LINES_OF_EACH = """(selector) => Object.fromEntries([...document.querySelectorAll(selector)].map((element) => {
  const text = document.createRange();
  text.selectNodeContents(element);
  return [element.textContent.trim(), new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size];
}))"""
ONE_EVENING = {"en": "Net over 1 evening:", "zh-hant": "1 個牌局的淨分", "zh-hans": "1 个牌局的净分"}


def open_in(phones, server_url, path, language):
    """A page on a phone whose footer switch was set to the language."""
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    return phone.open(path)


def box(locator):
    found = locator.bounding_box()
    assert found is not None, locator
    return found


# The totals and names on the screen that a visible toast covers (none may be): where a toast
# meets one, what is under the toast there (a toast takes no taps, so it is not hit) is that total
# or name, not the sticky bar that hides it anyway when the page is scrolled.
COVERED = """() => {
  const toasts = [...document.querySelectorAll('.toasts > .toast:not([hidden])')].map((toast) => toast.getBoundingClientRect());
  const seen = (element, toast) => {
    const box = element.getBoundingClientRect();
    const left = Math.max(box.left, toast.left), right = Math.min(box.right, toast.right);
    const top = Math.max(box.top, toast.top), bottom = Math.min(box.bottom, toast.bottom);
    if (left >= right || top >= bottom) return false;
    const under = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return Boolean(under) && (element.contains(under) || under.contains(element));
  };
  return [...document.querySelectorAll('[data-total], [data-running-total], [data-standing-total], .player-name')]
    .filter((element) => element.getClientRects().length && toasts.some((toast) => seen(element, toast)))
    .map((element) => element.outerHTML.slice(0, 80));
}"""


def covered_totals_and_names(page):
    return page.evaluate(COVERED)


def overlap(a, b):
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_session_page_at_360(phones, live_api, server_url, screenshot, language):
    state = live_api.create(twos={"points_per_two": 4}, covering_rule=True)
    page = open_in(phones, server_url, f"/s/{state['id']}/", language)
    expect(page.locator("[data-entry-rules]")).to_contain_text(TWOS_COST[language])
    chip = page.locator('[data-twos="0"]')  # opens the entry; counts 1 to 4 (the page's limit), then 0
    for held in (1, 2, 3, 4, 0):
        chip.tap()
        expect(chip.locator("[data-twos-count]")).to_have_text(str(held))
        # The first tap opens the entry: once it holds the lock, every tap counts.
        expect(page.locator("[data-mode]").first).to_have_attribute("data-mode", "entering")

    # A refusal: the message and the whole pad in view, above the sticky Cancel / Add.
    type_keys(page, "5 6 7 8 Enter")
    refusal = page.locator("[data-form-error]")
    expect(refusal).to_be_visible()
    actions = box(page.locator(".entry-actions"))
    for key in ('[data-pad="11"]', '[data-pad="0"]', '[data-action="clear"]', "[data-form-error]"):
        page.wait_for_function(
            "([key, top]) => document.querySelector(key).getBoundingClientRect().bottom <= top + 0.5 && "
            "document.querySelector(key).getBoundingClientRect().top >= 52",
            arg=[key, actions["y"]],
        )
    screenshot(page, f"small-refusal-{language}")
    type_keys(page, "Escape")

    # One toast at a time: Undo after a round, then a key that cannot act replaces it. Neither
    # covers a total or a name; Undo's leaves the connection dot and the bar's buttons in view.
    type_keys(page, "5 0 J K Enter")
    wait_for_rounds(page, 1)
    undo, toast = page.locator("[data-undo-toast]"), page.locator("[data-toast]")
    expect(undo).to_be_visible()
    for kept in (".status .dot", '[data-action="share"]', '[data-action="menu"]'):
        assert not overlap(box(undo), box(page.locator(kept))), kept
    assert covered_totals_and_names(page) == []
    type_keys(page, "Backspace")
    expect(toast).to_be_visible()
    expect(undo).to_be_hidden()
    assert covered_totals_and_names(page) == []
    screenshot(page, f"small-toasts-{language}")

    # A delete asks with a button that looks like a delete, not like Add.
    page.locator('[data-edit-round="1"]').tap()
    page.locator('[data-action="delete-round"]').tap()
    ok = page.locator("[data-confirm-ok]")
    expect(ok).to_have_class(re.compile(r"\bdanger\b"))
    expect(ok).not_to_have_class(re.compile(r"\bprimary\b"))
    screenshot(page, f"small-delete-{language}")
    page.locator('[data-sheet="confirm"] button[value="cancel"]').tap()
    type_keys(page, "Escape")

    # Ending the evening from the menu: the menu gives way to the final standings, and no longer
    # offers to end it.
    page.locator('[data-action="menu"]').tap()
    page.locator('[data-action="end-session"]').tap()
    expect(ok).not_to_have_class(re.compile(r"\bdanger\b"))
    ok.tap()
    expect(page.locator("[data-final]")).to_be_visible()
    expect(page.locator('[data-sheet="menu"]')).to_be_hidden()
    screenshot(page, f"small-ended-{language}")
    page.locator('[data-action="menu"]').tap()
    expect(page.locator('[data-action="end-session"]')).to_be_hidden()
    assert live_api.state(state["id"])["finished"] is True

    # Share: the follow link first; the edit link a second tap, with its warning.
    page.keyboard.press("Escape")
    page.locator('[data-action="share"]').tap()
    page.locator('label:has([data-share-switch][value="edit"])').tap()
    expect(page.locator("[data-edit-warning]")).to_be_visible()
    screenshot(page, f"small-share-edit-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_season_table_at_360(phones, live_api, server_url, screenshot, language):
    status, group = live_api.call("POST", "/api/groups", {"name": "Friday club"})
    assert status == 201, group
    state = live_api.create(group=group["id"])
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [3, 4, 9, 0])
    page = open_in(phones, server_url, group["links"]["page"], language)
    table = page.locator("[data-season-table]")
    expect(table).to_be_visible()
    # A header breaks between words only (in Chinese a word stays whole): two lines at most.
    header_lines = page.evaluate(LINES_OF_EACH, "[data-season-table] thead a")
    assert max(header_lines.values()) <= 2, header_lines
    # Wider than the phone: the hint says so.
    assert page.evaluate(
        "() => { const s = document.querySelector('.table-scroll'); return s.scrollWidth > s.clientWidth; }"
    )
    expect(page.locator("[data-scroll-hint]")).to_be_visible()
    expect(page.locator("[data-season-chart]")).to_have_attribute(
        "aria-label", re.compile(re.escape(ONE_EVENING[language]))
    )
    table.scroll_into_view_if_needed()
    screenshot(page, f"small-season-{language}")


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_an_evenings_count_of_rounds_stays_on_one_line_at_360(phones, live_api, server_url, language):
    """Four names and a date fill the line: "20 局" broke after its 20, leaving 局 alone below."""
    status, group = live_api.call("POST", "/api/groups", {"name": "周四牌局"})
    assert status == 201, group
    state = live_api.create(group=group["id"], players=["小明", "小红", "小刚", "小丽"])
    live_api.add_rounds(state["id"], *([[5, 0, 11, 13]] * 20))
    page = open_in(phones, server_url, group["links"]["page"], language)
    count = page.locator("[data-evenings] li .small").first
    expect(count).to_have_text(re.compile(r"^20 (局|rounds)$"))
    assert page.evaluate(LINES_OF_EACH, "[data-evenings] li .small") == {count.inner_text(): 1}
