// The service worker (SPEC 9), rendered by scorekeeper/shell.py. It keeps the app shell (styles,
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

// The copies pages make of themselves when no worker served them (static/js/worker.js).
const OWN_COPIES = "own-copies";
const PAGE_POLICIES = [
  "Content-Security-Policy",
  "Permissions-Policy",
  "X-Frame-Options",
  "X-Content-Type-Options",
  "Referrer-Policy",
  "Cross-Origin-Opener-Policy",
  "Cross-Origin-Resource-Policy",
];

const keptPage = (url) => url.pathname === "/" || /^\/s\/[^/]+\/$/.test(url.pathname);

// Install keeps the pages of the windows open now, the one that registered the worker among them,
// and the shell: a first visit is kept before the worker controls it, so an offline reload works
// from the start. A connection lost meanwhile does not undo it: the files come from what the
// browser already has (fromNetworkOrPhone), the page from the copy it made of itself.
// On a first visit the worker takes over as soon as it has the pages, from the copies they made
// of themselves, and their words (the catalog the page has just loaded, from the browser's copy):
// no round trip to a server that may be busy, so a phone that goes offline a second after opening
// the link reloads it all the same. Then the shell and the pages as the server sends them follow
// (settle, kept to the end at the page's word, "keep-shell"), and a file not kept yet comes from the
// browser's own copy (cacheFirst). A new version keeps its whole shell before it takes over: the
// old one serves meanwhile, and a broken deploy (a file missing) never takes over.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const urls = await openPages({ includeUncontrolled: true });
      if (self.registration.active) {
        await keepShell();
        await keepPages(await fetchPages(urls));
        await self.skipWaiting();
        return;
      }
      await keepFile(await caches.open(SHELL_CACHE), CATALOG, { cache: "force-cache" });
      await keepPages(await ownCopiesFirst(urls));
      await self.skipWaiting();
      settle(urls).catch(() => null);
    })(),
  );
});

// Each page's own copy where it made one (kept by keepPages), the others from the network.
async function ownCopiesFirst(urls) {
  const copies = await caches.open(OWN_COPIES);
  const made = await Promise.all(urls.map(async (url) => Boolean(await copies.match(url))));
  const fetched = await fetchPages(urls.filter((_, index) => !made[index]));
  return [...urls.filter((_, index) => made[index]).map((url) => [url, null]), ...fetched];
}

// After a first visit's quick take-over: the shell, and the pages as the server sends them.
let settled = null;
function settle(urls) {
  settled ||= Promise.all([keepShell(), fetchPages(urls).then(keepPages)]);
  return settled;
}

// The shell, once per worker: every file from the network, or the phone's own copy without one.
let shellKept = null;
function keepShell() {
  shellKept ||= (async () => {
    const cache = await caches.open(SHELL_CACHE);
    await Promise.all(SHELL.map((url) => keepFile(cache, url)));
  })();
  return shellKept;
}

async function keepFile(cache, url, options = { cache: "no-cache" }) {
  const response = await fromNetworkOrPhone(url, options);
  if (response === null) return; // not on the phone and no network: kept when first asked for
  if (!response.ok) throw new Error(`${url}: ${response.status}`); // a broken deploy: no new worker
  await cache.put(url, response);
}

// A new version takes over at once: the pages it kept move to its cache (fetched again where
// the network allows, so they name the new files), the pages it now controls that opened while
// it installed are kept too, and the old caches go.
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
      await self.clients.claim();
      const unkept = [];
      for (const url of await openPages()) if (!(await pages.match(url))) unkept.push(url);
      await keepPages(await fetchPages(unkept));
      await Promise.all(old.map((name) => caches.delete(name)));
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

// A page opened before the worker controlled it (a reload that bypassed it) asks to be kept; a
// page the first worker has just taken over asks for the shell to be kept to the end.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-shell") {
    event.waitUntil((settled ?? keepShell()).catch(() => null));
    return;
  }
  if (data.type !== "keep") return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !keptPage(url)) return;
  event.waitUntil(fetchPages([url.origin + url.pathname]).then(keepPages));
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

async function fetchPages(urls) {
  return Promise.all(urls.map(async (url) => [url, await fetch(url, { credentials: "same-origin" }).catch(() => null)]));
}

// Each page as fetched; without the network, the copy the page made of itself when no worker
// served it (static/js/worker.js), with the policies every page of the app carries (read from
// the kept catalog, a page of the app's like any other).
async function keepPages(fetched) {
  const pages = await caches.open(PAGE_CACHE);
  const copies = await caches.open(OWN_COPIES);
  for (const [url, response] of fetched) {
    if (keepable(response)) {
      await pages.put(url, response);
      continue;
    }
    const copy = await copies.match(url);
    if (copy && !(await pages.match(url))) await pages.put(url, new Response(await copy.text(), { headers: await pageHeaders() }));
  }
}

// The catalog is kept before any page is (install keeps it first).
async function pageHeaders() {
  const catalog = await (await caches.open(SHELL_CACHE)).match(CATALOG);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  for (const name of PAGE_POLICIES) if (catalog?.headers.has(name)) headers.set(name, catalog.headers.get(name));
  return headers;
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
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // Not kept yet (the shell still on its way on a first visit) and no network: the browser's copy.
    response = await fetch(request.url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
    if (!response) throw error;
  }
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
