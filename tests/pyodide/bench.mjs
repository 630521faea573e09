// Engine benchmark inside Pyodide under Node: prints the JSON of tests/bench_engine.py.
//   node tests/pyodide/bench.mjs WHEEL BENCH_PY SECONDS [playouts|engine|bots|fair|board]
// (fair: BENCH_PY is tests/bench_fair.py, the cost of a deal by mental poker; board: tests/bench_fair_board.py,
// a board-game deal among SECONDS seats, 2-4)
import { loadPyodide } from "pyodide";
import fs from "node:fs";

const [wheel, benchPy, seconds, what = "playouts"] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.writeFile("/tmp/engine.whl", fs.readFileSync(wheel));
py.runPython(`
import site, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(site.getsitepackages()[0])
`);
py.runPython(fs.readFileSync(benchPy, "utf8").replace('if __name__ == "__main__":', "if False:"));
const calls = { bots: "bot_times()", engine: `engine_only_per_second(${Number(seconds)})`,
                playouts: `playouts_per_second(${Number(seconds)})`, fair: "fair_costs()",
                board: `board_costs(${Number(seconds)})`,
                board_before: `board_costs(${Number(seconds)}, before=True)`,
                board_one_lane: `board_costs(${Number(seconds)}, lanes=False)` };
const call = calls[what] ?? calls.playouts;
console.log(py.runPython(`json.dumps(${call})`));
