// PyScript's interpreter module: Pyodide's own loadPyodide, started from the build's memory
// snapshot (snapshot.bin.gz, made by tools/pyodide_snapshot.mjs from these very files) when the
// service worker already has it, which skips Python's start-up (about 2 s) on every later visit.
// The first visit, a page without a service worker, or a snapshot that fails all start normally.
//
// The home page (index.html) calls start() as soon as its first modules have run: the runtime then downloads,
// compiles and starts while PyScript's own modules and plugins load (about 0.35 s on localhost, which
// a bare loadPyodide() does not wait for), and PyScript's loadPyodide() below takes the runtime started
// there, with its own output handlers. A page that does not call start() (embed.html) starts the runtime
// when PyScript asks for it, as before. A failed early start is started again when PyScript asks.
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

const phase = name => globalThis.explorersPhase?.(name);  // the loading screen's steps (loader.js)
let early = null;  // start(): the runtime being started, and the loading-screen step it is at

async function snapshot() {
  // Only from the controlling service worker's cache (same build as the pages it serves):
  // never a blocking download on a first visit.
  if (!globalThis.navigator?.serviceWorker?.controller) return null;
  const res = await fetch(new URL("./snapshot.bin.gz", import.meta.url));
  if (!res.ok || typeof DecompressionStream !== "function") return null;
  const body = res.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function begin(options, step) {
  let memory = null;
  try {
    memory = await snapshot();
  } catch (err) {
    console.warn("Pyodide snapshot not used:", err);
  }
  if (memory) {
    try {
      step("snapshot");  // also the end of reading it (bench's breakdown)
      const py = await load({ ...options, _loadSnapshot: memory });
      globalThis.explorersBoot = "snapshot";
      return py;
    } catch (err) {
      console.warn("Pyodide snapshot failed, starting normally:", err);
    }
  }
  globalThis.explorersBoot = "fresh";
  step("python");
  return load(options);
}

export function start() {
  if (early) return;
  performance.mark?.("explorers:boot");  // the runtime is asked for (bench's breakdown)
  const state = { step: null, shown: false };
  const step = name => {
    state.step = name;
    if (state.shown) phase(name);
    else performance.mark?.("explorers:" + name);  // when it happened; the screen shows it once PyScript asks
  };
  state.py = begin({ indexURL: new URL(".", import.meta.url).href }, step).catch(err => {
    console.warn("Pyodide early start failed; starting it again:", err);
    return null;
  });
  early = state;
}

export async function loadPyodide(options = {}) {
  if (early) {
    early.shown = true;
    if (early.step) phase(early.step);
    const py = await early.py;
    if (py) {
      if (typeof options.stdout === "function") py.setStdout({ batched: options.stdout });
      if (typeof options.stderr === "function") py.setStderr({ batched: options.stderr });
      phase("files");
      return py;
    }
  }
  performance.mark?.("explorers:boot");  // PyScript asks for the interpreter (bench's breakdown)
  const py = await begin(options, phase);
  phase("files");
  return py;
}
