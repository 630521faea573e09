// Loading screen: real progress from the bytes of the big runtime files as they arrive
// (Resource Timing entries against the sizes in build.json), then PyScript's ready event.
const bar = document.getElementById("load-bar");
const text = document.getElementById("load-text");
let sizes = {}, total = 1, done = 0;
const seen = new Set();

function update(label) {
  const pct = Math.min(95, Math.round((done / total) * 90));
  bar.value = Math.max(bar.value, pct);
  if (label) text.textContent = label;
}

fetch("./build.json").then(r => r.json()).then(b => {
  for (const [k, v] of Object.entries(b.files)) {
    if (/pyodide\.asm\.wasm|python_stdlib\.zip|\.whl$|pyodide\.asm\.mjs/.test(k)) sizes[k] = v;
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

addEventListener("py:ready", () => { bar.value = 95; text.textContent = "Starting the game engine…"; });
window.explorersLoaded = () => {
  bar.value = 100;
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
};
