// Build step: a memory snapshot of a started Pyodide, so a page can skip Python's start-up
// (`python build.py` runs this; the page's pyodide/boot.mjs restores it on warm starts).
//   node tools/pyodide_snapshot.mjs DIST/pyodide/ OUT.bin.gz [ZIP ...] [--import a,b.c]
// The snapshot holds the interpreter's memory after importing the standard modules the app uses and
// the given modules of the zips (the site's app.zip), which are unpacked where the page unpacks them
// (the working directory), so later imports find the same files. It must come from the very Pyodide
// files and zips the site ships, and it holds no JavaScript references and nothing of this machine
// (environment and argv are the browser's defaults).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const args = process.argv.slice(2);
const at = args.indexOf("--import");
const modules = at >= 0 ? args.splice(at, 2)[1].split(",") : [];
const [dir, out, ...zips] = args;
const indexURL = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL, _makeSnapshot: true, _sysExecutable: "./this.program",
                               env: { HOME: "/home/pyodide" } });
zips.forEach((zip, i) => py.FS.writeFile(`/tmp/${i}.zip`, fs.readFileSync(zip)));
py.runPython(`
import asyncio, base64, bisect, collections, dataclasses, hashlib, html, json, math, re, typing
import unicodedata, zlib, zipfile, importlib, os
for name in sorted(os.listdir("/tmp")):
    if name.endswith(".zip"):
        with zipfile.ZipFile("/tmp/" + name) as z:
            z.extractall("/home/pyodide")
        os.remove("/tmp/" + name)
for name in ${JSON.stringify(modules)}:
    importlib.import_module(name)
`);
const snapshot = py.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
console.log(`snapshot: ${snapshot.length} bytes, ${fs.statSync(out).size} gzipped`);
