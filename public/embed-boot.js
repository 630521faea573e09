// Boot of embed.html. Several embeds on one page share the service worker's cache: before starting
// PyScript, wait until the worker controls this frame (it precaches the site once, on the first
// visit), so the runtime is downloaded once, not once per embed. Without a service worker (e.g. a
// plain-http host) start at once after a short wait.
import "./pwa.js";
import {fitTexts} from "./fit.js";

if (new URLSearchParams(location.search).get("theme") === "dark") document.documentElement.classList.add("dark");
window.explorersLoaded = () => {
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  fitTexts(document.getElementById("app"));  // lines drawn while hidden measured nothing
};
const sw = "serviceWorker" in navigator && window.isSecureContext;
await window.explorersControlled(sw ? 30000 : 1);
await import("./pyscript/core.js");
