// PyScript's interpreter module: Pyodide's own loadPyodide, started from the build's memory
// snapshot (snapshot.bin.gz, made by tools/pyodide_snapshot.mjs from these very files) when the
// service worker already has it, which skips Python's start-up (about 2 s) on every later visit.
// The first visit, a page without a service worker, or a snapshot that fails all start normally.
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

async function snapshot() {
  // Only from the controlling service worker's cache (same build as the pages it serves):
  // never a blocking download on a first visit.
  if (!globalThis.navigator?.serviceWorker?.controller) return null;
  const res = await fetch(new URL("./snapshot.bin.gz", import.meta.url));
  if (!res.ok || typeof DecompressionStream !== "function") return null;
  const body = res.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  performance.mark?.("explorers:boot");  // PyScript asks for the interpreter (bench's breakdown)
  let memory = null;
  try {
    memory = await snapshot();
  } catch (err) {
    console.warn("Pyodide snapshot not used:", err);
  }
  const phase = name => globalThis.explorersPhase?.(name);  // the loading screen's steps (loader.js)
  if (memory) {
    try {
      phase("snapshot");  // also the end of reading it (bench's breakdown)
      const py = await load({ ...options, _loadSnapshot: memory });
      globalThis.explorersBoot = "snapshot";
      phase("files");
      return py;
    } catch (err) {
      console.warn("Pyodide snapshot failed, starting normally:", err);
    }
  }
  globalThis.explorersBoot = "fresh";
  phase("python");
  const py = await load(options);
  phase("files");
  return py;
}
