/*
 * The till's offline copy (docs/pos-client.md#the-offline-copy-of-the-page): a service worker registered by the
 * POS island only (src/features/pos/register-offline.ts), with scope /pos, so no shopper page loads or is served
 * by it. It keeps the last good /pos page and the hashed files under /_astro/ that page needs, so a tablet that
 * reloads while offline still comes up on the till (the till's sales and catalogue live in IndexedDB already).
 *
 * - A navigation to /pos: the network first, for NETWORK_WAIT_MS, then the last good copy; only a 200 HTML answer
 *   that was not redirected is kept (never the sign-in redirect, never the 403 page).
 * - GET /_astro/*: the cache first (the files are named by their content's hash, never change), filled at install
 *   and with each new copy of /pos from the files that page references (and the files those reference), and at
 *   run time with any file the page fetches.
 * - Everything else (the API under /s/api/, any POST, other origins, other pages): not touched.
 *
 * A plain script, no build step: its pure parts are on `self.posOffline` for the unit test (pos-sw.test.ts).
 */
'use strict';

const VERSION = 'v1';
const PAGES = `pos-pages-${VERSION}`;
const ASSETS = `pos-assets-${VERSION}`;
/** How long a navigation waits for the network before the kept copy answers (a flaky Wi-Fi must not hang the till). */
const NETWORK_WAIT_MS = 3500;
/** The most files kept: a build's POS files are a few dozen; this bounds a crawl gone wrong. */
const MAX_ASSETS = 300;

/** Whether a URL path is the till's page (/pos or below it; /posters, a content page, is not). */
function isPosPage(pathname) {
  return pathname === '/pos' || pathname === '/pos/' || pathname.startsWith('/pos/');
}

/** Whether a URL path is one of the build's hashed files. */
function isAsset(pathname) {
  return pathname.startsWith('/_astro/');
}

/**
 * What the worker does with a request: 'page' (network first, the kept copy), 'asset' (cache first) or null
 * (not touched: other origins, any method but GET, the API, other pages).
 */
function routeOf(request, origin) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (url.pathname.startsWith('/s/api/')) return null;
  if (request.mode === 'navigate') return isPosPage(url.pathname) ? 'page' : null;
  return isAsset(url.pathname) ? 'asset' : null;
}

/** Whether an answer to /pos may be kept as its offline copy: a 200 HTML page, not a redirect's end (the sign-in). */
function isKeepablePage(response) {
  if (!response || response.status !== 200 || response.redirected || response.type === 'opaqueredirect') return false;
  const type = response.headers.get('content-type') || '';
  return type.startsWith('text/html');
}

/**
 * The /_astro/ files a text references, as absolute URLs of `origin`: in HTML the script src, link href,
 * modulepreload, astro-island component-url / renderer-url / before-hydration-url and inline url(); in CSS url();
 * in JavaScript the chunks it imports ("./x.js") and Vite's dependency lists ("_astro/x.js"). `base` is the URL
 * the text came from (relative references are resolved against it).
 */
