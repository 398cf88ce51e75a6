"""Every page on a 360x740 phone: nothing reaches past the screen's edges (no sideways scroll), no
toast covers a total or a name (also with the entry open), every round's score cell holds a
5-character signed score without touching its neighbour, and the preview writes every multiplier
out without covering a name. Sessions in each mode with 4-digit scores, the rules page, a group
and its season, a club night's pages. Each page is saved as a screenshot to be looked at."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys
from tests.e2e.test_small_screen import covered_totals_and_names

# Elements whose box reaches past the screen's left or right edge. What a .table-scroll holds
# scrolls inside that box (its edge shows it), so only the box itself must fit.
PAST_THE_EDGES = """() => [...document.querySelectorAll('body *')].filter((element) => {
  if (element.closest('template, .table-scroll > *')) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.left < -0.5 || box.right > window.innerWidth + 0.5;
}).map((element) => element.outerHTML.slice(0, 120))"""

# In each round's row: every piece of a cell's text inside the cell, and at least 2 px between the
# text of two cells side by side. Returns what breaks either, with the row's number.
CELLS_APART = """() => {
  const textBoxes = (element) => { const range = document.createRange(); range.selectNodeContents(element); return [...range.getClientRects()]; };
  const found = [];
  for (const row of document.querySelectorAll('[data-round-list] [data-round]')) {
    const cells = [...row.querySelectorAll('[data-cell]')];
    const extents = cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      const pieces = [...cell.children].flatMap(textBoxes);
      for (const piece of pieces) {
        if (piece.left < box.left - 0.5 || piece.right > box.right + 0.5) found.push(`round ${row.dataset.round}: ${cell.textContent.trim()} spills out of its cell`);
      }
      return { left: Math.min(...pieces.map((piece) => piece.left)), right: Math.max(...pieces.map((piece) => piece.right)), text: cell.textContent.trim() };
    });
    for (let index = 1; index < extents.length; index += 1) {
      if (extents[index].left - extents[index - 1].right < 2) found.push(`round ${row.dataset.round}: ${extents[index - 1].text} | ${extents[index].text}`);
    }
  }
  return found;
}"""
LONGEST_SCORE = """() => Math.max(...[...document.querySelectorAll('[data-round-list] [data-cell-score]')].map((score) => score.textContent.length))"""

# Four-digit scores in each mode: tiers with 2s that double (13 cards at ×8 with four 2s: 1664)
# scored as points (to a target) and winner takes all; Hong Kong's pay the difference (832 a
# loser, −2439); paying by place with amounts of thousands and covering.
STEEP_TIERS = [[1, 1], [8, 2], [10, 3], [13, 8]]
DOUBLING_ROUNDS = [
    {"cards": [5, 0, 13, 9], "twos": [0, 0, 4, 0]},
    {"cards": [0, 12, 13, 13], "twos": [0, 3, 1, 0]},
    {"cards": [13, 0, 13, 11], "twos": [2, 0, 2, 0]},
]
MODES = {
    "points": (
        {"mode": "points", "tiers": STEEP_TIERS, "twos": {"doubles": True}, "target": 9999},
        DOUBLING_ROUNDS,
    ),
    "winner_takes_all": (
        {"mode": "winner_takes_all", "tiers": STEEP_TIERS, "twos": {"doubles": True}},
        DOUBLING_ROUNDS,
    ),
    "pay_difference": ({"preset": "hong-kong"}, DOUBLING_ROUNDS),
    "by_place": (
        {
            "preset": "taiwan-place",
            "covering_rule": True,
            "places": {
                "pays": [500, 1000, 1500],
                "heavy_pays": [1000, 2000, 3000],
                "heavy_from": 10,
                "house_cut": 100,
            },
        },
        [
            {"cards": [3, 0, 11, 5]},
            {"cards": [13, 12, 11, 0]},
            {"cards": [13, 0, 12, 11], "covering": 0},
            {"cards": [0, 13, 12, 11], "covering": 1},
        ],
    ),
}


def add_rounds(live_api, key, rounds):
    status, grant = live_api.call("POST", f"/api/sessions/{key}/lock", {"device": "Script"})
    assert status == 200, grant
    for round_ in rounds:
        status, reply = live_api.call("POST", f"/api/sessions/{key}/rounds", round_, token=grant["token"])
        assert status == 201, reply
    live_api.call("DELETE", f"/api/sessions/{key}/lock", token=grant["token"])


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(PAST_THE_EDGES) == []


def a_toast(page, key="x"):
    """A key that cannot act says why, in a toast; it covers no total and no name."""
    page.keyboard.press(key)
    expect(page.locator("[data-toast]")).to_be_visible()
    assert covered_totals_and_names(page) == []


@pytest.mark.parametrize("mode", list(MODES))
def test_a_session_with_four_digit_scores_fits_360(phones, live_api, screenshot, mode):
    settings, rounds = MODES[mode]
    state = live_api.create(players=["Christopher", "Alexandra", "Catherine", "Dan"], **settings)
    add_rounds(live_api, state["id"], rounds)
    page = phones().open(f"/s/{state['id']}/")
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(len(rounds))
    assert page.evaluate(LONGEST_SCORE) >= 5  # "−2439", "+1120", "−6000": a sign and four digits
    fits(page)
    assert page.evaluate(CELLS_APART) == []
    shown = page.locator("[data-total]").all_inner_texts()
    assert not any("-" in total for total in shown), shown
    if mode == "points":  # to the target: what each still has to go, under each total
        expect(page.locator('[data-to-target="2"]')).to_have_text(f"{9999 - int(shown[2])} to 9999")
    else:
        assert any(total.startswith("\u2212") for total in shown), shown  # a real minus sign
    a_toast(page)
    page.locator("[data-round-list]").scroll_into_view_if_needed()
    screenshot(page, f"360-{mode}-rounds")
    # The entry open, scrolled to its pad: a toast still covers no total and no name.
    type_keys(page, "5")
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    a_toast(page)
    fits(page)
    screenshot(page, f"360-{mode}-entry")
    for follower in (
        f"/s/{state['view_id']}/",
        f"/s/{state['view_id']}/table/",
        f"/s/{state['view_id']}/settle/",
    ):
        fits(phones("Ben's phone").open(follower))


def test_the_preview_writes_every_multiplier_out_without_covering_a_name(phones, live_api, screenshot):
    state = live_api.create(players=["Christopher", "Alexandra", "Catherine", "Dan"], preset="hong-kong")
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "8 0")
    for _ in range(2):
        page.locator('[data-twos="0"]').tap()
    rows = page.locator("[data-player]")
    type_keys(page, "K")
    for _ in range(2):
        page.locator('[data-twos="2"]').tap()
    # Measured once the entry holds the lock and both 2s are drawn, as it is when the preview comes.
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "entering")
    expect(page.locator("[data-twos-count]")).to_have_text(["2", "0", "2", "0"])
    heights = [row.bounding_box()["height"] for row in rows.all()]
    type_keys(page, "K")  # the round is complete: the preview comes
    details = page.locator("[data-player] [data-preview-detail]")
    expect(details).to_have_text(["16 × 2 × 2 = 64", "", "52 × 2 × 2 = 208", "13 × 4 = 52"])
    # Nothing below moved when it came, and no name is covered (each shows at least 4 letters).
    assert [row.bounding_box()["height"] for row in rows.all()] == heights
    for index in range(4):
        name = page.locator(f'[data-player="{index}"] .row-name').bounding_box()
        assert name["width"] >= 60
        for other in ("[data-preview-detail]", "[data-preview]", "[data-count]"):
            box = page.locator(f'[data-player="{index}"] {other}').bounding_box()
            if box and box["width"]:
                apart = box["x"] >= name["x"] + name["width"] or box["y"] >= name["y"] + name["height"]
                assert apart, (index, other)
    fits(page)
    page.locator('[data-player="0"]').scroll_into_view_if_needed()
    screenshot(page, "360-preview-hong-kong")


def test_the_preview_writes_the_points_a_2_adds_as_the_rules_say_them(phones, live_api):
    """House tiers: 2 a card, 3 from 8 cards, 5 for 13, and 4 points for each 2 held (the rules'
    points_per_two; the penalty and the rate are the server's preview's)."""
    state = live_api.create(preset="house-tiers")
    page = phones().open(f"/s/{state['id']}/")
    type_keys(page, "8 0")
    for _ in range(2):
        page.locator('[data-twos="0"]').tap()
    type_keys(page, "K")
    page.locator('[data-twos="2"]').tap()
    type_keys(page, "3")
    details = page.locator("[data-player] [data-preview-detail]")
    expect(details).to_have_text(["8 × 3 + 2 × 4 = 32", "", "13 × 5 + 4 = 69", "3 × 2 = 6"])


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_rules_page_fits_360(phones, server_url, screenshot, language):
    phone = phones()
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open("/rules/", live=False)
    fits(page)
    page.locator("#covering-by-place").scroll_into_view_if_needed()
    screenshot(page, f"360-rules-covering-{language}")


def test_a_group_and_its_season_fit_360(phones, live_api, screenshot):
    status, group = live_api.call("POST", "/api/groups", {"name": "Friday club"})
    assert status == 201, group
    state = live_api.create(group=group["id"], preset="hong-kong")
    add_rounds(live_api, state["id"], DOUBLING_ROUNDS)
    page = phones().open(group["links"]["page"])
    expect(page.locator("[data-season-table]")).to_be_visible()
    fits(page)
    expect(page.locator("[data-skill-note]")).to_contain_text("Skill: a cautious estimate from every game")
    page.locator("[data-season-table]").scroll_into_view_if_needed()
    screenshot(page, "360-season")
    page.locator("[data-evening]").first.tap()
    page.wait_for_selector("[data-status='live']")
    fits(page)


def test_a_club_nights_pages_fit_360(phones, live_api, screenshot):
    players = [f"Player {number}" for number in range(1, 10)]
    status, event = live_api.call(
        "POST",
        "/api/events",
        {"name": "Friday club night", "players": players, "rounds": 2, "hands": 2, "seating": "random"},
    )
    assert status == 201, event
    status, drawn = live_api.call("POST", f"/api/events/{event['id']}/rounds", {})
    assert status == 201, drawn
    table = drawn["tables"][0]
    add_rounds(live_api, table["session"], [{"cards": [13, 0, 12][: len(table["players"])]}])
    phone = phones()
    for path, name in (
        (f"/e/{event['id']}/", "organizer"),
        (event["links"]["follow"], "follow"),
        (f"/e/{event['view_id']}/ratings", "ratings"),
        (f"/e/{event['view_id']}/screen", "screen"),
        (f"/s/{table['session']}/", "table"),
    ):
        page = phone.open(path, live=name == "table")
        fits(page)
        screenshot(page, f"360-event-{name}", full_page=True)


def test_the_table_view_on_a_phone_on_its_side_shows_every_player_in_one_row_and_leads_back(
    phones, live_api, screenshot
):
    """A phone turned on its side (740x360) shows all four tiles in one row, not two of them; the bar
    leads back to the page of the key the view was opened with."""
    state = live_api.create(players=["Ann", "Ben", "Cat", "Dan"])
    add_rounds(live_api, state["id"], [{"cards": [0, 5, 9, 13]}])
    page = phones("Ben's phone").open(f"/s/{state['view_id']}/table/", live=True)
    page.set_viewport_size({"width": 740, "height": 360})
    tiles = page.locator(".big-totals .total-card")
    expect(tiles).to_have_count(4)
    tops = {round(tile.bounding_box()["y"]) for tile in tiles.all()}
    assert len(tops) == 1, tops
    assert all(tile.bounding_box()["y"] + tile.bounding_box()["height"] <= 360 for tile in tiles.all())
    assert page.evaluate("document.documentElement.scrollWidth") <= 740
    screenshot(page, "740x360-table-view")
    page.get_by_role("link", name="Back to the table").tap()
    page.wait_for_url(f"**/s/{state['view_id']}/")
