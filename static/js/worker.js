// The service worker (templates/offline/sw.js): registered right after the first paint, so it
// adds nothing before it, and a phone that goes offline a second after opening a link can reload
// it all the same. A new version takes over at once (skipWaiting and clients.claim); a page the
// old one served reloads itself as soon as nothing is being typed.

const IDLE_CHECK_MS = 1500;
const OWN_COPIES = "own-copies"; // the cache the worker takes them from

// ownCopy: this page as the server sent it, taken before any script changed it, when no worker
// served it. It is kept on the phone first, for the worker to keep if the connection goes before
// it has fetched the page itself (templates/offline/sw.js, keepPages).
export function startWorker({ busy = () => false, ownCopy = null } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const served = Boolean(navigator.serviceWorker.controller);
  const register = async () => {
    if (!served && ownCopy) await keepOwnCopy(ownCopy);
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
    // A worker installing now keeps this page as it installs (a first visit); one already active
    // did not see this page load (a reload that bypassed it), so it is asked to keep it.
    if (!registration || served || registration.installing || !registration.active) return;
    registration.active.postMessage({ type: "keep", url: location.pathname });
  };
  register();
  let controlled = served;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true; // the first worker took this page over: nothing was stale
      // It took over as soon as it had the page: the shell is kept to the end at this page's word.
      navigator.serviceWorker.controller?.postMessage({ type: "keep-shell" });
      return;
    }
    const reloadWhenIdle = () => (busy() ? setTimeout(reloadWhenIdle, IDLE_CHECK_MS) : location.reload());
    reloadWhenIdle();
  });
}

async function keepOwnCopy(html) {
  const copies = await window.caches?.open(OWN_COPIES).catch(() => null);
  const copy = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  await copies?.put(location.pathname, copy).catch(() => null);
}

// The worker's word to the page (Background Sync: the connection is back).
export function onWorkerMessage(type, handler) {
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data?.type === type) handler();
  });
}
