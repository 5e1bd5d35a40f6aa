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
