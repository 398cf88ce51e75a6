// The follow page ("who are you?") follows the event: a player added (or signed up), dropped or
// brought back, sign-up opened or closed, a round drawn or ended loads the page again at once (a
// late player's name appears; a phone waiting for the draw moves on to its table); a table finished, at most every SETTLE_MS (the
// standings). One small socket of the event's changes (events/consumers.py).

import { showStatus } from "./page.js";

const root = document.querySelector("[data-event-changes]");
const MAX_BACKOFF_MS = 15000;
const SETTLE_MS = 10000;
const AT_ONCE = new Set(["event.players", "event.signup", "event.drawn", "event.ended", "event.swapped"]);
let attempt = 0;
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

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${root.dataset.eventChanges}`);
  socket.addEventListener("open", () => {
    attempt = 0;
    showStatus("live");
  });
  socket.addEventListener("message", (event) => changed(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) return;
    showStatus(navigator.onLine === false ? "offline" : "reconnecting");
    attempt += 1;
    setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
  });
}

if (root) connect();
