// Applies the stored theme before the first paint. It is a file, not an inline script,
// because the Content-Security-Policy only allows scripts from the site itself.
(function () {
  var theme = "light";
  var stored;
  var tuning;
  var root = document.documentElement;
  // Dark theme brightness and contrast in percent (src/lib/theme.ts clamps them the same way).
  var pct = function (v, d) { return typeof v === "number" && isFinite(v) ? Math.min(150, Math.max(50, Math.round(v))) / 100 : d; };
  try {
    stored = localStorage.getItem("planify.theme");
    if (stored === "dark") theme = "dark";
    else if (stored === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches) theme = "dark";
    tuning = JSON.parse(localStorage.getItem("planify.darkTuning") || "null");
    root.style.setProperty("--dark-brightness", String(pct(tuning && tuning.brightness, 1)));
    root.style.setProperty("--dark-contrast", String(pct(tuning && tuning.contrast, 0.95)));
  } catch (e) {
    // Storage blocked: keep the default light theme.
  }
  root.setAttribute("data-theme", theme);
})();
