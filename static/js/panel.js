// The entry panel: what it is doing (idle, opening, entering, saving, busy), the preview, add /
// correct / delete, and what the lock held by another device means for this one. Its keys and
// taps are panel-input.js's, its drawing panel-view.js's.

import { Draft } from "./draft.js";
import { Entry } from "./entry.js";
import { EntryKeys, wireTaps } from "./panel-input.js";
import { drawLockArea, drawPanel, revealPad } from "./panel-view.js";
import { fill, lockMessage, t } from "./render.js";
import { noConnection, requestId, withId } from "./transport.js";

const PREVIEW_DELAY_MS = 120;
let edits = null; // panel-edit.js, on its way or loaded
window.addEventListener("load", () => (edits ||= import("./panel-edit.js").catch(() => (edits = null))));
const OFFLINE_LEASE = "offline"; // what a draft typed without a connection (and without the lock) is kept under

// The entry of the game: Big Two's cards left, else fetched (tien-len.js, own-scores.js, doublings.js).
export async function entryKind({ game, mode, spade_two, bombs }) {
  const name = game === "tien_len" ? "tien-len" : mode === "own_scores" ? "own-scores" : spade_two || bombs ? "doublings" : null;
  return name ? (await import(`./${name}.js`)).Kind : Entry;
}

export class EntryPanel {
  constructor({ form, transport, lock, getState, applyState, ui, sessionKey, offline = null, Kind = Entry }) {
    this.form = form;
    this.transport = transport;
    this.lock = lock;
    this.getState = getState;
    this.applyState = applyState;
    this.ui = ui;
    this.offline = offline; // the outbox (offline.js): where a round waits without a connection
    this.mode = "idle"; // idle | opening | entering | saving | busy (another device holds the lock)
    this.rows = [...form.querySelectorAll("[data-player]")];
    this.entry = new Kind(this.rows.length, () => this.changed(), { twosInDeck: Number(form.dataset.twosInDeck) });
    this.preview = null;
    this.previewSequence = 0;
    this.error = null;
    this.draft = new Draft(sessionKey);
    this.lockSeenAt = Date.now();
    this.keys = new EntryKeys(this);
    wireTaps(this);
    setInterval(() => this.tick(), 1000);
    this.entry.wire?.(this); // the game's own controls
    this.resumeAfterReload();
    this.sync();
  }

  // Reloaded while holding the lock: carry on entering with the counts typed so far.
  // If the lease lapsed meanwhile and nobody else took it, take it again. Counts typed without a
  // connection come back the same way (without one still, they are entered on, to wait in the outbox).
  resumeAfterReload() {
    const lock = this.getState().lock;
    const saved = this.draft.load(this.lock.lease) ?? this.draft.load(OFFLINE_LEASE);
    if (this.lock.holds(lock)) {
      this.mode = "entering";
      if (saved) this.entry.restore(saved);
      return;
    }
    if (saved && !lock && !this.getState().finished) {
      this.lock.forget(); // the old token is dead: renewing it on reconnect must not undo the new grant
      this.entry.restore(saved);
      this.open(this.entry.number, { reveal: false }).then((granted) => {
        if (!granted) this.draft.clear();
      });
      return;
    }
    this.draft.clear();
  }

  get usesTwos() {
    return Boolean(this.getState().settings.twos);
  }

  isActive() {
    return ["opening", "entering"].includes(this.mode);
  }

  button(action) {
    return this.form.querySelector(`[data-action="${action}"]`);
  }

  // --- opening and closing ----------------------------------------------------

  // Counts typed or tapped meanwhile are the entry's at once; they go with the round once the lock
  // is held (submit waits for it). A key or a row opens it with the pad in reach (reveal); a tap on
  // the pad, where the thumb already is, moves nothing (SPEC 7: taps never lost or moved).
  open(round = null, { reveal = true } = {}) {
    if (this.mode === "opening") return this.opening;
    if (this.isActive()) return Promise.resolve(true);
    if (this.getState().finished && round === null) return Promise.resolve(false);
    this.opening = this.takeLock(round);
    if (reveal && round === null) revealPad(this.form, { whenHidden: true });
    return this.opening;
  }

  async takeLock(round) {
    this.mode = "opening";
    this.error = null;
    this.draw();
    const reply = await this.lock.acquire(round);
    if (this.mode !== "opening") return false;
    if (reply.ok || (reply.status === 0 && this.offline)) {
      // Without a connection the round is entered all the same; it waits in the outbox.
      this.mode = "entering";
      this.changed(); // draws, saves the draft under the new lease, previews a complete round
      return true;
    }
    this.entry.reset();
    this.draft.clear();
    this.mode = reply.status === 409 && reply.holder ? "busy" : "idle";
    this.error = reply.holder ? null : reply.error;
    this.draw();
    return false;
  }

