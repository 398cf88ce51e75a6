"""A Tiến lên hand entered at the table (SPEC 14.4) on a 360×740 phone: the players tapped in the
order they went out (the last fills itself), killed, left in hand and a chop from their sheets,
seat numbers typed with Backspace taking the last step back, an instant win, a correction; each
read back through the API, and a second phone following live."""

from playwright.sync_api import expect

from tests.e2e.test_entry import wait_for_rounds

ANN, BEN, CAT, DAN = range(4)


def row(page, player):
    return page.locator(f'[data-player="{player}"]')


def sheet(page, name):
    page.locator(f'[data-open="tl-{name}"]').tap()
    dialog = page.locator(f'[data-dialog="tl-{name}"]')
    expect(dialog).to_be_visible()
    return dialog


def test_a_tien_len_evening_by_taps_and_keys(phones, live_api, screenshot):
    state = live_api.create(preset="tien-len")
    key = state["id"]
    page = phones("Ann's phone").open(f"/s/{key}/")
    follower = phones("Ben's phone").open(f"/s/{state['view_id']}/")
    # Hand 1 by taps: Ann, Ben, Cat out in that order, Dan last and killed holding four of a kind;
    # Cat chopped Ben's red 2 (SPEC 14.3's worked example).
    for player in (ANN, BEN, CAT):
        row(page, player).tap()
    expect(row(page, DAN).locator("[data-count]")).to_have_text("4th")
    # A row is named by its player and place, not by cards left (which Tiến lên has none of).
    expect(page.locator("[data-rows]")).to_have_accessible_name("Order out")
    expect(row(page, BEN).locator("[data-count]")).to_have_accessible_name("Ben 2nd")
    killed = sheet(page, "killed")
    killed.locator(f'[data-tl-killed="{DAN}"]').tap()
    killed.locator("[data-close-dialog]").tap()
    left = sheet(page, "left")
    left.locator(f'[data-tl-held="{DAN} four_of_a_kind 1"]').tap()
    expect(left.locator(f'[data-tl-held-row="{DAN}"] [data-tl-held-count="four_of_a_kind"]')).to_have_text(
        "1"
    )
    expect(left.locator(f'[data-tl-held-row="{BEN}"]')).to_be_hidden()
    left.locator("[data-close-dialog]").tap()
    chop = sheet(page, "chop")
    chop.locator(f'[data-tl-chop-by="{CAT}"]').tap()
    chop.locator(f'[data-tl-chop-from="{BEN}"]').tap()
    chop.locator('[data-tl-chop-item="red_two"]').tap()
    screenshot(page, "tien-len-chop-sheet")
    chop.locator("[data-tl-chop-add]").tap()
    # The line above the buttons names what was held and chopped, in the page's words.
    expect(page.locator("[data-tl-summary]")).to_have_text(
        "Killed: Dan · Left in hand: Dan Four of a kind · Chop: Cat → Ben (A red 2)"
    )
    expect(row(page, ANN).locator("[data-preview]")).to_have_text("+7")  # the server's preview
    expect(row(page, DAN).locator("[data-preview]")).to_have_text("−7")
    screenshot(page, "tien-len-entry")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 1)
    assert live_api.state(key)["rounds"][0]["scores"] == [7, -1, 1, -7]
    expect(follower.locator("[data-round-list] [data-round]")).to_have_count(1)

    # Hand 2 by keys: seats 3 1, Backspace takes Ann back, then 2 4: Cat, Ben, Dan, Ann last.
    for key_name in ("3", "1", "Backspace", "2", "4"):
        page.keyboard.press(key_name)
    expect(row(page, ANN).locator("[data-count]")).to_have_text("4th")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 2)
    hand = live_api.state(key)["rounds"][1]
    assert (hand["order"], hand["scores"]) == ([CAT, BEN, DAN, ANN], [-2, 1, 2, -1])

    # Hand 3: an instant win, alone.
    instant = sheet(page, "instant")
    instant.locator(f'[data-tl-instant="{BEN}"]').tap()
    expect(row(page, BEN).locator("[data-preview]")).to_have_text("+12")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 3)
    assert live_api.state(key)["rounds"][2]["scores"] == [-4, 12, -4, -4]
    # The list's marks carry their words (the entry's own) for a reader and as a tooltip, here
    # and on the follower's page, and a line under the list says what they mean.
    for phone in (page, follower):
        dan = phone.locator(f'[data-round="1"] [data-cell].p{DAN}')
        expect(dan.locator("[data-cell-cards]")).to_have_text("4")
        expect(dan.get_by_role("img", name="Killed")).to_have_text("✕")
        expect(dan.get_by_role("img", name="Killed")).to_have_attribute("title", "Killed")
        ben = phone.locator(f'[data-round="3"] [data-cell].p{BEN}')
        expect(ben.get_by_role("img", name="Instant win")).to_have_text("★")
        expect(phone.locator('[data-round="3"]').get_by_role("img")).to_have_count(1)
        expect(phone.locator(".round-legend")).to_have_text("✕ Killed · ★ Instant win")
    screenshot(page, "tien-len-rounds")

    # A correction: hand 2 tapped, its order taken back step by step and entered again.
    page.locator('[data-edit-round="2"]').tap()
    expect(page.locator("[data-entry-title]")).to_have_text("Correct round 2")
    for key_name in ("Backspace", "Backspace", "Backspace", "1", "2", "3"):
        page.keyboard.press(key_name)
    page.keyboard.press("Enter")
    expect(page.locator("[data-entry-title]")).not_to_have_text("Correct round 2")
    corrected = live_api.state(key)["rounds"][1]
    assert (corrected["order"], corrected["scores"], corrected["edited"]) == (
        [ANN, BEN, CAT, DAN],
        [2, 1, -1, -2],
        True,
    )
    assert live_api.state(key)["totals"] == [5, 12, -4, -13]
    expect(follower.locator('[data-round="2"] [data-cell].p0 [data-cell-cards]')).to_have_text("1")


