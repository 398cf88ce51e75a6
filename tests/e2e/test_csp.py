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
    # Wait for the report itself: the browser sends it after the insertion has returned.
    with page.expect_console_message(lambda message: message.text.startswith(CSP_PREFIX)):
        page.evaluate("""document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>')""")
    assert any(error.startswith(CSP_PREFIX) and "style-src" in error for error in phone.errors)
    phone.errors.clear()


# Names a stranger types (tests/test_security_names.py sweeps the server's HTML); here the pages'
# scripts draw them too: the lock holder, the rounds, the history and the screen's standings.
STRANGERS = ['<img src=x data-pwn="1">', '" data-pwn="2', "' data-pwn='3", "</script><i data-pwn>"]


def no_injected_element(page):
    assert page.evaluate("document.querySelectorAll('[data-pwn]').length") == 0, page.url


def test_the_fifth_waves_pages_and_the_error_pages_run_under_the_policy(phones, live_api):
    """Tiến lên, 锄大地 and own scores, a club's night and its prints, screen, sign-up and the error
    pages, in Vietnamese, with strangers' names: no violation, no element a name opened."""
    ann = phones("<b data-pwn>phone</b>")
    ann.page.context.add_cookies([{"name": "django_language", "value": "vi", "url": ann.server_url}])
    hands = {
        "tien-len": [{"order": [0, 1, 2], "killed": [3]}, {"instant": 2}],
        "chu-da-di": [{"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}],
    }
    for preset, played in hands.items():
        state = live_api.create(players=STRANGERS, preset=preset, value_per_point="1000")
        live_api.add_hands(state["id"], *played, device="<b data-pwn>phone</b>")
        page = ann.open(f"/s/{state['id']}/")
        no_injected_element(page)
        page.get_by_role("button", name="Menu", exact=True).tap()
        page.locator('[data-dialog="menu"] [data-open="settings"]').tap()
        expect(page.locator("[data-settings-form]")).to_be_visible()  # loaded into the sheet
        page.keyboard.press("Escape")
        follower = ann.open(f"/s/{state['view_id']}/")
        follower.get_by_role("button", name="Menu", exact=True).tap()
        follower.locator('[data-action="session-history"]').tap()
        expect(follower.locator('[data-sheet="history"] [data-history-list] li').first).to_be_visible()
        no_injected_element(follower)
        for path in (f"/s/{state['view_id']}/table/", f"/s/{state['id']}/settle/"):
            no_injected_element(ann.open(path, live=False))
    own = live_api.create(players=STRANGERS, mode="own_scores")
    live_api.add_hands(own["id"], {"scores": [3, -1, -2, 0]})
    status, grant = live_api.call("POST", f"/api/sessions/{own['id']}/lock", {"device": "<b data-pwn>x</b>"})
    assert status == 200, grant
    page = ann.open(f"/s/{own['id']}/")
    expect(page.locator("[data-lock-holder]")).to_contain_text("<b data-pwn>x</b>")
    no_injected_element(page)

    status, group = live_api.call("POST", "/api/groups", {"name": "<b data-pwn>club"})
    assert status == 201, group
    status, night = live_api.call(
        "POST",
        "/api/events",
        {
            "name": "<i data-pwn>night",
            "players": [*STRANGERS, "Eve"],
            "rounds": 2,
            "hands": 1,
            "group": group["id"],
        },
    )
    assert status == 201, night
    status, drawn = live_api.call("POST", f"/api/events/{night['id']}/rounds", {})
    assert status == 201, drawn
    screen = ann.open(f"/e/{night['view_id']}/screen", live=False)
    table = drawn["tables"][0]
    live_api.add_hands(table["session"], {"cards": [0, 4, 5, 6]})
    expect(screen.locator("[data-pages='standings']")).to_contain_text("<img src=x")  # drawn live
    # The round's one table has played its hand: the screen loads itself again for the break
    # (data-reload-on-status); read it once it has, not while it goes.
    expect(screen.locator("[data-event-live]")).to_have_attribute("data-status", "between")
    no_injected_element(screen)
    for path in (
        f"/e/{night['id']}/",
        f"/e/{night['id']}/ratings",
        f"/e/{night['id']}/print/tables",
        f"/e/{night['id']}/print/standings",
        f"/e/{night['id']}/print/slips",
        f"/e/{night['view_id']}/join/1/{table['table']}",
        f"/g/{group['id']}/",
        f"/g/{group['id']}/import",
        f"/g/{group['id']}/league/print",
        f"/e/new/{group['id']}",
        "/s/no-such-key/",
        "/e/no-such-key/screen",
    ):
        no_injected_element(ann.open(path, live=False))
    status, early = live_api.call(
        "POST", "/api/events", {"name": "Early", "players": [], "rounds": 1, "hands": 1, "signup": True}
    )
    assert status == 201, early
    page = ann.open(f"/e/{early['view_id']}/", live=False)
    page.locator("input[name='name']").fill(STRANGERS[0])
    page.locator("form[action$='/signup'] button[type='submit']").click()
    page.wait_for_load_state()
    no_injected_element(page)
