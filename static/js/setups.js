// Setups of this device's own (SPEC 5 "Our rules"): a session's rules saved under a name, kept in
// localStorage and offered beside the quick setups on the home form. A setup is the session's
// `settings` as the state carries them: the same JSON the API takes and a group keeps.

const SETUPS_KEY = "bigtwo.setups";
const MAX_SETUPS = 20;
export const MAX_SETUP_NAME = 40;

export function savedSetups() {
  try {
    const setups = JSON.parse(localStorage.getItem(SETUPS_KEY) || "[]");
    return Array.isArray(setups) ? setups.filter((setup) => setup && typeof setup.name === "string" && setup.settings) : [];
  } catch {
    return [];
  }
}

const sameName = (a, b) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

// A name saved again replaces its setup; the newest comes first.
export function saveSetup(name, settings) {
  const kept = savedSetups().filter((setup) => !sameName(setup.name, name));
  const setups = [{ name, settings, saved: Date.now() }, ...kept].slice(0, MAX_SETUPS);
  localStorage.setItem(SETUPS_KEY, JSON.stringify(setups));
}

export function forgetSetup(name) {
  localStorage.setItem(SETUPS_KEY, JSON.stringify(savedSetups().filter((setup) => !sameName(setup.name, name))));
}

// The settings as the form shows them (rounds/web/form_values.py form_values gives the server's
// form the same), read off the declarations the home page carries: what the form offers for each
// setting typed into a field of its own ("setting-defaults", a part under its setting's name), and
// how it lays out the rest ("setup-layout"). A setting the layout is given that the setup lacks (a
// Tiến lên or own-scores setup has no card rules, another mode no places) leaves its fields as they are.
export function setupValues(settings) {
  const offered = JSON.parse(document.getElementById("setting-defaults").textContent);
  const layout = JSON.parse(document.getElementById("setup-layout").textContent);
  const lacks = (name) => layout.some((shown) => shown.given === name) && !(name in settings);
  // A threshold ({"from": 8}) shows as its number, as the server's form has it.
  const shown = (value) => (value !== null && typeof value === "object" && "from" in value ? value.from : value);
  const values = {};
  // A part under its setting's name, a part made of parts (Tiến lên's item values) under its own.
  const fill = (given, offers) => {
    for (const [name, offer] of Object.entries(offers)) {
      if (offer === null || typeof offer !== "object") values[name] = shown(given?.[name]) ?? offer;
      else fill(given?.[name], offer);
    }
  };
  fill(settings, Object.fromEntries(Object.entries(offered).filter(([name]) => !lacks(name))));
  for (const shape of layout) if (!shape.given || shape.given in settings) Object.assign(values, laidOut(settings, shape));
  return values;
}

// One setting as the layout says: as it is; the tiers as a base rate and rows of its multiples; a
// choice, what the first of its picks that is set picks; tables as rows.
function laidOut(settings, { given, field, base, rows, choice, of, picks, none, tables }) {
  if (field) return { [field]: settings[given] };
  if (base) {
    const [[, rate], ...higher] = settings[given];
    return { [base]: rate, [rows]: higher.map(([fromCards, points]) => [fromCards, String(points / rate)]) };
  }
  if (choice) {
    const set = (of ? settings[of] : settings) ?? {};
    return { [choice]: picks[Object.keys(picks).find((name) => set[name])] ?? none };
  }
  return Object.fromEntries(tables.map((table) => [table, settings[given]?.[table]]));
}

// The session page's "Save these rules on this device": a name, then the rules as they are now.
export function wireSetupSaving({ getState, toast, savedText }) {
  const input = document.querySelector("[data-setup-name]");
  const button = document.querySelector("[data-action='save-setup']");
  if (!input || !button) return;
  const ready = () => (button.disabled = !input.value.trim());
  input.addEventListener("input", ready);
  button.addEventListener("click", () => {
    const name = input.value.trim().slice(0, MAX_SETUP_NAME);
    if (!name) return;
    saveSetup(name, getState().settings);
    input.value = "";
    ready();
    toast(savedText);
  });
  ready();
}

// The home form's list of this device's setups: choosing one fills the form, ✕ forgets it.
export function showSavedSetups({ container, describe, choose }) {
  const setups = savedSetups();
  container.hidden = !setups.length;
  container.querySelector("[data-setup-list]").replaceChildren(
    ...setups.map((setup) => {
      const item = Object.assign(document.createElement("div"), { className: "saved-setup" });
      item.dataset.setup = setup.name;
      const button = Object.assign(document.createElement("button"), { type: "button", className: "preset" });
      button.dataset.setupChoose = "";
      const title = Object.assign(document.createElement("strong"), { textContent: setup.name });
      const what = Object.assign(document.createElement("span"), { className: "muted small", textContent: describe(setup.settings) });
      button.append(title, what);
      button.addEventListener("click", () => {
        choose(setup);
        for (const other of container.querySelectorAll("[data-setup-choose]")) other.setAttribute("aria-pressed", String(other === button));
      });
      const remove = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: "✕" });
      remove.dataset.action = "forget-setup";
      remove.setAttribute("aria-label", interpolate(gettext("Remove from this device: %(names)s"), { names: setup.name }, true));
      remove.addEventListener("click", () => {
        forgetSetup(setup.name);
        showSavedSetups({ container, describe, choose });
      });
      item.append(button, remove);
      return item;
    }),
  );
}