  async cancel() {
    const wasActive = this.isActive();
    this.mode = "idle";
    this.error = null;
    this.entry.reset();
    this.draft.clear();
    this.draw();
    if (wasActive) await this.lock.release();
  }

  // ⌫ and Backspace: clear the last count, or say why there is none to clear.
  clear() {
    if (this.refuseWhileBusy()) return;
    if (!this.isActive()) this.ui.toast(this.nothingTyped());
    else if (!this.entry.backspace()) this.ui.toast(t("Nothing to clear: no count is typed yet"));
    this.lock.touch();
  }

  // What a key or Add says before a round is begun: in the entry's own words where it has them
  // (a Tiến lên hand is begun by tapping the first out, typed scores by a score).
  nothingTyped() {
    return this.entry.idle?.() ?? t("No round is being entered: type or tap the first player's cards left to start one");
  }

  // A tap while another device enters: say who, instead of doing nothing.
  refuseWhileBusy() {
    if (this.mode === "busy" && this.getState().lock) this.ui.toast(lockMessage(this.getState()));
    return this.mode === "saving" || this.mode === "busy";
  }

  // A tap on a row or a pad key opens the entry if it is not open yet.
  readyForTap(reveal = true) {
    if (this.refuseWhileBusy()) return false;
    if (!this.isActive()) {
      this.entry.reset();
      this.open(null, { reveal });
    }
    this.lock.touch();
    return true;
  }

  // Correcting or deleting a round, and taking over an idle entry (panel-edit.js): loaded once the
  // page has, so the first paint waits for none of it and a phone offline by then still has it.
  async edit(name, ...values) {
    const module = await (edits ||= import("./panel-edit.js")).catch(() => (edits = null));
    if (module) return module[name](this, ...values);
    this.ui.toast(noConnection());
  }

  correct(number) {
    return this.edit("correctRound", number);
  }

  deleteRound() {
    return this.edit("deleteRound");
  }

  takeOver(label) {
    return this.edit("takeOver", label);
  }

  // --- writing ------------------------------------------------------------------

  async submit() {
    if (this.submitting || this.refuseWhileBusy()) return;
    if (!this.isActive()) {
      this.ui.toast(this.nothingTyped());
      return;
    }
    const missing = this.entry.missing ? (this.entry.missing() ?? -1) : this.entry.counts().indexOf(null);
    if (this.twoWinners() || missing !== -1) {
      const name = this.getState().players[missing]?.name;
      const asked = this.entry.asked?.(name) ?? t("%(name)s: how many cards are left?", { name });
      this.error = this.twoWinners() ?? { player: missing, error: asked };
      this.draw();
      return;
    }
    this.submitting = true;
    let saved = false;
    try {
      // Typed faster than the lock came back: add as soon as it does.
      if (this.mode === "opening" && !(await this.opening)) return;
      this.mode = "saving";
      this.draw();
      this.pendingRequest ||= requestId();
      const body = withId({ ...this.entry.payload(this.usesTwos), release_lock: true }, this.pendingRequest);
      const number = this.entry.number;
      const type = number ? "round.edit" : "round.add";
      const write = number ? { number, ...body } : body;
      const reply = await this.sendNow(type, write);
      if (reply.status === 0 && this.offline) {
        saved = await this.queue(type, write); // sent or not, its id makes the resend safe
      } else {
        const done = number ? t("Round %(number)s corrected", { number }) : t("Round %(number)s added", { number: reply.round?.number });
        saved = this.finishWrite(reply, done, number ? "edited" : "added");
      }
    } finally {
      this.submitting = false;
    }
    if (saved) this.keys.replay();
    else this.keys.drop();
  }

  // Send now, or answer {status: 0} when the write must wait in the outbox: offline, behind
  // rounds already waiting, or entered without a connection and the lock is not to be had now.
  async sendNow(type, write) {
    if (this.offline?.shouldQueue()) return { status: 0 };
    if (!this.lock.token) {
      const granted = await this.lock.acquire(write.number ?? null);
      if (!granted.ok) return this.offline ? { status: 0 } : granted;
    }
    return this.transport.call(type, write, this.lock.token);
  }

