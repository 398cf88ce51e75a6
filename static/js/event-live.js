// An event's pages live: one socket follows every table of the round in play (events/consumers.py).
// Each message carries the live part of the screen (or, on the edit key's socket, of the
// organizer's page) rendered by the server, every sentence translated there; those pages swap it in; a new round drawn reloads the page (new tables, new QR codes).
// The round's clock counts from the draw. Without JavaScript the pages still show it all once.

import { showStatus } from "./page.js";

const root = document.querySelector("[data-event-live]");
const MAX_BACKOFF_MS = 15000;
let attempt = 0;

function roundOf(state) {
  const rounds = state.rounds;
  return rounds.length ? rounds[rounds.length - 1].round : 0;
}

function show(message) {
  if (message.event !== "event.state") return;
  if (String(roundOf(message.state)) !== root.dataset.round) {
    location.reload();
    return;
  }
  if ("liveHtml" in root.dataset) root.innerHTML = message.html;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${root.dataset.socket}`);
  socket.addEventListener("open", () => {
    attempt = 0;
    showStatus("live");
  });
  socket.addEventListener("message", (event) => show(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) return;
    showStatus(navigator.onLine === false ? "offline" : "reconnecting");
    attempt += 1;
    setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
  });
}

function tick() {
  const clock = document.querySelector("[data-clock]");
  if (!clock) return;
  const seconds = Math.max(0, Math.floor((Date.now() - Date.parse(clock.dataset.clock)) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60));
  const rest = String(seconds % 60).padStart(2, "0");
  clock.textContent = hours ? `${hours}:${minutes.padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

if (root) connect();
tick();
setInterval(tick, 1000);
