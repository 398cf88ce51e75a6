// An event's pages live: one socket follows every table of the round in play (events/live/consumers.py).
// A whole message carries the live part of the screen (or, on the edit key's socket, of the
// organizer's page) rendered by the server, every sentence translated there; those pages swap it
// in (the screen draws its standings from the message's numbers). After a hand they get only
// what changed (events/live/messages.py), swapped in part by part. A new round drawn, or
// (where the page asks it) a new status of the night, loads the page again: new tables, new QR
// codes, other buttons. The clock counts down to the round's time limit.
// Without JavaScript the pages still show it all once.

import { follow } from "./follow-socket.js";
import { showStatus } from "./page.js";
import { fill, number } from "./render.js";

const root = document.querySelector("[data-event-live]");

let state = null; // the state as last shown
let seq = 0; // the number of the last message shown

function roundOf(shown) {
  const rounds = shown.rounds;
  return rounds.length ? rounds[rounds.length - 1].round : 0;
}

// A screen is sent the whole view once, then what changed ("event.delta", numbered: it follows
// message `after`); one that missed a message asks for the whole view again.
function receive(message) {
  if (message.event === "event.state") {
    state = message.state;
  } else if (message.event === "event.delta") {
    if (state === null || message.after !== seq) {
      socket.send({ type: "state" });
      return;
    }
    merge(message);
  } else {
    return;
  }
  seq = message.seq;
  show(message);
}

function show(message) {
  const moved = String(roundOf(state)) !== root.dataset.round;
  const turned = "reloadOnStatus" in root.dataset && state.status !== root.dataset.status;
  if (moved || turned) {
    location.assign(root.dataset.page || location.href);
    return;
  }
  if ("liveHtml" in root.dataset) {
    if (message.html !== undefined) root.innerHTML = message.html;
    renderStandings(state.standings);
    document.dispatchEvent(new CustomEvent("event:shown"));
  }
  const problem = document.querySelector("[data-problem][data-next]");
  if (problem && problem.dataset.next !== state.next) problem.remove();
}

// What changed, into the state and the page: each changed table's JSON and its part of the page
// (a screen's card, an organizer's line), the standings rows that changed (the organizer's page
// is sent them rendered; the screen draws them below), their order and places when any moved.
function merge(message) {
  const { event: _event, seq: _seq, after: _after, tables = [], standings = [], order, places, ...lines } = message;
  Object.assign(state, lines);
  const latest = roundOf(state);
  for (const { round, table, html } of tables) {
    const tablesOf = state.rounds.find((item) => item.round === round).tables;
    tablesOf[tablesOf.findIndex((item) => item.table === table.table)] = table;
    const which = round === latest ? ":not([data-earlier-round])" : `[data-earlier-round='${round}']`;
    root.querySelector(`[data-table='${table.table}']${which}`)?.replaceWith(fragment(html));
  }
  const lineOf = new Map(state.standings.map((line) => [line.id, line]));
  for (const { html, ...line } of standings) {
    lineOf.set(line.id, line);
    if (html) root.querySelector(`[data-standing='${line.id}']`)?.replaceWith(fragment(html));
  }
  state.standings = (order ?? state.standings.map((line) => line.id)).map((id) => lineOf.get(id));
  if (!order) return;
  state.standings.forEach((line, index) => (line.place = places[index]));
  // The organizer's rows, rendered by the server, move here; the screen draws its own (below), and
  // the final screen's stay as loaded until the page loads again.
  const body = "liveHtml" in root.dataset && root.querySelector("[data-standings] tbody");
  if (!body) return;
  const rows = new Map([...body.rows].map((row) => [row.dataset.standing, row]));
  body.append(
    ...order.map((id, index) => {
      const row = rows.get(String(id));
      row.querySelector("[data-place]").textContent = places[index];
      return row;
    }),
  );
}

function fragment(html) {
  const holder = document.createElement("template");
  holder.innerHTML = html;
  return holder.content;
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

const socket = root ? follow(root.dataset.socket, { message: receive, status: showStatus }) : null;
tick();
setInterval(tick, 1000);
