// The session without a connection (SPEC 9): the last state kept on this device, marked offline
// with the time of the last sync; rounds entered meanwhile wait in the outbox (outbox.js), shown
// as pending; when the connection is back they are sent in order under their ids
// (replay.js, loaded only when something waits). If another device changed the session meanwhile,
// nothing is sent until the user has chosen, round by round, on the reconciliation sheet
// (reconcile.js, loaded only then).
// No scoring here: pending rounds show their hands as typed; the totals stay the server's.

import { CLOCK, dateLocale } from "./device.js";
import { Outbox } from "./outbox.js";
import { handParts, pendingCell, t, tn } from "./render.js";
import { idOf } from "./transport.js";

const RETRY_MS = 10000;
const FIRST_RETRY_MS = 1000; // a send that failed while the device is online: try again soon
const LABELS = { "round.add": () => t("pending"), "round.edit": () => t("correction pending"), "round.delete": () => t("deletion pending") };

export class OfflineTable {
  constructor({ key, transport, lock, getState, applyState, render, getPanel, ui }) {
    this.outbox = new Outbox(key);
    this.transport = transport;
    this.lock = lock;
    this.getState = getState;
    this.applyState = applyState;
    this.render = render;
    this.getPanel = getPanel;
    this.ui = ui;
    this.items = [];
    this.syncedAt = null;
    this.status = "connecting";
    this.replaying = null;
    this.waitingFor = null; // the device holding the lock while ours wait
    this.ours = new Set(); // numbers of the rounds this page's outbox added: not "added elsewhere"
    this.note = document.querySelector("[data-offline-note]");
    this.pendingNote = document.querySelector("[data-pending-note]");
    this.pendingNote?.addEventListener("click", () => {
      if (this.items.some((item) => item.choose)) this.reconcile();
    });
  }

  // On load: a kept state newer than the page's (a page kept by the service worker) is shown
  // instead, then the pending rounds, then whatever can be sent is sent.
  async start() {
    const kept = await this.outbox.lastState();
    if (kept) {
      this.syncedAt = kept.syncedAt;
      // Who held the lock then says nothing now: the server tells once the socket is back.
      if (kept.state.version > this.getState().version) this.render({ ...kept.state, lock: null });
    }
    await this.refresh();
    for (const trigger of ["online", "focus"]) window.addEventListener(trigger, () => this.replay());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.replay();
    });
    this.replay();
  }

  // Every state the server sent: kept, with the time, for a reload without a connection.
  async synced(state) {
    this.syncedAt = await this.outbox.keepState(state);
    this.showNote();
  }

  connection(status) {
    this.status = status;
    this.showNote();
    if (status === "live") this.replay();
  }

  // The lock came free while our rounds waited for it.
  lockChanged(lockState) {
    if (this.waitingFor && !lockState) this.replay();
  }

  // True when a round should wait in the outbox instead of being sent now.
  shouldQueue() {
    return navigator.onLine === false || this.items.length > 0;
  }

  // A round write that could not be sent (or must wait behind others): kept with its id.
  // False if this device cannot keep it (private mode): then it is not taken from the panel.
  async queue(type, body) {
    const state = this.getState();
    // The round number a new round was typed for, as its pending row shows it: a round another
    // phone added meanwhile under that number is likely the same deal (SPEC 9, reconcile.js).
    const typedFor = type === "round.add" ? state.rounds.length + 1 + this.items.filter((item) => item.type === "round.add").length : null;
    if (!(await this.outbox.add({ type, body, base: state.version, baseRounds: state.rounds.length, typedFor }))) return false;
    await this.refresh();
    this.ui.toast(t("Kept on this phone until the connection is back"));
    navigator.serviceWorker?.ready.then((registration) => registration.sync?.register("outbox")).catch(() => null);
    this.retryLater(navigator.onLine === false ? RETRY_MS : FIRST_RETRY_MS);
    return true;
  }

  retryLater(delay = RETRY_MS) {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.replay(), delay);
  }

  async refresh() {
    this.items = await this.outbox.pending();
    this.draw();
  }

  // --- replay -----------------------------------------------------------------------------

  // The sending itself (replay.js) is loaded only when something waits.
  replay() {
    if (this.replaying || navigator.onLine === false || !this.items.length) return this.replaying;
    // The module may not be on the phone yet (a worker installed offline keeps it when first
    // fetched) and the connection may be back only in name: then it is tried again soon.
    const loaded = import("./replay.js").catch(() => null);
    this.replaying = loaded
      .then((module) => (module ? module.replayOutbox(this) : this.retryLater(FIRST_RETRY_MS)))
      .finally(() => {
        this.replaying = null;
      });
    return this.replaying;
  }

  async reconcile() {
    if (this.sheet?.dialog.open) return; // being answered: not redrawn under the user's thumb
    const { ReconcileSheet } = await import("./reconcile.js");
    this.sheet ||= new ReconcileSheet(this);
    await this.sheet.show();
  }

  // The sheet's Add: this one round, under the lock, with its id.
  async add(item) {
    return (await import("./replay.js")).sendChosen(this, item);
  }

  async resync() {
    return (await import("./replay.js")).resync(this);
  }

  async discard(item) {
    await this.outbox.remove(item.seq);
    await this.refresh();
  }

  // --- drawing ------------------------------------------------------------------------------

  showNote() {
    if (!this.note) return;
    const away = this.status === "offline" || this.status === "reconnecting";
    this.note.hidden = !away;
    const when = this.note.querySelector("[data-synced-at]");
    when.textContent = this.syncedAt ? t("last synced %(time)s", { time: syncTime(this.syncedAt) }) : "";
  }

  draw() {
    const state = this.getState();
    const list = document.querySelector("[data-round-list]");
    const template = document.querySelector("[data-pending-template]");
    if (list && template) {
      for (const row of list.querySelectorAll("[data-pending]")) row.remove();
      let number = state.rounds.length;
      const rows = this.items.map((item) => {
        const row = template.content.firstElementChild.cloneNode(true);
        row.dataset.pending = item.type;
        row.dataset.requestId = idOf(item.body);
        const hand = item.type === "round.delete" ? state.rounds.find((round) => round.number === item.body.number) : item.body;
        row.querySelector("[data-round-number]").textContent = item.type === "round.add" ? String((number += 1)) : String(item.body.number);
        for (const [index, cell] of row.querySelectorAll("[data-cell]").entries()) cell.querySelector("[data-cell-cards]").replaceChildren(...handParts((hand && pendingCell(hand, index)) || "–"));
        row.querySelector("[data-pending-label]").textContent = LABELS[item.type]();
        return row;
      });
      list.querySelector("[data-no-rounds]")?.toggleAttribute("hidden", rows.length > 0);
      list.prepend(...rows.reverse());
    }
    if (this.pendingNote) {
      const count = this.items.length;
      this.pendingNote.hidden = count === 0;
      let text = count ? tn("+%(count)s round pending, not in the totals yet", "+%(count)s rounds pending, not in the totals yet", count, { count }) : "";
      if (count && this.waitingFor) text += ` · ${t("waiting for %(holder)s to finish entering", { holder: this.waitingFor })}`;
      this.pendingNote.textContent = text;
    }
    document.querySelector("[data-scoreboard-section]")?.classList.toggle("provisional", this.items.length > 0);
  }
}

function syncTime(at) {
  const when = new Date(at);
  const sameDay = when.toDateString() === new Date().toDateString();
  const options = sameDay ? CLOCK : { month: "short", day: "numeric", ...CLOCK };
  return when.toLocaleString(dateLocale(), options);
}
