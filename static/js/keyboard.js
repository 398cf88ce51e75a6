// The keys of SPEC 7 for the entry panel: every key means one thing, at once.
// 0-9 and T/J/Q/K set the highlighted player's cards left (0 and W: the winner),
// ←/→ move, Backspace clears, Enter adds, Esc cancels and hands the lock back.

import { countOfKey } from "./entry.js";

const QUEUEABLE = new Set(["Enter", "Backspace", "ArrowLeft", "ArrowRight"]);

// Keys typed into a field are the field's; a tapped chip (a radio or a checkbox) takes none.
const NOT_TYPED_INTO = new Set(["radio", "checkbox", "button", "submit", "reset"]);

function isTyping(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName)) return true;
  return target.tagName === "INPUT" && !NOT_TYPED_INTO.has(target.type);
}

export class EntryKeys {
  constructor(panel) {
    this.panel = panel;
    this.typedAhead = [];
    document.addEventListener("keydown", (event) => this.key(event));
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (document.querySelector("dialog[open]")) return; // an open sheet has the keys
    // Enter on a focused link, or on a button while no round is being entered, is that control's.
    const control = event.target.closest?.("button, a, summary");
    const entering = this.panel.isActive() || this.panel.mode === "saving";
    if (event.key === "Enter" && control && !this.panel.form.contains(control) && (!entering || control.matches("a"))) return;
    if (this.press(event.key)) event.preventDefault();
  }

  // One key; true when it meant something here.
  press(key) {
    const panel = this.panel;
    const count = countOfKey(key);
    if (panel.mode === "saving" || panel.submitting) {
      // Typing the next round while the last one is still on its way: keep the keys for after.
      if (count === null && !QUEUEABLE.has(key)) return false;
      this.typedAhead.push(key);
      return true;
    }
    if (!panel.isActive()) {
      if (count === null || panel.getState().finished) return false;
      if (panel.refuseWhileBusy()) return true;
      panel.entry.reset();
      panel.entry.set(count);
      panel.open();
      return true;
    }
    const entry = panel.entry;
    const actions = {
      ArrowLeft: () => entry.move(-1),
      ArrowRight: () => entry.move(1),
      Backspace: () => entry.backspace(),
      Enter: () => panel.submit(),
      Escape: () => panel.cancel(),
    };
    if (count !== null) entry.set(count);
    else if (actions[key]) actions[key]();
    else return false;
    panel.lock.touch();
    return true;
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
