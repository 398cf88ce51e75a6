"""A Tiến lên club night in Vietnamese on 360×740 phones (QA): what its tables and its organizer
meet that a Big Two night does not, each checked in the page's own words."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_night_edges import draw

NAMES = ["Nguyễn Thị Thanh Hương", "Nguyễn Văn Bình", "Trần Thị Chi", "Lê Dũng"]


def vietnamese(phones, server_url, name="Điện thoại của Hương"):
    phone = phones(name)
    phone.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    return phone


def tien_len_night(live_api, players=NAMES, **fields):
    body = {
        "name": "CLB thứ Sáu",
        "players": players,
        "rounds": 2,
        "hands": 2,
        "rules": {"preset": "tien-len"},
    }
    status, event = live_api.call("POST", "/api/events", {**body, **fields})
    assert status == 201, event
    return event


def test_add_before_a_hand_says_to_tap_the_order_out(phones, server_url, live_api, screenshot):
    """Add (or ⌫) before anything is tapped: a Tiến lên hand is begun by tapping who went out
    first, not by typing cards left (it said "type or tap the first player's cards left")."""
    table = draw(live_api, tien_len_night(live_api))["tables"][0]
    page = vietnamese(phones, server_url).open(f"/s/{table['session']}/")
    page.locator('[data-action="add-round"]').tap()
    toast = page.locator("[data-toast]")
    expect(toast).to_have_text("Chưa có ván nào đang nhập: chạm tên người chơi theo thứ tự về để bắt đầu")
    box, bar = toast.bounding_box(), page.locator("header.bar").bounding_box()
    assert box["y"] >= 0  # the whole message, inside the bar
    assert box["y"] + box["height"] <= bar["y"] + bar["height"]
    screenshot(page, "tien-len-vi-nothing-entered")
    assert live_api.state(table["session"])["rounds"] == []


def test_a_tien_len_or_own_scores_evening_says_what_begins_a_hand(phones, live_api):
    state = live_api.create(preset="tien-len")
    page = phones().open(f"/s/{state['id']}/")
    page.keyboard.press("Backspace")
    expect(page.locator("[data-toast]")).to_have_text(
        "No round is being entered: tap the players in the order they went out to start one"
    )
    own = live_api.create(mode="own_scores")
    page = phones("Ben's phone").open(f"/s/{own['id']}/")
    page.keyboard.press("Backspace")
    expect(page.locator("[data-toast]")).to_have_text(
        "No round is being entered: type each player's score to start one"
    )


HEADERS_CUT = """() => [...document.querySelectorAll('.event-standings th')]
    .filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent)"""


@pytest.mark.parametrize("size", [{"width": 1280, "height": 720}, {"width": 360, "height": 740}])
def test_the_screens_standings_show_their_vietnamese_headers_whole(browser, server_url, live_api, size):
    """The screen's standings in Vietnamese: "Ăn thua" and "Nhất" whole (cut to "Ăn…" and "Nh…"
    in columns made for "Net" and "Won"), and a long name no shorter than in English."""
    event = tien_len_night(
        live_api, players=[*NAMES, "Tôn Nữ Hoàng Yến", "Huỳnh Tấn Tài", "Bùi Thị Mai", "Võ Hà"]
    )
    draw(live_api, event)
    widths = {}
    for language in ("en", "vi"):
        context = browser.new_context(viewport=size, locale="vi-VN")
        context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
        screen = context.new_page()
        screen.goto(server_url + event["links"]["screen"])
        screen.wait_for_selector("[data-status='live']")
        assert screen.evaluate(HEADERS_CUT) == [], language
        widths[language] = screen.locator(".event-standings th").nth(1).bounding_box()["width"]
        context.close()
    assert widths["vi"] >= widths["en"] - 1  # the same room, to the pixel


NAME_SHOWN = """(select) => {
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(select).font;
  probe.style.cssText += 'position: absolute; white-space: nowrap;';
  probe.textContent = select.selectedOptions[0].textContent;
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  return needed + 40 <= select.clientWidth;  // the name, and room for the padding and the arrow
}"""


def test_the_organizers_lists_of_players_show_whole_names(phones, server_url, live_api, screenshot):
    """Swap (in a round) and drop (between rounds) on a 360 px phone: the list shows the whole
    name picked, not "Nguyễ" twice: most of a Vietnamese room shares a family name."""
    event = tien_len_night(
        live_api, players=[*NAMES, "Nguyễn Thị Thanh Tâm", "Trần Văn Minh", "Lê Hoàng Phúc", "Võ Hà"]
    )
    draw(live_api, event)
    page = vietnamese(phones, server_url).open(f"/e/{event['id']}/")
    for field, name in (("first", "Nguyễn Thị Thanh Hương"), ("second", "Nguyễn Thị Thanh Tâm")):
        select = page.locator(f"select[name='{field}']")
        select.select_option(name)
        assert select.evaluate(NAME_SHOWN), field
    page.locator("select[name='second']").scroll_into_view_if_needed()
    screenshot(page, "tien-len-vi-swap")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("[data-action='end-round']").tap()
    page.locator("[data-action='confirm-end']").tap()
    drop = page.locator("select[name='drop']")
    drop.select_option("Nguyễn Thị Thanh Tâm")
    assert drop.evaluate(NAME_SHOWN)


SIXTEEN = [
    *NAMES,
    "Nguyễn Thị Thanh Tâm",
    "Trần Văn Minh",
    "Lê Hoàng Phúc",
    "Võ Hà",
    "Phạm Ngọc Lan",
    "Đặng Quốc Bảo",
    "Bùi Thị Mai",
    "Hồ Văn Dũng",
    "Ngô Thị Kim Chi",
    "Dương Minh Khoa",
    "Huỳnh Tấn Tài",
    "Châu Gia Khang",
]


def test_the_draw_is_in_reach_above_sixteen_players_standings(phones, server_url, live_api, screenshot):
    """The organizer alone on a phone: between rounds the emphasised Draw is on the first screen,
    above the tables and sixteen standings (it was three screens down, under them); while the
    tables play, their buttons stay under the tables."""
    event = tien_len_night(live_api, players=SIXTEEN)
    page = vietnamese(phones, server_url).open(f"/e/{event['id']}/")
    draw_button = page.locator(".next-actions .primary")
    expect(draw_button).to_have_text("Bốc thăm vòng 1")
    assert draw_button.bounding_box()["y"] + draw_button.bounding_box()["height"] <= 740
    expect(page.locator("[data-next-line]")).to_be_hidden()  # the button says it
    screenshot(page, "tien-len-vi-organizer-before")
    draw_button.tap()
    page.wait_for_selector("[data-status='live']")
    expect(page.locator("[data-next-line]")).to_be_visible()
    end = page.locator("[data-action='end-round']")
    standings = page.locator("[data-standings]")
    expect(end).to_be_visible()  # the draw's reply renders the round's buttons after the status
    expect(standings).to_be_visible()
    assert end.bounding_box()["y"] > standings.bounding_box()["y"]
    end.tap()
    page.locator("[data-action='confirm-end']").tap()
    expect(page.locator(".next-actions .primary")).to_have_text("Bốc thăm vòng 2")
    box = page.locator(".next-actions .primary").bounding_box()
    assert box["y"] + box["height"] <= 740
    assert page.evaluate("scrollY") == 0
