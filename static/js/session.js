// The session page: follow the table live, and (with the edit link) enter rounds.

import { deviceName, ownerDeviceName, rematch, rememberSession, setDeviceName } from "./device.js";
import { followerKeys } from "./panel-input.js";
import { DeviceLock } from "./lock.js";
import { afterFirstPaint, showStatus, toast } from "./page.js";
import { OfflineTable } from "./offline.js";
import { EntryPanel, entryKind } from "./panel.js";
import { lockMessage, renderFinal, renderRounds, renderScoreboard, roundHeading, t } from "./render.js";
import { merged } from "./table-state.js";
import { noConnection, Transport } from "./transport.js";

// Not served by the service worker (a first visit): this page as it came, before any script below
// changes it, for the worker to keep if the connection goes before it has the page (worker.js).
const ownCopy = navigator.serviceWorker?.controller ? null : `<!doctype html>\n${document.documentElement.outerHTML}`;
let state = JSON.parse(document.getElementById("table-state").textContent);
const key = state.id ?? state.links.socket.split("/").filter(Boolean).pop();
const transport = new Transport({ socketPath: state.links.socket, apiPath: `/api/sessions/${key}` });

const ui = {
  dialog(name) {
    return document.querySelector(`[data-dialog="${name}"]`);
  },

  // A destructive answer (delete, take over) looks like one, never like Add.
  confirm(text, okLabel, { danger = false } = {}) {
    const dialog = ui.dialog("confirm");
    dialog.querySelector("[data-confirm-text]").textContent = text;
    const ok = dialog.querySelector("[data-confirm-ok]");
    ok.textContent = okLabel;
    ok.classList.toggle("danger", danger);
    ok.classList.toggle("primary", !danger);
    dialog.returnValue = "";
    dialog.showModal();
    return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true }));
  },

  toast,

  async showHistory(number) {
    (await historySheet()).show(number);
  },

  // A change this device made: say so, with Undo for a few seconds.
  async written(text, versionId, action) {
    (await writes()).offer(text, versionId, action);
  },
};

// The panel's markup (2s chips, covering toggles, the rules line) and the target line come from the server.
const PANEL_SETTINGS = JSON.parse(document.getElementById("panel-settings").textContent); // rounds/rules/fields.py
let reloadWhenIdle = false;
const TITLE_END = document.title.slice(document.title.lastIndexOf(" · ")); // " · Big Two scorekeeper", as the page says it

// Every state the page gets, whole or the rounds since a change, from a reply or the socket.
function apply(incoming) {
  if (incoming.version < state.version) return;
  const next = merged(state, incoming);
  if (next === null) {
    transport.resync();
    return;
  }
  const rulesChanged = PANEL_SETTINGS.some((name) => JSON.stringify(next.settings[name]) !== JSON.stringify(state.settings[name]));
  state = next;
  offline.synced(state);
  if (rulesChanged || reloadWhenIdle) {
    reloadWhenIdle = Boolean(panel && panel.isActive());
    if (!reloadWhenIdle) {
      location.reload();
      return;
    }
  }
  show(state);
  rememberSession(state);
  if (historySheet.loaded) historySheet.loaded.refresh();
}

// Draw a state: one from the server, or the last one this device kept (a page reloaded offline).
function show(shown) {
  const rulesChanged = PANEL_SETTINGS.some((name) => JSON.stringify(shown.settings[name]) !== JSON.stringify(state.settings[name]));
  if (rulesChanged) return; // the panel's markup is the page's: a kept state under other rules waits for the server
  state = shown;
  renderScoreboard(document, state);
  renderRounds(document, state);
  renderFinal(document, state);
  document.querySelector("[data-action='end-session']")?.toggleAttribute("hidden", state.finished);
  document.title = `${roundHeading(state)}${TITLE_END}`;
  offline.draw();
  showLock();
}

function showDeviceName() {
  for (const element of document.querySelectorAll("[data-device-name]")) element.textContent = deviceName();
  const input = document.querySelector("[data-device-input]");
  if (input) input.value = deviceName();
}

// Settings changes go through the same lock: take it, PATCH, hand it back.
async function changeSession(changes, question, okLabel) {
  if (!(await ui.confirm(question, okLabel))) return;
  const reply = await lock.briefly((token) => transport.request("PATCH", `/api/sessions/${key}`, changes, token));
  if (reply.ok) apply(reply);
  else ui.toast(reply.error);
}

