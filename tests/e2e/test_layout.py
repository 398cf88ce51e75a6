"""The page at 360 px: nothing cut off, names always there, the home form first, sharing the result."""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds
from tests.e2e.test_settle import spec_6

# Elements whose box reaches past the viewport, or whose own content is cut off by overflow (but
# for words only a screen reader reads: .visually-hidden is a 1 px clip on purpose).
CLIPPED = """(selector) => [...document.querySelectorAll(selector)].filter((element) => {
  if (element.closest(".visually-hidden")) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.left < -0.5 || box.right > window.innerWidth + 0.5 || element.scrollWidth > element.clientWidth + 1;
}).map((element) => element.outerHTML.slice(0, 120))"""


def clipped(page, selector):
    return page.evaluate(CLIPPED, selector)


# How many lines the text of each element matching a selector takes.
LINES = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const text = document.createRange();
  text.selectNodeContents(element);
  return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
})"""
DOCUMENT_WIDTH = "document.documentElement.scrollWidth"
REAL_NAMES = ["Christopher", "Alexandra", "Jean-Baptiste", "Ann"]
# Names may have 40 characters: one long word, several words, an accented letter over and over.
FORTY_CHARACTER_NAMES = ["W" * 40, "Maximilian Alexander Wolfgang von Habsbu", "É" * 40, "Ann"]
# At CHF 2.00 a point: +CHF 414.00, +CHF 382.00, −CHF 66.00 and −CHF 730.00.
BIG_LOSSES = ([0, 5, 13, 8], [6, 0, 13, 9], [7, 8, 13, 0], [0, 9, 12, 11], [5, 0, 10, 13])
AMOUNTS = "[data-nets] .money, [data-transfers] .num"


def box(locator):
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def lines(page, selector):
    # In one look: the settle page re-renders itself once its socket is live.
    return page.evaluate(LINES, selector)


def open_big_settlement(phones, live_api, names):
    state = live_api.create(players=names, value_per_point="2.00", currency="CHF")
    live_api.add_rounds(state["id"], *BIG_LOSSES)
    phone = phones()
    # Once its socket is live the page renders the settlement again: look after that.
    with phone.page.expect_request_finished(lambda request: request.url.endswith("/settle/partial")):
        page = phone.open(f"/s/{state['id']}/settle/")
    page.locator("details.pairwise summary").tap()
    expect(page.locator("details.pairwise")).to_have_attribute("open", "")
    return page


def test_with_2s_and_covering_every_name_shows_in_full_at_360(phones, live_api, screenshot):
    state = live_api.create(
        players=["Ann", "Benjamin", "Catherine", "Dan"],
        twos={"points_per_two": 2},
        covering_rule=True,
    )
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "5 7")
    for index, name in enumerate(["Ann", "Benjamin", "Catherine", "Dan"]):
        label = page.locator(f'[data-player="{index}"] .row-name')
        expect(label).to_have_text(name)
        assert label.bounding_box()["width"] > 40
    assert clipped(page, "[data-player], [data-player] *") == []
    # The 2s and covering controls sit on their own line, below the name.
    name_box = page.locator('[data-player="1"] .row-name').bounding_box()
    chip_box = page.locator('[data-twos="1"]').bounding_box()
    assert chip_box["y"] >= name_box["y"] + name_box["height"] - 1
    screenshot(page, "entry-twos-covering")


def test_a_tall_entry_panel_brings_its_pad_into_view_when_it_opens(phones, live_api):
    state = live_api.create(
        players=["Ann", "Ben", "Cat", "Dan"], twos={"points_per_two": 2}, covering_rule=True
    )
    page = phones().open(f"/s/{state['id']}/")
    page.locator('[data-player="2"] .row-name').tap()
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    last_key, buttons = page.locator('[data-pad="13"]'), page.locator(".entry-actions")
    # The whole pad is on the screen, above the sticky Cancel / Add round (the scroll is smooth).
    # Measured once the smooth scroll has come to rest (the same scroll position two frames running).
    page.wait_for_function(
        """() => {
            const key = document.querySelector('[data-pad="13"]').getBoundingClientRect();
            const buttons = document.querySelector('.entry-actions').getBoundingClientRect();
            const still = window.lastScrollY === window.scrollY;
            window.lastScrollY = window.scrollY;
            return still && key.bottom <= buttons.top + 1 && key.top >= 0;
        }"""
    )
    assert last_key.bounding_box()["y"] + last_key.bounding_box()["height"] <= buttons.bounding_box()["y"] + 1
    last_key.tap()  # and takes the tap: 13 for Cat
    expect(page.locator('[data-player="2"] [data-count]')).to_have_text("13")


def test_the_rules_line_wraps_and_the_correction_header_keeps_delete(phones, live_api):
    state = live_api.create(preset="classic-points")
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    page = phones().open(f"/s/{state['id']}/")
    rules = page.locator("[data-entry-rules]")
    expect(rules).to_contain_text("×3 for all 13 cards")
    assert clipped(page, "[data-entry-rules]") == []
    page.locator('[data-edit-round="1"]').tap()
    expect(page.locator('[data-action="delete-round"]')).to_be_visible()
    assert clipped(page, ".entry-head, .entry-head *") == []


def test_the_share_sheet_shows_the_lan_address_uncut(phones, live_api):
    state = live_api.create()
    page = phones().open(f"/s/{state['id']}/")
    page.locator('[data-action="share"]').tap()
    sheet = page.locator('[data-sheet="share"]')
    expect(sheet).to_be_visible()
    hint = sheet.locator("[data-loopback-hint]:visible")
    expect(hint).to_contain_text("Phones cannot open 127.0.0.1")
    assert clipped(page, '[data-sheet="share"] *') == []
    # It opens on the follow link, whose hint never shows the edit link; the edit link switches it.
    expect(hint).to_contain_text(f"/s/{state['view_id']}/")
    expect(hint).not_to_contain_text(state["id"])
    sheet.locator('label:has([data-share-switch][value="edit"])').tap()
    expect(hint).to_contain_text(f"/s/{state['id']}/")
    assert clipped(page, '[data-sheet="share"] *') == []


def test_the_pairwise_tables_last_column_fits_at_360(phones, live_api):
    state = spec_6(live_api)
    phone = phones()
    # Once its socket is live the page renders the settlement again: that render is held back
    # until the table has been opened and measured, then let through.
    held = []
    phone.page.route("**/settle/partial", lambda route: held.append(route))
    page = phone.open(f"/s/{state['id']}/settle/")
    page.locator("details.pairwise summary").tap()
    last = page.locator(".pairwise-table thead th").last
    expect(last).to_be_visible()
    right = page.evaluate(
        "() => { const box = [...document.querySelectorAll('.pairwise-table thead th')].pop().getBoundingClientRect();"
        " return box.x + box.width; }"
    )
    assert right <= 360
    assert clipped(page, ".table-scroll, .pairwise-table") == []
    # The live re-render keeps it open: the table that replaces this one is open too.
    page.locator("details.pairwise").evaluate("(details) => { details.dataset.before = ''; }")
    assert len(held) == 1
    with page.expect_request_finished(lambda request: request.url.endswith("/settle/partial")):
        held[0].continue_()
    expect(page.locator("details.pairwise:not([data-before])")).to_have_attribute("open", "")


@pytest.mark.parametrize("names", [REAL_NAMES, FORTY_CHARACTER_NAMES], ids=["real", "forty"])
def test_the_settle_page_fits_360_and_shows_every_amount_whole(phones, live_api, names, screenshot):
    page = open_big_settlement(phones, live_api, names)
    expect(page.locator("[data-nets] .money")).to_have_text(
        ["+CHF 414.00", "+CHF 382.00", "−CHF 66.00", "−CHF 730.00"]
    )
    assert page.evaluate(DOCUMENT_WIDTH) <= 360
    assert clipped(page, AMOUNTS) == []
    assert lines(page, AMOUNTS) == [1] * 7
    screenshot(page, f"settle-{names[0][:5]}", full_page=True)


def test_the_pairwise_table_keeps_names_readable_and_scrolls_in_its_box(phones, live_api):
    page = open_big_settlement(phones, live_api, REAL_NAMES)
    expect(page.locator(".pairwise-table tbody th")).to_have_text(REAL_NAMES)
    # Whole names, not a letter a line: a word on one line, Jean-Baptiste on two at most (its hyphen).
    name_lines = lines(page, ".pairwise-table tbody th .player-name")
    assert name_lines[:2] + name_lines[3:] == [1, 1, 1]
    assert name_lines[2] <= 2
    assert lines(page, ".pairwise-table td:not(.self)") == [1] * 12
    # Too wide for the phone, the table scrolls in its box, to its last column; the page does not.
    overflow, last_column_right = page.evaluate(
        "() => { const box = document.querySelector('.pairwise .table-scroll');"
        " const overflow = box.scrollWidth - box.clientWidth; box.scrollLeft = box.scrollWidth;"
        " return [overflow, box.querySelector('thead th:last-child').getBoundingClientRect().right]; }"
    )
    assert overflow > 0
    assert last_column_right <= 360
    assert page.evaluate(DOCUMENT_WIDTH) <= 360


def test_the_pairwise_table_gives_forty_character_names_a_column_of_their_own(phones, live_api):
    page = open_big_settlement(phones, live_api, FORTY_CHARACTER_NAMES)
    expect(page.locator(".pairwise-table tbody th")).to_have_count(4)
    widths = page.evaluate(
        "[...document.querySelectorAll('.pairwise-table tbody th')].map((th) =>"
        " th.getBoundingClientRect().width / parseFloat(getComputedStyle(th).fontSize))"
    )
    assert min(widths) >= 4  # em
    assert page.evaluate(DOCUMENT_WIDTH) <= 360


def test_the_export_buttons_are_one_line_and_the_same_height(phones, live_api):
    page = open_big_settlement(phones, live_api, REAL_NAMES)
    buttons = page.locator(".export .button")
    expect(buttons).to_have_text(["Rounds (CSV)", "Everything (JSON)"])
    assert lines(page, ".export .button") == [1, 1]
    heights = page.evaluate(
        "[...document.querySelectorAll('.export .button')].map((button) => button.offsetHeight)"
    )
    assert heights[0] == heights[1]


# Words that a line break cuts inside (a break after a hyphen is between words: "Rata-|rata").
WORDS_CUT = """(selector) => [...document.querySelectorAll(selector)].flatMap((element) => {
  const cut = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter((line) => line.width > 0).map((line) => Math.round(line.top)));
      if (tops.size > 1) cut.push(word[0]);
    }
  }
  return cut;
})"""
FILIPINO_NAMES = ["Maricel", "Bongbong", "Jhunjun", "Luzviminda"]


def open_in_filipino(phones, server_url, path, width, *, partial=False):
    phone = phones()
    phone.context.add_cookies([{"name": "django_language", "value": "fil", "url": server_url}])
    phone.page.set_viewport_size({"width": width, "height": 740})
    if not partial:
        return phone.open(path, live=False)
    # Once its socket is live the settle page renders the settlement again: look after that.
    with phone.page.expect_request_finished(lambda request: request.url.endswith("/settle/partial")):
        return phone.open(path)


@pytest.mark.parametrize("width", [360, 320])
def test_in_filipino_the_settle_page_cuts_no_word_and_the_bar_keeps_to_one_line(
    phones, live_api, server_url, screenshot, width
):
    """At 360 px the sentence was 113 px wide beside "markahang bayad na" ("Luzvimind|a magbabaya|d
    kay"), and the bar 80 px high ("Pusoy / Dos", "Bumalik sa / mesa")."""
    state = live_api.create(
        players=FILIPINO_NAMES, preset="classic-points", value_per_point="5", currency="PHP"
    )
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [0, 7, 3, 9], [12, 4, 0, 6])
    page = open_in_filipino(phones, server_url, f"/s/{state['id']}/settle/", width, partial=True)
    expect(page.locator("[data-transfers] button").first).to_have_text("markahang bayad na")
    assert page.evaluate(WORDS_CUT, "[data-transfers], [data-nets]") == []
    # No room for the button beside the sentence: it goes under it, inside the row.
    for transfer in page.locator("[data-transfers] .transfer").all():
        text, button = box(transfer.locator(".transfer-text")), box(transfer.locator("button"))
        assert button["y"] >= text["y"] + text["height"] - 1
        assert button["x"] + button["width"] <= width
    expect(page.locator(".bar .brand")).to_have_text("Pusoy Dos")
    assert lines(page, ".bar .brand, .bar > a.button") == [1, 1]
    assert page.evaluate(
        "(() => { const brand = document.querySelector('.bar .brand');"
        " return brand.scrollWidth <= brand.clientWidth; })()"
    )
    assert box(page.locator(".bar"))["height"] <= 62
    assert page.evaluate(DOCUMENT_WIDTH) <= width
    screenshot(page, f"settle-fil-{width}", full_page=True)


