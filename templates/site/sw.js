// The service worker of the table's pages (preisfipsen/worker_views.py serves it at /sw.js;
// static/js/table-link.js registers it, only in a secure context: HTTPS with a certificate the
// phone trusts, or the laptop itself). What it does:
// - a table's page (a navigation under the table's link): the network first, and a copy of
//   each answer kept; when the laptop cannot be reached, the last copy of that address, marked
//   on <html data-offline-copy="…"> so that the page's scripts know their form is not fresh;
// - the static files: from the cache first (their names carry a hash of their content, so a
//   copy never goes stale), else from the network, and kept;
// - a table's page asks for its copy to be fetched again (a "keep" message from table-link.js)
//   once a deal was saved, so that the copy shows the newest deal and a fresh form;
// - everything else (every form sent, the organiser's pages, the board, the ping): the network
//   alone, never kept, and never through the worker (a test's page.route sees it as before).
"use strict";

const PAGES = "preisfipsen-pages-v1";
const STATIC = "preisfipsen-static-v1";
const STATIC_PREFIX = "{{ static_prefix|escapejs }}";
const TABLE_PREFIX = "{{ table_prefix|escapejs }}";
// Answers that mean the laptop was not reached (a proxy's, or the database lock's 503).
const UNREACHED = new Set([502, 503, 504]);
const OFFLINE_TITLE = "{{ offline_title|escapejs }}";
const OFFLINE_TEXT = "{{ offline_text|escapejs }}";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("preisfipsen-") && name !== PAGES && name !== STATIC)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
  // No clients.claim(): the page that registered the worker stays as it loaded, from the
  // network; the worker serves the pages opened after it (the next one, a reload, offline).
});

// "/t/<token>/" of an address under a table's link (absolute), else null.
function tablePage(address) {
  const url = new URL(address);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(TABLE_PREFIX)) return null;
  const rest = url.pathname.slice(TABLE_PREFIX.length);
  const slash = rest.indexOf("/");
  return slash > 0 ? url.origin + TABLE_PREFIX + rest.slice(0, slash + 1) : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFirst(request));
  } else if (request.method === "GET" && request.mode === "navigate" && tablePage(request.url)) {
    event.respondWith(networkFirst(event));
  }
});

async function staticFirst(request) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  const cache = await caches.open(PAGES);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return (await offlineCopy(cache, request.url)) || offlinePage();
  }
  if (UNREACHED.has(response.status)) return (await offlineCopy(cache, request.url)) || response;
  event.waitUntil(keep(cache, request.url, response.clone()));
  return response;
}

// A table's page as the laptop answered it: kept when it is the page; forgotten when the link
// opens nothing any more (renewed: 404) or the night is over (410), so that no old form stays.
async function keep(cache, address, response) {
  const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
  if (response.status === 200 && html) await cache.put(address, response);
  else if (response.status === 404 || response.status === 410) await cache.delete(address);
}

async function offlineCopy(cache, address) {
  const kept = await cache.match(address);
  if (!kept) return null;
  const when = new Date(kept.headers.get("Date") || Date.now()).toISOString();
  const text = (await kept.text()).replace(/<html\b/i, '<html data-offline-copy="' + when + '"');
  // The laptop's headers as they came (its Content-Security-Policy too), but for the length
  // and the compression of a body that is now another.
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(text, { headers });
}

function offlinePage() {
  const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const body =
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + escape(OFFLINE_TITLE) + "</title><h1>" + escape(OFFLINE_TITLE) + "</h1><p>" +
    escape(OFFLINE_TEXT) + "</p>";
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// One refresh per table at a time; a post during one asks for one more after it.
const refreshing = new Map();

function refresh(address) {
  const running = refreshing.get(address);
  if (running) {
    running.again = true;
    return running.done;
  }
  const state = { again: false };
  state.done = (async () => {
    do {
      state.again = false;
      try {
        const response = await fetch(address, { credentials: "same-origin" });
        await keep(await caches.open(PAGES), address, response);
      } catch (error) {
        // The laptop went out of reach meanwhile: the copy kept stays as it was.
      }
    } while (state.again);
    refreshing.delete(address);
  })();
  refreshing.set(address, state);
  return state.done;
}

// A page names what to keep: its table's page (fetched again, as after a saved deal), and on
// its first visit, when it was not served through the worker, its static files too.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.map((address) => {
        const url = new URL(address, self.location.origin);
        if (url.origin !== self.location.origin) return null;
        if (url.pathname.startsWith(STATIC_PREFIX)) return staticFirst(new Request(url.href)).catch(() => null);
        const page = tablePage(url.href);
        return page === url.origin + url.pathname ? refresh(url.origin + url.pathname) : null;
      }),
    ),
  );
});
