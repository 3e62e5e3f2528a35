// Pages rendered on the server (docs/performance.md, "Server rendering") carry this instead of the
// app's module script: the app's code is requested once the page has painted, so on a slow link the
// HTML, stylesheets and first image do not share the bandwidth with it. Classic script, no inline
// code: the CSP allows scripts from this origin only.
(function () {
  var boot = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // One insertion for all: each element added to the head on its own costs a style pass.
    var scripts = document.createDocumentFragment();
    (boot.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      scripts.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.getAttribute('data-entry');
    scripts.appendChild(script);
    document.head.appendChild(scripts);
  }
  // requestAnimationFrame runs just before the first frame is painted, the timeout just after it. A
  // page opened in a background tab gets no frames: the second timeout starts it there.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