def test_the_killed_take_the_last_places_without_being_tapped(phones, live_api):
    """Ann went out first and Cat and Dan were killed (SPEC 14.3's example): Ben, the only one
    left, is second by himself and the killed fill the last places; the hand goes in as it is."""
    key = live_api.create(preset="tien-len")["id"]
    page = phones("Ann's phone").open(f"/s/{key}/")
    row(page, ANN).tap()
    killed = sheet(page, "killed")
    for player in (CAT, DAN):
        killed.locator(f'[data-tl-killed="{player}"]').tap()
    killed.locator("[data-close-dialog]").tap()
    expect(row(page, BEN).locator("[data-count]")).to_have_text("2nd")
    left = sheet(page, "left")
    left.locator(f'[data-tl-held="{CAT} red_two 1"]').tap()
    left.locator("[data-close-dialog]").tap()
    expect(row(page, ANN).locator("[data-preview]")).to_have_text("+10")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 1)
    hand = live_api.state(key)["rounds"][0]
    assert (hand["order"], hand["killed"], hand["scores"]) == (
        [ANN, BEN, CAT, DAN],
        [CAT, DAN],
        [10, 0, -6, -4],
    )
    # Dan first and the other three killed: Dan is first without a tap.
    killed = sheet(page, "killed")
    for player in (ANN, BEN, CAT):
        killed.locator(f'[data-tl-killed="{player}"]').tap()
    killed.locator("[data-close-dialog]").tap()
    expect(row(page, DAN).locator("[data-count]")).to_have_text("1st")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 2)
    assert live_api.state(key)["rounds"][1]["scores"] == [-4, -4, -4, 12]


