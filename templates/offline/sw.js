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

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

// A new version takes over at once: the pages it kept move to its cache (fetched again where
// the network allows, so they name the new files), the old caches go.
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

// A page opened before the worker controlled it asks for itself to be kept.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !keptPage(url)) return;
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin" })
      .then((response) => (keepable(response) ? caches.open(PAGE_CACHE).then((cache) => cache.put(url.href, response)) : null))
      .catch(() => null),
  );
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
