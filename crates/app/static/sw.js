// Offline support: after the first visit the page, its script, its wasm and its styles come from
// this cache whenever the network does not answer. Nothing is fetched from any other host.
const CACHE = 'ising-sudoku-v1';
// The solver worker's files keep their names from build to build (the page asks for them by
// name), so they are fetched fresh when online, like the page, and kept for offline use.
const WORKER = ['solver-worker.js', 'worker.js', 'worker_bg.wasm'];

// Precache the page and every asset it names (Trunk gives them content hashes).
self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch('./', { cache: 'no-store' });
    const html = await page.clone().text();
    await cache.put('./', page);
    const assets = [...html.matchAll(/(?:href|src)="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((url) => !/^(?:[a-z]+:|\/\/)/i.test(url));
    await cache.addAll([...new Set([...assets, ...WORKER])]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The page itself: fresh when online (a new build brings new asset names), cached offline,
    // whatever its query string (?p=… links open offline too).
    event.respondWith(freshOrCached(request, './'));
    return;
  }
  const name = new URL(request.url).pathname.split('/').pop();
  if (WORKER.includes(name)) {
    event.respondWith(freshOrCached(request, request));
    return;
  }
  // Assets are immutable (hashed names): cache first, then the network, keeping what it gives.
  event.respondWith((async () => {
    const cached = await caches.match(request);
    if (cached) return cached;
    const fresh = await fetch(request);
    if (fresh.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(request, fresh.clone());
    }
    return fresh;
  })());
});

// The network's answer, kept under `key`; the kept one when the network does not answer.
async function freshOrCached(request, key) {
  try {
    const fresh = await fetch(request);
    if (fresh.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(key, fresh.clone());
    }
    return fresh;
  } catch {
    return (await caches.match(key)) ?? Response.error();
  }
}
