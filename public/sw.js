// Service worker: precaches the whole site listed in build.json, serves it cache-first so the app
// starts with no network after one visit. One cache per build ("explorers:<folder>:<hash>"); a new build
// installs beside the old one, waits until the page asks (the "Update available" banner), then
// activates and deletes every older cache. Scope = the folder this file is served from, so the
// site works under any sub-path; nothing outside that folder is touched.
const VERSION = "__BUILD_VERSION__";
const BASE = new URL("./", self.location.href).href;
// Caches are per origin: the folder in the name keeps two copies of the site on one host apart.
const PREFIX = "explorers:" + new URL(BASE).pathname + ":";
const CACHE = PREFIX + VERSION;
const INDEX = BASE + "index.html";

self.addEventListener("install", event => {
  event.waitUntil((async () => {
    const res = await fetch(BASE + "build.json", {cache: "no-cache"});
    if (!res.ok) throw new Error("build.json: HTTP " + res.status);
    const listing = await res.json();
    if (listing.version !== VERSION) throw new Error("build.json is from another build; try again later");
    const cache = await caches.open(CACHE);
    const urls = Object.keys(listing.files).map(path => BASE + path);
    urls.push(BASE + "build.json");
    // "no-cache": revalidate with the server (cheap 304s for unchanged files), never a stale copy.
    await cache.addAll(urls.map(url => new Request(url, {cache: "no-cache"})));
  })());
});

self.addEventListener("activate", event => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", event => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "version" && event.ports[0]) event.ports[0].postMessage(VERSION);
});

self.addEventListener("fetch", event => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(BASE)) return;
  const url = new URL(req.url);
  url.hash = "";
  // The folder itself is index.html; query strings (embed.html?...) do not change the file.
  const key = (url.origin + url.pathname === BASE) ? INDEX : url.origin + url.pathname;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    return fetch(req);
  })());
});
