// The phone's queue of deals: a deal saved on a captain's page is kept in the phone's storage
// first and sent from there, so a dropped Wi-Fi loses nothing (issue 19). The contract
// (docs/architecture.md, "The phone's queue"):
// - the page's root #table-screen carries data-table-token and data-queue-url; a form that
//   saves a NEW deal carries data-queue="deal" and hidden `sequence` and `submission` inputs;
// - localStorage "preisfipsen.queue.<token>" holds a JSON array of
//   {submission, sequence, url, body, words, at} (and here: number, counts, stopped);
// - sent in order with fetch (X-Preisfipsen-Queue: 1; HX-Request: true under htmx); not
//   reached (fetch fails, 502/503/504) = keep and retry; the answer's X-Preisfipsen-Entry
//   says saved|duplicate (drop it, go on) or refused|conflict|closed (stop at it, show its taps
//   and the reason: mend or drop, the drop after a second tap);
// - document event "preisfipsen:queue" {token, waiting} whenever the count changes.
// Nothing here knows a rule set: the page says in data attributes what a deal's number is
// (data-queue-number), which tap is no deal (data-queue-no-count="name=value"), which texts
// carry the number (data-queue-number-text with "{number}"), what goes stale offline
// (data-queue-stale), what a fresh form shows (data-queue-reset), the tapped deal's value and
// each seat's change where the page knows them (data-queue-value, data-queue-changes, see
// static/js/deal-values.js; the totals they move: data-total, data-seat), where the reason
// stands in an answer (data-entry-reason) and where the waiting deals are listed
// (data-queue-pending).
// The words come translated from the bar, #offline-queue (templates/_offline_queue.html).
(function () {
  "use strict";
  var PREFIX = "preisfipsen.queue.";
  var NOT_REACHED = [502, 503, 504];
  var RETRY_MS = 3000;
  var TIMEOUT_MS = 15000; // a request the Wi-Fi swallowed: kept, and sent again (the id guards)
  var ARRIVED_MS = 30000; // or until the next tap
  var sending = false;
  var retry = null;
  var arrived = []; // numbers of the deals that arrived lately, said in one line (arrivedLine)
  var arrivedTimer = null;
  var dropArmed = false;
  var later = null; // a screen that waits for the captain's taps (settle)
  var moved = []; // the changes of the deals that arrived since the screen was drawn

  function root() { return document.querySelector("#table-screen[data-table-token]"); }
  function bar() { return document.getElementById("offline-queue"); }
  function token() { var r = root(); return r ? r.getAttribute("data-table-token") : null; }
  function word(name, values) {
    var box = bar();
    var text = (box && box.getAttribute("data-" + name)) || "";
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("{" + key + "}").join(String(values[key]));
    });
    return text;
  }

  function read(t) {
    try {
      var list = JSON.parse(localStorage.getItem(PREFIX + t) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }
  function write(t, list) {
    var before = read(t).length;
    if (list.length) localStorage.setItem(PREFIX + t, JSON.stringify(list));
    else localStorage.removeItem(PREFIX + t);
    if (before !== list.length) {
      document.dispatchEvent(new CustomEvent("preisfipsen:queue", {
        detail: { token: t, waiting: list.length },
      }));
    }
  }

  // A version 4 UUID for the form's `submission` (static/js/captain-kit.js).
  function newSubmission() { return window.preisfipsenKit.newId(); }

  function queueForm() { var r = root(); return r && r.querySelector('form[data-queue="deal"]'); }
  function field(form, name) { return form.querySelector('input[name="' + name + '"]'); }

  // The deal in words from the tapped tiles' labels: "Anna – 3 Hand gewonnen".
  function wordsOf(form) {
    var groups = [];
    form.querySelectorAll("fieldset").forEach(function (set) {
      var labels = [];
      set.querySelectorAll("input:checked").forEach(function (input) {
        var label = input.id && form.querySelector('label[for="' + input.id + '"]');
        if (label) labels.push(label.textContent.trim());
      });
      if (labels.length) groups.push(labels.join(" "));
    });
    var first = groups.length > 1 ? groups.shift() + " – " : "";
    var text = first + groups.join(" ");
    form.querySelectorAll('input[type="number"]').forEach(function (input) {
      if (input.value) text += (text ? " " : "") + "(" + input.value + ")";
    });
    return text;
  }

  function counts(form, body) {
    var rule = form.getAttribute("data-queue-no-count");
    if (!rule) return true;
    var pair = rule.split("=");
    return new URLSearchParams(body).getAll(pair[0]).indexOf(pair[1]) < 0;
  }

  function entryOf(form) {
    var body = new URLSearchParams(new FormData(form)).toString();
    return {
      submission: field(form, "submission").value,
      sequence: parseInt(field(form, "sequence").value, 10),
      url: form.getAttribute("action") || root().getAttribute("data-queue-url"),
      body: body,
      words: wordsOf(form),
      at: Date.now(),
      number: parseInt(form.getAttribute("data-queue-number"), 10) || null,
      counts: counts(form, body),
      value: form.getAttribute("data-queue-value") || "",
      changes: changesOf(form),
    };
  }

  function changesOf(form) {
    try {
      return JSON.parse(form.getAttribute("data-queue-changes") || "null");
    } catch (e) {
      return null;
    }
  }

  function titleOf(entry) { return entry.number ? word("title", { number: entry.number }) : ""; }

  function withSequence(body, sequence) {
    var params = new URLSearchParams(body);
    params.set("sequence", String(sequence));
    return params.toString();
  }

  // The entries from `start` on take the places from `sequence` (and deal `number`) on.
  function renumber(list, start, sequence, number) {
    for (var i = start; i < list.length; i += 1) {
      list[i].sequence = sequence;
      list[i].body = withSequence(list[i].body, sequence);
      if (number) list[i].number = number;
      sequence += 1;
      if (number && list[i].counts) number += 1;
    }
  }

  // The form made ready for the deal after `entry`: no taps, the next sequence, a new id,
  // the next number in the texts that carry it, stale marks hidden (the server judges).
  function advance(form, entry) {
    clearTaps(form);
    field(form, "sequence").value = String(entry.sequence + 1);
    field(form, "submission").value = newSubmission();
    var number = entry.number ? entry.number + (entry.counts ? 1 : 0) : null;
    if (number) setNumber(number);
    root().querySelectorAll("[data-queue-stale]").forEach(function (el) { el.hidden = true; });
  }

  function setNumber(number) {
    var form = queueForm();
    if (form) form.setAttribute("data-queue-number", String(number));
    root().querySelectorAll("[data-queue-number-text]").forEach(function (el) {
      el.textContent = el.getAttribute("data-queue-number-text").split("{number}").join(number);
    });
  }

  function clearTaps(form) {
    form.removeAttribute("data-queue-value");
    form.removeAttribute("data-queue-changes");
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") input.checked = false;
      else if (input.classList.contains("number-input")) input.value = input.defaultValue;
      else if (input.type !== "hidden") input.value = "";
    });
    form.querySelectorAll("[aria-pressed]").forEach(function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    form.querySelectorAll("[data-queue-reset]").forEach(function (el) {
      el.textContent = el.getAttribute("data-queue-reset");
      el.className = el.className.split(" ")[0];
      el.setAttribute("role", "status");
    });
    form.querySelectorAll(".tile-invalid, .field-invalid").forEach(function (el) {
      el.classList.remove("tile-invalid", "field-invalid");
    });
  }

  // The taps of `body` put back into the form (not its sequence: the screen's is the place).
  function fillTaps(form, body) {
    clearTaps(form);
    var params = new URLSearchParams(body);
    params.forEach(function (value, name) {
      if (name === "sequence" || name === "csrfmiddlewaretoken") return;
      form.querySelectorAll('input[name="' + name + '"]').forEach(function (input) {
        if (input.type === "radio") input.checked = input.value === value;
        else if (input.type === "checkbox") input.checked = true;
        else input.value = value;
      });
    });
  }

  function tapped(form) {
    var data = new URLSearchParams(new FormData(form));
    ["csrfmiddlewaretoken", "sequence", "submission"].forEach(function (n) { data.delete(n); });
    // A rule set's number as the page showed it (its default) is no tap.
    form.querySelectorAll("input.number-input").forEach(function (input) {
      if (input.value === input.defaultValue) data.delete(input.name);
    });
    var any = false;
    data.forEach(function (value) { if (value) any = true; });
    return any ? data.toString() : null;
  }

  // The answer's screen swapped in for the page's (as htmx would have done); taps begun on
  // the form meanwhile stay.
  function swap(html, keepTaps) {
    var current = root();
    later = null;
    moved = [];
    if (!current) return false;
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("table-screen");
    if (!fresh) return false;
    var form = queueForm();
    var taps = keepTaps && form ? tapped(form) : null;
    fresh = document.importNode(fresh, true);
    current.replaceWith(fresh);
    fresh.setAttribute("data-queue-seen", "");
    if (window.htmx) window.htmx.process(fresh);
    var newForm = queueForm();
    if (taps && newForm) fillTaps(newForm, taps);
    // Said as htmx says it, for whatever waits on the screen's swap (bench, other scripts).
    fresh.dispatchEvent(new CustomEvent("htmx:afterSwap", {
      bubbles: true, detail: { elt: fresh, target: fresh },
    }));
    return true;
  }

  // The server's screen after the last queued deal. While the captain is tapping the next
  // deal on a form that had moved on, it waits (a screen swapped under a finger moves the
  // tiles, and a tap lands on the wrong one): the answer to that deal brings a newer screen,
  // and a form left untapped takes it at the next tick.
  function settle(html, movedOn) {
    var form = queueForm();
    if (movedOn && form && touched(form)) later = html;
    else swap(html, movedOn);
  }

  // Whether the captain has tapped or typed on the form: its visible choices, not its hidden
  // fields (taps kept there, as the race's, are carried over by swap's keepTaps).
  function touched(form) {
    return Array.prototype.some.call(form.querySelectorAll("input"), function (input) {
      if (input.type === "hidden" || input.disabled) return false;
      if (input.type === "radio" || input.type === "checkbox") return input.checked;
      return !!input.value;
    });
  }

  function reasonIn(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var found = doc.querySelector("[data-entry-reason]") || doc.querySelector('[role="alert"]');
    return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function csrf() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function post(entry) {
    var body = new URLSearchParams(entry.body);
    var fresh = csrf(); // the page's own token: a kept one may be of an older page
    if (fresh) body.set("csrfmiddlewaretoken", fresh);
    var headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Preisfipsen-Queue": "1",
    };
    if (window.htmx) headers["HX-Request"] = "true";
    if (fresh) headers["X-CSRFToken"] = fresh;
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT_MS);
    return fetch(entry.url, {
      method: "POST", body: body.toString(), headers: headers, credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      return response.text().then(function (text) {
        clearTimeout(timer);
        return {
          status: response.status,
          outcome: response.headers.get("X-Preisfipsen-Entry"),
          text: text,
        };
      });
    }, function (error) {
      clearTimeout(timer);
      throw error;
    });
  }

  function scheduleRetry() {
    if (retry) return;
    retry = setTimeout(function () { retry = null; pump(); }, RETRY_MS);
  }

  // Sends the queue's first deal, and the next after it, until none is left, one stops, or
  // the laptop cannot be reached.
  function pump() {
    var t = token();
    if (!t || sending) return;
    var list = read(t);
    if (!list.length || list[0].stopped) { render(); return; }
    sending = true;
    render();
    var head = list[0];
    post(head).then(function (answer) {
      sending = false;
      if (NOT_REACHED.indexOf(answer.status) >= 0) return notReached();
      answered(t, head, answer);
    }, function () {
      sending = false;
      notReached();
    });
  }

  function notReached() {
    var t = token();
    var list = t ? read(t) : [];
    // Kept for the Wi-Fi now: whatever befalls one later stops the queue at it.
    if (list.some(function (e) { return !e.waited; })) {
      list.forEach(function (e) { e.waited = true; });
      write(t, list);
    }
    moveOn();
    render();
    scheduleRetry();
  }

  function formSequence() {
    var form = queueForm();
    return form ? parseInt(field(form, "sequence").value, 10) || 0 : 0;
  }

  // The form moved past the kept deals, unless it is already past them (the screen knows
  // more) or the first one stopped.
  function moveOn() {
    var t = token();
    var list = t ? read(t) : [];
    var form = queueForm();
    if (!form || !list.length || list[0].stopped) return;
    var last = list[list.length - 1];
    if (formSequence() <= last.sequence) advance(form, last);
  }

  function answered(t, head, answer) {
    var list = read(t);
    var index = list.findIndex(function (e) { return e.submission === head.submission; });
    if (answer.outcome === "saved" || answer.outcome === "duplicate") {
      if (index >= 0) list.splice(index, 1);
      write(t, list);
      if (head.changes) moved.push(head.changes);
      if (head.waited && head.number) noteArrived(head.number);
      if (!list.length) settle(answer.text, formSequence() > head.sequence);
      render();
      if (list.length) pump();
      return;
    }
    if (list.length === 1 && index === 0 && !head.waited && formSequence() === head.sequence) {
      // Sent at once, its taps still on the screen: the answer shows them with the reason,
      // as without the queue; nothing waits, so nothing stops.
      write(t, []);
      if (!swap(answer.text, false)) window.location.reload();
      render();
      return;
    }
    var outcome = ["refused", "conflict", "closed"].indexOf(answer.outcome) >= 0
      ? answer.outcome : "refused";
    var reason = reasonIn(answer.text) || word("no-answer");
    if (index >= 0) {
      list[index].stopped = { outcome: outcome, reason: reason };
      write(t, list);
    }
    swap(answer.text, false);
    showStopped();
  }

  function noteArrived(number) {
    arrived.push(number);
    if (arrivedTimer) clearTimeout(arrivedTimer);
    arrivedTimer = setTimeout(function () { arrived = []; render(); }, ARRIVED_MS);
  }

  // The stopped deal's taps in the form (which the server's answer shows at the free place).
  function showStopped() {
    var t = token();
    var list = t ? read(t) : [];
    var form = queueForm();
    if (list.length && list[0].stopped && form) {
      fillTaps(form, list[0].body);
      field(form, "submission").value = list[0].submission;
    }
    render();
  }

  function render() {
    var t = token();
    var box = bar();
    if (!t || !box) return;
    var list = read(t);
    var text = box.querySelector(".offline-queue-text");
    box.hidden = !list.length;
    if (text) {
      text.textContent = sending && list.length
        ? word("sending")
        : word(list.length === 1 ? "waiting-one" : "waiting-many", { count: list.length });
    }
    box.classList.toggle("offline-queue-stopped", list.length > 0 && !!list[0].stopped);
    renderPending(list);
    renderStopped(list);
    renderTotals(list);
  }

  // The running totals (data-total, by data-seat) moved by the deals kept on the phone and by
  // those that arrived since the screen was drawn: the laptop's next screen has them all.
  function renderTotals(list) {
    var r = root();
    if (!r) return;
    var sums = {};
    moved.concat(list.filter(function (e) { return !e.stopped; }).map(function (e) {
      return e.changes;
    })).forEach(function (changes) {
      Object.keys(changes || {}).forEach(function (seat) {
        sums[seat] = (sums[seat] || 0) + changes[seat];
      });
    });
    r.querySelectorAll("[data-total][data-seat]").forEach(function (el) {
      var total = parseInt(el.getAttribute("data-total"), 10);
      if (isNaN(total)) return;
      var seat = el.getAttribute("data-seat");
      total += sums[seat] || 0;
      el.textContent = total < 0 ? "\u2212" + String(-total) : String(total);
      el.classList.toggle("total-waiting", !!sums[seat]);
    });
  }

  function renderPending(list) {
    var r = root();
    var slot = r && r.querySelector("[data-queue-pending]");
    if (!slot) return;
    slot.textContent = "";
    if (arrived.length) {
      var li = document.createElement("li");
      li.className = "queue-arrived";
      li.textContent = arrivedLine();
      slot.appendChild(li);
    }
    list.forEach(function (entry) {
      if (entry.stopped) return;
      var li = document.createElement("li");
      li.className = "queue-waiting";
      var title = titleOf(entry);
      li.textContent = (title ? title + ": " : "") + entry.words +
        (entry.value ? " " + entry.value : "") + " · " + word("pending");
      slot.appendChild(li);
    });
    slot.hidden = !slot.children.length;
  }

  // The deals that arrived in one line, "Spiel 15 bis 19 angekommen": a line each would push
  // the tiles down under the sticky bar at the foot, where a tap lands on the preview.
  function arrivedLine() {
    var first = arrived[0];
    var last = arrived[arrived.length - 1];
    if (first === last) return word("arrived", { title: word("title", { number: first }) });
    return word("arrived-many", { first: first, last: last });
  }

  function renderStopped(list) {
    var r = root();
    if (!r) return;
    var old = r.querySelector(".queue-stopped");
    if (old) old.remove();
    if (!list.length || !list[0].stopped) return;
    var head = list[0];
    var panel = document.createElement("div");
    panel.className = "queue-stopped message message-error";
    panel.setAttribute("role", "alert");
    var says = document.createElement("p");
    says.textContent = word(head.stopped.outcome, { title: titleOf(head) || head.words }) +
      " " + head.stopped.reason + (list.length > 1 ? " " + word("behind") : "");
    panel.appendChild(says);
    var what = document.createElement("p");
    what.className = "queue-stopped-deal";
    what.textContent = (titleOf(head) ? titleOf(head) + ": " : "") + head.words;
    panel.appendChild(what);
    var buttons = document.createElement("p");
    buttons.className = "actions";
    var form = queueForm();
    if (form) buttons.appendChild(button(word("mend"), "queue-mend", function () {
      form.requestSubmit();
    }));
    buttons.appendChild(button(dropArmed ? word("drop-confirm") : word("drop"),
      "queue-drop button-secondary", drop));
    panel.appendChild(buttons);
    if (form) form.parentNode.insertBefore(panel, form);
    else {
      var slot = r.querySelector("[data-queue-pending]");
      (slot || r.firstElementChild).after(panel);
    }
  }

  function button(label, className, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }

  // "Verwerfen" takes two taps: the first arms it, the second drops the deal. A refused
  // deal's place is free, and the deals behind it move up into it; a conflicting one's place
  // holds the other phone's deal, so they keep theirs (the server judges each on arrival).
  function drop() {
    if (!dropArmed) { dropArmed = true; render(); return; }
    dropArmed = false;
    var t = token();
    var list = read(t);
    if (!list.length || !list[0].stopped) return render();
    var form = queueForm();
    var head = list.shift();
    if (head.stopped.outcome === "refused" && list.length) {
      renumber(list, 0, head.sequence, head.number);
    }
    write(t, list);
    if (form) {
      clearTaps(form);
      field(form, "submission").value = newSubmission();
    }
    // The table takes no more deals: its page as the server has it now (the final totals).
    if (!list.length && (!form || head.stopped.outcome === "closed")) {
      window.location.reload();
      return;
    }
    moveOn();
    render();
    pump();
  }

  // A tap on "Spiel N eintragen": kept first, then sent. A stopped deal's form saves that
  // deal again as mended (its id kept); the deals behind it follow its place.
  function onSubmit(event) {
    var form = event.target;
    if (!form.matches || !form.matches('form[data-queue="deal"]')) return;
    var t = token();
    if (!t || !root().contains(form) || !window.localStorage) return; // the plain post
    event.preventDefault();
    event.stopPropagation(); // htmx's own post of the form: the queue sends it instead
    dropArmed = false;
    arrived = [];
    var list = read(t);
    var entry = entryOf(form);
    if (list.length && list[0].stopped) {
      entry.at = list[0].at;
      list[0] = entry;
      renumber(list, 1, entry.sequence + 1, entry.number ? entry.number +
        (entry.counts ? 1 : 0) : null);
      write(t, list);
      render();
      pump();
      return;
    }
    var away = list.length > 0 || !navigator.onLine || retry;
    if (away && !tapped(form)) return; // nothing tapped: nothing to keep (online, the hint)
    list.push(entry);
    write(t, list);
    // Online and alone in the queue: the answer swaps the screen (one request, as before).
    // Else it waits behind others, or the Wi-Fi is gone: the form moves on at once.
    if (away) advance(form, entry);
    render();
    pump();
  }

  // On opening the page: the deals kept for this table listed, the form past them, and sent.
  function start() {
    var t = token();
    if (!t) return;
    var list = read(t);
    var form = queueForm();
    if (list.length && form && list[0].stopped) showStopped();
    else moveOn();
    seen();
    render();
    pump();
  }

  // Marks the screen as handled: a screen htmx swaps in later is not marked.
  function seen() {
    var r = root();
    if (!r || r.hasAttribute("data-queue-seen")) return false;
    r.setAttribute("data-queue-seen", "");
    return true;
  }

  document.addEventListener("submit", onSubmit, true);
  window.addEventListener("online", function () { pump(); });
  // A screen htmx swapped (a correction, a confirmation): the queue's lines and a stopped
  // deal's taps shown on it again.
  document.addEventListener("htmx:afterSwap", function () {
    if (!seen()) return; // a part of the screen (the preview), not a new screen
    later = null;
    var t = token();
    var list = t ? read(t) : [];
    if (list.length && list[0].stopped) showStopped();
    else moveOn();
    render();
  });
  // An htmx request (the live preview) that failed while the queue waits: the bar says why;
  // "please tap again" would send the captain astray.
  document.addEventListener("htmx:sendError", function () {
    var t = token();
    var box = document.getElementById("request-problem");
    if (box && t && (read(t).length || !navigator.onLine)) box.hidden = true;
  });
  window.setInterval(function () {
    var t = token();
    if (t && read(t).length && !sending) pump();
  }, RETRY_MS * 3);
  window.setInterval(function () {
    var t = token();
    var form = queueForm();
    if (!later || sending || (t && read(t).length) || (form && touched(form))) return;
    swap(later, false);
    render();
  }, RETRY_MS);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
