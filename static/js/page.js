// What every live page has: the connection dot in the top bar and a short toast.

// The dot's words (live, reconnecting, offline, connecting) are rendered by the page (_status.html).
export function showStatus(status) {
  const element = document.querySelector("[data-status]");
  if (!element) return;
  element.dataset.status = status;
  element.querySelector("[data-status-text]").textContent = element.dataset[`pattern${status[0].toUpperCase()}${status.slice(1)}`];
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
