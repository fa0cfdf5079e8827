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
