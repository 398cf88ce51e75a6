// The new club night's roster (events/web/new_event.py): how many play tonight, the ticked players
// and the new names typed (one a line, commas too, as the server reads them), in the count
// line's own sentence. Without JavaScript the line shows the count the page was drawn with.

import { fill } from "./render.js";

const line = document.querySelector("[data-roster-count]");
const typed = document.querySelector("[data-roster-new]");

function count() {
  const ticked = document.querySelectorAll("[data-roster-player]:checked").length;
  const names = typed.value.split(/[,\n]/).filter((name) => name.trim()).length;
  const total = ticked + names;
  line.textContent = fill(total === 1 ? line.dataset.patternOne : line.dataset.patternOther, { count: total });
}

if (line && typed) {
  document.querySelector("[data-new-event]").addEventListener("input", count);
  document.querySelector("[data-new-event]").addEventListener("change", count);
  count();
}
