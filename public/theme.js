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
