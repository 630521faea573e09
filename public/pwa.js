// Registers the service worker (relative URL: its scope is the site's folder, any sub-path works)
// and shows an "Update available — reload" banner when a newer build is installed and waiting.
// window.explorersControlled(ms) resolves true once the worker controls this page (false on timeout).
// The app registers it once its home screen is interactive (loader.js's "explorers:interactive" event):
// installing precaches the whole site, and on a first visit that download would compete with the
// start-up itself. Embeds (which wait for the worker before starting) register at once.
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
let wantReload = false;

function banner(worker) {
  // Embeds (<html data-embed>) stay quiet: the site itself shows the banner.
  if (document.getElementById("update-banner") || "embed" in document.documentElement.dataset) return;
  const bar = document.createElement("div");
  bar.id = "update-banner";
  bar.setAttribute("role", "status");
  const button = document.createElement("button");  // built as nodes: this page parses no HTML strings
  button.type = "button";
  button.dataset.testid = "update-reload";
  button.textContent = "reload";
  bar.append("Update available — ", button);
  button.addEventListener("click", () => {
    wantReload = true;
    worker.postMessage({type: "skip-waiting"});
  });
  document.body.appendChild(bar);
}

function watch(reg) {
  if (reg.waiting && sw.controller) banner(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) banner(worker);
    });
  });
}

window.explorersControlled = (ms = 0) => new Promise(resolve => {
  if (!sw) return resolve(false);
  if (sw.controller) return resolve(true);
  sw.addEventListener("controllerchange", () => resolve(true), {once: true});
  if (ms) setTimeout(() => resolve(!!sw.controller), ms);
});

function register() {
  if (register.done) return;
  register.done = true;
  sw.register("./sw.js").then(watch).catch(err => console.warn("service worker not registered:", err.message));
}

if (sw && window.isSecureContext) {
  sw.addEventListener("controllerchange", () => { if (wantReload) location.reload(); });
  if ("embed" in document.documentElement.dataset || sw.controller) register();
  else {
    addEventListener("explorers:interactive", register, {once: true});
    setTimeout(register, 30000);  // a start that never finishes still gets the worker (and later fixes)
  }
  // A tab left open still learns about new builds.
  setInterval(() => sw.getRegistration().then(r => r && r.update().catch(() => {})), 30 * 60 * 1000);
}