def test_a_chu_da_di_hand_and_an_own_scores_hand(phones, live_api, screenshot):
    """SPEC 15's worked example by taps (the ♠2 on C's row, one bomb), then a hand of typed scores
    by keys and taps (its pad's 0 not green), each read back through the API (issue 41)."""
    state = live_api.create(preset="chu-da-di")
    page = phones("Ann's phone").open(f"/s/{state['id']}/")
    for count in ("9", "0", "10", "4"):
        page.locator(f'[data-pad="{count}"]').tap()
    page.locator(f'[data-spade-two="{CAT}"]').tap()
    page.locator('[data-bombs-step="1"]').tap()
    expect(page.locator("[data-bombs-count]")).to_have_text("1")
    expect(row(page, CAT).locator("[data-preview]")).to_have_text("−120")
    expect(row(page, CAT).locator("[data-preview-detail]")).to_have_text("30 × 2 × 2 = 120")
    screenshot(page, "chu-da-di-entry")
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 1)
    hand = live_api.state(state["id"])["rounds"][0]
    assert (hand["scores"], hand["spade_two"], hand["bombs"]) == ([-36, 164, -120, -8], CAT, 1)

    own = live_api.create(mode="own_scores")
    page = phones("Ben's phone").open(f"/s/{own['id']}/")
    # 0 is a digit like the others here, not the winner's count that Big Two's pad greens.
    color = "(key) => getComputedStyle(key).color"
    assert page.locator('[data-pad="0"]').evaluate(color) == page.locator('[data-pad="1"]').evaluate(color)
    for key_name in ("3", "ArrowRight", "-", "1", "ArrowRight", "-", "3"):
        page.keyboard.press(key_name)
    expect(page.locator("[data-own-sum]")).to_have_text("Adds up to −1")
    page.keyboard.press("Backspace")
    page.keyboard.press("2")
    row(page, DAN).tap()
    page.locator('[data-pad="0"]').tap()
    expect(page.locator("[data-own-sum]")).to_have_text("Adds up to 0")
    screenshot(page, "own-scores-entry")
    page.keyboard.press("Enter")
    wait_for_rounds(page, 1)
    assert live_api.state(own["id"])["rounds"][0]["scores"] == [3, -1, -2, 0]


def test_an_incomplete_chop_says_so_in_its_sheet_in_vietnamese(phones, live_api, server_url, screenshot):
    """Vietnamese QA: Add pressed on a chop without its chopper, its chopped or what was chopped
    said so in a toast dimmed behind the sheet's backdrop; now the sheet says it, beside Add, as an
    alert, until the chop is whole. The killed and instant-win marks of the rounds list and the
    rows' places read in Vietnamese too."""
    key = live_api.create(preset="tien-len")["id"]
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    page = phone.open(f"/s/{key}/")
    for player in (ANN, BEN, CAT):
        row(page, player).tap()
    expect(page.locator("[data-rows]")).to_have_accessible_name("Thứ tự về")
    expect(row(page, BEN).locator("[data-count]")).to_have_accessible_name("Ben Nhì")
    chop = sheet(page, "chop")
    add = chop.locator("[data-tl-chop-add]")
    alert = chop.get_by_role("alert")
    expect(alert).to_be_hidden()
    add.tap()
    expect(alert).to_have_text("Hãy cho biết ai chặt, chặt ai và chặt cái gì")
    expect(alert).to_be_visible()
    expect(chop).to_be_visible()  # the sheet stays open, the words in it, on top
    assert alert.evaluate(
        """(alert) => {
            const box = alert.getBoundingClientRect();
            return alert.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        }"""
    )
    chop.locator("[data-tl-chop-clear]").tap()  # starting again clears what was said
    expect(alert).to_be_hidden()
    chop.locator(f'[data-tl-chop-by="{CAT}"]').tap()
    add.tap()  # still nobody chopped, nothing chopped: said again
    expect(alert).to_be_visible()
    screenshot(page, "tien-len-chop-incomplete-vi")
    chop.locator(f'[data-tl-chop-from="{BEN}"]').tap()
    expect(alert).to_be_visible()
    chop.locator('[data-tl-chop-item="red_two"]').tap()
    expect(alert).to_be_hidden()  # whole: nothing left to say
    add.tap()
    expect(chop).to_be_hidden()
    expect(page.locator("[data-tl-summary]")).to_have_text("Chặt: Cat → Ben (Heo đỏ)")

    killed = sheet(page, "killed")
    killed.locator(f'[data-tl-killed="{DAN}"]').tap()
    killed.locator("[data-close-dialog]").tap()
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 1)
    assert live_api.state(key)["rounds"][0]["scores"] == [4, -1, 1, -4]
    instant = sheet(page, "instant")
    instant.locator(f'[data-tl-instant="{CAT}"]').tap()
    page.locator('[data-action="add-round"]').tap()
    wait_for_rounds(page, 2)
    reader = phones("A reader's phone", javascript=False)  # the list as the server renders it
    reader.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    for shown in (page, reader.open(f"/s/{key}/", live=False)):
        killed_mark = shown.locator(f'[data-round="1"] [data-cell].p{DAN}').get_by_role("img", name="Cóng")
        expect(killed_mark).to_have_text("✕")
        expect(killed_mark).to_have_attribute("title", "Cóng")
        instant_mark = shown.locator(f'[data-round="2"] [data-cell].p{CAT}').get_by_role(
            "img", name="Tới trắng"
        )
        expect(instant_mark).to_have_text("★")
        expect(shown.locator('[data-round="2"]').get_by_role("img")).to_have_count(1)
        expect(shown.locator(".round-legend")).to_have_text("✕ Cóng · ★ Tới trắng")
    cells = "[data-round-list] .cell-cards"  # drawn live as the server renders them, mark by mark
    assert [cell.inner_html() for cell in page.locator(cells).all()] == [
        cell.inner_html() for cell in reader.page.locator(cells).all()
    ]
    screenshot(page, "tien-len-rounds-vi")
    # The history sheet names them the same way.
    page.locator('[data-open="menu"]').first.tap()
    page.locator('[data-action="session-history"]').tap()
    history = page.locator("[data-history-list]")
    expect(history.get_by_role("img", name="Cóng")).to_have_count(1)
    expect(history.get_by_role("img", name="Tới trắng")).to_have_text("★")


