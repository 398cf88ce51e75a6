// The new-session form: quick setups fill it in, the last names typed on this
// device come back, and this device's recent sessions are one tap away.

import { dateLocale, forgetSession, recentSessions, rematch } from "./device.js";
import { forgetGroup, recentGroups } from "./groups-device.js";
import { chooseSetup, guessCurrency, wireQuickSetups, wireSettingsForm } from "./settings-form.js";
import { setupValues, showSavedSetups } from "./setups.js";

const form = document.querySelector("[data-new-session]");
const presets = JSON.parse(document.getElementById("presets").textContent);
const NAMES_KEY = "bigtwo.names";

const showDependentFields = wireSettingsForm(form);

function restoreNames() {
  const inputs = [...form.querySelectorAll("[data-player-input]")];
  if (inputs.some((input) => input.value)) return;
  const names = JSON.parse(localStorage.getItem(NAMES_KEY) || "[]");
  names.forEach((name, index) => {
    if (inputs[index]) inputs[index].value = name;
  });
}

const RECENT_SHOWN = 3;

function recentItem(session) {
  const sentences = document.querySelector("[data-recent-list]").dataset; // rendered by the page, translated
  const item = document.createElement("li");
  item.dataset.recentKey = session.followKey;
  const link = document.createElement("a");
  link.href = `/s/${session.key ?? session.followKey}/`;
  link.className = "recent-link";
  link.textContent = session.names.join(" · ");
  const when = new Date(session.seen).toLocaleDateString(dateLocale(), { day: "numeric", month: "short" });
  const details = document.createElement("span");
  details.className = "muted small";
  details.textContent = `${when} · ${interpolate(ngettext("%(count)s round", "%(count)s rounds", session.rounds), { count: session.rounds }, true)}${session.finished ? ` · ${sentences.patternFinished}` : ""}`;
  link.append(document.createElement("br"), details);
  const actions = document.createElement("span");
  actions.className = "recent-actions";
  if (session.key) {
    const again = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: sentences.patternRematch });
    again.setAttribute("aria-label", interpolate(gettext("Rematch: %(names)s"), { names: session.names.join(", ") }, true));
    again.addEventListener("click", () => rematch(session.key));
    actions.append(again);
  }
  const remove = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: "✕" });
  remove.dataset.action = "forget-session";
  remove.setAttribute("aria-label", interpolate(gettext("Remove from this device: %(names)s"), { names: session.names.join(", ") }, true));
  remove.addEventListener("click", () => {
    forgetSession(session.followKey);
    showRecent();
  });
  actions.append(remove);
  item.append(link, actions);
  return item;
}

// After the form: the last three sessions opened here, the rest behind "show all".
function showRecent(all = false) {
  const sessions = recentSessions();
  const section = document.querySelector("[data-recent]");
  const list = section.querySelector("[data-recent-list]");
  const more = section.querySelector("[data-action='show-all-recent']");
  list.replaceChildren(...sessions.slice(0, all ? sessions.length : RECENT_SHOWN).map(recentItem));
  more.hidden = all || sessions.length <= RECENT_SHOWN;
  more.textContent = interpolate(gettext("Show all (%(count)s)"), { count: sessions.length }, true);
  more.onclick = () => showRecent(true);
  section.hidden = !sessions.length;
}

wireQuickSetups(form, presets, showDependentFields);
form.addEventListener("submit", () => {
  const names = [...form.querySelectorAll("[data-player-input]")].map((input) => input.value.trim()).filter(Boolean);
  localStorage.setItem(NAMES_KEY, JSON.stringify(names));
});

// This device's groups, each opening its season page.
function showGroups() {
  const list = document.querySelector("[data-group-list]");
  list.replaceChildren(
    ...recentGroups().map((group) => {
      const item = document.createElement("li");
      item.dataset.groupKey = group.followKey;
      const link = Object.assign(document.createElement("a"), { href: `/g/${group.key ?? group.followKey}/`, className: "recent-link", textContent: group.name });
      const remove = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: "✕" });
      remove.setAttribute("aria-label", interpolate(gettext("Remove from this device: %(names)s"), { names: group.name }, true));
      remove.addEventListener("click", () => {
        forgetGroup(group.followKey);
        showGroups();
      });
      const actions = document.createElement("span");
      actions.className = "recent-actions";
      actions.append(remove);
      item.append(link, actions);
      return item;
    }),
  );
}

// A setup saved on this device fills every field a preset does, and the wager and covering too.
function applySetup(setup) {
  chooseSetup(form, setupValues(setup.settings), null, showDependentFields);
}

// A setup described by its mode as the form names it; Tiến lên's mode is its game ("Tiến lên", not "tien_len").
function modeLabel(settings) {
  const choice = form.querySelector(`input[name="mode"][value="${settings.mode}"]`) ?? form.querySelector(`input[name="game"][value="${settings.mode}"]`);
  return choice?.closest("label").textContent.trim() ?? settings.mode;
}

const savedSetups = document.querySelector("[data-saved-setups]");
showSavedSetups({ container: savedSetups, describe: modeLabel, choose: applySetup });
form.addEventListener("click", (event) => {
  if (!event.target.closest("[data-preset]")) return;
  for (const button of savedSetups.querySelectorAll("[data-setup-choose]")) button.setAttribute("aria-pressed", "false");
});

restoreNames();
showGroups();
guessCurrency(form);
showRecent();
window.addEventListener("load", () => import("./worker.js").then(({ startWorker }) => startWorker()));
