// The settings fields shared by the new-session form, the mid-evening settings sheet and a
// group's rules: the quick setups filling them, the wager's currency guessed for an empty one;
// show the number that belongs to the chosen length, and each part or setting marked
// data-shown-when while the choice or the flag it names says so (rounds/web/forms.py shown_when:
// the cards part, the places part, ♠2 and bombs by mode; the points per 2 while 2s cost points,
// what the covering player does while covering is on). Tier rows are added and removed here; their
// fields are numbered in order (tier_from_1, tier_times_1, ...), as the server reads them.

function numberTierRows(form) {
  const rows = [...form.querySelectorAll("[data-tier-rows] [data-tier-row]")];
  rows.forEach((row, index) => {
    row.querySelector("[data-tier-times]").name = `tier_times_${index + 1}`;
    row.querySelector("[data-tier-from]").name = `tier_from_${index + 1}`;
  });
  const add = form.querySelector("[data-action='add-tier']");
  add.hidden = rows.length >= Number(add.dataset.most);
  return rows;
}

export function addTierRow(form, [fromCards, times] = ["", ""]) {
  const row = form.querySelector("[data-tier-template]").content.firstElementChild.cloneNode(true);
  row.querySelector("[data-tier-from]").value = fromCards;
  row.querySelector("[data-tier-times]").value = times;
  form.querySelector("[data-tier-rows]").append(row);
  numberTierRows(form);
  return row;
}

// A preset's tiers (after the base rate) as rows: [[from cards, times], ...].
export function setTierRows(form, tiers) {
  form.querySelector("[data-tier-rows]").replaceChildren();
  for (const tier of tiers) addTierRow(form, tier);
  numberTierRows(form);
}

// A choice the form does not offer leaves the choice as it is.
function setRadio(form, name, value) {
  const radios = [...form.querySelectorAll(`input[name="${name}"]`)];
  if (!radios.some((radio) => radio.value === value)) return;
  for (const radio of radios) radio.checked = radio.value === value;
}

// A value into the form's field of that name, as its kind takes it; no such field, or no value,
// leaves the form as it is (a saved setup of another mode keeps the form's place fields).
function setField(form, name, value) {
  const element = form.elements.namedItem(name);
  if (value === undefined || !element) return;
  if (element instanceof RadioNodeList || element.type === "radio") setRadio(form, name, value);
  else if (element.type === "checkbox") element.checked = Boolean(value);
  else element.value = value ?? "";
}

// A list of amounts (a place table) into its numbered fields, name_1 on: past its end, blank.
function setRows(form, name, amounts) {
  for (let number = 1; form.elements.namedItem(`${name}_${number}`); number += 1) form.elements.namedItem(`${name}_${number}`).value = amounts[number - 1] ?? "";
}

// A quick setup's or a saved setup's values (rounds/web/form_values.py form_values, static/js/setups.js):
// each into its field, the tier rows and the place tables as rows.
function applyValues(form, { tiers, ...values }) {
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) setRows(form, name, value);
    else setField(form, name, value);
  }
  if (tiers) setTierRows(form, tiers); // a Tiến lên or own-scores setup leaves the Big Two rows
}

// The quick setups of a form (templates/rounds/_quick_setup.html): a tap fills the fields with one,
// its button pressed; `show` shows the fields its choices call for.
export function wireQuickSetups(form, presets, show) {
  for (const button of form.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => chooseSetup(form, presets.find((each) => each.id === button.dataset.preset).values, button, show));
  }
}

// A setup's values into the form, the quick setup it is (or none: a saved one) shown pressed.
export function chooseSetup(form, values, pressed, show) {
  applyValues(form, values);
  for (const button of form.querySelectorAll("[data-preset]")) button.setAttribute("aria-pressed", String(button === pressed));
  show();
}

function checked(form, name) {
  return form.querySelector(`input[name='${name}']:checked`)?.value;
}

export function wireSettingsForm(form) {
  const show = () => {
    for (const element of form.querySelectorAll("[data-shown-when]")) {
      const [name, values] = element.dataset.shownWhen.split("="); // a flag, or a choice's values: "mode=a|b"
      element.hidden = values === undefined ? !form.elements.namedItem(name).checked : !values.split("|").includes(checked(form, name));
      // A choice hidden is not the one chosen (a target, when the game turns to Tiến lên): the first is.
      const radio = element.hidden && element.querySelector(":scope > input[type='radio']:checked");
      if (radio) form.querySelector(`input[name='${radio.name}']`).checked = true;
    }
    const length = checked(form, "length");
    for (const element of form.querySelectorAll("[data-length-field]")) element.hidden = element.dataset.lengthField !== length;
  };
  // The spare empty row is for a page without JavaScript: here "Add a higher rate" makes rows.
  for (const spare of form.querySelectorAll("[data-tier-spare]")) spare.remove();
  form.querySelector("[data-action='add-tier']").addEventListener("click", () => addTierRow(form).querySelector("[data-tier-times]").focus());
  form.querySelector("[data-tier-rows]").addEventListener("click", (event) => {
    const remove = event.target.closest("[data-action='remove-tier']");
    if (!remove) return;
    const row = remove.closest("[data-tier-row]");
    // A row's errors follow it: they name its old fields.
    while (row.nextElementSibling?.classList.contains("field-error")) row.nextElementSibling.remove();
    row.remove();
    numberTierRows(form);
  });
  form.addEventListener("change", show);
  numberTierRows(form);
  show();
  return show;
}

// The phone's country's currency, shown in the empty field (the new session's form, a group's
// rules). In đồng and rupiah the stake's example is a whole number, and a stake typed without a
// currency is taken in them: "5.000" typed on a Vietnamese phone is five thousand đồng, read as
// such only with the currency (rounds/inputs.py).
const WHOLE_UNITS_EXAMPLE = { VND: "5000", IDR: "1000" };
const BY_REGION = { HK: "HKD", TW: "TWD", CN: "CNY", SG: "SGD", MY: "MYR", US: "USD", GB: "GBP", AU: "AUD", CA: "CAD", JP: "JPY", ID: "IDR", PH: "PHP", VN: "VND" };
// A wager already set (a group's, saved without a currency) is kept as it is: no guess.
export function guessCurrency(form) {
  const currency = form.querySelector("[data-currency]");
  const stake = form.querySelector("[name=value_per_point]");
  if (currency.value || stake.value) return;
  const region = (navigator.language || "").split("-").pop().toUpperCase();
  currency.placeholder = BY_REGION[region] ?? "EUR";
  stake.placeholder = WHOLE_UNITS_EXAMPLE[currency.placeholder] ?? stake.placeholder;
  form.addEventListener("submit", () => {
    if (stake.value.trim() && !currency.value.trim() && currency.placeholder in WHOLE_UNITS_EXAMPLE) currency.value = currency.placeholder;
  });
}
