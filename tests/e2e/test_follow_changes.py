"""A follower takes each change as the rounds since it, and fetches the full state when it missed one."""

from playwright.sync_api import expect

MERGE_CASES = """async () => {
  const { merged } = await import("/static/js/table-state.js");
  const round = (number) => ({ number, scores: [number] });
  const shown = { version: 3, rounds: [round(1), round(2), round(3)] };
  const next = merged(shown, { version: 4, rounds_from: 4, rounds: [round(4)] });
  const edited = merged(shown, { version: 4, rounds_from: 2, rounds: [round(2), round(3)] });
  return {
    added: next.rounds.map((r) => r.number),
    edited: edited.rounds.map((r) => r.number),
    whole: merged(shown, { version: 9, rounds_from: 1, rounds: [] }).rounds.length,
    missedAVersion: merged(shown, { version: 5, rounds_from: 4, rounds: [round(4)] }),
    missingRounds: merged(shown, { version: 4, rounds_from: 6, rounds: [round(6)] }),
  };
}"""


def test_a_change_is_merged_and_a_gap_asks_for_the_full_state(phones, live_api):
    state = live_api.create()
    page = phones("Cat's tablet").open(f"/s/{state['view_id']}/")
    assert page.evaluate(MERGE_CASES) == {
        "added": [1, 2, 3, 4],
        "edited": [1, 2, 3],
        "whole": 0,
        "missedAVersion": None,
        "missingRounds": None,
    }


def test_a_follower_of_a_long_evening_sees_a_correction_and_a_delete(phones, live_api):
    state = live_api.create()
    live_api.add_rounds(state["id"], *[[5, 0, 11, 13]] * 12)
    page = phones("Cat's tablet").open(f"/s/{state['view_id']}/")
    expect(page.locator('[data-total="3"]')).to_have_text("468")
    status, grant = live_api.call("POST", f"/api/sessions/{state['id']}/lock", {"device": "Script"})
    assert status == 200
    token = grant["token"]
    status, _ = live_api.call("PUT", f"/api/sessions/{state['id']}/rounds/3", {"cards": [0, 1, 1, 1]}, token)
    assert status == 200
    expect(page.locator('[data-total="3"]')).to_have_text("430")
    expect(page.locator('[data-round="3"] [data-cell].p3 [data-cell-cards]')).to_have_text("1")
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(12)
    status, _ = live_api.call("DELETE", f"/api/sessions/{state['id']}/rounds/1", None, token)
    assert status == 200
    expect(page.locator("[data-round-list] [data-round]")).to_have_count(11)
    expect(page.locator('[data-total="3"]')).to_have_text("391")
    expect(page.locator('[data-round="2"] [data-cell].p3 [data-cell-cards]')).to_have_text("1")
    assert live_api.state(state["id"])["totals"][3] == 391
