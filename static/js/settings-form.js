// The settings fields shared by the new-session form and the mid-evening settings sheet:
// show the number that belongs to the chosen length, and the points per 2 when 2s count.

export function wireSettingsForm(form) {
  const show = () => {
    const length = form.querySelector("input[name='length']:checked")?.value;
    for (const element of form.querySelectorAll("[data-length-field]")) element.hidden = element.dataset.lengthField !== length;
    form.querySelector("[data-twos-points]").hidden = !form.elements.namedItem("twos_on").checked;
  };
  for (const input of form.querySelectorAll("[data-length], [data-twos-on]")) input.addEventListener("change", show);
  show();
  return show;
}