function assetUrls(text, base, origin) {
  const found = new Set();
  const pattern = /["'`(=\s]((?:https?:\/\/[^/"'`()\s<>]+)?\/_astro\/[^"'`()\s<>?#]+|_astro\/[^"'`()\s<>?#]+|\.{1,2}\/[^"'`()\s<>?#]+)/g;
  for (const match of text.matchAll(pattern)) {
    let reference = match[1];
    if (reference.startsWith('_astro/')) reference = `/${reference}`;
    let url;
    try {
      url = new URL(reference, base);
    } catch {
      continue;
    }
    if (url.origin !== origin || !isAsset(url.pathname) || !/\.[a-z0-9]+$/i.test(url.pathname)) continue;
    found.add(`${url.origin}${url.pathname}`);
  }
  return [...found];
}

/** Which kept files to delete when a page of a new build is kept: those neither it references nor fetched since. */
function staleAssets(kept, referenced, fetchedSince) {
  const keep = new Set([...referenced, ...fetchedSince]);
  return kept.filter((url) => !keep.has(url));
}

self.posOffline = { isPosPage, routeOf, isKeepablePage, assetUrls, staleAssets };

// The worker proper: absent in the unit test, which runs this file with a stand-in `self` that has no `caches`.
if (typeof self.caches !== 'undefined' && typeof self.registration !== 'undefined') {
  const origin = self.location.origin;
  /** Files fetched at run time since the kept page last changed build: kept when the next build's page comes. */
  const fetchedSince = new Set();

  /** Fetches and keeps the files a page references, and the files those reference (CSS fonts, JS chunks). */
  const fillAssets = async (html, pageUrl) => {
    const cache = await caches.open(ASSETS);
    const queue = assetUrls(html, pageUrl, origin);
    const seen = new Set(queue);
    while (queue.length > 0 && seen.size <= MAX_ASSETS) {
      const url = queue.shift();
      let response = await cache.match(url);
      if (!response) {
        response = await fetch(url).catch(() => null);
        if (!response || response.status !== 200) continue;
        await cache.put(url, response.clone());
      }
      if (/\.(m?js|css)$/.test(new URL(url).pathname)) {
        for (const next of assetUrls(await response.text(), url, origin)) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
    }
    return [...seen];
  };

  /** Keeps a good /pos answer as the offline copy; a page of another build drops the old build's files. */
  const keepPage = async (key, response) => {
    const html = await response.clone().text();
    const pages = await caches.open(PAGES);
    await pages.put(key, response);
    const referenced = await fillAssets(html, key);
    const cache = await caches.open(ASSETS);
    const kept = (await cache.keys()).map((request) => request.url);
    const stale = staleAssets(kept, referenced, fetchedSince);
    if (stale.length > 0) {
      fetchedSince.clear();
      await Promise.all(stale.map((url) => cache.delete(url)));
    }
  };

  const pageKey = (url) => `${origin}${new URL(url).pathname.replace(/\/$/, '') || '/pos'}`;

  self.addEventListener('install', (event) => {
    // The page that registered the worker: kept now, so the first reload offline already works.
    event.waitUntil(
      (async () => {
        const response = await fetch('/pos', { credentials: 'same-origin', headers: { Accept: 'text/html' } }).catch(() => null);
        if (isKeepablePage(response)) await keepPage(pageKey(`${origin}/pos`), response);
        await self.skipWaiting();
      })(),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        // Caches of an older version of this worker.
        for (const name of await caches.keys()) if (name.startsWith('pos-') && name !== PAGES && name !== ASSETS) await caches.delete(name);
        await self.clients.claim();
      })(),
    );
  });

  const page = async (event) => {
    const key = pageKey(event.request.url);
    const network = fetch(event.request).then((response) => {
      if (isKeepablePage(response)) {
        const keeping = keepPage(key, response.clone()).catch(() => undefined);
        try {
          event.waitUntil(keeping);
        } catch {
          // The kept copy already answered and the event is over: the worker keeps it while it still runs.
        }
      }
      return response;
    });
    network.catch(() => undefined);
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), NETWORK_WAIT_MS));
    const first = await Promise.race([network.catch(() => 'failed'), late]);
    if (first !== 'late' && first !== 'failed') return first;
    const kept = await caches.match(key, { cacheName: PAGES });
    // No copy kept: wait for the network (or its error) as the browser would have.
    return kept || network;
  };

  const asset = async (event) => {
    const cache = await caches.open(ASSETS);
    const kept = await cache.match(event.request.url);
    if (kept) return kept;
    const response = await fetch(event.request);
    if (response.status === 200) {
      const url = new URL(event.request.url);
      const key = `${url.origin}${url.pathname}`;
      fetchedSince.add(key);
      event.waitUntil(cache.put(key, response.clone()).catch(() => undefined));
    }
    return response;
  };

  self.addEventListener('fetch', (event) => {
    const route = routeOf(event.request, origin);
    if (route === 'page') event.respondWith(page(event));
    else if (route === 'asset') event.respondWith(asset(event));
  });
}
