// The settlement screen: follows the session live, ticks transfers off as paid,
// and changes the value per point for the whole session (through the entry lock).

import { deviceName } from "./device.js";
import { DeviceLock } from "./lock.js";
import { showStatus, toast } from "./page.js";
import { t } from "./render.js";
import { Transport } from "./transport.js";

const root = document.querySelector("[data-settlement-root]");
const state = JSON.parse(document.getElementById("table-state").textContent);
const key = state.id ?? state.links.socket.split("/").filter(Boolean).pop();
const apiPath = `/api/sessions/${key}`;
const transport = new Transport({ socketPath: state.links.socket, apiPath });
const lock = new DeviceLock({ transport, sessionKey: key, deviceName });

// The server renders the settlement; a change anywhere re-renders it here.
async function refresh() {
  const response = await fetch(root.dataset.partial, { credentials: "same-origin" });
  if (!response.ok) return;
  const html = await response.text();
  // Keep what the reader opened (the pairwise table) open across the re-render: read once the
  // new page is in hand, so a tap while it came is kept too.
  const open = [...root.querySelectorAll("details[open]")].map((details) => details.className);
  root.innerHTML = html;
  for (const details of root.querySelectorAll("details")) details.open ||= open.includes(details.className);
}

// A player's index, or "house" (paying by place).
const party = (value) => (value === "house" ? value : Number(value));

async function markPaid(form) {
  const fields = new FormData(form);
  const reply = await transport.request("POST", `${apiPath}/transfers/paid`, {
    from: party(fields.get("from")),
    to: party(fields.get("to")),
    amount: fields.get("amount"),
    paid: fields.get("paid") === "1",
    device: deviceName(),
  });
  if (!reply.ok) toast(reply.error);
  await refresh();
}

async function changeWager(form) {
  const fields = new FormData(form);
  const changes = { value_per_point: fields.get("value_per_point") || null, currency: fields.get("currency") };
  const reply = await lock.briefly((token) => transport.request("PATCH", apiPath, changes, token));
  const error = form.querySelector("[data-wager-error]");
  error.textContent = reply.ok ? "" : reply.error;
  error.hidden = reply.ok;
  if (!reply.ok) return;
  toast(t("Saved"));
  await refresh();
}

root.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.matches("[data-paid-form]")) {
    event.preventDefault();
    markPaid(form);
  } else if (form.matches("[data-wager-form]")) {
    event.preventDefault();
    changeWager(form);
  }
});

root.addEventListener("click", async (event) => {
  if (event.target.closest("[data-print]")) window.print();
  if (event.target.closest("[data-share-summary]")) await shareSummary(root.querySelector("[data-summary]"));
});

// The phone's own share sheet where the browser has one; the clipboard otherwise.
async function shareSummary(summary) {
  if (navigator.share) {
    try {
      await navigator.share({ text: summary.value });
    } catch {
      // Dismissed by the user: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(summary.value);
  } catch {
    summary.select();
    document.execCommand("copy");
  }
  toast(t("Copied"));
}

window.addEventListener("beforeprint", () => {
  for (const details of root.querySelectorAll("details")) details.open = true;
});
transport.addEventListener("state", () => refresh());
transport.addEventListener("status", (event) => showStatus(event.detail));
transport.start();
