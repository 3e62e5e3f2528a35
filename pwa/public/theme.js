// Loaded synchronously from <head> (no inline script: the CSP forbids them) so the stored theme
// applies before first paint. Default is light.
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch (e) {
    // Storage can be unavailable (privacy mode, blocked cookies); keep the default.
  }
  document.documentElement.dataset.theme = theme;
})();