@pytest.mark.parametrize("width", [360, 320])
def test_in_filipino_the_home_forms_boxes_are_one_width_and_player_labels_one_line(
    phones, server_url, screenshot, width
):
    """The "Pag-score" box (its higher rates: "× [2] mula [10] baraha ✕") was 8 px wider than the
    others at 360 px, 48 px at 320; "Manlalaro 1" took two lines."""
    page = open_in_filipino(phones, server_url, "/", width)
    expect(page.locator(".player-field label").first).to_have_text("Manlalaro 1")
    assert lines(page, ".player-field label") == [1] * 4
    widths = page.evaluate(
        "[...document.querySelectorAll('form.new-session fieldset')].map((box) => box.getBoundingClientRect().width)"
    )
    assert len(widths) > 1
    assert max(widths) == min(widths) == width - 24, widths
    assert page.evaluate(DOCUMENT_WIDTH) <= width
    screenshot(page, f"home-fil-{width}", full_page=True)


def test_final_standings_wrap_forty_character_names_at_360(phones, live_api):
    state = live_api.create(players=FORTY_CHARACTER_NAMES, rounds=5)
    live_api.add_rounds(state["id"], *BIG_LOSSES)
    phone = phones()
    for path in (f"/s/{state['id']}/", f"/s/{state['view_id']}/table/"):
        page = phone.open(path)
        expect(page.locator("[data-final-standings] li")).to_have_count(4)
        assert page.evaluate(DOCUMENT_WIDTH) <= 360, path
        assert clipped(page, "[data-final-standings] .total") == [], path