def test_a_table_that_does_not_play_chops_turns_them_off_in_the_settings(phones, live_api):
    """The settings sheet has Tiến lên's switches (killed, left in hand, chops, instant win), as the
    rules page says: chops turned off, the entry offers no Chop and the session scores none; and
    what each item is worth, folded under its own heading."""
    key = live_api.create(preset="tien-len")["id"]
    page = phones().open(f"/s/{key}/")
    expect(page.locator('[data-open="tl-chop"]')).to_be_visible()
    page.get_by_role("button", name="Menu").tap()
    page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
    settings = page.locator("[data-settings-form]")
    chops = settings.locator('input[name="chops"]')
    expect(chops).to_be_checked()
    expect(settings.locator('input[name="killed"]')).to_be_checked()
    chops.uncheck()
    values = settings.locator("details.more-settings")
    expect(values.locator('input[name="red_two"]')).to_be_hidden()  # folded away until asked for
    values.locator("summary").tap()
    values.locator('input[name="red_two"]').fill("3")
    settings.locator('button[type="submit"]').tap()
    page.wait_for_selector("[data-status='live']")
    expect(page.locator('[data-open="tl-chop"]')).to_have_count(0)
    tien_len = live_api.state(key)["settings"]["tien_len"]
    assert (tien_len["chops"], tien_len["killed"], tien_len["left"], tien_len["instant_win"]) == (
        False,
        True,
        True,
        True,
    )
    assert (tien_len["values"]["red_two"], tien_len["values"]["black_two"]) == (3, 1)


def test_tien_len_is_not_offered_a_target_it_would_refuse(phones, live_api):
    """A target ends a Big Two evening by points; Tiến lên has none (SPEC 14). The home form hides
    the choice while the game is Tiến lên and takes back a target already chosen; the evening
    starts open. A Tiến lên session's settings sheet does not offer it either."""
    page = phones().open("/", live=False)
    for index, name in enumerate(("Hùng", "Lan", "Tuấn", "Mai")):
        page.locator(f'input[name="player_{index}"]').fill(name)
    target = page.locator('label:has(> input[name="length"][value="target"])')
    target.tap()
    expect(page.locator('[data-length-field="target"]')).to_be_visible()
    page.locator('label:has(> input[name="game"][value="tien_len"])').tap()
    expect(target).to_be_hidden()
    expect(page.locator('input[name="length"][value="open"]')).to_be_checked()
    expect(page.locator('[data-length-field="target"]')).to_be_hidden()
    page.locator('label:has(> input[name="game"][value="big_two"])').tap()
    expect(target).to_be_visible()  # back to Big Two, the target is offered again
    page.locator('label:has(> input[name="game"][value="tien_len"])').tap()
    page.get_by_role("button", name="Start the evening").tap()
    page.wait_for_url("**/s/*/")
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    settings = live_api.state(key)["settings"]
    assert (settings["game"], settings["target"], settings["rounds"]) == ("tien_len", None, None)
    page.get_by_role("button", name="Menu").tap()
    page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
    sheet_form = page.locator("[data-settings-form]")
    expect(sheet_form.locator('input[name="length"][value="rounds"]')).to_be_visible()
    expect(sheet_form.locator('label:has(> input[name="length"][value="target"])')).to_be_hidden()
