// The history sheet: every version of every round, deleted rounds included (who, when, the
// values then), newest first, with Restore on a deleted round; or one round's own versions.

import { clockTime } from "./device.js";
import { fill, handCell, handParts, roundLabel, signed, t } from "./render.js";

const ACTIONS = () => ({
  added: t("added"),
  edited: t("corrected"),
  rescored: t("rescored"),
  deleted: t("deleted"),
  restored: t("restored"),
});

function element(tag, className, text) {
  return Object.assign(document.createElement(tag), { className, textContent: text ?? "" });
}

export class HistorySheet {
  constructor({ dialog, transport, apiPath, getState, restore }) {
    this.dialog = dialog;
    this.transport = transport;
    this.apiPath = apiPath;
    this.getState = getState;
    this.restore = restore;
    this.number = null;
    this.shownVersion = null;
    this.list = dialog.querySelector("[data-history-list]");
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("[data-restore]");
      if (button) this.restoreFrom(button);
    });
  }

  // The whole evening (number null) or one round, as it stands now.
  async show(number = null) {
    this.number = number;
    const title = this.dialog.querySelector("[data-history-title]");
    title.textContent = number === null ? title.dataset.patternEvening : fill(title.dataset.patternRound, { number });
    this.list.replaceChildren();
    if (!this.dialog.open) this.dialog.showModal();
    await this.load();
  }

  // A change arrived while the sheet is open: show it.
  refresh() {
    if (this.dialog.open && this.shownVersion !== this.getState().version) this.load();
  }

  async load() {
    this.shownVersion = this.getState().version;
    const path = this.number === null ? "/history" : `/rounds/${this.number}/history`;
    const reply = await this.transport.request("GET", `${this.apiPath}${path}`);
    if (!reply.ok) {
      this.list.replaceChildren(element("li", "notice bad", reply.error));
      return;
    }
    const versions = this.number === null ? reply.versions : [...reply.versions].reverse();
    // Each version's one before it, of the same round: what a correction changed is shown beside.
    const latest = new Map();
    this.before = new Map();
    for (const version of [...reply.versions].sort((a, b) => a.id - b.id)) {
      this.before.set(version.id, latest.get(version.lineage));
      latest.set(version.lineage, version);
    }
    const items = versions.map((version) => this.item(version));
    if (!items.length) items.push(element("li", "muted", this.list.dataset.patternEmpty));
    this.list.replaceChildren(...items);
  }

  item(version) {
    const state = this.getState();
    const item = document.createElement("li");
    item.dataset.version = version.id;
    item.dataset.versionAction = version.action;
    item.classList.toggle("is-deleted", version.action === "deleted");
    const when = clockTime(new Date(version.at));
    const action = ACTIONS()[version.action] ?? version.action;
    const what = this.number === null ? `${roundLabel(version.number)} ${action}` : action;
    item.append(element("div", "history-head", `${what} · ${when} · ${version.device || t("a form")}`));
    const cells = element("div", "history-cells");
    // A correction shows what a player's hand and score were, struck through, where they changed.
    const before = ["edited", "rescored"].includes(version.action) ? this.before.get(version.id) : undefined;
    version.scores.forEach((score, index) => {
      const hand = handCell(version, index); // the cards left, or a Tiến lên place
      const cell = element("span", `p${index}${version.cards?.[index] === 0 ? " winner" : ""}`);
      cell.append(element("span", "player-name", state.players[index].name), " ");
      const was = before && handCell(before, index);
      if (before && (was !== hand || before.scores[index] !== score)) cell.append(element("del", "", was ? `${was} → ${signed(before.scores[index])}` : signed(before.scores[index])), " ");
      cell.append(...(hand ? [...handParts(hand), ` → ${signed(score)}`] : [signed(score)]));
      cells.append(cell);
    });
    item.append(cells);
    if (state.can_edit && version.restorable && version.action === "deleted") {
      const button = element("button", "small-button", t("Restore"));
      button.type = "button";
      button.dataset.restore = version.id;
      button.dataset.action = "restore-round";
      item.append(button);
    }
    return item;
  }

  async restoreFrom(button) {
    button.disabled = true;
    const reply = await this.restore(Number(button.dataset.restore));
    if (reply.ok) {
      this.dialog.close();
      return;
    }
    button.disabled = false;
    const error = button.parentElement.querySelector("[data-restore-error]") ?? element("p", "notice bad small");
    error.dataset.restoreError = "";
    error.setAttribute("role", "alert");
    error.textContent = reply.error;
    button.after(error);
  }
}
