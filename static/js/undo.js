// Undo and restore (SPEC 4 Editing): the toast "Round 7 added · Undo" after each change this
// device makes, and the history sheet's Restore. Both are writes under the entry lock, through
// the same services as every other write (round.undo and round.restore).

import { showToast } from "./page.js";
import { withId } from "./transport.js";
import { t } from "./render.js";

const OFFER_MS = 8000;

// What an undo of each kind of change does, in words.
const UNDONE = {
  added: (number) => t("Round %(number)s deleted", { number }),
  restored: (number) => t("Round %(number)s deleted", { number }),
  edited: (number) => t("Round %(number)s is back as it was", { number }),
  deleted: (number) => t("Round %(number)s restored", { number }),
};

// The socket replies with the number; HTTP with the round written or the number deleted.
const numberOf = (reply) => reply.number ?? reply.round?.number ?? reply.deleted;

export class HistoryWrites {
  constructor({ element, transport, lock, getPanel, applyState, toast }) {
    this.element = element;
    this.transport = transport;
    this.lock = lock;
    this.getPanel = getPanel;
    this.applyState = applyState;
    this.toast = toast;
    this.offered = null;
    element?.querySelector("[data-action='undo-round']").addEventListener("click", () => this.undo());
  }

  // After a change: say what happened, with Undo for a few seconds.
  offer(text, versionId, action) {
    if (!this.element || !versionId) {
      this.toast(text);
      return;
    }
    this.offered = { versionId, action };
    this.element.querySelector("[data-undo-text]").textContent = text;
    showToast(this.element);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.withdraw(), OFFER_MS);
  }

  withdraw() {
    clearTimeout(this.timer);
    this.offered = null;
    if (this.element) this.element.hidden = true;
  }

  async undo() {
    const offered = this.offered;
    this.withdraw();
    this.getPanel()?.takeKeys(); // the tapped button is gone: the keys go back to the entry
    if (!offered) return;
    const reply = await this.write("round.undo", offered.versionId);
    this.toast(reply.ok ? UNDONE[offered.action](numberOf(reply)) : reply.error);
  }

  async restore(versionId) {
    const reply = await this.write("round.restore", versionId);
    if (reply.ok) this.offer(t("Round %(number)s restored", { number: numberOf(reply) }), reply.version_id, "restored");
    return reply;
  }

  // A refusal comes back in the reply, for the caller to show where it was asked.
  // Under the lock this device holds for a new round, or under the lock taken for this one change.
  async write(type, versionId) {
    const body = withId({ version: versionId });
    const panel = this.getPanel();
    let reply;
    if (panel && panel.isActive() && panel.entry.number === null && this.lock.token) {
      reply = await this.transport.call(type, body, this.lock.token);
    } else {
      if (panel && panel.isActive()) await panel.cancel(); // a correction would land on a moved round
      reply = await this.lock.briefly((token) => this.transport.call(type, body, token));
    }
    if (reply.ok && reply.state) this.applyState(reply.state);
    return reply;
  }
}
