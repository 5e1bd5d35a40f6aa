// Every page's htmx requests: when one fails, a line at the top of the screen says so in
// words (the texts come translated from base.html). htmx swaps nothing on a failed request, so
// the taps and what was typed stay on the screen, ready to be sent again.
(function () {
  "use strict";
  function show(kind) {
    var box = document.getElementById("request-problem");
    if (!box) return;
    box.textContent = box.getAttribute("data-" + kind);
    box.hidden = false;
  }
  document.addEventListener("htmx:responseError", function () { show("response-error"); });
  document.addEventListener("htmx:sendError", function () { show("send-error"); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var box = document.getElementById("request-problem");
    if (box && event.detail.successful) box.hidden = true;
  });
})();
