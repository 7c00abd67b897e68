// The workbench's page scripts: the progress of a run under way, streamed
// as Server-Sent Events; copying the CLI command; a shared link's run.
"use strict";
(function () {
  var form = document.getElementById("experiment");
  if (form && form.dataset.autorun === "1") {
    // A shared link runs its experiment once the page has loaded.
    window.addEventListener("load", function () { setTimeout(function () { form.submit(); }, 50); });
  }
  var copy = document.getElementById("copy");
  if (copy) {
    copy.addEventListener("click", function () {
      var cmd = document.getElementById("command");
      cmd.select();
      if (navigator.clipboard) { navigator.clipboard.writeText(cmd.value); } else { document.execCommand("copy"); }
      copy.textContent = "Copied";
    });
  }
  var box = document.getElementById("progress");
  if (!box || box.dataset.state !== "running") { return; }
  var fmt = function (x) { return x.toLocaleString(undefined, {maximumFractionDigits: 3}); };
  var source = new EventSource("/runs/" + box.dataset.run + "/events");
  source.onmessage = function (e) {
    var p = JSON.parse(e.data);
    document.getElementById("bar").value = p.planned > 0 ? p.played / p.planned : 0;
    var text = fmt(p.played) + " of " + fmt(p.planned) + " deals";
    if (p.rate > 0) { text += ", " + fmt(Math.round(p.rate)) + " a second, about " + Math.ceil(p.left) + " s left"; }
    if (p.label) { text += " (" + p.label + ")"; }
    document.getElementById("count").textContent = text;
    if (p.deals > 0) {
      document.getElementById("figure").textContent = p.figure + " " + fmt(p.value) + " (" + fmt(p.low) + " to " + fmt(p.high) + ") after " + fmt(p.deals) + " deals";
    }
    if (p.state !== "running") { source.close(); location.reload(); }
  };
})();
