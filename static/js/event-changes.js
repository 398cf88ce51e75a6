// The follow page ("who are you?") follows the event: a player added (or signed up), dropped or
// brought back, sign-up opened or closed, a round drawn or ended loads the page again at once (a
// late player's name appears; a phone waiting for the draw moves on to its table); a table finished, at most every SETTLE_MS (the
// standings). One small socket of the event's changes (events/live/consumers.py).

import { follow } from "./follow-socket.js";
import { showStatus } from "./page.js";

const root = document.querySelector("[data-event-changes]");
const SETTLE_MS = 10000;
const AT_ONCE = new Set(["event.players", "event.signup", "event.drawn", "event.ended", "event.swapped"]);
let later = null;
// A form sent from this page ("I'm in") is on its way to the next page: a reload now would
// cancel it (its own sign-up is the change that comes back first).
let leaving = false;
document.addEventListener("submit", () => {
  leaving = true;
});

function changed(message) {
  if (leaving) return;
  if (AT_ONCE.has(message.kind)) {
    location.reload();
  } else if (!later) {
    later = setTimeout(() => location.reload(), SETTLE_MS);
  }
}

if (root) follow(root.dataset.eventChanges, { message: changed, status: showStatus });
