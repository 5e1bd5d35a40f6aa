// The registration desk (night page): after a tap in the directory list the organiser goes on
// where he was. The tapped player leaves the list; the focus goes back to the search box (its
// text kept, selected, so that the next name simply replaces it) or, when nothing was typed,
// to the player who took the tapped one's place. No scrolling: the page stays where it was.
(function () {
  "use strict";
  var tappedRow = -1;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var row = event.target.closest("#desk-directory li");
    tappedRow = row ? Array.prototype.indexOf.call(row.parentNode.children, row) : -1;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (tappedRow < 0 || event.target.id !== "desk-directory") return;
    var search = document.getElementById("player-search");
    var rows = event.target.querySelectorAll("li");
    var row = rows[Math.min(tappedRow, rows.length - 1)];
    tappedRow = -1;
    if (search.value || !row) {
      search.focus({ preventScroll: true });
      search.select();
    } else {
      row.querySelector("button").focus({ preventScroll: true });
    }
  });
})();
