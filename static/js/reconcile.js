// The reconciliation sheet (SPEC 9), loaded only when it is needed: another device changed the
// session while rounds waited on this one. It shows this phone's pending rounds beside the rounds
// added elsewhere, each with its hand (cards left, Tiến lên's places and marks, the scores typed),
// flags likely duplicates, and sends or drops each pending round only on the user's Add or
// Discard. A pending round is a likely duplicate of a round added meanwhile with the same hand
// (the same cards, order out or scores), or with the round number it was typed for (both phones
// typed "round 7" from the same state: most often the same deal with one count mistyped).

import { handParts, pendingCell, roundLabel, t } from "./render.js";
import { idOf } from "./transport.js";

// Each player's cell of a hand, as the rounds list writes it (null for a round no longer there).
const cellsOf = (hand, state) => (hand ? state.players.map((_, index) => pendingCell(hand, index)) : null);
const sameHand = (a, b) => Boolean(a && b) && a.some(Boolean) && a.every((cell, index) => cell === b[index]);
const sameNumber = (item, round) => item.type === "round.add" && item.typedFor === round.number;

// How a pending round and a round added elsewhere are alike: "hand", "number" or null.
function likeness(item, cells, round, state) {
  if (sameHand(cells, cellsOf(round, state))) return "hand";
  return sameNumber(item, round) ? "number" : null;
}

// The row's badge: the same hand, else the same round number (the first that applies).
function flag(row, likenesses) {
  const hand = likenesses.includes("hand");
  row.querySelector("[data-duplicate]").hidden = !hand;
  row.querySelector("[data-duplicate-number]").hidden = hand || !likenesses.includes("number");
  return likenesses.some(Boolean);
}

export class ReconcileSheet {
  constructor(table) {
    this.table = table;
    this.dialog = document.querySelector("[data-reconcile]");
    this.template = this.dialog.querySelector("[data-reconcile-template]");
    this.dialog.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action^='reconcile-']");
      if (button) this.choose(button);
    });
    this.dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.target.closest("button, a")) return; // a focused button is its own
      event.preventDefault();
      this.dialog.querySelector("[data-reconcile-pending] .primary")?.click();
    });
  }

  // The rounds added elsewhere are taken once, when the sheet opens: the ones added from it are ours.
  async show() {
    await this.table.resync();
    const state = this.table.getState();
    const from = Math.min(...this.table.items.filter((item) => item.choose).map((item) => item.baseRounds ?? state.rounds.length));
    this.elsewhere = state.rounds.slice(Number.isFinite(from) ? from : state.rounds.length).filter((round) => !this.table.ours.has(round.number));
    this.draw();
    if (!this.dialog.open) this.dialog.showModal();
    this.focusChoice();
  }

  draw() {
    const state = this.table.getState();
    const waiting = this.table.items.filter((item) => item.choose);
    const elsewhere = this.elsewhere;
    const pendingCells = waiting.map((item) => cellsOf(this.handOf(item, state), state));
    const elsewhereRows = elsewhere.map((round) => {
      const row = this.row(roundLabel(round.number), cellsOf(round, state), state);
      flag(row, waiting.map((item, index) => likeness(item, pendingCells[index], round, state)));
      row.querySelector("[data-reconcile-actions]").remove();
      return row;
    });
    this.dialog.querySelector("[data-reconcile-elsewhere]").replaceChildren(...elsewhereRows);
    this.dialog.querySelector("[data-reconcile-none]").hidden = elsewhere.length > 0;
    const pendingRows = waiting.map((item, index) => {
      const row = this.row(this.describe(item), pendingCells[index], state);
      row.dataset.seq = item.seq;
      row.dataset.requestId = idOf(item.body);
      const duplicate = flag(row, elsewhere.map((round) => likeness(item, pendingCells[index], round, state)));
      const error = row.querySelector("[data-reconcile-error]");
      error.textContent = item.refused ?? "";
      error.hidden = !item.refused;
      const add = row.querySelector("[data-action='reconcile-add']");
      add.hidden = Boolean(item.refused);
      // The obvious button is the safe one: a likely duplicate (or a refused round) is discarded.
      const emphasised = duplicate || item.refused ? row.querySelector("[data-action='reconcile-discard']") : add;
      for (const button of row.querySelectorAll("[data-reconcile-actions] button")) button.classList.toggle("primary", button === emphasised);
      return row;
    });
    this.dialog.querySelector("[data-reconcile-pending]").replaceChildren(...pendingRows);
  }

  // Enter does what the emphasised button of the first waiting round says: it has the focus.
  focusChoice() {
    this.dialog.querySelector("[data-reconcile-pending] .primary")?.focus();
  }

  // A round's row: what it is, then each player's cell of its hand ("Ann 5 · Ben 0", "Lan 2 ·
  // Mai 4✕", "Hùng +3"), a Tiến lên mark named as in the rounds list; an instant win names its
  // winner only.
  row(what, cells, state) {
    const row = this.template.content.firstElementChild.cloneNode(true);
    row.querySelector("[data-reconcile-what]").textContent = what;
    const parts = [];
    for (const [index, player] of state.players.entries()) {
      if (!cells?.[index]) continue;
      if (parts.length) parts.push(" · ");
      parts.push(`${player.name} `, ...handParts(cells[index]));
    }
    row.querySelector("[data-reconcile-cards]").replaceChildren(...parts);
    return row;
  }

  describe(item) {
    if (item.type === "round.edit") return t("Correct round %(number)s", { number: item.body.number });
    if (item.type === "round.delete") return t("Delete round %(number)s", { number: item.body.number });
    return t("New round");
  }

  // The hand a pending write carries; a deletion's is the round it deletes.
  handOf(item, state) {
    if (item.type === "round.delete") return state.rounds.find((round) => round.number === item.body.number) ?? null;
    return item.body;
  }

  async choose(button) {
    const row = button.closest("[data-reconcile-item]");
    const item = this.table.items.find((pending) => String(pending.seq) === row.dataset.seq);
    if (!item || this.busy) return;
    this.busy = true;
    for (const control of row.querySelectorAll("button")) control.disabled = true;
    try {
      if (button.dataset.action === "reconcile-discard") {
        await this.table.discard(item);
      } else {
        const reply = await this.table.add(item);
        if (!reply.ok) {
          const error = row.querySelector("[data-reconcile-error]");
          error.textContent = reply.error || "";
          error.hidden = false;
          for (const control of row.querySelectorAll("button")) control.disabled = false;
          return;
        }
      }
    } finally {
      this.busy = false;
    }
    await this.table.refresh();
    if (this.table.items.some((pending) => pending.choose)) {
      this.draw();
      this.focusChoice();
      return;
    }
    this.dialog.close();
    this.table.replay(); // rounds entered after the choice was asked for, if any
  }
}
