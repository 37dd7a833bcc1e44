/**
 * The report's inline script: status, text, level and tag filters over the test rows. It reads only the
 * data-* attributes and text already in the page (no data is embedded in the script, so nothing the server
 * sent can end up inside <script>). Without JavaScript the filter bar stays hidden and every row is shown.
 */
export const SCRIPT = String.raw`
(function () {
  "use strict";
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.t"));
  var areas = Array.prototype.slice.call(document.querySelectorAll("section.area"));
  var bar = document.getElementById("filters");
  if (!bar || rows.length === 0) return;
  bar.hidden = false;
  var sel = document.getElementById("f-status");
  var q = document.getElementById("f-q");
  var chips = document.getElementById("f-chips");
  var shown = document.getElementById("f-shown");
  var none = document.getElementById("f-none");
  var expand = document.getElementById("f-expand");
  var PROBLEM = { fail: 1, error: 1, blocked: 1, "unexpected-pass": 1 };
  var state = { level: null, tag: null };
  var texts = null;
  var timer = 0;

  function matches(r, i, status, needle) {
    var s = r.getAttribute("data-s");
    if (status === "problems" ? !PROBLEM[s] : status !== "all" && s !== status) return false;
    if (state.level !== null && r.getAttribute("data-l") !== state.level) return false;
    if (state.tag !== null && (" " + r.getAttribute("data-t") + " ").indexOf(" " + state.tag + " ") < 0) return false;
    return !needle || texts[i].indexOf(needle) >= 0;
  }

  function chip(label, clear) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.textContent = label + " \u00d7";
    b.setAttribute("aria-label", "Remove filter " + label);
    b.addEventListener("click", function () { clear(); apply(); });
    chips.appendChild(b);
  }

  function press(selector, attr, value) {
    var els = document.querySelectorAll(selector);
    for (var i = 0; i < els.length; i++) els[i].setAttribute("aria-pressed", String(els[i].getAttribute(attr) === value));
  }

  function apply() {
    var status = sel.value;
    var needle = q.value.trim().toLowerCase();
    if (needle && !texts) texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var ok = matches(rows[i], i, status, needle);
      rows[i].hidden = !ok;
      if (ok) n++;
    }
    for (var j = 0; j < areas.length; j++) areas[j].hidden = !areas[j].querySelector("tr.t:not([hidden])");
    chips.textContent = "";
    if (state.level !== null) chip("FL " + state.level, function () { state.level = null; });
    if (state.tag !== null) chip("tag " + state.tag, function () { state.tag = null; });
    press("button.cell", "data-level", state.level);
    press("button.tag", "data-tag", state.tag);
    shown.textContent = n === rows.length ? rows.length + " tests" : "showing " + n + " of " + rows.length;
    none.hidden = n > 0 || rows.length === 0;
  }

  function toTests() {
    var t = document.getElementById("tests");
    if (t) t.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  sel.addEventListener("change", apply);
  q.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(apply, 120); });
  document.addEventListener("click", function (ev) {
    var el = ev.target instanceof Element ? ev.target.closest("button.cell, button.tag") : null;
    if (!el) return;
    if (el.classList.contains("cell")) {
      var lv = el.getAttribute("data-level");
      state.level = state.level === lv ? null : lv;
    } else {
      var tg = el.getAttribute("data-tag");
      state.tag = state.tag === tg ? null : tg;
    }
    apply();
    toTests();
  });
  expand.addEventListener("click", function () {
    var open = expand.getAttribute("data-open") !== "1";
    var ds = document.querySelectorAll("tr.t:not([hidden]) details");
    for (var i = 0; i < ds.length; i++) ds[i].open = open;
    expand.setAttribute("data-open", open ? "1" : "0");
    expand.textContent = open ? "Collapse all" : "Expand all details";
  });
  apply();
})();
`;
