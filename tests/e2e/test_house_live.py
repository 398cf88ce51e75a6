"""Paying by place on a follower's phone: the house's total and each round's cut follow live
(SPEC 3.6, data-total="house"), named as the session names it."""

from playwright.sync_api import expect


def test_a_follower_sees_the_house_total_and_the_cut_of_a_heavy_round_live(phones, live_api):
    state = live_api.create(preset="taiwan-place", house_name="Mei")
    live_api.add_rounds(state["id"], [3, 0, 7, 5])
    page = phones("Cat's tablet").open(f"/s/{state['view_id']}/")
    expect(page.locator('[data-total="house"]')).to_have_text("0")
    live_api.add_rounds(state["id"], [3, 0, 11, 5])  # heavy: B gives the house 100
    expect(page.locator('[data-total="house"]')).to_have_text("100")
    expect(page.locator('[data-total="1"]')).to_have_text(str(600 + 1100))
    expect(page.locator('[data-round="2"] [data-round-house]')).to_have_text("Mei +100")
    expect(page.locator('[data-round="1"] [data-round-house]')).to_have_text("")
    expect(page.locator("[data-house-name]")).to_have_text("Mei")
    totals = live_api.state(state["id"])
    assert sum(totals["totals"]) + totals["house"] == 0
