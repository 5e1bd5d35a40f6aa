// The race's trick taps (templates/races/table_race.html) kept on the page: a tap adds the
// trick's winner to the hidden `taps` field and updates the tallies, the badges, the heading
// and the notes, with no request, so the captain taps on while the laptop cannot be reached.
// The server judges the deal when it is saved (races/views.py); without this script every tap
// posts and the page comes back, as before. The rules here are only the screen's
// (races/screen.py): ten tricks end the game, five to one player short of ten are a sweep.
//
// With the phone's queue (static/js/offline-queue.js) the page shows the deals kept on the
// phone as if saved: the tallies, the game, the dealer and the deal's number are the server's
// page (its data-… attributes: a hidden input's value is its attribute, which the queue moves)
// plus the waiting deals of localStorage "preisfipsen.queue.<token>" (each its `body`,
// the form as posted). The hidden `taps` field is the one record of the taps: the queue may
// swap in the server's screen or put a stopped deal's taps back, and the page follows.
(function () {
  "use strict";
  var TARGET = 10;
  var TRICKS = 5;
  var PREFIX = "preisfipsen.queue.";
  var seen = { root: null, sequence: null };

  function root() { return document.getElementById("table-screen"); }
  function section() { var r = root(); return r && r.querySelector(".race-taps"); }
  function tapForm() { var s = section(); return s && s.querySelector("form.race-tap-form"); }
  function countForm() { var r = root(); return r && r.querySelector("form.race-count-form"); }
  function rows() { return Array.prototype.slice.call(root().querySelectorAll(".totals li")); }
  function input(form, name) { return form.querySelector('input[name="' + name + '"]'); }

  function text(name, replacements) {
    var value = section().getAttribute("data-" + name + "-text") || "";
    Object.keys(replacements).forEach(function (key) {
      value = value.split(key).join(String(replacements[key]));
    });
    return value;
  }

  function parseTaps(value, players) {
    var seats = [];
    String(value || "").split(",").slice(0, TRICKS).every(function (part) {
      var seat = /^\d{1,2}$/.test(part) ? parseInt(part, 10) : -1;
      if (seat < 0 || seat >= players) return false;
      seats.push(seat);
      return true;
    });
    return seats;
  }

  // A posted form's trick counts: its taps, or the counts typed.
  function countsOfBody(body, players) {
    var params = new URLSearchParams(body);
    var counts = [];
    for (var seat = 0; seat < players; seat += 1) counts.push(0);
    if (params.getAll("action").indexOf("save_counts") >= 0) {
      return counts.map(function (_, s) { return parseInt(params.get("count-" + s), 10) || 0; });
    }
    parseTaps(params.get("taps"), players).forEach(function (s) { counts[s] += 1; });
    return counts;
  }

  function swept(tally, count) { return count === TRICKS && tally + TRICKS <= TARGET; }

  function waiting(token, from, before) {
    var list;
    try { list = JSON.parse(localStorage.getItem(PREFIX + token) || "[]"); } catch (e) { list = []; }
    if (!Array.isArray(list)) return [];
    return list.filter(function (entry) {
      return !entry.stopped && entry.sequence >= from && entry.sequence < before;
    }).sort(function (a, b) { return a.sequence - b.sequence; });
  }

  // The server's page, then each waiting deal played on it: the tallies, games won, game number.
  function projected(sequence) {
    var r = root();
    var list = rows();
    var tallies = list.map(function (row) {
      return parseInt(row.querySelector(".race-tally").getAttribute("data-tally"), 10) || 0;
    });
    var won = Array.prototype.map.call(r.querySelectorAll(".race-won li"), function (li) {
      return parseInt(li.getAttribute("data-won"), 10) || 0;
    });
    var game = parseInt(r.querySelector("h1.table-heading").getAttribute("data-game"), 10) || 1;
    var base = parseInt(section().getAttribute("data-sequence"), 10) || sequence;
    waiting(r.getAttribute("data-table-token"), base, sequence).forEach(function (entry) {
      var counts = countsOfBody(entry.body, list.length);
      tallies = tallies.map(function (t, s) { return swept(t, counts[s]) ? t : t + counts[s]; });
      var winner = tallies.findIndex(function (t) { return t >= TARGET; });
      if (winner >= 0) {
        tallies = tallies.map(function () { return 0; });
        game += 1;
        if (winner < won.length) won[winner] += 1;
      }
    });
    return { tallies: tallies, won: won, game: game, moved: sequence - base };
  }

  function announcer(form) {
    var select = form.querySelector('select[name="announcer"]');
    var seat = select ? parseInt(select.value, 10) : 0;
    return seat > 0 ? seat - 1 : null;
  }

  // What the taps so far come to (races/screen.py's TapScreen).
  function tapScreen(tallies, taps, by) {
    var counts = tallies.map(function () { return 0; });
    taps.forEach(function (seat) { counts[seat] += 1; });
    var totals = tallies.map(function (t, s) { return swept(t, counts[s]) ? t : t + counts[s]; });
    var tenth = totals.findIndex(function (total) { return total >= TARGET; });
    return {
      counts: counts,
      totals: totals,
      tenth: tenth,
      sweeper: taps.length >= TRICKS && tenth < 0 ? counts.indexOf(TRICKS) : -1,
      failed: by !== null && taps.some(function (seat) { return seat !== by; }) ? by : -1,
      complete: taps.length >= TRICKS || tenth >= 0,
    };
  }

  // A form id for the next deal, and a seat's badge (static/js/captain-kit.js).
  var freshId = window.preisfipsenKit.newId;
  var badge = window.preisfipsenKit.badge;

  // Both forms save "the next deal": the queue moves the one it sent on; the other follows,
  // with an id of its own (the old one may be a saved deal's). A new deal starts untapped.
  function sync(taps, counts) {
    var forms = [taps, counts].filter(Boolean);
    var sequence = Math.max.apply(null, forms.map(function (form) {
      return parseInt(input(form, "sequence").value, 10) || 0;
    }));
    forms.forEach(function (form) {
      if (parseInt(input(form, "sequence").value, 10) === sequence) return;
      input(form, "sequence").value = String(sequence);
      input(form, "submission").value = freshId();
    });
    var r = root();
    if (seen.root !== r) {
      // A screen from the server: its taps are the deal's (kept, or put back by the queue);
      // the queue may have moved it past its kept deals already.
      seen.root = r;
      seen.sequence = parseInt(section().getAttribute("data-sequence"), 10) || sequence;
    }
    if (seen.sequence !== sequence) {
      seen.sequence = sequence;
      input(taps, "taps").value = "";
      input(taps, "action").value = "save_taps";
      forms.forEach(function (form) {
        form.querySelectorAll('input[type="number"]').forEach(function (n) { n.value = "0"; });
        var select = form.querySelector('select[name="announcer"]');
        if (select) select.value = "0";
      });
    }
    forms.forEach(function (form) { form.setAttribute("data-queue-number", String(sequence)); });
    return sequence;
  }

  // A stopped deal typed as counts comes back into the taps form (the queue knows one form):
  // it goes to the counts form, which mends it.
  function stoppedCounts(taps, counts) {
    var action = input(taps, "action");
    if (action.value !== "save_counts" || !counts) return;
    action.value = "save_taps";
    var r = root();
    var list = [];
    try { list = JSON.parse(localStorage.getItem(PREFIX + r.getAttribute("data-table-token")) || "[]"); } catch (e) { list = []; }
    if (!list.length || !list[0].stopped) return;
    var params = new URLSearchParams(list[0].body);
    counts.querySelectorAll('input[type="number"]').forEach(function (n) {
      n.value = params.get(n.name) || "0";
    });
    input(counts, "submission").value = list[0].submission;
    counts.closest("details").open = true;
  }

  function note(kind, message) {
    var line = document.createElement("p");
    line.className = "message message-" + kind;
    line.setAttribute("role", "status");
    line.textContent = message;
    return line;
  }

  function render() {
    var form = tapForm();
    if (!form) return;
    var counts = countForm();
    stoppedCounts(form, counts);
    var sequence = sync(form, counts);
    var list = rows();
    var names = list.map(function (row) { return row.querySelector(".total-name").textContent; });
    var now = projected(sequence);
    var taps = parseTaps(input(form, "taps").value, list.length);
    var screen = tapScreen(now.tallies, taps, announcer(form));
    var dealer = (parseInt(section().getAttribute("data-dealer"), 10) + now.moved) % list.length;
    input(form, "taps").value = taps.join(",");
    list.forEach(function (row, seat) {
      row.classList.toggle("has-tricks", screen.counts[seat] > 0);
      row.classList.toggle("is-dealer", seat === dealer);
      row.querySelector(".race-tally").textContent = String(screen.totals[seat]);
      row.querySelectorAll(".badge").forEach(function (old) { old.remove(); });
      if (seat === dealer) row.appendChild(badge(section().getAttribute("data-dealer-text")));
      if (screen.counts[seat]) row.appendChild(badge("+" + screen.counts[seat]));
    });
    renderTexts(form, counts, sequence, now, names);
    var heading = text("deal", { __N__: sequence });
    if (!screen.complete) heading += ": " + text("trick", { __T__: taps.length + 1 });
    section().querySelector(".race-deal-heading").textContent = heading;
    var notes = section().querySelector(".race-tap-notes");
    notes.textContent = "";
    if (screen.tenth >= 0) notes.appendChild(note("success", text("tenth", { __NAME__: names[screen.tenth] })));
    else if (screen.sweeper >= 0) notes.appendChild(note("success", text("sweep", { __NAME__: names[screen.sweeper] })));
    if (screen.failed >= 0) notes.appendChild(note("warning", text("failed", { __NAME__: names[screen.failed] })));
    form.querySelectorAll("button[data-seat]").forEach(function (b) { b.disabled = screen.complete; });
    form.querySelector(".race-save").disabled = !screen.complete;
    form.querySelector(".race-undo").disabled = taps.length === 0;
    wordsLabel(form, names.map(function (name, s) { return name + " " + screen.counts[s]; }));
  }

  function renderTexts(form, counts, sequence, now, names) {
    var r = root();
    var heading = r.querySelector("h1.table-heading");
    heading.textContent = heading.getAttribute("data-text").split("__N__").join(String(now.game));
    r.querySelectorAll(".race-won li").forEach(function (li, seat) {
      li.textContent = li.getAttribute("data-name") + ": " + now.won[seat];
    });
    form.querySelector(".race-save").textContent = text("save", { __N__: sequence });
    if (counts) {
      counts.querySelector(".race-save-counts").textContent = text("save-counts", { __N__: sequence });
      wordsLabel(counts, names.map(function (name, seat) {
        var typed = input(counts, "count-" + seat);
        return name + " " + (typed ? typed.value || "0" : "0");
      }));
    }
    // The last deal's correction names a deal the laptop may not have yet: not while waiting.
    var correction = r.querySelector(".race-correct");
    if (correction) correction.hidden = now.moved > 0;
  }

  // The deal in words for the queue's lines ("Anna 2, Bert 1, …"): the queue reads a checked
  // box's label (it knows no rule set).
  function wordsLabel(form, parts) {
    var box = form.querySelector(".race-queue-words input");
    if (!box) return;
    box.checked = true;
    form.querySelector(".race-queue-words label").textContent = parts.join(", ");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('button[name="action"]');
    var form = tapForm();
    if (!button || !form || !form.contains(button) || button.disabled) return;
    var seat = button.getAttribute("data-seat");
    var field = input(form, "taps");
    var taps = parseTaps(field.value, rows().length);
    if (seat !== null) {
      event.preventDefault();
      // "Entered: …" is the last deal's news: gone with the next tap, as when a tap posted.
      var news = root().querySelector(".messages");
      if (news) news.remove();
      if (taps.length < TRICKS) taps.push(parseInt(seat, 10));
    } else if (button.value === "undo") {
      event.preventDefault();
      taps.pop();
    } else {
      return;
    }
    field.value = taps.join(",");
    render();
  });
  document.addEventListener("change", function (event) {
    var form = tapForm();
    if (form && form.contains(event.target) && event.target.name === "announcer") render();
  });
  document.addEventListener("input", function (event) {
    var form = countForm();
    if (form && form.contains(event.target)) render();
  });
  // The queue changed (a deal kept, sent, dropped): after its own steps on the form.
  document.addEventListener("preisfipsen:queue", function () { setTimeout(render, 0); });
  // The queue swapped in the server's screen, or moved the form on (a hidden input's value is
  // its attribute): the page follows.
  new MutationObserver(function (records) {
    var moved = records.some(function (r) { return r.target.name === "sequence"; });
    if (moved || root() !== seen.root) render();
  }).observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["value"],
  });
  window.addEventListener("storage", function (event) {
    if (event.key && event.key.indexOf(PREFIX) === 0) render();
  });

  render();
})();
