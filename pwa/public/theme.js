// Loaded synchronously from <head> (no inline script: the CSP forbids them) so the theme applies
// before first paint: the member's stored choice, else the device's light/dark setting.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch (e) {
    // Storage can be unavailable (privacy mode, blocked cookies): follow the device.
  }
  var theme =
    stored === 'dark' || stored === 'light'
      ? stored
      : window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.dataset.theme = theme;
})();
