// The event's part of a table's page (events/_table_banner.html): the time left in the round,
// counted here from the round's end the server gave; "Last hand" at zero. The banner is drawn
// again from the server whenever the event changes (a draw, a table finished, the round ended),
// told by the event's small socket of changes (events/live/consumers.py, EventChangesConsumer).

import { follow } from "./follow-socket.js";
import { fill } from "./render.js";

function banner() {
  return document.querySelector("[data-event-banner]");
}

function clockText(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

function tick() {
  const left = document.querySelector("[data-time-left]");
  if (!left) return;
  const seconds = Math.max(0, Math.ceil((Date.parse(left.dataset.endsAt) - Date.now()) / 1000));
  const text = seconds > 0 ? fill(left.dataset.patternLeft, { time: clockText(seconds) }) : left.dataset.patternUp;
  if (left.textContent !== text) left.textContent = text;
  left.classList.toggle("warn", seconds === 0);
}

async function refresh() {
  const shown = banner();
  if (!shown) return;
  const response = await fetch(shown.dataset.refresh, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const holder = document.createElement("div");
  holder.innerHTML = await response.text();
  const fresh = holder.querySelector("[data-event-banner]");
  if (fresh) banner().replaceWith(fresh);
  tick();
}

if (banner()) {
  follow(banner().dataset.changes, { message: refresh });
  tick();
  setInterval(tick, 1000);
}
