// What the captain's pages' scripts share, in one place (loaded before them, deferred like
// them): window.preisfipsenKit with
// - newId(): a version 4 UUID for a form's `submission` (crypto.randomUUID exists only in a
//   secure context; the club's plain HTTP is none);
// - badge(label): a <span class="badge"> with the label, as the seats' rows show the dealer
//   and a count.
// Used by offline-queue.js, race-taps.js and pot-deal.js.
(function () {
  "use strict";
  if (window.preisfipsenKit) return; // loaded twice: the first one stands

  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) {
      return (b + 0x100).toString(16).slice(1);
    }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20),
      hex.slice(20)].join("-");
  }

  function badge(label) {
    var span = document.createElement("span");
    span.className = "badge";
    span.textContent = label;
    return span;
  }

  window.preisfipsenKit = { newId: newId, badge: badge };
})();
