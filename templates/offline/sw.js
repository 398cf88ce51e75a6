// The service worker (SPEC 9), rendered by rounds/shell.py. It keeps the app shell (styles,
// scripts, icons, the manifest and the language catalog) and the pages of the sessions opened on
// this device, so an open session reloads without a connection. The page keeps its last state
// and its pending rounds itself (static/js/outbox.js); the worker never answers for the API.
const VERSION = "{{ version }}";
const SHELL_CACHE = `shell-${VERSION}`;
const PAGE_CACHE = `pages-${VERSION}`;
const SHELL = {{ shell|safe }};
const STATIC_PREFIX = {{ static_prefix|safe }};
const CATALOG = {{ catalog|safe }};
// A network that hangs (the laptop serving the app went to sleep) falls back to the kept page;
// a server that is only slow must not get there first (a kept page may predate a rules change).
const NETWORK_WAIT_MS = 10000;

const keptPage = (url) => url.pathname === "/" || /^\/s\/[^/]+\/$/.test(url.pathname);

// Install keeps the shell and the pages of the windows open now, the one that registered the
// worker among them: a first visit is kept before the worker controls it, so an offline reload
// works from the start. A connection lost meanwhile does not undo it (see fromNetworkOrPhone).
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const pages = keepPages(await openPages({ includeUncontrolled: true })); // first: the page is what a reload needs
      const cache = await caches.open(SHELL_CACHE);
      const shell = SHELL.map(async (url) => {
        const response = await fromNetworkOrPhone(url, { cache: "no-cache" });
        if (response === null) return; // not on the phone and no network: kept when first asked for
        if (!response.ok) throw new Error(`${url}: ${response.status}`); // a broken deploy: no new worker
        await cache.put(url, response);
      });
      await Promise.all([pages, ...shell]);
      await self.skipWaiting();
    })(),
  );
});

// A new version takes over at once: the pages it kept move to its cache (fetched again where
// the network allows, so they name the new files), the old caches go; then the pages it now
// controls that opened while it was installing are kept too.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name !== SHELL_CACHE && name !== PAGE_CACHE);
      const pages = await caches.open(PAGE_CACHE);
      for (const name of old.filter((cacheName) => cacheName.startsWith("pages-"))) {
        const previous = await caches.open(name);
        for (const request of await previous.keys()) {
          const fresh = await fetch(request.url, { cache: "no-store" }).catch(() => null);
          const kept = fresh && fresh.ok && !fresh.redirected ? fresh : await previous.match(request);
          if (kept) await pages.put(request.url, kept);
        }
      }
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
      const unkept = [];
      for (const url of await openPages()) if (!(await pages.match(url))) unkept.push(url);
      await keepPages(unkept);
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (keptPage(url)) event.respondWith(networkFirst(request, PAGE_CACHE, url.origin + url.pathname));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === CATALOG) {
    event.respondWith(networkFirst(request, SHELL_CACHE, url.href));
  }
});

// A page opened before the worker controlled it (a reload that bypassed it) asks to be kept.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !keptPage(url)) return;
  event.waitUntil(keepPages([url.origin + url.pathname]));
});

// Background Sync: the connection is back; an open page of the app sends its outbox.
self.addEventListener("sync", (event) => {
  if (event.tag !== "outbox") return;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((clients) => {
      for (const client of clients) client.postMessage({ type: "replay" });
    }),
  );
});

// The kept pages (by address without the query) of the app's windows open on this phone.
async function openPages(options = {}) {
  const windows = await self.clients.matchAll({ type: "window", ...options });
  const urls = windows.map((client) => new URL(client.url)).filter((url) => url.origin === self.location.origin && keptPage(url));
  return [...new Set(urls.map((url) => url.origin + url.pathname))];
}

async function keepPages(urls) {
  const cache = await caches.open(PAGE_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      const response = await fromNetworkOrPhone(url, { credentials: "same-origin" });
      if (keepable(response)) await cache.put(url, response);
    }),
  );
}

// From the network; without one, what this phone's browser already has (the page that registered
// the worker has just loaded these very files); null when neither has it. The shell asks with
// "no-cache" (the server confirms each file), never "reload", which drops the browser's copy
// before the network answers, so a connection lost mid-install would leave nothing to fall back on.
async function fromNetworkOrPhone(url, options) {
  try {
    return await fetch(new Request(url, options));
  } catch {
    return fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin" })).catch(() => null);
  }
}

function keepable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected;
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (keepable(response)) await cache.put(key, response.clone());
    return response;
  });
  network.catch(() => null); // answered from the cache meanwhile: a late failure is nobody's business
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    return (await cache.match(key)) || (await network);
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}
