// The new-tournament form: only the chosen rule set's options are shown. Without JavaScript
// every rule set's options stand under its name, and the server reads the chosen one's only.
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
  }
  form.addEventListener("change", function (event) {
    if (event.target.name === "rule_set") update();
  });
  update();
})();
