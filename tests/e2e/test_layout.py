"""The page at 360 px: nothing cut off, names always there, the home form first, sharing the result."""

import json

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys, wait_for_rounds
from tests.e2e.test_settle import spec_6

# Elements whose box reaches past the viewport, or whose own content is cut off by overflow.
CLIPPED = """(selector) => [...document.querySelectorAll(selector)].filter((element) => {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.left < -0.5 || box.right > window.innerWidth + 0.5 || element.scrollWidth > element.clientWidth + 1;
}).map((element) => element.outerHTML.slice(0, 120))"""


def clipped(page, selector):
    return page.evaluate(CLIPPED, selector)


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
    page.wait_for_function(
        """() => {
            const key = document.querySelector('[data-pad="13"]').getBoundingClientRect();
            const buttons = document.querySelector('.entry-actions').getBoundingClientRect();
            return key.bottom <= buttons.top + 1 && key.top >= 0;
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
    expect(rules).to_contain_text("×3 from 13 cards")
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
    # "Follow only" switches the hint's link too: it never shows the edit link.
    sheet.locator('label:has([data-share-switch][value="follow"])').tap()
    expect(hint).to_contain_text(f"/s/{state['view_id']}/")
    expect(hint).not_to_contain_text(state["id"])


def test_the_pairwise_tables_last_column_fits_at_360(phones, live_api):
    state = spec_6(live_api)
    page = phones().open(f"/s/{state['id']}/settle/")
    page.locator("details.pairwise summary").tap()
    last = page.locator(".pairwise-table thead th").last
    expect(last).to_be_visible()
    # The live re-render after the socket opens may replace the table between two looks: the
    # right edge is read in the page, in one go, once the column is there.
    right = page.wait_for_function(
        "() => { const th = [...document.querySelectorAll('.pairwise-table thead th')].pop();"
        " const box = th && th.getBoundingClientRect();"
        " return box && box.width > 0 ? box.x + box.width : null; }"
    ).json_value()
    assert right <= 360
    assert clipped(page, ".table-scroll, .pairwise-table") == []
    page.wait_for_timeout(500)  # the live re-render after the socket opens keeps it open
    expect(page.locator("details.pairwise")).to_have_attribute("open", "")


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
    expect(row.locator('[data-running-total="3"]')).to_have_text("39")
    type_keys(host, "2 3 4 Enter")
    wait_for_rounds(host, 2)
    row = follower.locator('[data-round-list] [data-round="2"]')
    expect(row.locator('[data-running-total="0"]')).to_have_text("7")
    expect(row.locator('[data-running-total="3"]')).to_have_text("39")
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
