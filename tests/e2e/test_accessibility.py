"""At 360×740, thumbs only, in a dim room, and with a keyboard or a screen reader: what Lighthouse
(axe) checks and what it lets through. One level-one heading a page; every control a thumb can
reach at least 44 px each way; the page's language and a finished table's link read at 4.5:1;
Tiến lên's own words on an English page read as Vietnamese; Tab through a round's entry shows
its ring on every control and never leaves it under the sticky Cancel / Add. The Lighthouse
runs themselves: benchmarks/lighthouse.py."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser]

FOUR = ["Ann", "Ben", "Cat", "Dan"]

# Each visible control a thumb can reach, with its target's size: a box or radio is reached by its
# label; a sheet's controls count only while the sheet is open.
SMALL_TARGETS = """() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
  .filter((element) => !element.closest('dialog:not([open])') && getComputedStyle(element).visibility !== 'hidden')
  .map((element) => {
    const label = element.matches('[type=checkbox], [type=radio]') && (element.closest('label') || element.labels?.[0]);
    const box = (label || element).getBoundingClientRect();
    // A column's sort link is as wide as its numbers; its height is the thumb's.
    const wide = element.matches('thead a') ? 44 : box.width;
    const name = (element.getAttribute('aria-label') || element.textContent).trim().replace(/\\s+/g, ' ').slice(0, 40);
    return { name: `${element.tagName.toLowerCase()} "${name}"`, width: box.width, wide, height: box.height };
  })
  .filter(({ width, wide, height }) => width > 0 && height > 0 && (wide < 43.5 || height < 43.5))
  .map(({ name, width, height }) => `${name}: ${Math.round(width)}×${Math.round(height)}`)"""

# WCAG's contrast of an element's text against what is behind it, from the computed styles, as
# the browser paints it: each background from the page's down laid over the last at its alpha, the
# text over them, then each opacity group (the element's or an ancestor's) faded into its backdrop.
CONTRAST = """(element) => {
  const rgba = (color) => {
    if (!color.startsWith('rgb')) throw new Error(`not an rgb() colour: ${color}`);
    const [r, g, b, a = 1] = color.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const fade = (backdrop, color, amount) => backdrop.map((channel, index) => channel + (color[index] - channel) * amount);
  const over = (below, [r, g, b, a]) => fade(below, [r, g, b], a);
  const layers = [];
  for (let node = element; node; node = node.parentElement) layers.unshift(node);
  const groups = [];
  let back = [255, 255, 255];
  for (const node of layers) {
    const style = getComputedStyle(node);
    if (Number(style.opacity) < 1) groups.unshift([back, Number(style.opacity)]);
    back = over(back, rgba(style.backgroundColor));
  }
  let text = over(back, rgba(getComputedStyle(element).color));
  for (const [backdrop, opacity] of groups) [back, text] = [fade(backdrop, back, opacity), fade(backdrop, text, opacity)];
  const light = (channels) => channels.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index], 0);
  const [hi, lo] = [light(text), light(back)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}"""

# The focused control: its ring, and how many pixels of it the sticky Cancel / Add covers.
FOCUSED = """() => {
  const element = document.activeElement;
  const box = element.getBoundingClientRect();
  const bar = document.querySelector('.entry-actions').getBoundingClientRect();
  const style = getComputedStyle(element);
  return {
    name: (element.getAttribute('aria-label') || element.textContent).trim().replace(/\\s+/g, ' ').slice(0, 30),
    inEntry: Boolean(element.closest('[data-entry-form]')) && !element.closest('.entry-actions'),
    ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    covered: Math.max(0, Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top)),
    action: element.dataset.action || null,
  };
}"""


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


def group_with_an_evening(live_api):
    status, group = live_api.call("POST", "/api/groups", {"name": "Thursday club"})
    assert status == 201, group
    status, evening = live_api.call("POST", f"/api/groups/{group['id']}/evenings", {"players": FOUR})
    assert status == 201, evening
    live_api.add_rounds(evening["id"], [5, 0, 11, 13])
    return group


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


@pytest.mark.parametrize("language", ["en", "vi"])
def test_every_control_a_thumb_reaches_is_at_least_44_px(phones, live_api, server_url, language):
    phone = phones()
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    chips = live_api.create(preset="hong-kong", covering_rule=True, twos={"doubles": True})
    live_api.add_rounds(chips["id"], [5, 0, 11, 13])
    spade = live_api.create(preset="chu-da-di")
    event = night(live_api, finish_table=True)
    group = group_with_an_evening(live_api)
    found = {}
    for name, path in [
        ("home", "/"),
        ("session with 2s and covering", chips["links"]["page"]),
        ("session with the ♠2 and bombs", spade["links"]["page"]),
        ("organizer", event["links"]["page"]),
        ("club night follow", event["links"]["follow"]),
        ("group", group["links"]["page"]),
    ]:
        page = phone.open(path, live=name != "home")
        found[name] = page.evaluate(SMALL_TARGETS)
        if name.startswith("session"):
            page.locator("[data-action='menu']").click()
            expect(page.locator("[data-sheet='menu']")).to_be_visible()
            found[f"{name}, its menu"] = page.evaluate(SMALL_TARGETS)
            page.keyboard.press("Escape")
            page.locator("[data-action='share']").click()
            expect(page.locator("[data-sheet='share']")).to_be_visible()
            found[f"{name}, its share sheet"] = page.evaluate(SMALL_TARGETS)
    assert {name: small for name, small in found.items() if small} == {}


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_pages_own_language_reads_clearly_in_the_footer(phones, server_url, language):
    phone = phones()
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open("/", live=False)
    current = page.locator(".language button[aria-current]")
    expect(current).to_be_disabled()  # choosing it again would do nothing
    assert current.evaluate(CONTRAST) >= 4.5
    for other in page.locator(".language button:not([aria-current])").all():
        assert other.evaluate(CONTRAST) >= 4.5


def test_a_finished_tables_link_reads_clearly_on_the_organizers_page(phones, live_api):
    event = night(live_api, finish_table=True)
    page = phones().open(event["links"]["page"])
    finished = page.locator("[data-table][data-finished]")
    expect(finished).to_have_count(1)
    # Read in one go: the night's socket may draw the tables afresh between two calls.
    link = "[data-table][data-finished] [data-table-link]"
    assert page.evaluate(f"() => ({CONTRAST})(document.querySelector('{link}'))") >= 4.5


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


@pytest.mark.parametrize("preset", ["hong-kong", "chu-da-di", "tien-len"])
def test_tab_through_a_rounds_entry_shows_each_ring_and_nothing_goes_under_the_sticky_add(
    phones, live_api, preset
):
    fields = {"covering_rule": True, "twos": {"doubles": True}} if preset == "hong-kong" else {}
    key = live_api.create(preset=preset, **fields)["id"]
    page = phones().open(f"/s/{key}/")
    page.locator("[data-player='0']").click()
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    page.evaluate("scrollTo(0, 0)")
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["inEntry"]:
            seen.append(focused)
        if focused["action"] == "add-round":
            break
    assert focused["action"] == "add-round", seen
    assert len(seen) >= 5, seen
    assert [item["name"] for item in seen if not item["ring"]] == []
    assert [(item["name"], item["covered"]) for item in seen if item["covered"] > 0] == []


def test_the_settle_pages_chart_prints_on_white(phones, live_api):
    state = live_api.create(preset="wta-flat", value_per_point="0.50")
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [0, 3, 7, 9])
    page = phones().open(f"/s/{state['id']}/settle/")
    expect(page.locator(".chart").first).to_be_visible()
    page.emulate_media(media="print")
    printed = page.evaluate(
        """() => {
            const chart = document.querySelector('.chart');
            return [getComputedStyle(chart).backgroundColor, getComputedStyle(chart.querySelector('.axis')).fill];
        }"""
    )
    assert printed == ["rgb(255, 255, 255)", "rgb(51, 51, 51)"]