// The settings sheet posts the form itself: the server turns "×2 from 10" into points.
async function saveSettings(form) {
  const reply = await lock.briefly((token) => transport.postForm(form, { token }));
  const error = form.querySelector("[data-settings-error]");
  error.textContent = reply.ok ? "" : reply.error;
  error.hidden = reply.ok;
  if (!reply.ok) return;
  apply(reply);
  ui.dialog("settings").close();
  ui.toast(t("Saved"));
}

function wireDialogs() {
  for (const closer of document.querySelectorAll("[data-close-dialog]")) {
    closer.addEventListener("click", () => closer.closest("dialog").close("cancel"));
  }
  for (const opener of document.querySelectorAll("[data-open]")) {
    opener.addEventListener("click", async () => {
      opener.closest("dialog")?.close();
      const name = opener.dataset.open;
      if (name === "settings" && !(await settingsSheet())) return;
      if (name === "menu") await setupSaving().catch(() => null);
      ui.dialog(name).showModal();
    });
  }
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close("cancel");
    });
    // The browser hands focus back to the button that opened the sheet; the keys belong to the entry.
    dialog.addEventListener("close", () => {
      if (panel) panel.takeKeys();
      else if (!document.querySelector("dialog[open]")) document.activeElement?.blur();
    });
  }
  for (const radio of document.querySelectorAll("[data-share-switch]")) {
    radio.addEventListener("change", () => {
      for (const panelElement of document.querySelectorAll("[data-share-panel]")) panelElement.hidden = panelElement.dataset.sharePanel !== radio.value;
    });
  }
  // The sheet opens on the follow link every time: giving the edit link is a second, deliberate tap.
  ui.dialog("share").addEventListener("close", () => {
    const follow = document.querySelector("[data-share-switch][value='follow']");
    if (!follow || follow.checked) return;
    follow.checked = true;
    follow.dispatchEvent(new Event("change"));
  });
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
      } catch {
        const field = Object.assign(document.createElement("textarea"), { value: button.dataset.copy });
        document.body.append(field);
        field.select();
        document.execCommand("copy");
        field.remove();
      }
      ui.toast(t("Link copied"));
    });
  }
  // The recap's share (SPEC 12), loaded on the first tap: not needed for the first paint.
  for (const button of document.querySelectorAll("[data-action='share-recap']")) {
    button.addEventListener("click", async () => {
      if (button.closest("dialog")) ui.dialog("menu").close();
      const { shareRecap } = await import("./recap-share.js");
      shareRecap(button);
    });
  }
  document.querySelector("[data-action='session-history']")?.addEventListener("click", () => {
    ui.dialog("menu").close();
    ui.showHistory(null);
  });
  document.querySelector("[data-action='save-device']")?.addEventListener("click", () => {
    setDeviceName(document.querySelector("[data-device-input]").value);
    showDeviceName();
    ui.toast(t("Saved"));
  });
  for (const chip of document.querySelectorAll("[data-owner]")) {
    chip.addEventListener("click", () => {
      setDeviceName(ownerDeviceName(chip.dataset.owner));
      showDeviceName();
    });
  }
  document.querySelector("[data-action='reopen']")?.addEventListener("click", () =>
    changeSession({ finished: false }, t("Reopen the session and play more rounds?"), t("Reopen")),
  );
  document.querySelector("[data-rematch]")?.addEventListener("click", async (event) => {
    const reply = await rematch(event.currentTarget.dataset.rematch);
    if (reply.error) ui.toast(reply.error);
  });
  document.querySelector("[data-action='end-session']")?.addEventListener("click", (event) => {
    ui.dialog("menu").close(); // the final standings come up in its place
    changeSession({ finished: true }, t("End the evening now? The standings become final; you can reopen it later."), event.currentTarget.textContent);
  });
}

const form = state.can_edit ? document.querySelector("[data-entry-form]") : null;
const lock = new DeviceLock({
  transport,
  sessionKey: key,
  deviceName,
  counts: () => (panel?.isActive() ? panel.entry.counts() : null),
  onLost: (reply) => {
    if (reply.holder) ui.toast(t("%(holder)s took over the entry", { holder: reply.holder }));
    if (panel) panel.sync();
  },
});
const offline = new OfflineTable({
  key,
  transport,
  lock,
  getState: () => state,
  applyState: apply,
  render: show,
  getPanel: () => panel,
  ui,
});
// A Tiến lên hand or typed scores: their entry is fetched only for such a session.
const Kind = form ? await entryKind(state.settings) : null;
const panel = form
  ? new EntryPanel({ form, transport, lock, getState: () => state, applyState: apply, ui, sessionKey: key, offline, Kind })
  : null;
