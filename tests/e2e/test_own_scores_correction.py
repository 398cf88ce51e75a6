"""Correcting a hand of the table's own scores on a 360×740 phone (SPEC 15, 7): a tapped player's
next digit starts their score again, keeping its sign, as a count replaces a picked player's; it
no longer runs on after the old score (QA: 12 corrected to 14 by tapping 1 4 read 1214). And the
rounds' heading stays one word in Indonesian beside its long hint ("Rond|e" broke at 360 px)."""

from playwright.sync_api import expect

from tests.e2e.test_entry import wait_for_rounds

ANN, BEN, CAT, DAN = range(4)


def test_a_tapped_score_is_typed_again_not_run_on(phones, live_api, server_url, screenshot):
    state = live_api.create(mode="own_scores")
    live_api.add_hands(state["id"], {"scores": [10, -5, -3, -2]}, {"scores": [-4, 12, -6, -2]})
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": "id", "url": server_url}])
    page = phone.open(f"/s/{state['id']}/")
    title = page.locator("#rounds-title")
    line = float(title.evaluate("(element) => parseFloat(getComputedStyle(element).lineHeight)"))
    assert title.bounding_box()["height"] < 1.5 * line, "the rounds' heading broke over two lines"

    page.locator('[data-round="2"] .round-button').tap()
    expect(page.locator("[data-entry-title]")).to_contain_text("2")
    page.locator(f'.entry-row[data-player="{BEN}"]').tap()
    for digit in ("1", "4"):
        page.locator(f'[data-pad="{digit}"]').tap()
    expect(page.locator(f'.entry-row[data-player="{BEN}"] [data-count]')).to_have_text("14")
    page.locator(f'.entry-row[data-player="{DAN}"]').tap()
    page.locator('[data-pad="4"]').tap()  # the sign stays: −2 becomes −4
    expect(page.locator(f'.entry-row[data-player="{DAN}"] [data-count]')).to_have_text("−4")
    expect(page.locator("[data-own-sum]")).to_have_text("Jumlahnya 0")
    screenshot(page, "own-scores-correction")
    page.locator('[data-action="add-round"]').tap()
    expect(page.locator("[data-entry-title]")).not_to_contain_text("2")
    wait_for_rounds(page, 2)
    assert live_api.state(state["id"])["rounds"][1]["scores"] == [-4, 14, -6, -4]
    assert phone.errors == []
