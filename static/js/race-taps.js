// The race's trick taps (templates/races/table_race.html) kept on the page: a tap adds the
// trick's winner to the hidden `taps` field and updates the tallies, the badges, the heading
// and the notes, with no request, so the captain taps on while the laptop cannot be reached.
// The server judges the deal when it is saved (races/views.py); without this script every tap
// posts and the page comes back, as before. The rules here are only the screen's
// (races/screen.py): ten tricks end the game, five to one player short of ten are a sweep.
(function () {
  "use strict";
  var TARGET = 10;
  var TRICKS = 5;
  var screen = document.getElementById("table-screen");
  var section = screen && screen.querySelector(".race-taps");
  var form = section && section.querySelector("form.race-tap-form");
  if (!form) return;
  var field = form.querySelector('input[name="taps"]');
  var rows = Array.prototype.slice.call(screen.querySelectorAll(".totals li"));
  var taps = parse(field.value);

  function parse(text) {
    var seats = [];
    text.split(",").slice(0, TRICKS).every(function (part) {
      var seat = /^\d{1,2}$/.test(part) ? parseInt(part, 10) : -1;
      if (seat < 0 || seat >= rows.length) return false;
      seats.push(seat);
      return true;
    });
    return seats;
  }

  function text(name, replacements) {
    var value = section.getAttribute("data-" + name + "-text") || "";
    Object.keys(replacements).forEach(function (key) {
      value = value.split(key).join(String(replacements[key]));
    });
    return value;
  }

  function nameOf(seat) {
    return rows[seat].querySelector(".total-name").textContent;
  }

  function announcer() {
    var select = form.querySelector('select[name="announcer"]');
    var seat = select ? parseInt(select.value, 10) : 0;
    return seat > 0 ? seat - 1 : null;
  }

  // What the taps so far come to (races/screen.py's TapScreen).
  function tapScreen() {
    var counts = rows.map(function () { return 0; });
    taps.forEach(function (seat) { counts[seat] += 1; });
    var totals = rows.map(function (row, seat) {
      var tally = parseInt(row.querySelector(".race-tally").getAttribute("data-tally"), 10) || 0;
      var swept = counts[seat] === TRICKS && tally + TRICKS <= TARGET;
      return swept ? tally : tally + counts[seat];
    });
    var tenth = totals.findIndex(function (total) { return total >= TARGET; });
    var sweeper = taps.length >= TRICKS && tenth < 0 ? counts.indexOf(TRICKS) : -1;
    var by = announcer();
    var failed = by !== null && taps.some(function (seat) { return seat !== by; }) ? by : -1;
    return {
      counts: counts, totals: totals, tenth: tenth, sweeper: sweeper, failed: failed,
      complete: taps.length >= TRICKS || tenth >= 0,
    };
  }

  // A row's badges are plain (tests read them so): the tricks' says "+2", the dealer's his word.
  function badgeOf(row, matches) {
    return Array.prototype.find.call(row.querySelectorAll(".badge"), function (badge) {
      return matches(badge.textContent);
    }) || null;
  }

  function note(kind, message) {
    var line = document.createElement("p");
    line.className = "message message-" + kind;
    line.setAttribute("role", "status");
    line.textContent = message;
    return line;
  }

  function render() {
    var now = tapScreen();
    field.value = taps.join(",");
    rows.forEach(function (row, seat) {
      row.classList.toggle("has-tricks", now.counts[seat] > 0);
      row.querySelector(".race-tally").textContent = String(now.totals[seat]);
      var badge = badgeOf(row, function (label) { return label.charAt(0) === "+"; });
      if (now.counts[seat] > 0 && !badge) {
        badge = document.createElement("span");
        badge.className = "badge";
        row.appendChild(badge);
      }
      if (badge && now.counts[seat] > 0) badge.textContent = "+" + now.counts[seat];
      else if (badge) badge.remove();
    });
    var sequence = form.querySelector('input[name="sequence"]').value;
    var heading = text("deal", { __N__: sequence });
    if (!now.complete) heading += ": " + text("trick", { __T__: taps.length + 1 });
    section.querySelector(".race-deal-heading").textContent = heading;
    var notes = section.querySelector(".race-tap-notes");
    notes.textContent = "";
    if (now.tenth >= 0) notes.appendChild(note("success", text("tenth", { __NAME__: nameOf(now.tenth) })));
    else if (now.sweeper >= 0) notes.appendChild(note("success", text("sweep", { __NAME__: nameOf(now.sweeper) })));
    if (now.failed >= 0) notes.appendChild(note("warning", text("failed", { __NAME__: nameOf(now.failed) })));
    form.querySelectorAll("button[data-seat]").forEach(function (button) {
      button.disabled = now.complete;
    });
    form.querySelector(".race-save").disabled = !now.complete;
    form.querySelector(".race-undo").disabled = taps.length === 0;
    return now;
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('button[name="action"]');
    if (!button || button.disabled) return;
    var seat = button.getAttribute("data-seat");
    if (seat !== null) {
      event.preventDefault();
      if (!tapScreen().complete) taps.push(parseInt(seat, 10));
      render();
    } else if (button.value === "undo") {
      event.preventDefault();
      taps.pop();
      render();
    }
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "announcer") render();
  });

  // The next deal on the page, before the laptop has judged this one (the phone's queue keeps
  // it): the tallies it leaves, a new game after a tenth trick, the deal's number, a fresh
  // form id, the dealer one seat on (the deal passes to the left after every deal).
  function nextDeal(counts) {
    var tallies = rows.map(function (row, seat) {
      var tally = parseInt(row.querySelector(".race-tally").getAttribute("data-tally"), 10) || 0;
      var swept = counts[seat] === TRICKS && tally + TRICKS <= TARGET;
      return swept ? tally : tally + counts[seat];
    });
    var winner = tallies.findIndex(function (tally) { return tally >= TARGET; });
    if (winner >= 0) {
      tallies = tallies.map(function () { return 0; });
      newGame(winner);
    }
    rows.forEach(function (row, seat) {
      row.querySelector(".race-tally").setAttribute("data-tally", String(tallies[seat]));
    });
    moveDealer();
    var sequence = parseInt(form.querySelector('input[name="sequence"]').value, 10) + 1;
    screen.querySelectorAll("form[data-queue] input[name=sequence]").forEach(function (input) {
      input.value = String(sequence);
    });
    screen.querySelectorAll("form[data-queue] input[name=submission]").forEach(function (input) {
      input.value = freshId();
    });
    var save = form.querySelector(".race-save");
    save.textContent = text("save", { __N__: sequence });
    var saveCounts = screen.querySelector(".race-save-counts");
    if (saveCounts) saveCounts.textContent = text("save-counts", { __N__: sequence });
    screen.querySelectorAll(".race-count-form input[type=number]").forEach(function (input) {
      input.value = "0";
    });
    var select = form.querySelector('select[name="announcer"]');
    if (select) select.value = "0";
    // The last deal's correction names a deal the laptop may not have yet: not while waiting.
    var correction = screen.querySelector(".race-correct");
    if (correction) correction.hidden = true;
    taps = [];
    render();
  }

  function newGame(winner) {
    var heading = screen.querySelector("h1.table-heading");
    var number = parseInt(heading.getAttribute("data-game"), 10) + 1;
    heading.setAttribute("data-game", String(number));
    heading.textContent = heading.getAttribute("data-text").split("__N__").join(String(number));
    var won = screen.querySelectorAll(".race-won li")[winner];
    if (won) {
      var games = parseInt(won.getAttribute("data-won"), 10) + 1;
      won.setAttribute("data-won", String(games));
      won.textContent = won.getAttribute("data-name") + ": " + games;
    }
  }

  function moveDealer() {
    var dealer = rows.findIndex(function (row) { return row.classList.contains("is-dealer"); });
    if (dealer < 0) return;
    var next = (dealer + 1) % rows.length;
    var dealerText = section.getAttribute("data-dealer-text");
    var badge = badgeOf(rows[dealer], function (label) { return label === dealerText; });
    rows[dealer].classList.remove("is-dealer");
    rows[next].classList.add("is-dealer");
    if (badge) rows[next].querySelector(".race-tally").after(badge);
  }

  // A form id for the next deal (crypto.randomUUID needs a secure context; the club's plain
  // HTTP is none).
  function freshId() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); });
    return [0, 4, 6, 8, 10].map(function (start, index, starts) {
      return hex.slice(start, starts[index + 1] || 16).join("");
    }).join("-");
  }

  function countsOf(sent) {
    var counts = rows.map(function () { return 0; });
    if (sent === form) {
      taps.forEach(function (seat) { counts[seat] += 1; });
    } else {
      rows.forEach(function (row, seat) {
        var input = sent.querySelector('input[name="count-' + seat + '"]');
        counts[seat] = input ? parseInt(input.value, 10) || 0 : 0;
      });
    }
    return counts;
  }

  // The queue (static/js/offline-queue.js) says a deal of this page is kept on the phone.
  document.addEventListener("preisfipsen:queued", function (event) {
    var sent = event.detail && event.detail.form;
    if (!sent || !screen.contains(sent)) return;
    nextDeal(countsOf(sent));
  });

  render();
})();
