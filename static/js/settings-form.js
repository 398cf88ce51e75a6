// The settings fields shared by the new-session form and the mid-evening settings sheet:
// show the number that belongs to the chosen length, the points per 2 when 2s count, and what
// the covering player does when covering is on.

export function wireSettingsForm(form) {
  const show = () => {
    const length = form.querySelector("input[name='length']:checked")?.value;
    for (const element of form.querySelectorAll("[data-length-field]")) element.hidden = element.dataset.lengthField !== length;
    form.querySelector("[data-twos-points]").hidden = !form.elements.namedItem("twos_on").checked;
    form.querySelector("[data-covering-style]").hidden = !form.elements.namedItem("covering_rule").checked;
  };
  for (const input of form.querySelectorAll("[data-length], [data-twos-on], [data-covering-on]")) input.addEventListener("change", show);
  show();
  return show;
}