def test_a_sixty_letter_group_name_and_its_players_names_fit_360(phones, live_api):
    status, group = live_api.call("POST", "/api/groups", {"name": "z" * 60})
    assert status == 201, group
    state = live_api.create(players=FORTY_CHARACTER_NAMES, group=group["id"])
    live_api.add_rounds(state["id"], *BIG_LOSSES)
    phone = phones()
    page = phone.open(f"/g/{group['id']}/")
    expect(page.locator("[data-group-name]")).to_have_text("z" * 60)
    expect(page.locator("[data-evening]")).to_have_count(1)
    assert page.evaluate(DOCUMENT_WIDTH) <= 360
    # The season table's names wrap: its sticky name column leaves room to see the figures.
    first_figure_right = page.evaluate(
        "document.querySelector('[data-season-table] tbody td').getBoundingClientRect().right"
    )
    assert first_figure_right <= 360
    # The home page lists the group and the evening by their names.
    phone.open(f"/s/{state['id']}/")
    page = phone.open("/", live=False)
    expect(page.locator("[data-group-list] li")).to_have_count(1)
    expect(page.locator("[data-recent-list] li")).to_have_count(1)
    assert page.evaluate(DOCUMENT_WIDTH) <= 360


def test_home_puts_the_form_first_and_keeps_three_recent_sessions_removable(phones, live_api):
    phone = phones()
    keys = [live_api.create(players=[f"P{n}", "Ben"])["id"] for n in range(5)]
    page = phone.open("/", live=False)
    recent = [
        {
            "key": key,
            "followKey": f"f{n}",
            "names": [f"P{n}", "Ben"],
            "rounds": n,
            "finished": False,
            "seen": "2026-12-02T20:00:00Z",
        }
        for n, key in enumerate(keys)
    ]
    page.evaluate("(sessions) => localStorage.setItem('bigtwo.sessions', sessions)", json.dumps(recent))
    page.reload()
    first_name = page.locator('input[name="player_0"]')
    assert first_name.bounding_box()["y"] + first_name.bounding_box()["height"] <= 740
    items = page.locator("[data-recent-list] li")
    expect(items).to_have_count(3)
    assert page.locator("[data-recent]").bounding_box()["y"] > first_name.bounding_box()["y"]
    page.locator('[data-action="show-all-recent"]').tap()
    expect(items).to_have_count(5)
    items.nth(1).locator('[data-action="forget-session"]').tap()
    expect(items).to_have_count(3)  # back to three after a change, one fewer stored
    stored = json.loads(page.evaluate("localStorage.getItem('bigtwo.sessions')"))
    assert [entry["names"][0] for entry in stored] == ["P0", "P2", "P3", "P4"]


