// The table's phone and the laptop, on every captain's page (one <script> line with
// data-table-token). It
// - reports in (a ping to <table's link>link/): on opening, every 20 seconds, when the phone
//   is back online or the page is shown again, and when the count of queued deals changes
//   (at most one ping per 3 seconds, the last change always reported);
//   with the phone's id (kept in localStorage "preisfipsen.phone"), the deals waiting in the
//   queue (localStorage "preisfipsen.queue.<token>", static/js/offline-queue.js) and how long
//   its previous ping took. The organiser's progress page, home and Generalprobe show it.
// - registers the service worker (/sw.js), only in a secure context (HTTPS with a certificate
//   the phone trusts, or the laptop itself): browsers allow none over plain HTTP;
// - names the page as an app for the home screen (its manifest), and says so when the page
//   shown is the worker's copy, opened without a connection.
(function () {
  "use strict";
  var script = document.currentScript;
  var token = script && script.getAttribute("data-table-token");
  if (!token) return;
  var at = location.pathname.indexOf("/" + token + "/");
  if (at < 0) return;
  var tableLink = location.pathname.slice(0, at + token.length + 2);
  var EVERY_MS = 20000;
  var SOON_MS = 3000; // at most one extra ping this often while the queue is sending
  var phone = phoneId();
  var roundTrip = null;
  var busy = false;
  var last = 0;
  var reached = false;

  function phoneId() {
    var id = null;
    try {
      id = localStorage.getItem("preisfipsen.phone");
    } catch (error) {
      // no storage (a private window): an id for as long as the page is open
    }
    if (id && /^[A-Za-z0-9_-]{8,40}$/.test(id)) return id;
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    id = Array.prototype.map
      .call(bytes, function (byte) { return ("0" + byte.toString(16)).slice(-2); })
      .join("");
    try {
      localStorage.setItem("preisfipsen.phone", id);
    } catch (error) {
      // as above
    }
    return id;
  }

  function waiting() {
    try {
      var queue = JSON.parse(localStorage.getItem("preisfipsen.queue." + token) || "[]");
      return Array.isArray(queue) ? queue.length : 0;
    } catch (error) {
      return 0;
    }
  }

  function ping() {
    if (busy) return;
    busy = true;
    last = Date.now();
    var body = new URLSearchParams({ phone: phone, waiting: String(waiting()) });
    if (roundTrip !== null) body.set("rtt", String(roundTrip));
    var started = performance.now();
    fetch(tableLink + "link/", { method: "POST", body: body, cache: "no-store" })
      .then(function (response) {
        busy = false;
        if (!response.ok) return;
        var first = roundTrip === null;
        roundTrip = Math.round(performance.now() - started);
        connected();
        if (first) ping(); // so that the laptop has a round trip at once (the Generalprobe)
      })
      .catch(function () {
        busy = false;
        roundTrip = null;
      });
  }

  // A change of the queue's count is reported: at once, or (a ping under way, or one sent
  // lately) once SOON_MS after the last. Dropped, the queue's last change waited for the next
  // 20-second ping: the deals sent on the Wi-Fi's return stood as "1 Spiel wartet" on the
  // organiser's page, for good once the phone went to sleep.
  var trailing = null;
  function soon() {
    var wait = last + SOON_MS - Date.now();
    if (!busy && wait <= 0) {
      ping();
      return;
    }
    if (trailing === null) {
      trailing = setTimeout(function () {
        trailing = null;
        soon();
      }, Math.max(wait, 250));
    }
  }

  ping();
  setInterval(ping, EVERY_MS);
  window.addEventListener("online", ping);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") ping();
  });
  document.addEventListener("preisfipsen:queue", soon);

  // The app on the home screen: this table's link (a manifest per table).
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = tableLink + "manifest.webmanifest";
  document.head.appendChild(manifest);

  // The worker's copy, opened without a connection: the totals are as they were then.
  var offline = document.documentElement.getAttribute("data-offline-copy");
  var note = null;
  if (offline) {
    note = document.createElement("p");
    note.className = "message message-warning offline-copy";
    note.setAttribute("role", "status");
    var time = new Date(offline).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    note.textContent = (script.getAttribute("data-offline-note") || "").replace("{time}", time);
    var screen = document.getElementById("table-screen") || document.body;
    screen.insertBefore(note, screen.firstChild);
    // The copy's forms carry the submission ids of the moment it was kept, which a deal sent
    // since may have used: a new deal under such an id would be taken for that one sent again
    // and dropped by the laptop. A fresh id makes it a deal of its own (a copy exists only in
    // a secure context, where crypto.randomUUID is).
    document.querySelectorAll('input[name="submission"]').forEach(function (input) {
      input.value = crypto.randomUUID();
    });
  }

  function connected() {
    if (!note || reached) return;
    reached = true;
    var again = document.createElement("a");
    again.href = location.href;
    again.textContent = script.getAttribute("data-online-note") || "";
    note.appendChild(document.createTextNode(" "));
    note.appendChild(again);
  }

  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  var page = location.origin + tableLink;

  // The worker fetches the table's page again for its copy: after a deal was saved (by htmx,
  // or by the queue), and when this page is another of the table's (a form's answer).
  function keepPage() {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep", urls: [page] });
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    var path = (detail.pathInfo && detail.pathInfo.requestPath) || "";
    var post = detail.requestConfig && detail.requestConfig.verb === "post";
    if (detail.successful && post && !/\/preview\/$/.test(path)) keepPage();
  });
  document.addEventListener("preisfipsen:queue", keepPage);
  if (!offline && location.pathname !== tableLink) keepPage();

  var fresh = !navigator.serviceWorker.controller;
  navigator.serviceWorker
    .register("/sw.js")
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function (registration) {
      if (!fresh || !registration.active) return;
      // This page came from the network, not through the worker: it names itself and its
      // static files, for the worker to keep.
      var urls = [page];
      document.querySelectorAll("script[src], link[href]").forEach(function (element) {
        urls.push(element.src || element.href);
      });
      performance.getEntriesByType("resource").forEach(function (entry) {
        urls.push(entry.name);
      });
      registration.active.postMessage({ type: "keep", urls: urls });
    })
    .catch(function () {
      // No worker (a browser that refuses it): the page works as before, online.
    });
})();
