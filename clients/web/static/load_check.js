// main.js and the modules it imports are a score of requests. When one of them fails
// (Chromium aborts requests with ERR_NETWORK_CHANGED whenever an interface comes or goes:
// Wi-Fi to mobile, a VPN, a container started on this machine), the page stays blank:
// nothing runs to say so. main.js sets window.parlor before the page's load event, so
// its absence then means it never ran. Load the page once more by itself; if it fails
// again within a minute, say so and offer to reload rather than loop.
// A file of its own, not an inline script: the server's Content-Security-Policy
// (script-src 'self', style-src 'self') allows no inline script, handler or style
// attribute, so the message below is built with DOM calls and styled by style.css.
window.addEventListener("load", function () {
  if (window.parlor) return;
  var key = "parlor.pageReloadedAt";
  try {
    if (Date.now() - (Number(sessionStorage.getItem(key)) || 0) > 60000) {
      sessionStorage.setItem(key, String(Date.now()));
      location.reload();
      return;
    }
  } catch (e) {} // no sessionStorage: no reload by itself, so never a loop
  var app = document.getElementById("app");
  var p = document.createElement("p");
  p.className = "error load-failed";
  p.setAttribute("role", "alert");
  p.setAttribute("data-testid", "load-failed");
  p.appendChild(document.createTextNode("Parlor did not load: part of the page did not arrive (the network may have changed while it loaded). "));
  var button = document.createElement("button");
  button.type = "button";
  button.setAttribute("data-action", "reload");
  button.textContent = "Reload";
  button.addEventListener("click", function () { location.reload(); });
  p.appendChild(button);
  while (app.firstChild) app.removeChild(app.firstChild);
  app.appendChild(p);
});
