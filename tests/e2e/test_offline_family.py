"""Offline at a table of the family's newer games (SPEC 9, 14, 15): hands of typed scores and Tiến lên
hands waiting on a phone read as the hand they are, on the rounds list and on the reconciliation
sheet, and a hand another phone added meanwhile is flagged when it is the same hand."""

from playwright.sync_api import expect

from tests.e2e.test_offline import PENDING, STORED, go_offline
from tests.e2e.test_tien_len_entry import row, sheet

ANN, BEN, CAT, DAN = range(4)


def own_scores_hand(page, *scores):
    """Each player's score typed by keys, the last tapped on the pad (0)."""
    for index, score in enumerate(scores[:-1]):
        if index:
            page.keyboard.press("ArrowRight")
        for key_name in str(score):
            page.keyboard.press(key_name)
    row(page, len(scores) - 1).tap()
    page.locator(f'[data-pad="{scores[-1]}"]').tap()
    page.keyboard.press("Enter")


def scores_stored(live_api, key):
    return [round_["scores"] for round_ in live_api.state(key)["rounds"]]


def test_own_scores_typed_offline_show_their_scores_and_a_same_hand_is_flagged(phones, live_api, screenshot):
    """Typed scores have no cards: their pending rows read – – – – and the sheet showed no hand at
    all, so the table could not tell which to keep. Now each shows the scores typed, and the hand
    another phone added meanwhile with the same scores is flagged as such."""
    state = live_api.create(mode="own_scores")
    key = state["id"]
    ann = phones("Ann's phone")
    page = ann.open(f"/s/{key}/")
    follower = phones("Ben's phone").open(f"/s/{state['view_id']}/")
    go_offline(ann)
    own_scores_hand(page, 3, -1, -2, 0)  # the hand Cat's phone stores meanwhile
    own_scores_hand(page, 10, -4, -6, 0)
    pending = page.locator(PENDING)
    expect(pending).to_have_count(2)
    expect(pending.nth(1).locator("[data-cell-cards]")).to_have_text(["+3", "−1", "−2", "0"])
    expect(pending.nth(0).locator("[data-cell-cards]")).to_have_text(["+10", "−4", "−6", "0"])
    screenshot(page, "own-scores-offline-pending")
    live_api.add_hands(key, {"scores": [3, -1, -2, 0]}, device="Cat's phone")

    ann.context.set_offline(False)
    reconcile = page.locator("[data-reconcile]")
    expect(reconcile).to_be_visible(timeout=15_000)
    added = reconcile.locator("[data-reconcile-elsewhere] [data-reconcile-item]")
    waiting = reconcile.locator("[data-reconcile-pending] [data-reconcile-item]")
    expect(added.locator("[data-reconcile-cards]")).to_have_text("Ann +3 · Ben −1 · Cat −2 · Dan 0")
    expect(waiting.locator("[data-reconcile-cards]")).to_have_text(
        ["Ann +3 · Ben −1 · Cat −2 · Dan 0", "Ann +10 · Ben −4 · Cat −6 · Dan 0"]
    )
    for same in (added, waiting.nth(0)):
        expect(same.locator("[data-duplicate]")).to_have_text("same scores: likely the same round")
    expect(waiting.nth(1).locator("[data-duplicate]")).to_be_hidden()
    expect(waiting.nth(1).locator("[data-duplicate-number]")).to_be_hidden()
    screenshot(page, "own-scores-reconcile")

    page.keyboard.press("Enter")  # the emphasised Discard of the same hand
    expect(waiting).to_have_count(1)
    page.keyboard.press("Enter")  # the emphasised Add of the hand only this phone has
    expect(reconcile).to_be_hidden()
    expect(page.locator(STORED)).to_have_count(2)
    assert scores_stored(live_api, key) == [[3, -1, -2, 0], [10, -4, -6, 0]]
    assert live_api.state(key)["totals"] == [13, -5, -8, 0]
    for phone in (page, follower):
        expect(phone.locator("[data-total]")).to_have_text(["13", "−5", "−8", "0"])


def test_a_tien_len_hand_added_meanwhile_reads_as_its_order_and_names_its_marks_in_vietnamese(
    phones, live_api, server_url
):
    """A Tiến lên hand has no cards either: the sheet named neither hand, and the same order out
    was never flagged. Now both read as the rounds list does, the ✕ named (Cóng), in the page's
    words."""
    key = live_api.create(preset="tien-len", players=["Hùng", "Lan", "Tuấn", "Mai"])["id"]
    hung = phones("Điện thoại Hùng")
    hung.context.add_cookies([{"name": "django_language", "value": "vi", "url": server_url}])
    page = hung.open(f"/s/{key}/")
    go_offline(hung)
    row(page, ANN).tap()
    killed = sheet(page, "killed")
    for player in (CAT, DAN):
        killed.locator(f'[data-tl-killed="{player}"]').tap()
    killed.locator("[data-close-dialog]").tap()
    page.keyboard.press("Enter")
    instant = sheet(page, "instant")
    instant.locator(f'[data-tl-instant="{BEN}"]').tap()
    page.keyboard.press("Enter")
    expect(page.locator(PENDING)).to_have_count(2)
    live_api.add_hands(key, {"order": [ANN, BEN, CAT, DAN], "killed": [CAT, DAN]}, device="Điện thoại Lan")

    hung.context.set_offline(False)
    reconcile = page.locator("[data-reconcile]")
    expect(reconcile).to_be_visible(timeout=15_000)
    added = reconcile.locator("[data-reconcile-elsewhere] [data-reconcile-item]")
    waiting = reconcile.locator("[data-reconcile-pending] [data-reconcile-item]")
    for same in (added, waiting.nth(0)):
        expect(same.locator("[data-reconcile-cards]")).to_have_text("Hùng 1 · Lan 2 · Tuấn 3✕ · Mai 4✕")
        expect(same.get_by_role("img", name="Cóng")).to_have_count(2)
        expect(same.locator("[data-duplicate]")).to_have_text("cùng thứ tự về: có lẽ là cùng một ván")
    expect(waiting.nth(1).locator("[data-reconcile-cards]")).to_have_text("Lan ★")
    expect(waiting.nth(1).get_by_role("img", name="Tới trắng")).to_have_count(1)

    waiting.nth(0).locator("[data-action='reconcile-discard']").tap()
    expect(waiting).to_have_count(1)
    waiting.locator("[data-action='reconcile-add']").tap()
    expect(reconcile).to_be_hidden()
    rounds = live_api.state(key)["rounds"]
    assert [(hand["killed"], hand["instant"], hand["scores"]) for hand in rounds] == [
        ([CAT, DAN], None, [8, 0, -4, -4]),
        ([], BEN, [-4, 12, -4, -4]),
    ]
