// The theme the person chose, set on <html> before the first paint. A file, not an inline script:
// the Content-Security-Policy allows scripts from the portal's own origin only. The key is
// THEME_STORAGE_KEY (src/lib/theme.ts); the app writes it whenever the preferences load or change.
(function () {
  try {
    var theme = window.localStorage.getItem('campus-portal.theme');
    if (theme === 'light' || theme === 'dark') {
      document.documentElement.setAttribute('data-theme', theme);
    }
  } catch {
    // Storage refused: the device's setting applies until the preferences load.
  }
})();

// The browser's offer to install the portal, which may come before the app's scripts run: kept
// unshown (never prompt unasked) on window under INSTALL_OFFER_KEY, and marked on <html> as
// data-install-offer for the menu's "Install the app" (src/lib/install-offer.ts reads both).
(function () {
  var root = document.documentElement;
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.campusPortalInstallOffer = event;
    root.setAttribute('data-install-offer', '');
  });
  window.addEventListener('appinstalled', function () {
    window.campusPortalInstallOffer = null;
    root.removeAttribute('data-install-offer');
  });
})();

// The width of the screen, for the next page the server draws (issue 75), as its class: 2 from
// 1200 px (Account's profile open), 1 from 1024 px (the dashboard's columns), else 0 (WIDE_COOKIE and
// WIDTH_CLASS_FROM, contract/first-answers.rules.ts; src/ui/portal/use-wide.ts). Written
// on every page, the sign-in page included, and again as a page is left (a window resized since).
// A page the server drew for another width (data-drawn, server/html/server-render.ts) is marked
// stale before its first paint: hidden (styles.css), and drawn by the browser instead (main.tsx).
(function () {
  function from(px) {
    return window.matchMedia && window.matchMedia('(min-width: ' + px + 'px)').matches;
  }
  function wide() {
    return from(1200) ? '2' : from(1024) ? '1' : '0';
  }
  function write() {
    document.cookie = 'portal_wide=' + wide() + ';path=/;max-age=31536000;samesite=lax';
  }
  var root = document.documentElement;
  var drawn = root.getAttribute('data-drawn');
  if (drawn !== null && drawn !== wide()) root.setAttribute('data-drawn', 'stale');
  write();
  window.addEventListener('pagehide', write);
})();
