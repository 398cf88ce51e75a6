// The season page: follows the group live (a small socket says "season.changed", the page
// fetches its season again), sorts and switches dates in place, and is remembered on this
// device for the home page. Without JavaScript every link and form works as a page load.

import { follow } from "./follow-socket.js";
import { rememberGroup } from "./groups-device.js";
import { showStatus } from "./page.js";
import { guessCurrency, wireQuickSetups, wireSettingsForm } from "./settings-form.js";

const root = document.querySelector("[data-season-root]");
const payload = JSON.parse(document.getElementById("group-payload").textContent);
let query = location.search;

async function refresh() {
  const response = await fetch(root.dataset.partial + query, { credentials: "same-origin" });
  if (!response.ok) return;
  root.innerHTML = await response.text();
  showScrollHints();
}

// A table wider than the phone says so above it: its last columns are a swipe away.
function showScrollHints() {
  for (const hint of root.querySelectorAll("[data-scroll-hint]")) {
    const table = hint.nextElementSibling;
    hint.hidden = table.scrollWidth <= table.clientWidth;
  }
}

root.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-sort], a[data-range]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  query = new URL(link.href).search;
  history.replaceState(null, "", query);
  refresh();
});

root.addEventListener("submit", (event) => {
  if (!event.target.matches("[data-custom-range]")) return;
  event.preventDefault();
  query = "?" + new URLSearchParams(new FormData(event.target)).toString();
  history.replaceState(null, "", query);
  refresh();
});

const rulesForm = document.querySelector("[data-rules-form]");
if (rulesForm) {
  const show = wireSettingsForm(rulesForm);
  wireQuickSetups(rulesForm, JSON.parse(document.getElementById("presets").textContent), show);
  guessCurrency(rulesForm);
}
rememberGroup(payload);
showScrollHints();
window.addEventListener("resize", showScrollHints);
follow(root.dataset.socket, {
  // Anything that happened while the socket was down is in the season fetched now.
  open: ({ again }) => again && refresh(),
  message: (message) => message.event === "season.changed" && refresh(),
  status: showStatus,
});