  async queue(type, write) {
    if (!(await this.offline.queue(type, write))) {
      // Not kept on this device either: the counts stay typed, and the panel says why.
      this.mode = "entering";
      this.error = { status: 0, error: noConnection() };
      this.draw();
      return false;
    }
    this.pendingRequest = null;
    this.entry.reset();
    this.draft.clear();
    this.mode = "idle";
    this.error = null;
    this.draw();
    return true;
  }

  finishWrite(reply, done, action) {
    if (reply.ok) {
      this.pendingRequest = null;
      this.lock.forget();
      this.entry.reset();
      this.draft.clear();
      this.mode = "idle";
      this.error = null;
      if (reply.state) this.applyState(reply.state);
      this.ui.written(done, reply.version_id, action); // with Undo
      this.draw();
      return true;
    }
    if (reply.status !== 0) this.pendingRequest = null; // refused, so nothing is stored under that id
    if (reply.status === 409 && reply.field === "lock") {
      this.lock.forget();
      this.mode = reply.holder ? "busy" : "idle";
      this.entry.reset();
      this.draft.clear();
    } else {
      this.mode = "entering";
    }
    this.error = reply;
    this.draw();
    return false;
  }

  // --- the server's word ------------------------------------------------------------

  sync() {
    const state = this.getState();
    this.lockSeenAt = Date.now();
    const other = state.lock && !this.lock.holds(state.lock);
    if (other && this.mode === "entering") {
      this.ui.toast(t("%(holder)s took over the entry", { holder: state.lock.holder }));
      this.lock.forget();
      this.entry.reset();
      this.draft.clear();
      this.mode = "busy";
    } else if (other && this.mode === "idle") {
      this.mode = "busy";
    } else if (!other && this.mode === "busy") {
      this.mode = "idle";
    }
    this.form.closest("[data-entry]").hidden = state.finished && !this.isActive();
    this.draw();
  }

  // Followers count down the lease themselves: expiry needs no message from anyone.
  tick() {
    const state = this.getState();
    if (this.mode !== "busy" || !state.lock) return;
    if (this.secondsLeft() <= 0) {
      this.mode = "idle";
      this.draw();
      return;
    }
    this.drawLock();
  }

  secondsLeft() {
    const lock = this.getState().lock;
    return lock ? Math.ceil(lock.expires_in - (Date.now() - this.lockSeenAt) / 1000) : 0;
  }

  idleFor() {
    const lock = this.getState().lock;
    return lock ? lock.idle_for + (Date.now() - this.lockSeenAt) / 1000 : 0;
  }

  // Back on the socket after a drop: a "no connection" message is stale, the preview is fetched again.
  reconnected() {
    if (this.error && this.error.status === 0) this.error = null;
    if (this.isActive()) this.changed();
    else this.draw();
  }

  // A sheet or dialog closed: the keys belong to the entry again (Enter adds, never reopens the sheet).
  takeKeys() {
    if (document.querySelector("dialog[open]")) return;
    this.form.focus({ preventScroll: true });
  }

  // --- preview ------------------------------------------------------------------------

  changed() {
    if (this.isActive()) this.draft.save(this.lock.lease ?? OFFLINE_LEASE, this.entry);
    this.error = this.isActive() ? this.twoWinners() : null; // said at the second 0, not at Enter
    this.preview = null;
    this.previewRound = null;
    this.previewSequence += 1; // a preview still on its way is of counts no longer shown
    clearTimeout(this.previewTimer);
    if (this.isActive() && this.entry.isComplete() && !this.error) {
      this.previewTimer = setTimeout(() => this.fetchPreview(), PREVIEW_DELAY_MS);
    }
    this.draw();
  }

  // Two typed 0s: the rules' own refusal, on the second one's row as the server names it.
  twoWinners() {
    const [first, second] = this.entry.typedWinners();
    if (second === undefined) return null;
    const names = this.getState().players;
    const pattern = this.form.querySelector("[data-rows]").dataset.patternTwoWinners;
    return { player: second, field: "cards", error: fill(pattern, { first: names[first].name, second: names[second].name }) };
  }

  async fetchPreview() {
    const sequence = ++this.previewSequence;
    const reply = await this.transport.call("round.preview", { ...this.entry.payload(this.usesTwos), number: this.entry.number });
    if (sequence !== this.previewSequence || !this.isActive()) return;
    this.preview = reply.ok ? reply.round.scores : null;
    this.previewRound = reply.ok ? reply.round : null; // places, 2s doubling, the house (panel-view.js)
    if (reply.status === 400) this.error = reply;
    this.draw();
  }

  // --- drawing (panel-view.js) ------------------------------------------------------------

  draw() {
    drawPanel(this);
  }

  drawLock() {
    drawLockArea(this);
  }
}
