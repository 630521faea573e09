import { loadPyodide } from "pyodide";
import fs from "node:fs";
const [wheel, script] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.writeFile("/tmp/engine.whl", fs.readFileSync(wheel));
py.runPython(`import site, zipfile; zipfile.ZipFile("/tmp/engine.whl").extractall(site.getsitepackages()[0])`);
const src = fs.readFileSync(script, "utf8");
py.runPython(src); py.runPython(src);
