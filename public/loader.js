// Loading screen: real progress. The download part comes from the bytes of the big runtime files as
// they arrive (Resource Timing entries against the sizes in build.json); then every phase of the Python
// start is reported by the code that does it: pyodide/boot.mjs (starting or restoring Python), PyScript's
// py:ready (the app's files are unpacked), web/main.py (importing the engine and the app) and the shell
// (drawing the first screen). window.explorersPhase(name) moves the bar; each phase has its share.
const bar = document.getElementById("load-bar");
const text = document.getElementById("load-text");
let sizes = {}, total = 1, done = 0;
const seen = new Set();
const DOWNLOAD_SHARE = 55;  // percent of the bar for the downloads; the phases below share the rest
const PHASES = {
  python: [60, "Starting Python (WebAssembly)…"],
  snapshot: [60, "Restoring the saved Python memory…"],
  files: [78, "Unpacking the game files…"],
  ready: [84, "Running the app…"],
  engine: [88, "Importing the rules engines…"],
  app: [94, "Importing the table and the bots…"],
  draw: [98, "Drawing the first screen…"],
};
const order = Object.keys(PHASES);
let phase = null;

function show(pct, label) {
  bar.value = Math.max(bar.value, Math.min(100, pct));
  if (label) text.textContent = label;
  document.getElementById("loading").dataset.phase = phase || "download";
}

function update(label) {
  if (phase) return;  // the downloads no longer say anything once Python runs
  show(Math.round((done / total) * DOWNLOAD_SHARE), label);
}

// Every phase is also a performance mark ("explorers:<phase>", and "explorers:interactive" at the end):
// `python build.py bench` reads them for its start-up breakdown.
const mark = name => performance.mark?.("explorers:" + name);

window.explorersPhase = name => {
  if (!(name in PHASES)) return;
  mark(name);
  if (phase && order.indexOf(name) < order.indexOf(phase) && name !== "snapshot") return;
  phase = name;
  const [pct, label] = PHASES[name];
  const step = name === "python" || name === "snapshot" ? 1 : order.indexOf(name);  // snapshot replaces python
  show(pct, `${label} (step ${step} of ${order.length - 1})`);
};

fetch("./build.json").then(r => r.json()).then(b => {
  for (const [k, v] of Object.entries(b.files)) {
    if (/pyodide\.asm\.wasm|python_stdlib\.zip|app\.zip$|pyodide\.asm\.mjs/.test(k)) sizes[k] = v;
  }
  total = Object.values(sizes).reduce((a, b) => a + b, 0) || 1;
}).catch(() => {});

new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    const key = Object.keys(sizes).find(k => e.name.endsWith(k));
    if (key && !seen.has(key)) {
      seen.add(key);
      done += sizes[key];
      update(`Loaded ${key.split("/").pop()} (${Math.round(done / 1048576)} of ${Math.round(total / 1048576)} MB)`);
    }
  }
}).observe({type: "resource", buffered: true});

addEventListener("py:ready", () => window.explorersPhase("ready"));
window.explorersLoaded = () => {
  mark("interactive");
  phase = "done";
  bar.value = 100;
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  dispatchEvent(new Event("explorers:interactive"));  // pwa.js registers the service worker now
};
