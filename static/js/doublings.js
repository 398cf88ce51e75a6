// 锄大地's doublings at the table (SPEC 15): the loser still holding the ♠2 (a chip on each row) and
// the bombs played (a stepper), on top of Big Two's cards left; fetched only for such a session.

import { Entry } from "./entry.js";

const MAX_BOMBS = 4; // rounds/rules/doubling.py

export class DoublingsEntry extends Entry {
  reset() {
    this.spadeTwo = null;
    this.bombs = 0;
    super.reset();
  }

  load(round) {
    super.load(round);
    this.spadeTwo = round.spade_two ?? null;
    this.bombs = round.bombs ?? 0;
    this.changed();
  }

  snapshot() {
    return { ...super.snapshot(), spadeTwo: this.spadeTwo, bombs: this.bombs };
  }

  restore(saved) {
    if (!super.restore(saved)) return false;
    this.spadeTwo = saved.spadeTwo ?? null;
    this.bombs = saved.bombs ?? 0;
    this.changed();
    return true;
  }

  // Sent with the cards; the winner holds no ♠2.
  payload(usesTwos) {
    const holder = this.spadeTwo !== null && this.counts()[this.spadeTwo] !== 0 ? this.spadeTwo : null;
    return { ...super.payload(usesTwos), spade_two: holder, bombs: this.bombs };
  }

  wire(panel) {
    for (const chip of panel.form.querySelectorAll("[data-spade-two]")) {
      chip.addEventListener("click", () => {
        if (!panel.readyForTap()) return;
        this.spadeTwo = this.spadeTwo === Number(chip.dataset.spadeTwo) ? null : Number(chip.dataset.spadeTwo);
        this.changed();
      });
    }
    for (const step of panel.form.querySelectorAll("[data-bombs-step]")) {
      step.addEventListener("click", () => {
        if (!panel.readyForTap(false)) return;
        this.bombs = Math.max(0, Math.min(MAX_BOMBS, this.bombs + Number(step.dataset.bombsStep)));
        this.changed();
      });
    }
  }

  drawExtras(panel) {
    const active = panel.isActive() || panel.mode === "saving";
    const counts = this.counts();
    for (const chip of panel.form.querySelectorAll("[data-spade-two]")) {
      const index = Number(chip.dataset.spadeTwo);
      chip.setAttribute("aria-pressed", String(active && this.spadeTwo === index && counts[index] !== 0));
      chip.classList.toggle("unavailable", active && counts[index] === 0);
    }
    const bombs = panel.form.querySelector("[data-bombs-count]");
    if (bombs) bombs.textContent = String(active ? this.bombs : 0);
  }
}

export { DoublingsEntry as Kind };
