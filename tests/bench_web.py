"""Site start-time measurements for `python build.py bench` (measurements, not pass/fail tests).

    from tests.bench_web import measure_start
    measure_start("http://127.0.0.1:8000/")   # the built site, served (any sub-path)

Cold start = first visit (empty caches; goal: interactive within 2 s on localhost, at most 12 MB
transferred); warm start = a later visit served by the service worker (goal: 0.8 s); embed start =
embed.html showing a position, warm. Times are from navigation start to the first interactive screen
(the page's "explorers:interactive" mark). The floor is a bare loadPyodide() page served from the same
pyodide/ folder, measured in the same run; each cold start also reports where its time and bytes went.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_GOAL_S = 0.8
COLD_GOAL_S = 2.0
COLD_BYTES_GOAL = 12_000_000
HOME = "[data-testid=new-lost-cities]"


def _sample_record() -> str:
    """A short Lost Cities record, encoded as embed.html expects."""
    sys.path.insert(0, str(ROOT / "web"))
    sys.path.insert(0, str(ROOT))
    import records

    from py_engine import get_game
    from py_engine.core import Rng

    state = get_game("lost-cities").new(players=2, seed=1, options={"rounds": 1})
    rng = Rng(1)
    for _ in range(20):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return records.encode(state.record.to_json())  # the full record: an export of an unfinished game has no deal


def _ready_ms(page, selector: str, timeout: float) -> float:
    """When `selector` showed up: the page's own "explorers:interactive" mark (loader.js) if it has one,
    else the time the selector was seen."""
    page.wait_for_selector(selector, timeout=timeout)
    return page.evaluate("""() => {
        const m = performance.getEntriesByName('explorers:interactive');
        return m.length ? m[0].startTime : performance.now(); }""")


def _bytes(page) -> int:
    return page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || 0), 0)""")


# Times WebAssembly's compile/instantiate calls (the longest one becomes wasm-start/-end), so
# the breakdown can tell the runtime's compilation from its download and from Python's start.
WASM_MARKS = """(() => {
  const W = globalThis.WebAssembly;
  if (!W || !globalThis.performance) return;
  for (const name of ['instantiateStreaming', 'compileStreaming', 'instantiate', 'compile']) {
    const f = W[name];
    if (typeof f !== 'function') continue;
    W[name] = function (...args) {
      const t0 = performance.now();
      return f.apply(this, args).then(r => {
        const t1 = performance.now();
        // The runtime's own module is the longest call (feature tests compile tiny modules too).
        const old = globalThis.__explorersWasm;
        if (!old || t1 - t0 > old.end - old.start) globalThis.__explorersWasm = {api: name, start: t0, end: t1};
        return r;
      });
    };
  }
})();"""

# Everything the page knows about its own start: its marks and the files it fetched before `until_ms`.
_TIMELINE = """until => {
    const marks = {};
    for (const m of performance.getEntriesByType('mark')) {
      if (m.name.startsWith('explorers:') && !(m.name.slice(10) in marks)) marks[m.name.slice(10)] = m.startTime;
    }
    const wasm = globalThis.__explorersWasm;
    if (wasm) { marks['wasm-start'] = wasm.start; marks['wasm-end'] = wasm.end; }
    const files = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
      .filter(e => e.responseEnd <= until + 1)
      .map(e => ({url: e.name, transfer: e.transferSize || 0, encoded: e.encodedBodySize || 0,
                  decoded: e.decodedBodySize || 0, start: e.startTime, end: e.responseEnd}));
    return {marks, wasm_api: wasm && wasm.api, files, controlled: !!navigator.serviceWorker?.controller};
}"""


def _ms(v) -> float | None:
    return None if v is None else round(v / 1000, 3)


