// Applies the stored theme before the first paint. It is a file, not an inline script,
// because the Content-Security-Policy only allows scripts from the site itself.
(function () {
  var theme = "light";
  var stored;
  try {
    stored = localStorage.getItem("planify.theme");
    if (stored === "dark") theme = "dark";
    else if (stored === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches) theme = "dark";
  } catch (e) {
    // Storage blocked: keep the default light theme.
  }
  document.documentElement.setAttribute("data-theme", theme);
})();
