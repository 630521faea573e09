// Boot of embed.html. Several embeds on one page share the service worker's cache: before starting
// PyScript, wait until the worker controls this frame (it precaches the site once, on the first
// visit), so the runtime is downloaded once, not once per embed. Without a service worker (e.g. a
// plain-http host) start at once after a short wait.
import "./fail.js";
import "./pwa.js";
import "./press.js";
import {fitTexts} from "./fit.js";
import {keepLegible} from "./legible.js";

// The embedding page may be on any origin: its window may be posted to and compared, never read. Python
// holds no handle on it (Pyodide's proxy of a cross-origin window would read its properties and throw).
const parentPage = window.parent !== window ? window.parent : null;
window.explorersPost = (json, target) => { if (parentPage) parentPage.postMessage(JSON.parse(json), target); };
window.explorersFromParent = event => parentPage !== null && event.source === parentPage;

if (new URLSearchParams(location.search).get("theme") === "dark") document.documentElement.classList.add("dark");
window.explorersLegible = () => keepLegible(document.getElementById("app"));
window.explorersLoaded = () => {
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  fitTexts(document.getElementById("app"));  // lines drawn while hidden measured nothing
  window.explorersLegible();
};
const sw = "serviceWorker" in navigator && window.isSecureContext;
await window.explorersControlled(sw ? 30000 : 1);
await import("./pyscript/core.js");
