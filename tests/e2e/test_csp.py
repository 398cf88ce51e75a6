"""The Content-Security-Policy in Chromium: every page works under it and reports no violation."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CSP_PREFIX

pytestmark = pytest.mark.service_worker  # the worker's own fetches are under the policy too


def test_every_page_runs_under_the_policy_without_a_violation(phones, live_api):
    state = live_api.create(preset="classic-points", value_per_point="0.50", covering_rule=True)
    live_api.add_rounds(state["id"], [5, 0, 11, 13])
    ann = phones("Ann's phone")
    page = ann.open("/", live=False)
    expect(page.locator("html")).to_have_class("js")  # the boot script ran, from its file
    page = ann.open(f"/s/{state['id']}/")
    for key in ["3", "4", "9", "Enter"]:  # the fourth player fills in as the winner
        page.keyboard.press(key)
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(2)
    page.get_by_role("button", name="Show to the table").tap()
    expect(page.locator('[data-share-panel="follow"] svg')).to_be_visible()
    # The grids take the number of players from data-players, not a style attribute.
    assert (
        page.locator(".rounds").evaluate("e => getComputedStyle(e).getPropertyValue('--players')").strip()
        == "4"
    )
    ann.open(f"/s/{state['view_id']}/")
    ann.open(f"/s/{state['view_id']}/table/")
    ann.open(f"/s/{state['id']}/settle/", live=False)
    expect(page.locator("svg.chart")).to_be_visible()
    ann.open("/rules/", live=False)
    plain = phones("A browser without JavaScript", javascript=False)
    page = plain.open(f"/s/{state['id']}/", live=False)
    for index, count in enumerate(["2", "7", "0", "1"]):
        page.locator(f"#cards-{index}").fill(count)
    page.locator("[data-action='add-round']").click()
    assert live_api.state(state["id"])["rounds"][-1]["cards"] == [2, 7, 0, 1]
    assert ann.errors == []
    assert plain.errors == []


def test_a_violation_would_be_seen(phones):
    """The watch above can fail: an inline style attribute is refused and reported."""
    phone = phones("Ann's phone")
    page = phone.open("/rules/", live=False)
    page.evaluate("""document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>')""")
    page.wait_for_timeout(300)
    assert any(error.startswith(CSP_PREFIX) and "style-src" in error for error in phone.errors)
    phone.errors.clear()
