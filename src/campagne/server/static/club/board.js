/* The map as the board: a click on a piece the player may order selects it (its forms are drawn beside the map),
   its places and targets light up from the orders box's #board-targets (drawn by the server from the game's legal
   orders), and a click on one of them gives its order through its form. Zoom buttons scale the map in its frame.
   Without this script the forms and the piece list do everything. */
(function () {
  "use strict";
  var zoom = 1;
  function esc(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&"); }
  function light() {
    var map = document.querySelector("#board svg"), box = document.getElementById("board-targets");
    if (!map) { return; }
    map.style.width = (zoom * 100) + "%";
    map.querySelectorAll(".board-selected, .board-spot").forEach(function (el) {
      el.classList.remove("board-selected", "board-spot");
      el.removeAttribute("data-form");
    });
    map.querySelectorAll(".board-cost").forEach(function (el) { el.remove(); });
    if (!box) { return; }
    var sel = box.getAttribute("data-selected");
    if (sel) {
      map.querySelectorAll('[data-thing="' + esc(sel) + '"]').forEach(function (el) { el.classList.add("board-selected"); });
    }
    box.querySelectorAll("i[data-spot]").forEach(function (spot) {
      var s = esc(spot.getAttribute("data-spot"));
      map.querySelectorAll('[data-place="' + s + '"], [data-thing="' + s + '"]').forEach(function (el) {
        if (el.hasAttribute("data-form")) { return; }
        el.classList.add("board-spot");
        ["data-form", "data-field", "data-value", "data-auto"].forEach(function (a) { el.setAttribute(a, spot.getAttribute(a)); });
        var t = el.querySelector("title");
        if (!t) { t = document.createElementNS("http://www.w3.org/2000/svg", "title"); el.appendChild(t); }
        t.textContent = spot.getAttribute("title");
        cost(el, spot.getAttribute("data-cost"));
      });
    });
  }
  // what a spot costs (action or movement points, loot), written on it
  function cost(el, words) {
    if (!words || !el.getBBox || !el.parentNode) { return; }
    var box = el.getBBox(), t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("class", "board-cost");
    t.setAttribute("x", box.x + box.width / 2);
    t.setAttribute("y", box.y + box.height / 2);
    t.textContent = words;
    el.parentNode.insertBefore(t, el.nextSibling);
  }
  function give(el) {
    var form = document.getElementById(el.getAttribute("data-form"));
    if (!form) { return; }
    var input = form.querySelector('[name="' + el.getAttribute("data-field") + '"]');
    if (input) { input.value = el.getAttribute("data-value"); }
    if (el.getAttribute("data-auto") === "1") {
      if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
    } else {
      form.scrollIntoView({block: "nearest"});
      var next = form.querySelector("select, input:not([type=hidden])");
      if (next) { next.focus(); }
    }
  }
  document.addEventListener("click", function (ev) {
    var zoomer = ev.target.closest && ev.target.closest("button.zoom");
    if (zoomer) {
      zoom = Math.min(4, Math.max(1, zoom * (zoomer.getAttribute("data-zoom") === "1" ? 1.5 : 1 / 1.5)));
      light();
      return;
    }
    if (!ev.target.closest || !ev.target.closest("#board svg")) { return; }
    // a lit spot clicked gives its order; a piece of one's own selects it; else a lit place under what was
    // clicked (a counter of another side standing on it) is what the click means
    var spot = ev.target.closest(".board-spot");
    var piece = ev.target.closest("[data-orders]");
    if (!spot && !piece) {
      var under = document.elementsFromPoint ? document.elementsFromPoint(ev.clientX, ev.clientY) : [];
      for (var i = 0; !spot && i < under.length; i++) { spot = under[i].closest && under[i].closest(".board-spot"); }
    }
    if (spot) { ev.preventDefault(); give(spot); return; }
    var box = document.getElementById("board-targets");
    if (piece && box && window.htmx) {
      ev.preventDefault();
      htmx.ajax("GET", box.getAttribute("data-orders-url") + "?sel=" + encodeURIComponent(piece.getAttribute("data-thing")),
                {target: "#orders", swap: "innerHTML"});
    }
  });
  document.addEventListener("htmx:afterSettle", light);
  document.addEventListener("DOMContentLoaded", light);
})();