def test_share_uses_the_phones_share_sheet_and_the_summary_has_currency_and_paid(phones, live_api):
    state = spec_6(live_api)
    amount = live_api.state(state["id"])["settlement"]["transfers"][0]["amount"]
    live_api.call(
        "POST",
        f"/api/sessions/{state['id']}/transfers/paid",
        {"from": 2, "to": 1, "amount": amount, "paid": True},
    )
    phone = phones()
    phone.context.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
    )
    page = phone.open(f"/s/{state['id']}/settle/")
    page.locator("[data-share-summary]").tap()
    page.wait_for_function("window.shared !== undefined")
    text = page.evaluate("window.shared.text")
    assert "Ben +€29.50" in text
    assert "Cat paid Ben €29.50 ✓; Cat pays Dan €7.00" in text


def test_share_copies_the_summary_where_there_is_no_share_sheet(phones, live_api):
    state = spec_6(live_api)
    phone = phones()
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = phone.open(f"/s/{state['id']}/settle/")
    assert page.evaluate("navigator.share === undefined")
    page.locator("[data-share-summary]").tap()
    expect(page.locator("[data-toast]")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()").startswith("Big Two, ")


def test_a_points_target_shows_on_the_scoreboard_and_running_totals_follow_live(phones, live_api):
    state = live_api.create(preset="points-50")
    host = phones("Ann's phone").open(f"/s/{state['id']}/")
    follower = phones("Ben's phone").open(f"/s/{state['view_id']}/")
    expect(host.locator("[data-target-text]")).to_contain_text("Game to 50")
    expect(follower.locator('[data-to-target="3"]')).to_have_text("50 to 50")
    type_keys(host, "5 0 J K Enter")
    wait_for_rounds(host, 1)
    expect(follower.locator('[data-to-target="3"]')).to_have_text("11 to 50")
    row = follower.locator('[data-round-list] [data-round="1"]')
    expect(row.locator("[data-cell].p3 [data-running-total]")).to_have_text("39")
    type_keys(host, "2 3 4 Enter")
    wait_for_rounds(host, 2)
    row = follower.locator('[data-round-list] [data-round="2"]')
    expect(row.locator("[data-cell].p0 [data-running-total]")).to_have_text("7")
    expect(row.locator("[data-cell].p3 [data-running-total]")).to_have_text("39")
    expect(follower.locator('[data-to-target="0"]')).to_have_text("43 to 50")


def test_the_keys_are_listed_for_a_keyboard_not_on_a_touch_phone(
    browser, server_url, transactional_db, live_api
):
    key = live_api.create()["id"]
    shown = {}
    for device, options in {
        "phone": {"is_mobile": True, "has_touch": True},
        "laptop": {"is_mobile": False, "has_touch": False},
    }.items():
        context = browser.new_context(viewport={"width": 360, "height": 740}, **options)
        page = context.new_page()
        page.goto(f"{server_url}/s/{key}/")
        expect(page.locator("[data-key-hint]")).to_contain_text("Entering as")
        shown[device] = page.locator(".key-help").is_visible()
        context.close()
    assert shown == {"phone": False, "laptop": True}


def test_dates_follow_the_pages_language(phones, live_api, server_url):
    state = live_api.create()
    phone = phones()  # an en-GB browser
    phone.open(f"/s/{state['id']}/")
    phone.context.add_cookies([{"name": "django_language", "value": "zh-hant", "url": server_url}])
    page = phone.open("/", live=False)
    expect(page.locator("[data-recent-list] li .muted").first).to_contain_text("月")
