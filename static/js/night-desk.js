// The registration desk (night page): after a tap in the directory list the organiser goes on
// where he was. The tapped player leaves the list; the focus goes back to the search box (its
// text kept, selected, so that the next name simply replaces it) or, when nothing was typed,
// to the player who took the tapped one's place. No scrolling: the page stays where it was.
(function () {
  "use strict";
  var tappedRow = -1;

  // A tap answers with the list for what the search box says now (the form's own copy is
  // for pages without JavaScript); searches and taps take turns (hx-sync), never overlap.
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.target.closest("#desk-directory")) {
      event.detail.parameters.q = document.getElementById("player-search").value;
    }
  });

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
      search.setSelectionRange(0, search.value.length);
    } else {
      row.querySelector("button").focus({ preventScroll: true });
    }
  });
})();
