// The entry panel's input (SPEC 7): every key and every tap means one thing, at once; one that
// cannot act here says why instead of doing nothing. Keys: 0-9 and T/J/Q/K set the highlighted
// player's cards left (0 and W: the winner), ←/→ move, Backspace clears, Enter adds, Esc cancels
// and hands the lock back. Taps: a row picks whose count the pad sets, a pad key sets it, the 2s
// chips and covering toggles, the panel's buttons. What each means for the round and the lock is
// the panel's (panel.js).

import { countOfKey } from "./entry.js";
import { t } from "./render.js";

const ARROWS = { ArrowLeft: -1, ArrowRight: 1 };
const QUEUEABLE = new Set(["Enter", "Backspace", "ArrowLeft", "ArrowRight"]);
const ENTRY_KEYS = new Set([...QUEUEABLE, "Escape"]);

// Keys typed into a field are the field's; a tapped chip (a radio or a checkbox) takes none.
const NOT_TYPED_INTO = new Set(["radio", "checkbox", "button", "submit", "reset"]);

function isTyping(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName)) return true;
  return target.tagName === "INPUT" && !NOT_TYPED_INTO.has(target.type);
}

// A key the page hands to us: not a shortcut, not typed into a field, no sheet open.
function forThePage(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return false;
  return !document.querySelector("dialog[open]"); // an open sheet has the keys
}

// A printable key that means nothing here (Space scrolls, as everywhere).
const isStrayCharacter = (key) => key.length === 1 && key !== " ";

const notAKey = (key) => t("“%(key)s” does nothing here: 0–9 and T J Q K set the cards left, 0 or W the winner", { key });

export class EntryKeys {
  constructor(panel) {
    this.panel = panel;
    this.typedAhead = [];
    document.addEventListener("keydown", (event) => this.key(event));
  }

  key(event) {
    if (!forThePage(event)) return;
    // Enter on a focused link, or on a button while no round is being entered, is that control's.
    const control = event.target.closest?.("button, a, summary");
    const entering = this.panel.isActive() || this.panel.mode === "saving";
    if (event.key === "Enter" && control && !this.panel.form.contains(control) && (!entering || control.matches("a"))) return;
    if (this.press(event.key)) event.preventDefault();
  }

  // One key; true when it was ours: it acted, or it said why it could not.
  press(key) {
    const panel = this.panel;
    const count = countOfKey(key);
    const saving = panel.mode === "saving" || panel.submitting;
    // Our own scores: − is the sign, kept while the last hand is on its way as digits are.
    if (key === "-" && panel.entry.minus) return saving ? this.typedAhead.push(key) > 0 : panel.entry.minus(panel);
    if (count === null && !ENTRY_KEYS.has(key)) {
      if (!isStrayCharacter(key)) return false; // Tab, Shift, F5, ↑/↓: the browser's
      panel.ui.toast(notAKey(key));
      return true;
    }
    if (saving) {
      // Typing the next round while the last one is still on its way: keep the keys for after.
      if (count === null && !QUEUEABLE.has(key)) panel.ui.toast(t("The round is on its way; once it is in, Undo takes it back"));
      else this.typedAhead.push(key);
      return true;
    }
    if (!panel.isActive()) {
      this.open(key, count);
      return true;
    }
    const entry = panel.entry;
    const actions = {
      ArrowLeft: () => entry.move(-1),
      ArrowRight: () => entry.move(1),
      Backspace: () => panel.clear(),
      Enter: () => panel.submit(),
      Escape: () => panel.cancel(),
    };
    if (count !== null) setCount(panel, count);
    else actions[key]();
    panel.lock.touch();
    return true;
  }

  // Before the entry is open: a count or an arrow opens it (taking the lock) from the first
  // player, as a tap would; any other key of the entry says why nothing happened.
  open(key, count) {
    const panel = this.panel;
    if (panel.refuseWhileBusy()) return;
    if (panel.getState().finished) {
      panel.ui.toast(t("The evening is over: Reopen and play on to add a round"));
      return;
    }
    if (count === null && !(key in ARROWS)) {
      panel.ui.toast(panel.nothingTyped());
      return;
    }
    panel.entry.reset();
    if (count !== null) panel.entry.set(count);
    else panel.entry.move(ARROWS[key]);
    panel.open();
  }

  replay() {
    const keys = this.typedAhead;
    this.typedAhead = [];
    for (const key of keys) this.press(key);
  }

  drop() {
    this.typedAhead = [];
  }
}

// The panel's taps: Add, a row, a pad key, a 2s chip, a covering toggle, its other buttons.
export function wireTaps(panel) {
  const form = panel.form;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    panel.submit();
  });
  panel.rows.forEach((row, index) => {
    row.addEventListener("click", (event) => {
      // (the name's label clicks its count field too)
      if (event.target.closest("[data-twos], .cover, .count-input")) return;
      tapRow(panel, index);
    });
  });
  for (const key of form.querySelectorAll("[data-pad]")) {
    key.addEventListener("click", () => {
      if (panel.readyForTap(false)) setCount(panel, Number(key.dataset.pad));
    });
  }
  for (const chip of form.querySelectorAll("[data-twos]")) {
    chip.addEventListener("click", () => {
      if (panel.readyForTap()) panel.entry.cycleTwos(Number(chip.dataset.twos));
    });
  }
  for (const radio of form.querySelectorAll("[data-cover]")) {
    radio.addEventListener("click", (event) => {
      event.preventDefault();
      if (panel.readyForTap()) panel.entry.toggleCovering(Number(radio.dataset.cover));
    });
  }
  panel.button("clear").addEventListener("click", () => panel.clear());
  panel.button("cancel").addEventListener("click", () => panel.cancel());
  panel.button("delete-round").addEventListener("click", () => panel.deleteRound());
  panel.button("history").addEventListener("click", () => panel.ui.showHistory(panel.entry.number));
  form.querySelector("[data-lock-area]").addEventListener("click", (event) => {
    const button = event.target.closest("[data-action='take-over']");
    if (button) panel.takeOver(button.textContent);
  });
}

function tapRow(panel, index) {
  if (!panel.readyForTap()) return;
  if (panel.entry.tapped) setCount(panel, index + 1); // Tiến lên: went out next
  else panel.entry.select(index);
}

// A count from a key or the pad. Once every player has a typed count it changes nothing until an
// arrow or a tap picks whose to replace, and says so (SPEC 7). 2 to 4 players: never one count.
function setCount(panel, count) {
  if (panel.entry.set(count)) return;
  if (panel.entry.refusal !== undefined) return panel.ui.toast(panel.entry.refusal);
  panel.ui.toast(t("All %(count)s counts are in: Enter adds; ← → or a tap picks a player to change", { count: panel.rows.length }));
}

// A page that follows only: a key meant for the entry says why nothing happens.
export function followerKeys({ notice, toast }) {
  document.addEventListener("keydown", (event) => {
    if (!forThePage(event) || !(countOfKey(event.key) !== null || ENTRY_KEYS.has(event.key))) return;
    if (event.key === "Enter" && event.target.closest?.("button, a, summary")) return;
    toast(notice);
  });
}
