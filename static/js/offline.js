// The session without a connection (SPEC 9): the last state kept on this device, marked offline
// with the time of the last sync; rounds entered meanwhile wait in the outbox (outbox.js), shown
// as pending; when the connection is back they are sent in order under their request_ids. If
// another device changed the session meanwhile, nothing is sent until the user has chosen, round
// by round, on the reconciliation sheet (reconcile.js, loaded only then).
// No scoring here: pending rounds show their cards; the totals stay the server's.

import { Outbox } from "./outbox.js";
import { t, tn } from "./render.js";

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

  get count() {
    return this.items.length;
  }

  // True when a round should wait in the outbox instead of being sent now.
  shouldQueue() {
    return navigator.onLine === false || this.items.length > 0;
  }

  // A round write that could not be sent (or must wait behind others): kept with its request_id.
  // False if this device cannot keep it (private mode): then it is not taken from the panel.
  async queue(type, body) {
    const state = this.getState();
    if (!(await this.outbox.add({ type, body, base: state.version, baseRounds: state.rounds.length }))) return false;
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

  replay() {
    if (this.replaying || navigator.onLine === false) return this.replaying;
    this.replaying = this.send().finally(() => {
      this.replaying = null;
    });
    return this.replaying;
  }

  async send() {
    await this.refresh();
    if (!this.items.length) return;
    // 1. Which of ours did the server store already (a reply lost after the commit)?
    const asked = this.items.map((item) => `request_id=${encodeURIComponent(item.body.request_id)}`).join("&");
    const found = await this.transport.request("GET", `${this.transport.apiPath}/requests?${asked}`);
    if (!found.ok) {
      if (found.status === 0) this.retryLater();
      return;
    }
    const stored = new Set(found.stored.map((write) => write.request_id));
    for (const write of found.stored) if (write.action === "add") this.ours.add(write.number);
    for (const item of this.items) if (stored.has(item.body.request_id)) await this.outbox.remove(item.seq);
    const waiting = this.items.filter((item) => !stored.has(item.body.request_id));
    const free = waiting.filter((item) => !item.choose);
    // 2. Did another device change the session since this one last knew it? Each of ours stored
    // since then (queued at that version or later) accounts for one step of the version.
    const oursSince = this.items.filter((item) => stored.has(item.body.request_id) && free.length && item.base >= free[0].base).length;
    if (free.length && found.version - free[0].base - oursSince > 0) {
      for (const item of free) await this.outbox.update({ ...item, choose: true, elsewhere: found.version });
    }
    await this.refresh();
    if (stored.size) await this.resync();
    if (this.items.some((item) => item.choose)) {
      await this.reconcile();
      return;
    }
    if (this.items.length) await this.sendInOrder();
  }

  // The state after writes this page never got the reply of.
  async resync() {
    const reply = await this.transport.request("GET", this.transport.apiPath);
    if (reply.ok) this.applyState(reply);
  }

  // Nobody else changed anything: send them all, in order, under one lock.
  async sendInOrder() {
    const panel = this.getPanel();
    const entering = Boolean(panel && panel.isActive() && this.lock.token);
    if (!entering) {
      const granted = await this.lock.acquire();
      if (!granted.ok) {
        this.waitingFor = granted.holder ?? null;
        this.draw();
        if (!granted.holder) this.retryLater();
        return;
      }
    }
    this.waitingFor = null;
    try {
      for (const item of [...this.items]) {
        if (!(await this.sendOne(item, this.lock.token))) return;
      }
    } finally {
      // Handed back, unless the user has started the next round under it meanwhile.
      if (!entering && !this.getPanel()?.isActive()) await this.lock.release();
      this.draw();
    }
  }

  // One pending write with its own request_id; true when it is stored (now or before).
  async sendOne(item, token) {
    // Each one keeps the lock: it is handed back once, after the last.
    const reply = await this.transport.call(item.type, { ...item.body, release_lock: false }, token);
    if (reply.ok) {
      await this.outbox.remove(item.seq);
      if (item.type === "round.add") this.ours.add(reply.round?.number ?? reply.number);
      if (reply.state) {
        this.applyState(reply.state);
        await this.outbox.rebase(reply.state.version, this.getState().rounds.length);
      }
      await this.refresh();
      return true;
    }
    if (reply.status === 0) this.retryLater();
    else if (!(reply.status === 409 && reply.field === "lock")) {
      // Refused for good (the round it corrects is gone, the session finished...): the user decides.
      await this.outbox.update({ ...item, choose: true, refused: reply.error });
      await this.refresh();
      await this.reconcile();
    }
    return false;
  }

  async reconcile() {
    if (this.sheet?.dialog.open) return; // being answered: not redrawn under the user's thumb
    const { ReconcileSheet } = await import("./reconcile.js");
    this.sheet ||= new ReconcileSheet(this);
    await this.sheet.show();
  }

  // The sheet's Add: this one round, under the lock, with its request_id.
  async add(item) {
    const granted = await this.lock.acquire();
    if (!granted.ok) return granted;
    try {
      const sent = await this.sendOne({ ...item, choose: false }, this.lock.token);
      return sent ? { ok: true } : { ok: false, error: t("Not sent yet: try again when the connection is back") };
    } finally {
      await this.lock.release();
    }
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
        row.dataset.requestId = item.body.request_id;
        const cards = item.type === "round.delete" ? state.rounds.find((round) => round.number === item.body.number)?.cards : item.body.cards;
        row.querySelector("[data-round-number]").textContent = item.type === "round.add" ? String((number += 1)) : String(item.body.number);
        for (const cell of row.querySelectorAll("[data-cell]")) cell.querySelector("[data-cell-cards]").textContent = cards ? String(cards[Number(cell.dataset.cell)]) : "–";
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
  const options = sameDay ? { hour: "2-digit", minute: "2-digit" } : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };
  return when.toLocaleString(document.documentElement.lang || undefined, options);
}