def breakdown(timeline: dict, base: str) -> dict:
    """Where a start's time went, from the page's marks (see loader.js, pyodide/boot.mjs, WASM_MARKS)
    and its Resource Timing entries. `spans_s` is the critical path, consecutive spans in seconds that add
    up to the start (downloads and compilation overlap it; their own times are given beside):

    page_and_pyscript   navigation -> PyScript asks for the interpreter (HTML, CSS, PyScript's JS)
    snapshot_read       -> the memory snapshot is read and unpacked (warm starts only)
    runtime_wait        -> the wasm runtime is compiled and instantiated (what of its download and
                           compilation was not done yet)
    python_start        -> loadPyodide done (stdlib installed, interpreter initialised or restored)
    unpack              -> PyScript ready (app files and wheels fetched and unpacked, PyScript's Python)
    run_main            -> main.py runs
    import_engine       -> py_engine imported
    import_web          -> the shell and the rest of the front-end imported
    first_render        -> home screen drawn and interactive

    wasm_received_s / stdlib_received_s: when those downloads ended; wasm_compile_s: the compile +
    instantiate call (streaming compiles while the download runs); fetch_s: when the last file needed
    for the home screen arrived.
    """
    m = timeline["marks"]
    files = timeline["files"]
    end = m.get("interactive")

    def rel(url: str) -> str:
        return url[len(base):] if url.startswith(base) else url

    def finished(suffix: str):
        hits = [f["end"] for f in files if f["url"].split("?")[0].endswith(suffix)]
        return max(hits) if hits else None

    per_file = {rel(f["url"]) or "index.html": {"transfer": f["transfer"], "encoded": f["encoded"],
                                                "decoded": f["decoded"], "start_s": _ms(f["start"]),
                                                "end_s": _ms(f["end"])} for f in files}
    wasm_received = finished("pyodide.asm.wasm")
    points = [("page_and_pyscript", m.get("boot")), ("snapshot_read", m.get("snapshot")),
              ("runtime_wait", m.get("wasm-end")), ("python_start", m.get("files")), ("unpack", m.get("ready")),
              ("run_main", m.get("engine")), ("import_engine", m.get("app")), ("import_web", m.get("draw")),
              ("first_render", end)]
    spans, last = {}, 0.0
    for name, point in points:
        spans[name] = None if point is None else _ms(max(0.0, point - last))
        last = last if point is None else max(last, point)
    return {
        "interactive_s": _ms(end),
        "spans_s": spans,
        "marks_s": {k: _ms(v) for k, v in sorted(m.items(), key=lambda kv: kv[1])},
        "wasm_api": timeline.get("wasm_api"),
        "wasm_compile_s": _ms(m["wasm-end"] - m["wasm-start"]) if "wasm-end" in m else None,
        "fetch_s": _ms(max((f["end"] for f in files), default=None)),
        "stdlib_received_s": _ms(finished("python_stdlib.zip")),
        "wasm_received_s": _ms(wasm_received),
        "bytes_transferred": sum(f["transfer"] for f in files),
        "bytes_decoded": sum(f["decoded"] for f in files),
        "files": len(files),
        "per_file": dict(sorted(per_file.items(), key=lambda kv: -kv[1]["transfer"])),
    }


