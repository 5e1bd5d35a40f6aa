// The registration desk (night page): after a tap in the directory list the organiser goes on
// where he was. The tapped player leaves the list; the focus goes back to the search box (its
// text kept, selected, so that the next name simply replaces it) or, when nothing was typed,
// to the player who took the tapped one's place. No scrolling: the page stays where it was.
(function () {
  "use strict";
  var tappedRow = -1;
  var tappedRegistration = null;

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
    var registration = event.target.closest(".registration");
    tappedRegistration = registration ? registration.id : null;
  });

  // What is scrolled to stops below the sticky count, however tall it is just now (a message
  // in it, the box of what to do): the CSS reads its height from --desk-bar-height.
  var bar = document.querySelector(".desk-bar");
  if (bar && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--desk-bar-height", bar.offsetHeight + "px");
    }).observe(bar);
  }

  // The registration just tapped stays in sight: the count and the message above the list
  // may grow with the answer (the box of what to do, a message), and the browser keeps the
  // list where it was, under them. The list moves down by what they cover, no more.
  function keepTappedInSight() {
    var row = tappedRegistration && document.getElementById(tappedRegistration);
    tappedRegistration = null;
    if (!row || !bar) return;
    var room = window.innerHeight - bar.getBoundingClientRect().bottom;
    var gap = Math.max(0, Math.min(8, room - row.offsetHeight));
    var covered = bar.getBoundingClientRect().bottom + gap - row.getBoundingClientRect().top;
    if (covered > 0) {
      window.scrollBy({ top: -covered, behavior: "instant" });
      return;
    }
    // Its foot off the screen (a taller row, the count shrunk above it): up into sight, as far
    // as the bar allows.
    var below = Math.ceil(row.getBoundingClientRect().bottom + gap - window.innerHeight);
    if (below > 0) window.scrollBy({ top: Math.min(below, -covered), behavior: "instant" });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.target;
    if (tappedRegistration && target.id === tappedRegistration) {
      // Once the count, the message and the open fees swapped in beside it have settled too.
      window.requestAnimationFrame(keepTappedInSight);
      return;
    }
    if (target.id === "walk-in") {
      // The walk-in form came back empty for the next one: its name field takes the keys.
      var field = target.querySelector("[autofocus]");
      if (field) {
        field.focus({ preventScroll: true });
        return;
      }
      // A mistake to correct, or a question (a similar name): its heading in view, not
      // under the count, and the first wrong field takes the keys.
      if (bar && target.getBoundingClientRect().top < bar.getBoundingClientRect().bottom) {
        target.scrollIntoView({ block: "start" });
      }
      var wrong = target.querySelector(".field-invalid input");
      if (wrong) wrong.focus({ preventScroll: true });
      return;
    }
    if (tappedRow < 0 || target.id !== "desk-directory") return;
    var search = document.getElementById("player-search");
    var rows = target.querySelectorAll("li");
    var row = rows[Math.min(tappedRow, rows.length - 1)];
    var active = document.activeElement;
    tappedRow = -1;
    // Moved on meanwhile (say to the walk-in form)? Then the focus stays there.
    if (active && active !== document.body && active !== search && !target.contains(active)) {
      return;
    }
    if (search.value || !row) {
      search.focus({ preventScroll: true });
      search.setSelectionRange(0, search.value.length);
    } else {
      row.querySelector("button").focus({ preventScroll: true });
    }
  });
})();
