// What every live page has: the connection dot in the top bar and a short toast.

// The dot's words (live, reconnecting, offline, connecting) are rendered by the page (_status.html).
export function showStatus(status) {
  const element = document.querySelector("[data-status]");
  if (!element) return;
  element.dataset.status = status;
  element.querySelector("[data-status-text]").textContent = element.dataset[`pattern${status[0].toUpperCase()}${status.slice(1)}`];
}

let toastTimer;

// One toast at a time (SPEC 7, app.css): showing one hides the others, Undo's included.
export function showToast(element) {
  for (const other of document.querySelectorAll(".toasts > .toast")) if (other !== element) other.hidden = true;
  element.hidden = false;
}

export function toast(text) {
  const element = document.querySelector("[data-toast]");
  element.textContent = text;
  // Whole, should three lines not hold it.
  element.title = text;
  element.classList.remove("wide");
  showToast(element);
  // Three lines beside the dot and the bar's buttons too few: the bar's whole width (app.css).
  element.classList.toggle("wide", element.scrollHeight > element.clientHeight + 1);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    element.hidden = true;
  }, 2600);
}

// Once the first frame is painted, or the page has loaded (a tab in the background paints nothing).
export function afterFirstPaint(run) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(start));
  if (document.readyState === "complete") setTimeout(start);
  else window.addEventListener("load", start, { once: true });
}
