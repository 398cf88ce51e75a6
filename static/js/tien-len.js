// A Tiến lên hand at the table (SPEC 14.4): the players tapped (or their seat numbers typed) in
// the order they went out, the last filled in; killed players (cóng), what the last and the killed
// still hold (thối), chops (chặt) and an instant win (tới trắng), each from a small sheet. Every
// step can be taken back with ⌫ / Backspace, the last one first. The entry panel (panel.js) uses
// this in place of entry.js's cards left: the same methods, the hand instead of counts.

import { t } from "./render.js";

export const ITEMS = ["black_two", "red_two", "three_pairs", "four_of_a_kind", "four_pairs"];
const MOST_HELD = { black_two: 2, red_two: 2, three_pairs: 2, four_of_a_kind: 3, four_pairs: 1 };

export class TienLenEntry {
  constructor(playerCount, onChange) {
    this.playerCount = playerCount;
    this.twos = Array(playerCount).fill(0); // the panel's 2s chips: none in Tiến lên
    this.reset();
    this.onChange = onChange;
  }

  reset() {
    this.hand = empty();
    this.steps = []; // each step's hand before it, for ⌫
    this.highlight = 0;
    this.picked = false;
    this.number = null;
    this.changed();
  }

  load(round) {
    this.reset();
    this.hand = {
      order: [...(round.order ?? [])],
      killed: [...(round.killed ?? [])],
      left: Object.fromEntries((round.left ?? []).map(({ player, ...held }) => [player, held])),
      chops: (round.chops ?? []).map((chop) => ({ ...chop, items: [...chop.items] })),
      instant: round.instant ?? null,
    };
    if (this.hand.instant === null) this.hand.order = this.hand.order.slice(0, this.playerCount - 1);
    this.number = round.number;
    this.changed();
  }

  // Before the hand is begun (panel.js nothingTyped): no cards left to type, a player to tap.
  idle() {
    return t("No round is being entered: tap the players in the order they went out to start one");
  }

  snapshot() {
    return { hand: this.hand, steps: this.steps, number: this.number, game: "tien_len" };
  }

  restore(saved) {
    if (!saved || saved.game !== "tien_len" || !saved.hand) return false;
    this.hand = saved.hand;
    this.steps = saved.steps ?? [];
    this.number = saved.number ?? null;
    this.changed();
    return true;
  }

  // One step: the hand as it was is kept so ⌫ can take the step back.
  step(change) {
    this.steps.push(structuredClone(this.hand));
    change(this.hand);
    this.changed();
  }

  // The order out: the players tapped; once at most one player is neither placed nor killed, that
  // one next, then the killed, who take the last places (SPEC 14.1), in the order they were marked.
  order() {
    const { order, killed } = this.hand;
    const unplaced = this.unplaced();
    if (unplaced.length > 1) return [...order];
    return [...order, ...unplaced, ...killed.filter((player) => !order.includes(player))];
  }

  // Who is neither placed nor killed.
  unplaced() {
    const { order, killed } = this.hand;
    return range(this.playerCount).filter((player) => !order.includes(player) && !killed.includes(player));
  }

  // Each player's place (1 the first out), null while not placed; an instant win ranks its
  // winner alone.
  places() {
    if (this.hand.instant !== null) return range(this.playerCount).map((player) => (player === this.hand.instant ? 1 : null));
    const order = this.order();
    return range(this.playerCount).map((player) => (order.includes(player) ? order.indexOf(player) + 1 : null));
  }

  // What a row shows: the place out, in the page's words ("2nd"), or – while not placed.
  shown(index, patterns) {
    const place = this.places()[index];
    return place ? patterns[`patternPlace${place}`] : "–";
  }

