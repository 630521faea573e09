// Build step: Python compiled to bytecode by the very Pyodide that runs it (same bytecode version).
//   node tools/pyodide_compile.mjs PYODIDE_DIR/ IN.zip OUT.zip [--drop a,b/c.py,...] [--check m1,m2.x,...]
//                                  [--prefix /home/pyodide/] [--optimize 2]
// Every .py in IN.zip becomes an unchecked-hash .pyc in its place, which zipimport (the stdlib zip) and
// the sourceless loader (the site's app.zip, unpacked to disk) load without compiling. Pyodide's npm
// package ships python_stdlib.zip as source, so without this every module imported while the interpreter
// starts (asyncio, typing, re, ...) and every module of the site would be compiled on every first visit.
// Code objects are named after the source file where it would be (--prefix: the stdlib zip's
// /lib/python3XX.zip/ by default), so tracebacks name the same files (without the source lines). Entries
// under --drop (a top-level module or package name, or an entry's path) are left out. --check then
// starts Pyodide again with OUT.zip as its stdlib and imports each named module: a trim that went too
// far fails here. --optimize 2 compiles without docstrings and asserts (the site's own code: about a tenth less
// to download and unmarshal; nothing of it reads a docstring at run time).
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = name => {
  const at = args.indexOf(name);
  if (at < 0) return null;
  const [, value] = args.splice(at, 2);
  return value;
};
const check = (option("--check") || "").split(",").filter(Boolean);
const drop = (option("--drop") || "").split(",").filter(Boolean);
const prefix = option("--prefix");
const optimize = Number(option("--optimize") || 0);
const [dir, input, out] = args;
const indexURL = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(input)) }, "/host");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(out)) }, "/out");
py.globals.set("args", py.toPy({ input: "/host/" + path.basename(input), out: "/out/" + path.basename(out),
                                  drop, prefix, optimize }));
const report = py.runPython(`
import importlib.util, marshal, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = args["prefix"] or f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
drop = tuple(args["drop"])

def dropped(name):
    top = name.split("/")[0]
    stem = top[:-3] if top.endswith(".py") else top
    return stem in drop or name in drop

kept = skipped = 0
method = zipfile.ZIP_DEFLATED
with zipfile.ZipFile(args["input"]) as src, zipfile.ZipFile(args["out"], "w", method, compresslevel=9) as dst:
    for info in src.infolist():
        name = info.filename
        if info.is_dir() or dropped(name):
            skipped += not info.is_dir()
            continue
        data = src.read(info)
        if name.endswith(".py"):
            code = compile(data, prefix + name, "exec", dont_inherit=True, optimize=args["optimize"])
            name, data = name[:-3] + ".pyc", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
        out = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        out.external_attr = 0o644 << 16
        dst.writestr(out, data, compress_type=method)
        kept += 1
f"{kept} files kept, {skipped} dropped"
`);
console.log(`${path.basename(out)}: ${report}`);

if (check.length) {
  const fresh = await loadPyodide({ indexURL, stdLibURL: path.resolve(out) });
  fresh.globals.set("modules", fresh.toPy(check));
  const missing = fresh.runPython(`
import importlib
missing = []
for name in modules:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        missing.append(f"{name}: {exc}")
"; ".join(missing)
`);
  if (missing) {
    console.error(`stdlib: the trimmed zip cannot import what the site imports: ${missing}`);
    process.exit(1);
  }
  console.log(`stdlib: ${check.length} modules the site imports all load from ${path.basename(out)}`);
}
