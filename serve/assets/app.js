// The workbench's page scripts: copying the CLI command and a table;
// sorting tables; marking a form's fields changed from their defaults;
// the progress of a run under way, streamed as Server-Sent Events, with a
// live chart of each arm's figure and interval against the deals played.
// Nothing here submits a form: a run starts only when Run is pressed.
"use strict";
(function () {
  var fmt = function (x, digits) {
    if (x === null || x === undefined || isNaN(x)) { return "–"; }
    return x.toLocaleString("en", {maximumFractionDigits: digits === undefined ? 3 : digits});
  };

  function copyText(text, button, done) {
    var ok = function () { button.textContent = done; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(ok, ok);
      return;
    }
    var area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) { /* the text stays selectable */ }
    document.body.removeChild(area);
    ok();
  }

  // Copy as CLI command.
  var copy = document.getElementById("copy");
  if (copy) {
    copy.addEventListener("click", function () {
      var cmd = document.getElementById("command");
      cmd.select();
      copyText(cmd.value, copy, "Copied");
    });
  }

  // Tables: a click on a heading sorts by its column (numbers as numbers),
  // a second click the other way; "Copy table" copies it as tab-separated
  // text, as a spreadsheet pastes it.
  Array.prototype.forEach.call(document.querySelectorAll("figure.table"), function (fig) {
    var table = fig.querySelector("table");
    var body = table.tBodies[0];
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      var button = th.querySelector(".sort");
      if (!button) { return; }
      button.addEventListener("click", function () {
        var numeric = th.classList.contains("num");
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
        var rows = Array.prototype.slice.call(body.rows);
        var key = function (r) {
          var t = r.cells[col] ? r.cells[col].textContent.trim() : "";
          if (!numeric) { return t; }
          var v = parseFloat(t.replace(/,/g, "").replace("−", "-"));
          return isNaN(v) ? -Infinity : v;
        };
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          if (numeric) { return dir * (x - y); }
          return dir * String(x).localeCompare(String(y), "en", {numeric: true});
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    var button = fig.querySelector(".copy-table");
    if (button) {
      button.addEventListener("click", function () {
        var lines = Array.prototype.map.call(table.rows, function (r) {
          return Array.prototype.map.call(r.cells, function (c) { return c.textContent.trim(); }).join("\t");
        });
        copyText(lines.join("\n") + "\n", button, "Copied");
      });
    }
  });

  // A form's fields: each marked while it differs from its default.
  var form = document.getElementById("experiment");
  if (form) {
    var note = form.querySelector(".changed-note");
    var differs = function (el) {
      if (el.type === "checkbox") { return el.checked !== (el.dataset.default === "on"); }
      return el.value.trim() !== el.dataset.default;
    };
    var mark = function () {
      var any = false;
      Array.prototype.forEach.call(form.querySelectorAll(".field"), function (f) {
        var changed = Array.prototype.some.call(f.querySelectorAll("[data-default]"), differs);
        f.classList.toggle("changed", changed);
        any = any || changed;
      });
      if (note) { note.hidden = !any; }
    };
    form.addEventListener("input", mark);
    form.addEventListener("change", mark);
    mark();
  }

  // Another row of the rule variants: a copy of the last, emptied, and
  // numbered next.
  var addVariant = document.getElementById("add-variant");
  if (addVariant) {
    addVariant.addEventListener("click", function () {
      var rows = document.querySelectorAll(".field.variant");
      var last = rows[rows.length - 1];
      var n = rows.length;
      var row = last.cloneNode(true);
      row.id = "variant-" + n;
      row.classList.remove("changed");
      Array.prototype.forEach.call(row.querySelectorAll("input"), function (input) {
        input.name = input.name.replace(/\.\d+$/, "." + n);
        input.value = "";
        input.setAttribute("aria-label", input.getAttribute("aria-label").replace(/\d+$/, String(n + 1)));
      });
      last.parentNode.appendChild(row);
      row.querySelector("input").focus();
    });
  }

  // Deleting a run asks first.
  Array.prototype.forEach.call(document.querySelectorAll("form.confirm"), function (f) {
    f.addEventListener("submit", function (e) {
      if (!window.confirm(f.dataset.confirm)) { e.preventDefault(); }
    });
  });
  var pick = document.getElementById("side-by-side");
  if (pick) {
    var boxes = document.querySelectorAll('input[name="run"]');
    var count = function () {
      pick.disabled = Array.prototype.filter.call(boxes, function (b) { return b.checked; }).length < 2;
    };
    Array.prototype.forEach.call(boxes, function (b) { b.addEventListener("change", count); });
    count();
  }

  // The live chart: a series per arm, its figure a line and its interval a
  // band, against the deals played.
  var palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
  var svgNS = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var e = document.createElementNS(svgNS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function ticks(lo, hi, n) {
    var span = hi - lo;
    if (!(span > 0)) { return [lo]; }
    var step = Math.pow(10, Math.floor(Math.log10(span / n)));
    var err = span / n / step;
    if (err >= 7.5) { step *= 10; } else if (err >= 3.5) { step *= 5; } else if (err >= 1.5) { step *= 2; }
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) { out.push(Math.round(t / step) * step); }
    return out;
  }
  function draw(box, legend, series) {
    // Drawn at the box's own width, so that its text keeps its size.
    var W = Math.max(320, Math.min(900, box.clientWidth || 640)), H = W < 500 ? 240 : 280, L = 60, R = 26, T = 12, B = 40;
    var maxDeals = 0;
    series.forEach(function (s) { s.points.forEach(function (p) { maxDeals = Math.max(maxDeals, p[0]); }); });
    if (maxDeals <= 0) { return; }
    // The scale leaves out the widest early intervals: those of the first
    // tenth of the deals.
    var lo = Infinity, hi = -Infinity;
    series.forEach(function (s) {
      s.points.forEach(function (p, i) {
        if (p[0] < maxDeals / 10 && i < s.points.length - 1) { return; }
        [p[1], p[2], p[3]].forEach(function (v) { if (v !== null && isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
      });
    });
    if (!(hi >= lo)) { return; }
    if (hi - lo < 1e-9) { lo -= 0.5; hi += 0.5; }
    var pad = (hi - lo) * 0.06;
    lo -= pad; hi += pad;
    var x = function (d) { return L + d / maxDeals * (W - L - R); };
    var y = function (v) { return T + (hi - v) / (hi - lo) * (H - T - B); };
    box.textContent = "";
    var svg = el("svg", {viewBox: "0 0 " + W + " " + H, "class": "chart-live"}, box);
    var defs = el("defs", {}, svg);
    var clip = el("clipPath", {id: "plot-area"}, defs);
    el("rect", {x: L, y: T, width: W - L - R, height: H - T - B}, clip);
    ticks(lo, hi, 5).forEach(function (t) {
      el("line", {x1: L, x2: W - R, y1: y(t), y2: y(t), "class": "gridline"}, svg);
      el("text", {x: L - 6, y: y(t) + 4, "text-anchor": "end"}, svg).textContent = fmt(t);
    });
    ticks(0, maxDeals, 5).forEach(function (t) {
      el("text", {x: x(t), y: H - B + 16, "text-anchor": "middle"}, svg).textContent = fmt(t, 0);
    });
    el("line", {x1: L, x2: W - R, y1: H - B, y2: H - B, "class": "axis"}, svg);
    el("line", {x1: L, x2: L, y1: T, y2: H - B, "class": "axis"}, svg);
    el("text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle"}, svg).textContent = "deals played";
    var ylabel = el("text", {x: 12, y: (T + H - B) / 2, "text-anchor": "middle", transform: "rotate(-90 12 " + (T + H - B) / 2 + ")"}, svg);
    ylabel.textContent = box.dataset.figure || "figure";
    if (legend) { legend.textContent = ""; }
    series.forEach(function (s, i) {
      var colour = palette[i % palette.length];
      var g = el("g", {"class": "series", "data-name": s.name, "clip-path": "url(#plot-area)"}, svg);
      var pts = s.points.filter(function (p) { return p[1] !== null && p[2] !== null && p[3] !== null; });
      if (pts.length === 0) { return; }
      var band = pts.map(function (p) { return x(p[0]).toFixed(1) + "," + y(p[3]).toFixed(1); })
        .concat(pts.slice().reverse().map(function (p) { return x(p[0]).toFixed(1) + "," + y(p[2]).toFixed(1); }));
      el("path", {d: "M" + band.join("L") + "Z", fill: colour, "fill-opacity": "0.16", stroke: "none", "class": "band"}, g);
      el("path", {d: "M" + pts.map(function (p) { return x(p[0]).toFixed(1) + "," + y(p[1]).toFixed(1); }).join("L"),
        fill: "none", stroke: colour, "stroke-width": "2", "class": "line"}, g);
      var last = pts[pts.length - 1];
      // The latest figure, a dot on its interval: seen from the first read.
      el("line", {x1: x(last[0]), x2: x(last[0]), y1: y(last[2]), y2: y(last[3]), stroke: colour, "stroke-width": "2", "class": "latest"}, g);
      el("circle", {cx: x(last[0]), cy: y(last[1]), r: "3.5", fill: colour, "class": "latest"}, g);
      if (legend) {
        var li = document.createElement("li");
        var sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = colour;
        li.appendChild(sw);
        li.appendChild(document.createTextNode(s.name + ": " + fmt(last[1]) + " (" + fmt(last[2]) + " to " + fmt(last[3]) + ") after " + fmt(last[0], 0) + " deals"));
        legend.appendChild(li);
      }
    });
  }

  // A finished run's chart, or runs overlaid: drawn once from the page.
  var data = document.getElementById("series-data");
  if (data) {
    try {
      var kept = JSON.parse(data.textContent);
      var box = document.getElementById("live");
      if (box && kept) { draw(box, document.getElementById("legend"), kept); }
    } catch (e) { /* no chart */ }
  }

  // A run under way: its progress, phase and live chart.
  var progress = document.getElementById("progress");
  if (!progress || progress.dataset.state !== "running") { return; }
  var byName = {}, order = [];
  var source = new EventSource("/runs/" + progress.dataset.run + "/events");
  source.onmessage = function (e) {
    var p = JSON.parse(e.data);
    if (p.label === progress.dataset.game) { p.label = ""; } // a run's session is named by its game
    var phase = document.getElementById("phase");
    var text = "";
    if (p.phase === "preparing") {
      phase.textContent = "Preparing the strategies" + (p.label ? " (" + p.label + ")" : "") +
        ": a computed policy, such as Nora's optimal, can take some seconds to build the first time.";
    } else if (p.phase === "writing") {
      phase.textContent = "Writing the figures" + (p.label ? " of " + p.label : "") + ".";
    } else {
      phase.textContent = "Playing" + (p.label ? ": " + p.label : "") + ".";
    }
    document.getElementById("bar").value = p.planned > 0 ? p.played / p.planned : 0;
    text = fmt(p.played, 0) + " of " + fmt(p.planned, 0) + " deals";
    if (p.rate > 0 && p.phase === "playing") { text += ", " + fmt(Math.round(p.rate), 0) + " a second, about " + Math.ceil(p.left) + " s left"; }
    document.getElementById("count").textContent = text;
    (p.series || []).forEach(function (s) {
      if (!(s.name in byName)) { order.push(s.name); }
      byName[s.name] = s;
    });
    var box = document.getElementById("live");
    if (box && order.length > 0) {
      if (p.figure) { box.dataset.figure = p.figure; }
      draw(box, document.getElementById("legend"), order.map(function (n) { return byName[n]; }));
    }
    if (p.state !== "running") { source.close(); location.reload(); }
  };
})();
