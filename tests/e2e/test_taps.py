"""Taps are never lost or moved (SPEC 7), on a phone whose CPU runs 6 times slower (Chromium's
DevTools protocol, Emulation.setCPUThrottlingRate): a practised thumb taps a round on the pad, 80 ms
between taps, where each key was before the first tap. Every tap counts, in order, also the ones
made before this phone holds the entry lock, and nothing under the thumb moves meanwhile."""

import json

from playwright.sync_api import expect

from tests.e2e.test_entry import wait_for_rounds
from tests.e2e.test_keys import stored_cards

TAP_INTERVAL_MS = 80
CPU_SLOWER = 6
ROUND = ["5", "0", "11", "13", "Add"]


def slow_cpu(page):
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWER})
    return session


def target(page, name):
    return page.locator('[data-action="add-round"]' if name == "Add" else f'[data-pad="{name}"]')


# What a tap at the centre of each box would hit (the topmost element there).
HIT = """(boxes) => Object.fromEntries(Object.entries(boxes).map(([name, box]) => {
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return [name, hit?.closest('[data-pad], [data-action]')?.outerHTML.slice(0, 60) ?? null];
}))"""


def where(page, names):
    """Each target's box, as the thumb remembers it: each in reach, nothing over it."""
    boxes = {name: target(page, name).bounding_box() for name in names}
    hits = page.evaluate(HIT, boxes)
    for name in names:
        assert hits[name] == target(page, name).evaluate("(key) => key.outerHTML.slice(0, 60)"), (name, hits)
    return boxes


def pad_in_view(page):
    """As a person would before a round: the entry scrolled up until its pad is all in view."""
    page.evaluate("document.querySelector('.entry').scrollIntoView({ block: 'end' })")


def thumb(page, names, boxes):
    """Tap each target at the centre of its box from before the first tap, 80 ms apart."""
    for name in names:
        box = boxes[name]
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(TAP_INTERVAL_MS)


class HeldLock:
    """The socket as the server sees it, but the reply granting the entry lock held back until
    released: the taps of a round all land before this phone holds the lock."""

    def __init__(self, page):
        self.asked = set()
        self.held = []
        self.page_side = None
        page.route_web_socket("**/ws/**", self.connect)

    def connect(self, page_side):
        self.page_side = page_side
        server = page_side.connect_to_server()

        def from_page(message):
            call = json.loads(message)
            if call.get("type") == "lock.acquire":
                self.asked.add(call.get("id"))
            server.send(message)

        def from_server(message):
            reply = json.loads(message)
            if reply.get("type") == "reply" and reply.get("id") in self.asked:
                self.held.append(message)
            else:
                page_side.send(message)

        page_side.on_message(from_page)
        server.on_message(from_server)

    def release(self):
        for message in self.held:
            self.page_side.send(message)
        self.held = []


def test_taps_before_the_lock_is_held_count_in_order_once_it_is(phones, live_api, screenshot):
    state = live_api.create()
    phone = phones()
    lock = HeldLock(phone.page)
    page = phone.open(f"/s/{state['id']}/")
    pad_in_view(page)
    slow_cpu(page)
    boxes = where(page, ROUND)
    thumb(page, ROUND, boxes)
    # Every tap has counted, Add included, and the lock is still on its way.
    expect(page.locator("[data-entry-form] [data-count]")).to_have_text(["5", "0", "11", "13"])
    expect(page.locator("[data-entry-form]")).to_have_attribute("data-mode", "opening")
    assert lock.held, "the lock's grant was held back"
    assert stored_cards(live_api, state["id"]) == []
    assert where(page, ROUND) == boxes  # nothing moved under the thumb
    screenshot(page, "taps-before-the-lock")
    lock.release()
    wait_for_rounds(page, 1)
    assert stored_cards(live_api, state["id"]) == [[5, 0, 11, 13]]


def test_rounds_tapped_on_a_slow_phone_are_stored_as_tapped(phones, live_api):
    state = live_api.create(twos={"points_per_two": 2})  # a taller panel: 2s under every name
    page = phones().open(f"/s/{state['id']}/")
    pad_in_view(page)
    slow_cpu(page)
    rounds = [["5", "0", "11", "13"], ["13", "12", "1", "0"], ["7", "3", "2"], ["0", "9", "9", "9"]]
    for played, counts in enumerate(rounds, start=1):
        # Between rounds the scoreboard may change (who deals and leads): the thumb aims afresh.
        boxes = where(page, [*counts, "Add"])
        for count in counts:  # each tap, and whatever it sets off, moves nothing the next one aims at
            thumb(page, [count], boxes)
            assert where(page, [*counts, "Add"]) == boxes, (played, count)
        thumb(page, ["Add"], boxes)
        wait_for_rounds(page, played)
    cards = [[int(count) for count in counts] for counts in rounds]
    cards[2].append(0)  # the winner filled in
    assert stored_cards(live_api, state["id"]) == cards
