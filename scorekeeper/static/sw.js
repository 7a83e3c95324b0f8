// The service worker: the pages and files a phone has opened stay on it, so a game
// page opens without a signal. Pages come from the network while there is one (always
// the newest score); files are named by their content hash, so a kept copy is right.
"use strict";
// The caches' names come from the page that registered this worker (static/app.js).
const { pages: PAGES, files: FILES } = Object.fromEntries(new URL(location.href).searchParams);

// The home page is kept from the first visit to any page, so it opens offline at once.
self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(PAGES).then((pages) => pages.add("/")).catch(() => {}));
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const keptFile = async (request) => {
  const cache = await caches.open(FILES);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
};

const freshPage = async (request, path) => {
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) {
      const cache = await caches.open(PAGES);
      await cache.put(path, response.clone());
    }
    return response;
  } catch (offline) {
    const kept = await caches.match(path, { cacheName: PAGES });
    if (kept) return kept;
    throw offline;
  }
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(keptFile(request));
  else if (request.mode === "navigate") event.respondWith(freshPage(request, url.pathname));
});
