// Tippen's captain page (templates/pots/table_pot.html) with the phone's queue
// (static/js/offline-queue.js): the queue posts the deal form as it stands, without the button
// tapped, so a tap on "Alle gepasst" or "Spiel N speichern" puts its action in the form's
// hidden `action` first. When the queue moves the form on to the next deal (the deal kept on
// the phone), every seat starts on "gepasst" again, the heading and the button name the next
// deal, and the deal passes one seat on (Tippen's dealer rotation; the chips wait for the
// laptop, which judges the deal). Without JavaScript the buttons post as before.
(function () {
  "use strict";
  var seen = { root: null, sequence: null };

  function root() { return document.getElementById("table-screen"); }
  function form() { var r = root(); return r && r.querySelector("form.pot-deal-form"); }
  function field(f, name) { return f.querySelector('input[name="' + name + '"]'); }

  var badge = window.preisfipsenKit.badge; // static/js/captain-kit.js

  function render() {
    var f = form();
    if (!f) return;
    var r = root();
    var sequence = parseInt(field(f, "sequence").value, 10) || 0;
    if (seen.root !== r) {
      // The server's screen, which the queue may have moved past its kept deals already.
      seen.root = r;
      // (the server's number is the section's: a hidden input's value is its attribute)
      seen.sequence = parseInt(f.closest("section").getAttribute("data-sequence"), 10) || sequence;
    }
    if (seen.sequence === sequence) return;
    seen.sequence = sequence;
    field(f, "action").value = "save";
    f.querySelectorAll("fieldset.pot-seat").forEach(function (set) {
      if (!set.querySelector("input:checked")) set.querySelector("input[type=radio]").checked = true;
    });
    var section = f.closest("section");
    var base = parseInt(section.getAttribute("data-sequence"), 10) || sequence;
    var rows = Array.prototype.slice.call(r.querySelectorAll(".totals li"));
    var dealer = (parseInt(section.getAttribute("data-dealer"), 10) + sequence - base) % rows.length;
    rows.forEach(function (row, seat) {
      row.classList.toggle("is-dealer", seat === dealer);
      row.querySelectorAll(".badge").forEach(function (old) { old.remove(); });
      if (seat === dealer) row.appendChild(badge(section.getAttribute("data-dealer-text")));
    });
    var name = rows[dealer].querySelector(".total-name").textContent;
    section.querySelector(".pot-deal-heading").textContent = section
      .getAttribute("data-heading-text").split("__N__").join(String(sequence))
      .split("__NAME__").join(name);
    f.querySelector(".pot-save").textContent = section
      .getAttribute("data-save-text").split("__N__").join(String(sequence));
    f.setAttribute("data-queue-number", String(sequence));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('button[name="action"]');
    var f = form();
    if (button && f && f.contains(button)) field(f, "action").value = button.value;
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
  render();
})();
