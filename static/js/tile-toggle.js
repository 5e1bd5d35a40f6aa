// The deal form's tiles (scoring/_deal_fields.html): a second tap on a selected radio tile
// (a player, a game, a result) deselects it, as it does for the checkbox tiles (Hand, Ruten,
// Durch). Without it a tap could never be taken back. The change event lets htmx update the
// preview, as after any tap.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var label = event.target.closest && event.target.closest("label.tile");
    if (!label) return;
    var input = document.getElementById(label.htmlFor);
    if (!input || input.type !== "radio" || !input.checked) return;
    event.preventDefault(); // the label would select its radio again
    input.checked = false;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();

// The minus button beside "Value on the paper sheet": a phone's digit pad (iOS) has no minus,
// and most written values are negative. A tap turns the number's sign; with nothing typed yet,
// the digits typed next are negative (the button shows pressed). The input event updates the
// preview as typing does.
(function () {
  "use strict";
  function signButton(field) {
    return field.id ? document.querySelector('button[data-sign-for="' + field.id + '"]') : null;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-sign-for]");
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-sign-for"));
    if (!field) return;
    var number = parseInt(field.value, 10);
    if (isNaN(number) || number === 0) {
      button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
      field.focus();
      return;
    }
    field.value = String(-number);
    button.setAttribute("aria-pressed", String(number > 0));
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("input", function (event) {
    var button = signButton(event.target);
    if (!button) return;
    var number = parseInt(event.target.value, 10);
    if (number > 0 && button.getAttribute("aria-pressed") === "true") {
      event.target.value = String(-number);
    } else if (number < 0) {
      button.setAttribute("aria-pressed", "true");
    }
  }, true);  // before htmx's listener on the form reads the value
})();

// The deal form's preview asks on "deal-tap" at once and on "deal-typed" once the typing pauses
// (hx-trigger in scoring/_deal_form.html and deal_correct.html): a tile or box changed, or the
// value on the paper sheet typed. htmx could tell them apart itself with event filters, but
// those are compiled with eval, which the Content-Security-Policy forbids.
(function () {
  "use strict";
  function tell(field, name) {
    field.dispatchEvent(new CustomEvent(name, { bubbles: true }));
  }
  function typed(field) {
    return field.name === "written_value" || field.classList.contains("number-input");
  }
  document.addEventListener("change", function (event) {
    if (!typed(event.target)) tell(event.target, "deal-tap");
  });
  document.addEventListener("input", function (event) {
    if (typed(event.target)) tell(event.target, "deal-typed");
  });
})();

// A rule set's number (a bid, scoring/deal_tiles.py): the buttons beside it step it by one
// within its bounds (an empty box starts at its lowest); the input event updates the preview
// as typing does.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-step-for]");
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-step-for"));
    if (!field) return;
    var low = parseInt(field.min, 10), high = parseInt(field.max, 10);
    var number = parseInt(field.value, 10);
    var step = parseInt(button.getAttribute("data-step"), 10);
    // A number of given values (Skat's bids: 18, 20, 22, 23, …) steps to the next of them.
    var values = (field.getAttribute("data-steps") || "").split(" ").filter(Boolean).map(Number);
    if (isNaN(number)) {
      number = low;
    } else if (values.length) {
      var next = values.filter(function (v) { return step > 0 ? v > number : v < number; });
      number = next.length ? (step > 0 ? next[0] : next[next.length - 1]) : number;
    } else {
      number += step;
    }
    field.value = String(Math.min(high, Math.max(low, number)));
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();

// A tile that is the whole deal (Preisskat's "eingepasst", data-saves): on the captain's new
// deal (the queue's form) one tap takes every other tap back and saves the deal, through the
// queue as the save button does; no preview is asked for. On a correction, or without
// JavaScript, it is a tile like any other.
(function () {
  "use strict";
  document.addEventListener(
    "change",
    function (event) {
      var input = event.target;
      if (!input.matches || !input.matches("input.tile-input[data-saves]") || !input.checked) {
        return;
      }
      var form = input.form;
      if (!form || form.getAttribute("data-queue") !== "deal") return;
      event.stopPropagation(); // htmx's preview: the save answers with the next deal's screen
      form.querySelectorAll("input.tile-input").forEach(function (other) {
        if (other !== input) other.checked = false;
      });
      form.requestSubmit();
    },
    true,
  );
})();
