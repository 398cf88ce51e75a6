// The screen has no scrolling (a TV has no way to scroll): the tables and the standings that do
// not fit are shown in pages that turn by themselves, every PAGE_MS. Each table's QR code (its
// join page) is drawn once by the server in a hidden store and put into its table's card after
// every live update (static/js/event-live.js sends "event:shown").

import { fill } from "./render.js";

const PAGE_MS = 8000;
let turn = 0;

function itemsOf(box) {
  return [...box.querySelectorAll(box.dataset.pages === "standings" ? "tbody tr" : ".screen-table")];
}

// How many items fit in the box: all shown, the first whose bottom passes the box's.
function fitting(box, items) {
  for (const item of items) item.hidden = false;
  const bottom = box.getBoundingClientRect().bottom + 0.5;
  const past = items.findIndex((item) => item.getBoundingClientRect().bottom > bottom);
  return Math.max(1, past === -1 ? items.length : past);
}

function paginate() {
  for (const box of document.querySelectorAll("[data-pages]")) {
    const items = itemsOf(box);
    const counter = document.querySelector(`[data-page-count='${box.dataset.pages}']`);
    if (!items.length) {
      if (counter) counter.textContent = "";
      continue;
    }
    const perPage = fitting(box, items);
    const pages = Math.ceil(items.length / perPage);
    const page = turn % pages;
    items.forEach((item, index) => {
      item.hidden = Math.floor(index / perPage) !== page;
    });
    box.dataset.page = String(page + 1);
    box.dataset.pageCount = String(pages);
    if (counter) counter.textContent = pages > 1 ? fill(counter.dataset.pattern, { page: page + 1, pages }) : "";
  }
}

function fillCodes() {
  const store = document.querySelector("[data-qr-store]");
  if (!store) return;
  for (const slot of document.querySelectorAll("[data-qr-slot]")) {
    if (slot.firstElementChild) continue;
    const code = store.querySelector(`[data-qr-for='${CSS.escape(slot.dataset.qrSlot)}'] svg`);
    if (code) slot.append(code.cloneNode(true));
  }
}

function show() {
  fillCodes();
  paginate();
}

document.addEventListener("event:shown", show);
window.addEventListener("resize", paginate);
show();
setInterval(() => {
  turn += 1;
  paginate();
}, PAGE_MS);
