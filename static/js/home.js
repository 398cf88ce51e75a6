// The new-session form: quick setups fill it in, the last names typed on this
// device come back, and this device's recent sessions are one tap away.

import { recentSessions, rematch } from "./device.js";
import { wireSettingsForm } from "./settings-form.js";

const form = document.querySelector("[data-new-session]");
const presets = JSON.parse(document.getElementById("presets").textContent);
const NAMES_KEY = "bigtwo.names";

function field(name) {
  return form.elements.namedItem(name);
}

function setRadio(name, value) {
  for (const radio of form.querySelectorAll(`input[name="${name}"]`)) radio.checked = radio.value === value;
}

function applyPreset(preset) {
  const values = preset.values;
  setRadio("mode", values.mode);
  field("base_rate").value = values.base_rate;
  const rows = [...form.querySelectorAll("[data-tier-row]")];
  rows.forEach((row, index) => {
    const [fromCards, times] = values.tiers[index] ?? ["", ""];
    row.querySelector("[data-tier-from]").value = fromCards;
    row.querySelector("[data-tier-times]").value = times;
  });
  field("twos_on").checked = values.twos_on;
  field("points_per_two").value = values.points_per_two;
  setRadio("length", values.length);
  field("rounds").value = values.rounds;
  field("target").value = values.target;
  for (const button of form.querySelectorAll("[data-preset]")) button.setAttribute("aria-pressed", String(button.dataset.preset === preset.id));
  showDependentFields();
}

const showDependentFields = wireSettingsForm(form);

function restoreNames() {
  const inputs = [...form.querySelectorAll("[data-player-input]")];
  if (inputs.some((input) => input.value)) return;
  const names = JSON.parse(localStorage.getItem(NAMES_KEY) || "[]");
  names.forEach((name, index) => {
    if (inputs[index]) inputs[index].value = name;
  });
}

function guessCurrency() {
  const input = form.querySelector("[data-currency]");
  if (input.value) return;
  const language = navigator.language || "";
  const byRegion = { HK: "HKD", TW: "TWD", CN: "CNY", SG: "SGD", MY: "MYR", US: "USD", GB: "GBP", AU: "AUD", CA: "CAD", JP: "JPY" };
  const region = language.split("-").pop().toUpperCase();
  input.placeholder = byRegion[region] ?? "EUR";
}

function showRecent() {
  const sessions = recentSessions();
  const section = document.querySelector("[data-recent]");
  if (!sessions.length) return;
  const list = section.querySelector("[data-recent-list]");
  for (const session of sessions.slice(0, 8)) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/s/${session.key ?? session.followKey}/`;
    link.className = "recent-link";
    link.textContent = session.names.join(" · ");
    const when = new Date(session.seen).toLocaleDateString([], { day: "numeric", month: "short" });
    const details = document.createElement("span");
    details.className = "muted small";
    details.textContent = `${when} · ${interpolate(ngettext("%(count)s round", "%(count)s rounds", session.rounds), { count: session.rounds }, true)}${session.finished ? ` · ${gettext("finished")}` : ""}`;
    link.append(document.createElement("br"), details);
    item.append(link);
    if (session.key) {
      const again = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: gettext("Rematch") });
      again.setAttribute("aria-label", interpolate(gettext("Rematch: %(names)s"), { names: session.names.join(", ") }, true));
      again.addEventListener("click", () => rematch(session.key));
      item.append(again);
    }
    list.append(item);
  }
  section.hidden = false;
}

for (const button of form.querySelectorAll("[data-preset]")) {
  button.addEventListener("click", () => applyPreset(presets.find((preset) => preset.id === button.dataset.preset)));
}
form.addEventListener("submit", () => {
  const names = [...form.querySelectorAll("[data-player-input]")].map((input) => input.value.trim()).filter(Boolean);
  localStorage.setItem(NAMES_KEY, JSON.stringify(names));
});

restoreNames();
guessCurrency();
showRecent();
