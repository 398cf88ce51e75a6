// Who this phone is at a club night (SPEC 13): once a player signs up or picks their name on the
// follow page, the phone remembers it (localStorage, like its sessions and setups), and opening
// the event's follow link again goes straight to that player's page (their table once drawn)
// instead of asking "Who are you?" again. Coming from one of the app's own pages (a table's
// "To the event", the join page's "Not at this table?") shows the follow page as it is: the
// phone went there to see it. The list stays on the page to pick another name.

const EVENTS_KEY = "bigtwo.events";
const EVENTS_KEPT = 20;
const root = document.querySelector("[data-event-me]");

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(EVENTS_KEY) || "[]");
  } catch {
    return [];
  }
}

function remember(event, player) {
  const kept = remembered().filter((entry) => entry.event !== event);
  kept.unshift({ event, player: Number(player), seen: new Date().toISOString() });
  try {
    localStorage.setItem(EVENTS_KEY, JSON.stringify(kept.slice(0, EVENTS_KEPT)));
  } catch {
    // Storage full or refused: the page still works, it asks again next time.
  }
}

// Arrived from outside the app (a QR code, a chat, the home screen): the referrer is the app's own
// page only when one of its links led here (Referrer-Policy: same-origin).
function fromOutside() {
  return !document.referrer || new URL(document.referrer).origin !== location.origin;
}

if (root) {
  const event = root.dataset.eventMe;
  if (root.dataset.me) remember(event, root.dataset.me);
  for (const link of document.querySelectorAll("[data-player-id]")) {
    link.addEventListener("click", () => remember(event, link.dataset.playerId));
  }
  const mine = remembered().find((entry) => entry.event === event);
  const link = mine && document.querySelector(`[data-player-id="${mine.player}"]`);
  if (link && !root.dataset.me && fromOutside()) location.replace(link.href);
}
