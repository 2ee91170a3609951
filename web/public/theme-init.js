// Runs before the first paint: applies the stored theme, and says whether this browser may
// see the guest home page prerendered into the HTML of "/". It is a file, not an inline
// script, because the Content-Security-Policy only allows scripts from the site itself.
(function () {
  var theme = "light";
  var stored;
  var tuning;
  var root = document.documentElement;
  // Dark theme brightness and contrast in percent (src/lib/theme.ts clamps them the same way).
  var pct = function (v, d) {
    return typeof v === "number" && isFinite(v) ? Math.min(150, Math.max(50, Math.round(v))) / 100 : d;
  };
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
  // The prerendered home page draws the light theme's toggle icon: another choice hides it
  // until the app draws the right one (src/app/prerender-marks.ts).
  if (stored === "dark" || stored === "auto") root.setAttribute("data-theme-choice-pending", "");
})();

// The HTML of "/" and "/devoirs" holds a page rendered at build time, for a guest (the home
// page) or as a signed-in browser's frame (src/app/prerender-marks.ts). A browser it is not
// for (the session lives in storage, as src/lib/session.ts keeps it), or another page served
// that HTML (the service worker's offline copy), must never see it: <html> gets the mark that
// the page's inline style hides it by, until the app renders.
(function () {
  var signedIn = function (raw) {
    var s;
    try {
      s = JSON.parse(raw || "null");
      return !!(s && s.token && s.user && s.expiresAt && Date.parse(s.expiresAt) > Date.now());
    } catch (e) {
      return false;
    }
  };
  // <meta name="planify-prerendered" content="member /devoirs">: who and which path the
  // markup of #root was rendered for (this script runs before #root is parsed).
  var page = document.querySelector('meta[name="planify-prerendered"]');
  var made = page ? page.content.split(" ") : [];
  var member = false;
  try {
    member = signedIn(localStorage.getItem("planify.user")) || signedIn(sessionStorage.getItem("planify.user"));
  } catch (e) {
    // Storage blocked: nobody can be signed in.
  }
  var skip = !page || made[1] !== location.pathname || (made[0] === "member") !== member;
  if (skip) document.documentElement.setAttribute("data-skip-prerender", "");

  // Until the app is there, that page's buttons (FAQ, « Se connecter ») do nothing: the ones
  // pressed meanwhile are noted, and src/main.tsx takes the list (noting stops) and presses
  // them again once the page is hydrated. Links work without the app.
  (function () {
    var pressed = [];
    var note = function (e) {
      var button = e.target && e.target.closest ? e.target.closest("#root button") : null;
      if (button) pressed.push(button);
    };
    if (skip) return;
    document.addEventListener("click", note, true);
    window.planifyEarlyClicks = function () {
      var taken = pressed;
      document.removeEventListener("click", note, true);
      pressed = [];
      return taken;
    };
  })();

  // That page only names the app's script and its modules (<meta name="planify-entry"> and
  // "planify-module", placed before this script): the page is readable as it stands, so they
  // are fetched and run once it has painted (its first contentful paint, as the browser
  // reports it), and the paint has the connection to itself. A browser that cannot see the
  // page, or a hidden tab (which does not paint), starts the app at once; without paint
  // timing, after a frame.
  (function () {
    var entry = document.querySelector('meta[name="planify-entry"]');
    var modules = document.querySelectorAll('meta[name="planify-module"]');
    var started = false;
    var observer;
    var add = function (tag, attrs) {
      var el = document.createElement(tag);
      var name;
      for (name in attrs) el[name] = attrs[name];
      el.crossOrigin = "";
      document.head.appendChild(el);
    };
    var run = function () {
      add("script", { type: "module", src: entry.content });
    };
    // Fetched at once; run on the whole document only (the app hydrates all of #root).
    var start = function () {
      var i;
      if (started) return;
      started = true;
      if (observer) observer.disconnect();
      for (i = 0; i < modules.length; i++) add("link", { rel: "modulepreload", href: modules[i].content });
      add("link", { rel: "modulepreload", href: entry.content });
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
      else run();
    };
    if (!entry) return;
    if (skip || document.visibilityState === "hidden") return start();
    setTimeout(start, 3000); // a safety net: the paint below is the normal way
    if (typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).indexOf("paint") >= 0) {
      observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName("first-contentful-paint").length) setTimeout(start, 0);
      });
      observer.observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
  })();
})();