  // The panel's counts: none (a Tiến lên hand has no cards left); places() says what is shown.
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
    return this.steps.length === 0 && this.hand.order.length === 0 && this.hand.instant === null;
  }

  isComplete() {
    return this.hand.instant !== null || this.order().length === this.playerCount;
  }

  // Who has no place yet when Add is pressed (the last and the killed are filled in), or null.
  missing() {
    if (this.isComplete()) return null;
    return this.unplaced()[0];
  }

  // A tap on a row, or a seat number typed: that player went out next.
  select(index) {
    if (this.hand.instant !== null || this.hand.order.includes(index) || this.isComplete()) return false;
    this.highlight = index;
    this.step((hand) => hand.order.push(index));
    return true;
  }

  // A key's number (panel-input.js setCount): a seat number 1–4 places that player; anything else says why.
  set(count) {
    if (count >= 1 && count <= this.playerCount) {
      if (this.select(count - 1)) return true;
      this.refusal = this.isComplete() ? t("Every place is in: Enter adds; ⌫ takes the last step back") : t("%(seat)s is placed already: ⌫ takes the last step back", { seat: count });
      return false;
    }
    this.refusal = t("Type the seat numbers (1 to %(count)s) in the order the players went out", { count: this.playerCount });
    return false;
  }

  move(step) {
    this.highlight = (this.highlight + step + this.playerCount) % this.playerCount;
    this.changed();
  }

  // ⌫: the last step back; on a hand loaded for a correction (no steps of its own), its parts
  // from the last: the chops, what was left, the killed, the instant win, then the order.
  backspace() {
    if (this.steps.length) this.hand = this.steps.pop();
    else if (!this.takeLastPart()) return false;
    this.changed();
    return true;
  }

  takeLastPart() {
    const hand = this.hand;
    if (hand.chops.length) hand.chops.pop();
    else if (Object.keys(hand.left).length) hand.left = {};
    else if (hand.killed.length) hand.killed.pop();
    else if (hand.instant !== null) hand.instant = null;
    else if (hand.order.length) hand.order.pop();
    else return false;
    return true;
  }

  toggleKilled(player) {
    this.step((hand) => {
      hand.killed = hand.killed.includes(player) ? hand.killed.filter((other) => other !== player) : [...hand.killed, player];
      if (!hand.killed.includes(player)) delete hand.left[player];
    });
  }

  // Who may be left holding something: the last out and the killed.
  mayHold(player) {
    const order = this.order();
    return this.hand.killed.includes(player) || (order.length === this.playerCount && order.at(-1) === player);
  }

  held(player, item) {
    return this.hand.left[player]?.[item] ?? 0;
  }

  addHeld(player, item, change) {
    const count = Math.max(0, Math.min(MOST_HELD[item], this.held(player, item) + change));
    if (count === this.held(player, item)) return;
    this.step((hand) => {
      hand.left[player] = { ...hand.left[player], [item]: count };
    });
  }

  addChop(by, from, items) {
    if (by === null || from === null || by === from || !items.length) return false;
    this.step((hand) => hand.chops.push({ by, from, items: [...items] }));
    return true;
  }

  setInstant(player) {
    this.step((hand) => {
      Object.assign(hand, empty(), { instant: hand.instant === player ? null : player });
    });
  }

  tapped = true; // a tap on a row places that player

  asked() {
    return t("Who went out next? Tap the players in the order they went out");
  }

  wire(panel) {
    wireSheets(panel);
  }

  drawExtras(panel) {
    drawSheets(panel);
  }

  cycleTwos() {}

  toggleCovering() {}

  coveringPlayer() {
    return null;
  }

  // What is sent (API.md): the order as the panel shows it (the killed in the last places), the events.
  payload() {
    const { killed, left, chops, instant } = this.hand;
    const order = this.order();
    if (instant !== null) return { instant };
    const held = Object.entries(left)
      .filter(([, items]) => ITEMS.some((item) => items[item]))
      .map(([player, items]) => ({ player: Number(player), ...items }));
    return { order: [...order], killed: [...killed], left: held, chops: chops.map((chop) => ({ ...chop })) };
  }

  changed() {
    if (this.onChange) this.onChange(this);
  }
}

function empty() {
  return { order: [], killed: [], left: {}, chops: [], instant: null };
}

function range(count) {
  return [...Array(count).keys()];
}

// The sheets: Killed, Left in hand, Chop and Instant win, each opened by its one tap; every change
// goes through the panel (which opens the entry, taking the lock, if it is not open yet).
export function wireSheets(panel) {
  const chop = { by: null, from: null, items: [] };
  const act = (change) => {
    if (panel.readyForTap(false)) change(panel.entry);
  };
  const on = (selector, handler) => {
    for (const element of document.querySelectorAll(selector)) element.addEventListener("click", () => handler(element));
  };
  on("[data-tl-killed]", (button) => act((entry) => entry.toggleKilled(Number(button.dataset.tlKilled))));
  on("[data-tl-instant]", (button) => {
    act((entry) => entry.setInstant(Number(button.dataset.tlInstant)));
    button.closest("dialog")?.close();
  });
  on("[data-tl-held]", (button) => {
    const [player, item, change] = button.dataset.tlHeld.split(" ");
    act((entry) => entry.addHeld(Number(player), item, Number(change)));
  });
  on("[data-tl-chop-by]", (button) => {
    chop.by = Number(button.dataset.tlChopBy);
    if (chop.from === chop.by) chop.from = null; // nobody chops themselves: their own chip is off
    drawChop(chop);
  });
  on("[data-tl-chop-from]", (button) => {
    chop.from = Number(button.dataset.tlChopFrom);
    drawChop(chop);
  });
  on("[data-tl-chop-item]", (button) => {
    chop.items.push(button.dataset.tlChopItem);
    drawChop(chop);
  });
  on("[data-tl-chop-clear]", () => {
    Object.assign(chop, { by: null, from: null, items: [] });
    drawChop(chop);
  });
  on("[data-tl-chop-add]", (button) => {
    act((entry) => {
      if (!entry.addChop(chop.by, chop.from, chop.items)) {
        // Said in the sheet, beside Add (a toast would be behind its backdrop), anew on each press.
        const error = document.querySelector("[data-tl-chop-error]");
        if (error) error.textContent = error.dataset.patternIncomplete;
        return;
      }
      Object.assign(chop, { by: null, from: null, items: [] });
      drawChop(chop);
      button.closest("dialog")?.close();
    });
  });
}

