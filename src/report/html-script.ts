/**
 * The report's inline script: status, text, level and tag filters over the test rows, counts that follow them
 * (the list's and each area's), links to a test (#tN) that open its row below the sticky filter bar, and copy
 * buttons for curl lines. It reads only the data-* attributes and text already in the page (no data is embedded
 * in the script, so nothing the server sent can end up inside <script>). Without JavaScript the filter bar and the
 * copy buttons stay hidden and every row is shown.
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
  // Each area's table is written hidden="until-found" (laid out only when needed): shown as it nears the window.
  var lazy = Array.prototype.slice.call(document.querySelectorAll(".rows[hidden]"));
  function render(el) { if (el && el.hasAttribute("hidden")) el.removeAttribute("hidden"); }
  if (typeof IntersectionObserver === "function") {
    var io = new IntersectionObserver(function (es) {
      for (var k = 0; k < es.length; k++) if (es[k].isIntersecting) { render(es[k].target); io.unobserve(es[k].target); }
    }, { rootMargin: "1200px 0px" });
    lazy.forEach(function (el) { io.observe(el); });
  } else lazy.forEach(render);
  // After a jump the script makes, the tables in or near the window at once: the observer's next frame would show
  // them blank for a moment.
  function renderNear() {
    var h = window.innerHeight;
    lazy.forEach(function (el) {
      if (!el.hasAttribute("hidden")) return;
      var r = el.getBoundingClientRect();
      if (r.bottom > -1200 && r.top < h + 1200) render(el);
    });
  }
  var copies = document.querySelectorAll("button.copy");
  for (var c = 0; c < copies.length; c++) copies[c].hidden = false;
  // Each area's rows and header, so that its counts follow the filters.
  var groups = areas.map(function (a) {
    return { el: a, rows: Array.prototype.slice.call(a.querySelectorAll("tr.t")), count: a.querySelector("h3 .count") };
  });

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function matches(r, i, status, needle) {
    var s = r.getAttribute("data-s");
    if (status === "problems" ? !PROBLEM[s] : status !== "all" && s !== status) return false;
    if (state.level !== null && r.getAttribute("data-l") !== state.level) return false;
    if (state.tag !== null && (" " + r.getAttribute("data-t") + " ").indexOf(" " + state.tag + " ") < 0) return false;
    return !needle || texts[i].indexOf(needle) >= 0;
  }

  // The words of areaCount (html-tests.ts), over the rows the filters leave.
  function areaCount(g) {
    var n = 0, pass = 0, problems = 0, unverifiable = 0;
    for (var i = 0; i < g.rows.length; i++) {
      if (g.rows[i].hidden) continue;
      var s = g.rows[i].getAttribute("data-s");
      n++;
      if (s === "pass") pass++;
      else if (PROBLEM[s]) problems++;
      else if (s === "unverifiable") unverifiable++;
    }
    if (!g.count) return n;
    g.count.textContent = (n === g.rows.length ? plural(n, "test") : n + " of " + g.rows.length + " shown") + " \u00b7 " + pass + " pass";
    if (problems) {
      g.count.appendChild(document.createTextNode(" \u00b7 "));
      var b = document.createElement("span");
      b.className = "bad";
      b.textContent = plural(problems, "problem");
      g.count.appendChild(b);
    }
    if (unverifiable) g.count.appendChild(document.createTextNode(" \u00b7 " + unverifiable + " not verifiable here"));
    return n;
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
      if (rows[i].hidden === ok) rows[i].hidden = !ok;
      if (ok) n++;
    }
    for (var j = 0; j < groups.length; j++) groups[j].el.hidden = areaCount(groups[j]) === 0;
    chips.textContent = "";
    if (state.level !== null) chip("FL " + state.level, function () { state.level = null; });
    if (state.tag !== null) chip("tag " + state.tag, function () { state.tag = null; });
    press("button.cell", "data-level", state.level);
    press("button.tag", "data-tag", state.tag);
    shown.textContent = n === rows.length ? plural(rows.length, "test") : "showing " + n + " of " + rows.length;
    none.hidden = n > 0;
    // After the next frame: measuring the bar now would lay out the whole page before its first paint.
    requestAnimationFrame(barRoom);
  }

  function reset(status) {
    state.level = null;
    state.tag = null;
    q.value = "";
    sel.value = status;
    apply();
  }

  // The sticky bar's height (it wraps on a phone, and grows with chips) as every row's scroll margin, so that the
  // browser's own scroll to a #tN in the address (which runs after this script) leaves the row below the bar too.
  function barRoom() {
    document.documentElement.style.setProperty("--bar", Math.ceil(bar.getBoundingClientRect().height) + 8 + "px");
  }

  function scrollBelowBar(el) {
    var top = el.getBoundingClientRect().top + window.pageYOffset - bar.getBoundingClientRect().height - 8;
    window.scrollTo(0, Math.max(0, top));
  }

  // A link to a test (#tN, from the headline or another report): its row shown, its details open, below the bar.
  function reveal(id) {
    var row = /^t\d+$/.test(id) ? document.getElementById(id) : null;
    if (!row || !row.classList.contains("t")) return false;
    if (row.hidden) reset(PROBLEM[row.getAttribute("data-s")] ? "problems" : "all");
    render(row.closest(".rows"));
    var d = row.querySelector("details");
    if (d) d.open = true;
    barRoom();
    scrollBelowBar(row);
    renderNear();
    var s = row.querySelector("summary");
    if (s) s.focus({ preventScroll: true });
    return true;
  }

  function copy(button) {
    var pre = button.parentNode.querySelector("pre");
    var text = pre ? pre.textContent : "";
    function said(word) {
      button.textContent = word;
      setTimeout(function () { button.textContent = "Copy"; }, 2000);
    }
    // Without clipboard access (some browsers refuse it to file: pages) the line is selected for Ctrl-C.
    function select() {
      var range = document.createRange();
      range.selectNodeContents(pre);
      var s = window.getSelection();
      s.removeAllRanges();
      s.addRange(range);
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      said(ok ? "Copied" : "Selected: press Ctrl-C");
    }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { said("Copied"); }, select);
    else select();
  }

  sel.addEventListener("change", apply);
  q.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(apply, 120); });
  document.getElementById("f-reset").addEventListener("click", function () { reset("all"); });
  document.addEventListener("click", function (ev) {
    var target = ev.target instanceof Element ? ev.target : null;
    var link = target ? target.closest("a[href^='#t']") : null;
    if (link) {
      var id = link.getAttribute("href").slice(1);
      if (reveal(id)) {
        ev.preventDefault();
        history.replaceState(null, "", "#" + id);
      }
      return;
    }
    var cb = target ? target.closest("button.copy") : null;
    if (cb) return copy(cb);
    var el = target ? target.closest("button.cell, button.tag") : null;
    if (!el) return;
    if (el.classList.contains("cell")) {
      var lv = el.getAttribute("data-level");
      state.level = state.level === lv ? null : lv;
    } else {
      var tg = el.getAttribute("data-tag");
      state.tag = state.tag === tg ? null : tg;
    }
    apply();
    // A level or tag whose tests the status filter hides entirely (the passes of a run with problems): show them all.
    if (!rows.some(function (r) { return !r.hidden; })) { sel.value = "all"; apply(); }
    document.getElementById("tests").scrollIntoView({ block: "start" });
    renderNear();
  });
  window.addEventListener("hashchange", function () { reveal(location.hash.slice(1)); });
  window.addEventListener("resize", barRoom);
  expand.addEventListener("click", function () {
    var open = expand.getAttribute("data-open") !== "1";
    var ds = document.querySelectorAll("tr.t:not([hidden]) td.title > details");
    for (var i = 0; i < ds.length; i++) ds[i].open = open;
    expand.setAttribute("data-open", open ? "1" : "0");
    expand.textContent = open ? "Collapse all" : "Expand all details";
  });
  apply();
  if (location.hash) reveal(location.hash.slice(1));
})();
`;