# A page with nothing but Pyodide's own loader: the runtime's floor, from the site's own pyodide/ folder.
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>loadPyodide floor</title>
<script type="module">
performance.mark("explorers:boot");
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide();
performance.mark("explorers:files");
py.runPython("1 + 1");
performance.mark("explorers:interactive");
document.getElementById("ready").hidden = false;
</script><body><p id="ready" hidden>ready</p></body>"""


def _cold(browser, url: str, selector: str, timeout: float, route_body: str | None = None) -> dict:
    """One first visit in a fresh context (empty HTTP cache, no service worker)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.add_init_script(WASM_MARKS)
        if route_body is not None:
            context.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=route_body))
        page = context.new_page()
        page.goto(url)
        ready = _ready_ms(page, selector, timeout)
        timeline = page.evaluate(_TIMELINE, ready)
        return {"ready_ms": ready, "timeline": timeline}
    finally:
        context.close()


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def measure_start(dist_url: str, runs: int = 5, timeout_ms: float = 180_000) -> dict:
    """Cold (best of `runs` first visits), warm (service worker) and embed start times of the site at
    `dist_url` (ends with /), each cold run's breakdown, and a bare loadPyodide() page from the same
    pyodide/ folder in the same run (the runtime's floor) with the ratios to it."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from e2e.conftest import launch

    base = dist_url if dist_url.endswith("/") else dist_url + "/"
    embed = f"{base}embed.html?mode=position&record={_sample_record()}&seat=0"
    floor_url = f"{base}__bench_floor.html"
    load_before = _load()
    with sync_playwright() as p:
        browser = launch(p)
        try:
            colds, floors = [], []
            for _ in range(runs):  # alternate, so a busy moment hurts both alike
                floors.append(_cold(browser, floor_url, "#ready", timeout_ms, FLOOR_PAGE))
                colds.append(_cold(browser, base, HOME, timeout_ms))
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(WASM_MARKS)
            page = context.new_page()
            page.goto(base)
            _ready_ms(page, HOME, timeout_ms)
            page.evaluate("window.explorersControlled(60000)")
            warm, warm_bytes, warm_timelines = [], [], []
            for _ in range(runs):
                page.goto(base)
                t = _ready_ms(page, HOME, timeout_ms)
                warm.append(t)
                warm_bytes.append(_bytes(page))
                warm_timelines.append(page.evaluate(_TIMELINE, t))
            embeds = []
            for _ in range(runs):
                page.goto(embed)
                embeds.append(_ready_ms(page, "#board svg.board", timeout_ms))
            context.close()
        finally:
            browser.close()
    cold_best = min(colds, key=lambda r: r["ready_ms"])
    floor_best = min(floors, key=lambda r: r["ready_ms"])
    cold_b = breakdown(cold_best["timeline"], base)
    floor_b = breakdown(floor_best["timeline"], base)
    warm_best = min(range(runs), key=lambda i: warm[i])
    best = warm[warm_best] / 1000
    cold_s = cold_best["ready_ms"] / 1000
    floor_s = floor_best["ready_ms"] / 1000
    return {
        "load_average": {"before": load_before, "after": _load()},
        "cold_start_s": round(cold_s, 3),
        "cold_start_runs_s": [round(r["ready_ms"] / 1000, 3) for r in colds],
        "cold_bytes": cold_b["bytes_transferred"],
        "cold_bytes_decoded": cold_b["bytes_decoded"],
        "cold_goal_s": COLD_GOAL_S,
        "cold_goal_met": cold_s <= COLD_GOAL_S,
        "cold_bytes_goal": COLD_BYTES_GOAL,
        "cold_bytes_goal_met": cold_b["bytes_transferred"] <= COLD_BYTES_GOAL,
        "cold_breakdown": cold_b,
        "floor_load_pyodide_s": round(floor_s, 3),
        "floor_load_pyodide_runs_s": [round(r["ready_ms"] / 1000, 3) for r in floors],
        "floor_bytes": floor_b["bytes_transferred"],
        "floor_breakdown": floor_b,
        "cold_to_floor_ratio": round(cold_s / floor_s, 2),
        "warm_start_s": round(best, 3),
        "warm_start_runs_s": [round(t / 1000, 3) for t in warm],
        "warm_to_floor_ratio": round(best / floor_s, 2),
        "warm_bytes_from_network": min(warm_bytes),
        "warm_breakdown": breakdown(warm_timelines[warm_best], base),
        "warm_goal_s": WARM_GOAL_S,
        "warm_goal_met": best <= WARM_GOAL_S,
        "embed_start_s": round(min(embeds) / 1000, 3),
        "embed_start_runs_s": [round(t / 1000, 3) for t in embeds],
    }


if __name__ == "__main__":  # python tests/bench_web.py [url]: serve dist/ and measure
    import json
    import threading

    sys.path.insert(0, str(ROOT))
    import build

    if len(sys.argv) > 1:
        print(json.dumps(measure_start(sys.argv[1]), indent=1))
    else:
        server = build.make_server(0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            print(json.dumps(measure_start(f"http://127.0.0.1:{server.server_address[1]}/"), indent=1))
        finally:
            server.shutdown()
