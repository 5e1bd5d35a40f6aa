// The new-tournament form: only the chosen rule set's options are shown, and only the fields it
// reads (data-shown-for: the deal counts of the table sizes it seats, the tie-break, the
// Preisfipsen tick). Without JavaScript every rule set's options stand under its name and
// every field shows; the server reads only what the chosen rule set uses.
(function () {
  "use strict";
  var form = document.querySelector("form[data-rule-options]");
  if (!form) return;
  function update() {
    var chosen = form.querySelector('input[name="rule_set"]:checked');
    var groups = form.querySelectorAll("fieldset.rule-options");
    for (var i = 0; i < groups.length; i++) {
      groups[i].hidden = chosen !== null && groups[i].dataset.rules !== chosen.value;
    }
    // The deal counts, the tie-break, the Preisfipsen tick: only where the rule set reads them.
    var sized = form.querySelectorAll("[data-shown-for]");
    for (var j = 0; j < sized.length; j++) {
      var readers = sized[j].dataset.shownFor.split(" ");
      sized[j].hidden = chosen !== null && readers.indexOf(chosen.value) === -1;
    }
  }
  // The deal counts, the tie-break and the name show the chosen rule set's own (a Skat list is
  // 48 deals and a "Preisskat", a Fipsen table 100): a value the organiser changed stays;
  // defaults_of tells the server whose defaults the fields show.
  var defaults = JSON.parse(form.dataset.ruleDefaults || "{}");
  function showDefaults() {
    var chosen = form.querySelector('input[name="rule_set"]:checked');
    var shownFor = form.elements.defaults_of;
    if (!chosen || !shownFor || !defaults[chosen.value]) return;
    var before = defaults[shownFor.value] || {};
    var now = defaults[chosen.value];
    Object.keys(now).forEach(function (name) {
      var field = form.elements[name];
      if (field && !field.disabled && String(field.value) === String(before[name])) {
        field.value = now[name];
      }
    });
    shownFor.value = chosen.value;
  }
  form.addEventListener("change", function (event) {
    if (event.target.name === "rule_set") {
      showDefaults();
      update();
    }
  });
  update();
})();
