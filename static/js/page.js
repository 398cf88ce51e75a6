// What every live page has: the connection dot in the top bar and a short toast.

import { t } from "./render.js";

const STATUS_LABELS = () => ({ live: t("live"), reconnecting: t("reconnecting"), offline: t("offline"), connecting: t("connecting") });

export function showStatus(status) {
  const element = document.querySelector("[data-status]");
  if (!element) return;
  element.dataset.status = status;
  element.querySelector("[data-status-text]").textContent = STATUS_LABELS()[status];
}

let toastTimer;

export function toast(text) {
  const element = document.querySelector("[data-toast]");
  element.textContent = text;
  element.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    element.hidden = true;
  }, 2600);
}