const followNotice = document.querySelector("[data-follow-notice]");
if (!panel && followNotice) followerKeys({ notice: followNotice.textContent.trim(), toast });
// Who is entering: the panel says it to a phone that enters; a follower's line, to a follower (SPEC 8).
function showLock() {
  if (panel) panel.sync();
  else if (followNotice) document.querySelector("[data-lock-area]").textContent = state.lock ? lockMessage(state) : "";
}
// Not needed for the first paint: loaded the first time they are (the service worker keeps them).
function lazy(load) {
  let loading = null;
  const get = () => (loading ||= load().then((value) => (get.loaded = value)));
  return get;
}
const writes = lazy(async () => {
  const { HistoryWrites } = await import("./undo.js");
  return new HistoryWrites({ element: document.querySelector("[data-undo-toast]"), transport, lock, getPanel: () => panel, applyState: apply, toast });
});
// The menu's "Save these rules on this device": loaded after the load event, or by opening the menu.
const setupSaving = lazy(async () => {
  const { wireSetupSaving } = await import("./setups.js");
  wireSetupSaving({ getState: () => state, toast: ui.toast, savedText: t("Saved") });
  return true;
});
// The rules sheet's form (rounds/_settings_sheet.html) and its script (tier rows, the parts by
// mode) come the first time the sheet opens: neither is part of the first load. Without a
// connection the sheet cannot save, so it says so and stays shut; the next tap asks again.
let sheetLoading = null;
function settingsSheet() {
  sheetLoading ||= loadSettingsSheet().then((ok) => ok || (sheetLoading = null));
  return sheetLoading;
}
async function loadSettingsSheet() {
  const dialog = ui.dialog("settings");
  try {
    const [response, { wireSettingsForm }] = await Promise.all([
      fetch(dialog.dataset.settingsSheet, { credentials: "same-origin" }),
      import("./settings-form.js"),
    ]);
    if (!response.ok) throw new Error(`${response.status}`);
    dialog.innerHTML = await response.text();
    const settingsForm = dialog.querySelector("[data-settings-form]");
    wireSettingsForm(settingsForm);
    settingsForm.addEventListener("submit", (event) => {
      event.preventDefault();
      saveSettings(settingsForm);
    });
    settingsForm.querySelector("[data-close-dialog]").addEventListener("click", () => dialog.close("cancel"));
    return true;
  } catch {
    ui.toast(noConnection());
    return false;
  }
}
const historySheet = lazy(async () => {
  const { HistorySheet } = await import("./history.js");
  return new HistorySheet({
    dialog: ui.dialog("history"),
    transport,
    apiPath: `/api/sessions/${key}`,
    getState: () => state,
    restore: async (versionId) => (await writes()).restore(versionId),
  });
});

// A round tapped: the entry corrects it; on a phone that follows, its history (who entered it,
// when, what it was and each correction) opens instead.
for (const list of document.querySelectorAll("[data-round-list]")) {
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-edit-round]");
    if (!button) return;
    const number = Number(button.dataset.editRound);
    if (panel) panel.correct(number);
    else ui.showHistory(number);
  });
}

transport.addEventListener("state", (event) => apply(event.detail.state));
transport.addEventListener("lock", (event) => {
  state = { ...state, lock: event.detail.lock };
  offline.lockChanged(state.lock);
  showLock();
});
transport.addEventListener("status", (event) => {
  showStatus(event.detail);
  offline.connection(event.detail);
  // Without the server, who held the lock is unknown: this phone may enter, its rounds wait.
  if (["offline", "reconnecting"].includes(event.detail) && state.lock) {
    state = { ...state, lock: null };
    showLock();
  }
});
transport.addEventListener("open", async () => {
  await lock.resume();
  if (panel) panel.reconnected();
});
wireDialogs();
showDeviceName();
rememberSession(state);
transport.start();
offline.start();
// The service worker right after the first paint (nothing of it before): an offline reload needs
// it within a second of a first visit (SPEC 9). The menu's setups once the page has loaded.
afterFirstPaint(async () => {
  const { onWorkerMessage, startWorker } = await import("./worker.js");
  onWorkerMessage("replay", () => offline.replay());
  startWorker({ busy: () => Boolean((panel && panel.isActive()) || document.querySelector("dialog[open]") || offline.replaying), ownCopy });
});
window.addEventListener("load", () => setupSaving().catch(() => null));
