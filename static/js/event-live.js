// An event's pages live: one socket follows every table of the round in play (events/live/consumers.py).
// Each message carries the live part of the screen (or, on the edit key's socket, of the
// organizer's page) rendered by the server, every sentence translated there; those pages swap it
// in (the screen draws its standings from the message's numbers). A new round drawn, or (where the page asks it) a new status of the night, loads the page
// again: new tables, new QR codes, other buttons. The clock counts down to the round's time limit.
// Without JavaScript the pages still show it all once.

import { follow } from "./follow-socket.js";
import { showStatus } from "./page.js";
import { fill, number } from "./render.js";

const root = document.querySelector("[data-event-live]");

function roundOf(state) {
  const rounds = state.rounds;
  return rounds.length ? rounds[rounds.length - 1].round : 0;
}

function show(message) {
  if (message.event !== "event.state") return;
  const moved = String(roundOf(message.state)) !== root.dataset.round;
  const turned = "reloadOnStatus" in root.dataset && message.state.status !== root.dataset.status;
  if (moved || turned) {
    location.assign(root.dataset.page || location.href);
    return;
  }
  if ("liveHtml" in root.dataset) {
    root.innerHTML = message.html;
    renderStandings(message.state.standings);
    document.dispatchEvent(new CustomEvent("event:shown"));
  }
  const problem = document.querySelector("[data-problem][data-next]");
  if (problem && problem.dataset.next !== message.state.next) problem.remove();
}

// The screen's standings are drawn here from the state's numbers (no sentence in them), so the
// view the server builds for every screen is the tables alone (events/_screen_live.html).
function renderStandings(lines) {
  const template = document.querySelector("[data-standing-row]");
  if (!template) return;
  const body = template.parentElement.querySelector("tbody");
  body.replaceChildren(
    ...lines.map((line) => {
      const row = template.content.firstElementChild.cloneNode(true);
      row.dataset.standing = line.id;
      row.classList.toggle("dropped", line.dropped);
      row.querySelector("[data-place]").textContent = line.place;
      row.querySelector("[data-name]").textContent = line.name;
      row.querySelector("[data-net]").textContent = number(line.net);
      row.querySelector("[data-wins]").textContent = line.wins;
      row.querySelector("[data-hands]").textContent = line.hands;
      row.querySelector("[data-table]").textContent = line.table ?? "–";
      return row;
    }),
  );
}

function clockText(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60));
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${minutes.padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

// The screen's clock (down to the round's time limit: a round without one has no clock) and the
// organizer's line of minutes left, filled from its patterns.
function tick() {
  const clock = document.querySelector("[data-clock]");
  if (clock) {
    const seconds = Math.max(0, Math.ceil((Date.parse(clock.dataset.clock) - Date.now()) / 1000));
    clock.textContent = seconds === 0 ? clock.dataset.patternUp : clockText(seconds);
  }
  const line = document.querySelector("[data-minutes-left]");
  if (line) {
    const seconds = Math.ceil((Date.parse(line.dataset.minutesLeft) - Date.now()) / 1000);
    if (seconds > 0) {
      const minutes = Math.ceil(seconds / 60);
      line.textContent = fill(minutes === 1 ? line.dataset.patternOne : line.dataset.patternOther, { minutes });
    } else {
      line.textContent = line.dataset.patternUp;
    }
  }
}

if (root) follow(root.dataset.socket, { message: show, status: showStatus });
tick();
setInterval(tick, 1000);
