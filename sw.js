// The offline copy (issue #28): after a first visit this service worker keeps one build's
// files in a cache named after the build's version (www/pkg/precache.js, written by
// scripts/precache.mjs when build-web.sh runs), so the playground opens and plays with no
// network.
// - Online, requests go to the network first (the server's ETags make that a 304): the page
//   gets what is deployed, as without this worker.
// - A new deployment changes precache.js, so the browser installs this worker again: the new
//   build's files go into a new cache, and the old caches are deleted when it activates.
// - A page that came from the cache (its navigation failed) takes every file from the cache
//   too: one build, never a new page with an old module.
importScripts('www/pkg/precache.js', 'www/wasm-file.js');

const { version } = self.PRECACHE;
// The build has two wasm modules (SIMD and baseline); only the one this browser loads is
// kept (the same probe as the page's: www/wasm-file.js), so a visit downloads one module.
const WASM_FILES = ['www/pkg/arcade_bg.wasm', 'www/pkg/arcade_simd_bg.wasm'];
const files = self.PRECACHE.files.filter((f) => !WASM_FILES.includes(f) || f === globalThis.arcadeWasmFile());
const CACHE = `arcade-${version}`;
const scope = new URL(self.registration.scope);
const kept = new Set(files.map((f) => new URL(f, scope).pathname));
const fromCache = new Set(); // ids of the pages that were opened from the cache

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Revalidated: never a stale copy from the HTTP cache.
    await cache.addAll(files.map((f) => new Request(new URL(f, scope), { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('arcade-') && key !== CACHE) await caches.delete(key);
    }
  })());
});

const cached = async (url) => (await caches.open(CACHE)).match(url, { ignoreSearch: true });

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith(scope.pathname)) return;
    event.respondWith(fetch(request).catch(async () => {
      const page = await cached(new URL('index.html', scope).href);
      if (!page) return Response.error();
      fromCache.add(event.resultingClientId);
      return page;
    }));
    return;
  }
  if (!kept.has(url.pathname)) return;
  if (fromCache.has(event.clientId)) {
    event.respondWith(cached(url.href).then((hit) => hit ?? fetch(request)));
    return;
  }
  event.respondWith(fetch(request).catch(async () => (await cached(url.href)) ?? Response.error()));
});
