// A hand of the table's own scores (SPEC 15): each player's score typed on the pad or the keys,
// 0–9 and − (minus), ⌫ taking the last digit back, a tap or ← → picking the player. The entry
// panel (panel.js) uses this in place of entry.js's cards left; the server checks the sum.

import { fill, signed, t } from "./render.js";

const MOST_DIGITS = 7; // ±1,000,000 at most (rounds/rules/own_scores.py)

export class OwnScoresEntry {
  constructor(playerCount, onChange) {
    this.playerCount = playerCount;
    this.twos = Array(playerCount).fill(0);
    this.reset();
    this.onChange = onChange;
  }

  reset() {
    this.typed = Array(this.playerCount).fill("");
    this.highlight = 0;
    this.picked = false;
    // A tap, an arrow or a hand opened to correct picked the highlighted player: their next digit
    // starts their score again (its sign as shown), as a count replaces a picked player's (SPEC 7),
    // rather than running on after the old score (12 then 1 4 is 14, not 1214).
    this.fresh = false;
    this.number = null;
    this.changed();
  }

  load(round) {
    this.reset();
    this.typed = round.scores.map(String);
    this.number = round.number;
    this.fresh = true;
    this.changed();
  }

  // Before the hand is begun (panel.js nothingTyped): a score, not cards left.
  idle() {
    return t("No round is being entered: type each player's score to start one");
  }

  snapshot() {
    return { typed: this.typed, highlight: this.highlight, number: this.number, game: "own_scores" };
  }

  restore(saved) {
    if (!saved || saved.game !== "own_scores" || saved.typed?.length !== this.playerCount) return false;
    Object.assign(this, { typed: [...saved.typed], highlight: saved.highlight ?? 0, number: saved.number ?? null });
    this.changed();
    return true;
  }

  scores() {
    return this.typed.map((text) => (/^-?\d+$/.test(text) ? Number(text) : null));
  }

  // What a row shows: the score as typed so far.
  shown(index) {
    return this.typed[index] === "" ? "–" : this.typed[index].replace("-", "−");
  }

  // The sum of the scores typed so far: 0 when a hand adds up.
  sum() {
    return this.scores().reduce((total, score) => total + (score ?? 0), 0);
  }

  counts() {
    return Array(this.playerCount).fill(null);
  }

  autoWinner() {
    return null;
  }

  typedWinners() {
    return [];
  }

  isEmpty() {
    return this.typed.every((text) => text === "");
  }

  isComplete() {
    return this.scores().every((score) => score !== null);
  }

  missing() {
    const index = this.scores().indexOf(null);
    return index === -1 ? null : index;
  }

  // A digit for the highlighted player; the face keys (10–13) are not digits.
  set(count) {
    if (count > 9) {
      this.refusal = t("Type each score with 0–9 and − (minus); a tap or ← → picks the player");
      return false;
    }
    if (this.fresh) this.typed[this.highlight] = this.typed[this.highlight].startsWith("-") ? "-" : "";
    this.fresh = false;
    const text = this.typed[this.highlight];
    if (text.replace("-", "").length >= MOST_DIGITS) return true;
    this.typed[this.highlight] = text === "0" || text === "-0" ? text.replace("0", "") + count : text + count;
    this.changed();
    return true;
  }

  // − on the pad or the keys: the highlighted score's sign.
  minus(panel) {
    if (!panel.readyForTap(false)) return true;
    const text = this.typed[this.highlight];
    this.typed[this.highlight] = text.startsWith("-") ? text.slice(1) : `-${text}`;
    this.changed();
    return true;
  }

  wire(panel) {
    panel.button("minus").addEventListener("click", () => this.minus(panel));
  }

  select(index) {
    this.highlight = index;
    this.fresh = true;
    this.changed();
  }

  move(step) {
    this.highlight = (this.highlight + step + this.playerCount) % this.playerCount;
    this.fresh = true;
    this.changed();
  }

  // The last digit of the highlighted score; on an empty one, the previous player's.
  backspace() {
    if (this.isEmpty()) return false;
    this.fresh = false;
    if (this.typed[this.highlight] === "") this.highlight = (this.highlight - 1 + this.playerCount) % this.playerCount;
    this.typed[this.highlight] = this.typed[this.highlight].slice(0, -1);
    this.changed();
    return true;
  }

  asked(name) {
    return t("%(name)s: what is their score?", { name });
  }

  // The running sum under the rows: red while a hand that must add up to 0 does not.
  drawExtras(panel) {
    const sum = panel.form.querySelector("[data-own-sum]");
    const active = panel.isActive() || panel.mode === "saving";
    const total = active ? this.sum() : 0;
    sum.textContent = active && !this.isEmpty() ? fill(sum.dataset.patternSum, { sum: signed(total) }) : "";
    sum.classList.toggle("bad", total !== 0 && sum.dataset.zeroSum === "true");
  }

  cycleTwos() {}

  toggleCovering() {}

  coveringPlayer() {
    return null;
  }

  payload() {
    return { scores: this.scores() };
  }

  changed() {
    if (this.onChange) this.onChange(this);
  }
}

export { OwnScoresEntry as Kind };
