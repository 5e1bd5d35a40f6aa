// The captain's screen after a save (issue 29), the scored one, the race's and Tippen's: on a
// small phone the captain had scrolled down to the result's tiles, and the new screen kept that
// place, so the status line ("Eingetragen: …") and the receipt under it were above the screen.
// When the receipt is not wholly in view, the status line is brought to the top: what was
// saved, its receipt, then the next deal's first tiles. A screen on which it is in view (a
// large phone) does not move.
(function () {
  "use strict";
  if (window.preisfipsenReceiptInView) return; // loaded twice: the first one stands
  window.preisfipsenReceiptInView = true;

  document.addEventListener("htmx:afterSwap", function (event) {
    // The whole screen swapped (by the queue, or by htmx: its target the screen replaced),
    // not a part of it: the live preview swaps while the captain taps, and must not move it.
    var target = (event.detail && event.detail.target) || event.target;
    if (!target || target.id !== "table-screen") return;
    // Once the other scripts have had the swap too (the queue's lines, the heading): what
    // they change above the receipt moves it.
    window.requestAnimationFrame(inView);
  });

  function inView() {
    var screen = document.getElementById("table-screen");
    var receipt = screen && screen.querySelector(".receipt-compact");
    if (!receipt) return;
    var box = receipt.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    (statusAbove(screen, receipt) || receipt).scrollIntoView({ block: "start" });
  }

  // What was just saved: the scored screen's status line, the race's and Tippen's messages.
  // The nearest one above the receipt: Tippen's pot line, a refusal's line come under it.
  function statusAbove(screen, receipt) {
    var lines = screen.querySelectorAll(".status-line, .messages");
    for (var i = lines.length - 1; i >= 0; i--) {
      var before = lines[i].compareDocumentPosition(receipt) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (before) return lines[i];
    }
    return null;
  }
})();