// The chop as tapped so far; what Add said of one not whole stays until it is whole or started
// again (untouched meanwhile, so a reader does not hear it again at every tap).
function drawChop(chop) {
  for (const button of document.querySelectorAll("[data-tl-chop-by]")) button.setAttribute("aria-pressed", String(Number(button.dataset.tlChopBy) === chop.by));
  for (const button of document.querySelectorAll("[data-tl-chop-from]")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.tlChopFrom) === chop.from));
    button.disabled = Number(button.dataset.tlChopFrom) === chop.by;
  }
  const items = document.querySelector("[data-tl-chop-items]");
  if (items) items.textContent = chop.items.map((item) => itemLabel(item)).join(" + ");
  const error = document.querySelector("[data-tl-chop-error]");
  const whole = chop.by !== null && chop.from !== null && chop.by !== chop.from && chop.items.length > 0;
  const empty = chop.by === null && chop.from === null && !chop.items.length; // started again, or added
  if (error && (whole || empty)) error.textContent = "";
}

// The sheets and the hand's summary line as the entry stands.
export function drawSheets(panel) {
  const entry = panel.entry;
  const active = panel.isActive() || panel.mode === "saving";
  panel.rows.forEach((row, index) => row.classList.toggle("killed", active && entry.hand.killed.includes(index)));
  for (const button of document.querySelectorAll("[data-tl-killed]")) {
    const player = Number(button.dataset.tlKilled);
    button.setAttribute("aria-pressed", String(entry.hand.killed.includes(player)));
  }
  for (const row of document.querySelectorAll("[data-tl-held-row]")) {
    const player = Number(row.dataset.tlHeldRow);
    row.hidden = !entry.mayHold(player);
    for (const count of row.querySelectorAll("[data-tl-held-count]")) count.textContent = String(entry.held(player, count.dataset.tlHeldCount));
  }
  const none = document.querySelector("[data-tl-held-none]");
  if (none) none.hidden = [...document.querySelectorAll("[data-tl-held-row]")].some((row) => !row.hidden);
  for (const button of document.querySelectorAll("[data-tl-instant]")) button.setAttribute("aria-pressed", String(entry.hand.instant === Number(button.dataset.tlInstant)));
  const summary = panel.form.querySelector("[data-tl-summary]");
  if (summary) summary.textContent = handSummary(entry, panel.getState(), summary.dataset);
}

// The events of the hand in one line, from the page's own words (data-pattern-*).
function handSummary(entry, state, patterns) {
  const name = (player) => state.players[player].name;
  const parts = [];
  const { killed, chops, instant } = entry.hand;
  if (instant !== null) parts.push(`${patterns.patternInstant}: ${name(instant)}`);
  if (killed.length) parts.push(`${patterns.patternKilled}: ${killed.map(name).join(", ")}`);
  for (const [player, items] of Object.entries(entry.hand.left)) {
    const held = ITEMS.filter((item) => items[item]).map((item) => (items[item] > 1 ? `${items[item]}× ` : "") + itemLabel(item, true));
    if (held.length) parts.push(`${patterns.patternLeft}: ${name(Number(player))} ${held.join(" + ")}`);
  }
  for (const chop of chops) parts.push(`${patterns.patternChop}: ${name(chop.by)} → ${name(chop.from)} (${chop.items.map((item) => itemLabel(item, true)).join(" + ")})`);
  return parts.join(" · ");
}

// An item in the page's words, as the sheets name it ("Heo đỏ (♦ ♥)", "Tứ quý"); `short`: without
// its suits, for the summary line ("Heo đỏ").
function itemLabel(item, short = false) {
  const chip = document.querySelector(`[data-tl-chop-item="${item}"]`);
  const stepper = document.querySelector(`[data-tl-held-count="${item}"]`)?.closest(".tl-stepper")?.querySelector("span");
  const label = (chip ?? stepper)?.textContent ?? item;
  return short ? label.replace(/\s*[(（][^)）]*[)）]$/, "") : label;
}

export { TienLenEntry as Kind };
