// The table view for a tablet or TV in the middle of the table: big totals, no controls.

import { showStatus } from "./page.js";
import { renderFinal, renderRounds, renderScoreboard } from "./render.js";
import { merged } from "./table-state.js";
import { Transport } from "./transport.js";

let state = JSON.parse(document.getElementById("table-state").textContent);
const transport = new Transport({ socketPath: state.links.socket, apiPath: null });

function apply(incoming) {
  if (incoming.version < state.version) return;
  const next = merged(state, incoming);
  if (next === null) {
    transport.resync();
    return;
  }
  state = next;
  renderScoreboard(document, state);
  renderRounds(document, { ...state, rounds: state.rounds.slice(-1) });
  renderFinal(document, state);
}

transport.addEventListener("state", (event) => apply(event.detail.state));
transport.addEventListener("status", (event) => showStatus(event.detail));
// A screen left on all evening: keep it awake where the browser allows.
navigator.wakeLock?.request("screen").catch(() => {});
transport.start();
