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

// The settings as the form shows them: what rounds/web/forms.py form_values and initial_from_state
// give the server's form (a base rate, higher rates as multiples of it, the length as a choice);
// what a setup lacks, the form's offer from the settings' declarations (the home page's JSON).
// A Tiến lên or own-scores setup has no card rules: the form's Big Two fields stay as they are.
export function setupValues(settings) {
  const { twos: twosOffered, places: placesOffered, ...offered } = JSON.parse(document.getElementById("setting-defaults").textContent);
  const twosChoices = JSON.parse(document.getElementById("twos-choices").textContent); // each part's choice
  const twosPart = Object.keys(twosChoices).find((part) => settings.twos?.[part]);
  // A threshold ({"from": 8}) shows as its number, as the server's form has it.
  const shown = (value) => (value !== null && typeof value === "object" && "from" in value ? value.from : value);
  return {
    // Each setting typed into a field of its own (or its parts', Tiến lên's numbers), as the setup
    // has it or as the form offers it.
    ...Object.fromEntries(
      Object.entries(offered).flatMap(([name, value]) =>
        value !== null && typeof value === "object"
          ? Object.entries(value).map(([part, offer]) => [part, settings[name]?.[part] ?? offer])
          : [[name, shown(settings[name]) ?? value]],
      ),
    ),
    mode: settings.mode, // Tiến lên's is no choice of the form: the form's stays
    ...(settings.tiers && cardRules(settings, twosPart ? twosChoices[twosPart] : "off", twosOffered)),
    // Paying by place: its tables; other modes leave the form's own place fields as they are.
    ...(settings.places && { ...placesOffered, ...settings.places }),
    length: settings.rounds ? "rounds" : settings.target ? "target" : "open",
    rounds: settings.rounds || offered.rounds,
    target: settings.target || offered.target,
  };
}

// A Big Two setup's mode, tiers and twos rule as the form lays them out.
function cardRules(settings, twosRule, twosOffered) {
  const [[, base], ...higher] = settings.tiers;
  return {
    base_rate: base,
    tiers: higher.map(([fromCards, rate]) => [fromCards, String(rate / base)]),
    // The twos rule as the form's one choice, off or the part the setup turns on; its typed parts.
    twos_rule: twosRule,
    ...Object.fromEntries(Object.entries(twosOffered).map(([name, value]) => [name, settings.twos?.[name] ?? value])),
  };
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
