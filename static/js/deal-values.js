// The deal's value while the laptop cannot be reached (issue 29): the live preview asks the
// laptop on every tap (scoring/_deal_form.html); when that request fails, the preview box
// shows the value from the table the page brought along (#deal-values, computed by the rules
// module: scoring/offline_values.py) and says that the laptop checks the deal once the Wi-Fi
// is back. Nothing here knows a rule set: the taps are looked up as "contract|flags|result"
// (and "|name=value,…" for a rule set's numbers).
// The value of the taps and each seat's change also go onto the form (data-queue-value,
// data-queue-changes) for static/js/offline-queue.js: its list of kept deals shows the value,
// and the running totals move by the changes until the laptop's screen comes back.
(function () {
  "use strict";
  var table;

  function values() {
    if (table === undefined) {
      var source = document.getElementById("deal-values");
      try {
        table = source ? JSON.parse(source.textContent) : null;
      } catch (e) {
        table = null;
      }
    }
    return table;
  }

  function dealForm() { return document.querySelector('#table-screen form[data-queue="deal"]'); }

  function checked(form, name) {
    return form.querySelector('input[name="' + name + '"]:checked');
  }

  // The taps' entry in the table, or null (no game tapped yet, or none the rules make).
  function entryOf(form) {
    var known = values();
    var contract = checked(form, "contract");
    if (!known || !contract) return null;
    var flags = known.flags.filter(function (name) { return checked(form, name); }).sort();
    var result = checked(form, "result");
    var key = contract.value + "|" + flags.join(",") + "|" + (result ? result.value : "");
    var numbers = (known.numbers || []).map(function (name) {
      var field = form.querySelector('input[name="' + name + '"]');
      return field && field.value !== "" ? name + "=" + parseInt(field.value, 10) : null;
    }).filter(function (typed) { return typed !== null; });
    if (numbers.length) key += "|" + numbers.join(",");
    return known.values[key] || null;
  }

  // The taps' value and each seat's change on the form, for the queue: the declarer's gain,
  // each other player's of the deal (those offered as declarer: at a five the dealer sits out).
  function noteValue(form) {
    var entry = entryOf(form);
    var declarer = checked(form, "declarer");
    if (entry && entry.value) form.setAttribute("data-queue-value", entry.value);
    else form.removeAttribute("data-queue-value");
    if (!entry || (entry.declarer && !declarer)) {
      form.removeAttribute("data-queue-changes");
      return;
    }
    var changes = {};
    if (entry.each) {
      form.querySelectorAll('input[name="declarer"]').forEach(function (seat) {
        changes[seat.value] = entry.each;
      });
    }
    if (declarer) changes[declarer.value] = entry.gain;
    form.setAttribute("data-queue-changes", JSON.stringify(changes));
  }

  // The preview box filled from the table, with what the laptop will do.
  function showOffline(form) {
    var box = document.getElementById("deal-preview");
    var known = values();
    if (!box || !known || !form.contains(box) || !checked(form, "contract")) return;
    var entry = entryOf(form);
    var missing = entry && entry.declarer && !checked(form, "declarer");
    box.textContent = "";
    var says = document.createElement("div");
    says.className = "preview-game";
    says.textContent = !entry ? known.words.unknown : missing ? known.words.declarer : entry.preview;
    box.appendChild(says);
    if (entry && !missing) {
      var note = document.createElement("div");
      note.className = "preview-offline-note";
      note.textContent = known.words.checked;
      box.appendChild(note);
    }
    box.className = "preview " + (entry && !missing ? "preview-ok" : "preview-hint") +
      " preview-offline";
    box.setAttribute("role", "status");
  }

  document.addEventListener("change", function (event) {
    var form = dealForm();
    if (!form || !form.contains(event.target)) return;
    noteValue(form);
    if (!navigator.onLine) showOffline(form);
  });
  // The preview's request failed: the phone is offline, or the laptop not reached (a proxy's
  // 502, 503, 504, as offline-queue.js counts them).
  function failed(event) {
    var form = dealForm();
    if (form && form.contains(event.target)) showOffline(form);
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if ([502, 503, 504].indexOf(status) >= 0) failed(event);
  });
})();
