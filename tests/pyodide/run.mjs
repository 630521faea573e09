// Run the engine test suite inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node,
// with the py_engine wheel installed exactly as the browser gets it.
//   node tests/pyodide/run.mjs --wheel W.whl --deps DIR --root REPO test_a.py test_b.py ...
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const argv = process.argv.slice(2);
const opt = (name) => { const i = argv.indexOf(name); return i >= 0 ? argv.splice(i, 2)[1] : null; };
const wheel = opt("--wheel"), deps = opt("--deps"), root = opt("--root");
const files = argv;

const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
const wheels = [wheel, ...fs.readdirSync(deps).filter((f) => f.endsWith(".whl")).map((f) => path.join(deps, f))];
py.FS.mkdirTree("/wheels");
for (const w of wheels) py.FS.writeFile("/wheels/" + path.basename(w), fs.readFileSync(w));
py.FS.mkdirTree("/work/tests");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(root, "tests") }, "/work/tests");
py.globals.set("TEST_FILES", py.toPy(files));
if (process.env.VERBOSE) py.runPython("import os; os.environ[\"VERBOSE\"] = \"1\"");
const code = await py.runPythonAsync(`
import os, site, sys, zipfile
target = site.getsitepackages()[0]
for name in sorted(os.listdir("/wheels")):
    with zipfile.ZipFile("/wheels/" + name) as z:   # pure-Python wheels: unpacking is installing
        z.extractall(target)
os.chdir("/work")
sys.path.insert(0, "/work")
import pytest, py_engine
print("Pyodide", sys.version.split()[0], "py_engine", py_engine.__version__, "from", py_engine.__file__)
pytest.main(["-v" if os.environ.get("VERBOSE") else "-q", "-rf", "-p", "no:cacheprovider", "-o", "addopts=", *["tests/" + f for f in TEST_FILES]])
`);
process.exit(Number(code));
