"""`python build.py bench`: measurements (never pass/fail) for the README table."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from importlib import import_module
from pathlib import Path

from .bench_engine import bot_times, engine_only_per_second, harness_floor, playouts_per_second, reference_rates


def pyodide_playouts(root: Path, seconds: float, what: str = "playouts", bench_py: str = "bench_engine.py") -> dict:
    """tests/bench_engine.py inside Pyodide under Node: random playouts/s, ("engine") the same with the
    choices drawn beforehand, or ("bots") the search bot's seconds per move at each level; ("fair", with
    bench_py "bench_fair.py") the cost of a Lost Cities deal by mental poker."""
    import build

    wheel = build.engine_wheel(build.CACHE / "engine-wheel")
    out = subprocess.run(["node", str(root / "tests" / "pyodide" / "bench.mjs"), str(wheel),
                          str(root / "tests" / bench_py), str(seconds), what],
                         cwd=root, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


# The engine before the speed work of issue 15; EXPLORERS_BENCH_BASELINE names another commit or a checkout.
BASELINE = "92c6b95"


def _rates_in(pythonpath: Path, root: Path, seconds: float) -> dict:
    """{"rates": engine_rates(), "apply_cost": apply_cost()} of the engine found on `pythonpath`, in a fresh
    interpreter."""
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    out = subprocess.run([sys.executable, str(root / "tests" / "bench_engine.py"), "rates", str(seconds)],
                         cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def engine_comparison(root: Path, seconds: float = 1.0, repeats: int = 3) -> dict:
    """One-round games/s per mode for today's engine and the baseline, measured alternately in one run
    (best of `repeats` each, so a busy machine hurts both alike); speedup = today / baseline, and
    apply_cost = time through apply / time through step of the same games (bench_engine.apply_cost; the median
    of the repeats), for today's engine and the baseline; the harness floor
    is the same loop with an engine that costs nothing, so floor / baseline bounds any engine's speedup; the
    reference is the same loop with a minimal hand-written Lost Cities round (bench_engine.ReferenceRound),
    measured alternately with the others: what "a well-written stdlib engine" reaches here."""
    root = root.resolve()
    base_ref = os.environ.get("EXPLORERS_BENCH_BASELINE", BASELINE)
    tmp = None
    if Path(base_ref).is_dir():
        base = Path(base_ref)
    else:
        tmp = Path(tempfile.mkdtemp(prefix="bench-baseline-"))
        base = tmp / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), base_ref], cwd=root, check=True,
                       capture_output=True)
    try:
        now: dict = {}
        old: dict = {}
        ref: dict = {}
        costs: dict = {"now": {}, "old": {}}
        for _ in range(repeats):
            for store, path, key in ((now, root, "now"), (old, base, "old")):
                measured = _rates_in(path, root, seconds)
                for gid, cost in measured["apply_cost"].items():
                    costs[key].setdefault(gid, []).append(cost)
                for gid, modes in measured["rates"].items():
                    for mode, rate in modes.items():
                        best = store.setdefault(gid, {})
                        best[mode] = max(best.get(mode, 0.0), rate)
            for mode, rate in reference_rates(seconds).items():
                ref[mode] = max(ref.get(mode, 0.0), rate)
    finally:
        if tmp is not None:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=root, capture_output=True)
            shutil.rmtree(tmp, ignore_errors=True)
    speedup = {gid: {m: round(r / old[gid][m], 2) for m, r in modes.items() if old.get(gid, {}).get(m)}
               for gid, modes in now.items()}
    floor = harness_floor(seconds)  # what an engine costing nothing would reach with the same loop
    ceiling = {gid: {m: round(r / old[gid][m], 2) for m, r in modes.items() if old.get(gid, {}).get(m)}
               for gid, modes in floor.items()}
    apply_cost, baseline_apply_cost = ({gid: round(statistics.median(c), 2) for gid, c in costs[key].items()}
                                       for key in ("now", "old"))
    lc, lc_old = now.get("lost-cities", {}), old.get("lost-cities", {})
    reference = {"games_per_s": ref,
                 "engine_to_reference": {m: round(lc[m] / r, 2) for m, r in ref.items() if lc.get(m)},
                 "reference_to_baseline": {m: round(r / lc_old[m], 2) for m, r in ref.items() if lc_old.get(m)}}
    return {"baseline": base_ref, "games_per_s": now, "baseline_games_per_s": old, "speedup": speedup,
            "reference_engine": reference, "apply_cost": apply_cost, "baseline_apply_cost": baseline_apply_cost,
            "harness_floor_games_per_s": floor, "largest_possible_speedup": ceiling}


def optional(name: str, fn, *args):
    """Benchmarks that other parts of the site provide (P2P latency, embeds); skipped if absent."""
    try:
        return fn(*args)
    except Exception as exc:  # a measurement that cannot run is reported, not fatal
        return {"error": f"{name}: {exc}"}


def _best(store: dict, rates: dict) -> None:
    """Keep, per game, the faster of the stored and the new measurement."""
    for gid, r in rates.items():
        if r["games_per_s"] >= store.get(gid, {}).get("games_per_s", 0.0):
            store[gid] = r


def _ratio(pyodide: dict, cpython: dict) -> dict:
    return {gid: round(r["games_per_s"] / cpython[gid]["games_per_s"], 2) for gid, r in pyodide.items()
            if gid in cpython}


def playouts_both(root: Path, seconds: float, repeats: int = 5) -> dict:
    """Random full games per second in CPython (this process) and in Pyodide (Node), measured alternately
    `repeats` times, best of each per game, and their ratio per game (goal >= 0.5, issue 15); the same for
    the engine alone (bench_engine.engine_only_per_second: the choices drawn beforehand). On this shared
    2-core machine the same run varies by up to a third from one minute to the next, and other work only ever
    slows a run down: one CPython run compared with one Pyodide run minutes later measured the drift more
    than the runtimes. The best of several also leaves out Pyodide's first, not yet optimised, seconds."""
    runs: dict = {key: {} for key in ("cpython", "pyodide", "cpython_engine", "pyodide_engine")}
    for _ in range(repeats):
        _best(runs["cpython"], playouts_per_second(seconds))
        _best(runs["cpython_engine"], engine_only_per_second(seconds))
        _best(runs["pyodide"], pyodide_playouts(root, seconds))
        _best(runs["pyodide_engine"], pyodide_playouts(root, seconds, "engine"))
    return {"cpython_playouts": runs["cpython"], "pyodide_playouts": runs["pyodide"],
            "pyodide_to_cpython": _ratio(runs["pyodide"], runs["cpython"]),
            "engine_only": {"cpython": runs["cpython_engine"], "pyodide": runs["pyodide_engine"],
                            "pyodide_to_cpython": _ratio(runs["pyodide_engine"], runs["cpython_engine"])}}


def fair_deal_costs(root: Path) -> dict:
    """tests/bench_fair.py in CPython and in Pyodide (Node): a Lost Cities deal by mental poker, group 14
    (issue 26 targets, in Pyodide: deal <= 5 s, draw <= 200 ms)."""
    from .bench_fair import fair_costs
    from .bench_fair_board import board_costs

    return {"cpython": fair_costs(), "pyodide": optional("pyodide-fair", pyodide_playouts, root, 0, "fair",
                                                          "bench_fair.py"),
            "board_4_seats": {"cpython": board_costs(4),  # issue 37 hole 9: play within 8 s in Pyodide
                              "pyodide": optional("pyodide-board", pyodide_playouts, root, 4, "board",
                                                  "bench_fair_board.py")}}


def strength_figures(root: Path) -> list[dict]:
    """The strength tables played so far (docs/strength/*.jsonl: one line per chunk of games, written by
    `python -m py_engine.bots.multi ... --cpu-clock`), each pooled into one figure with its 95 % intervals. They
    take CPU hours, so the bench reports them rather than plays them (docs/benchmarks.md says how to add games)."""
    from py_engine.bots.pool import pool_files

    return pool_files(sorted((root / "docs" / "strength").glob("*.jsonl")))


def run_benchmarks(root: Path, seconds: float = 3.0) -> dict:
    both = optional("pyodide", playouts_both, root, max(0.5, seconds / 3))
    report = {"cpython_playouts": both.get("cpython_playouts") or playouts_per_second(seconds),
              "pyodide_playouts": both.get("pyodide_playouts", both),
              "pyodide_to_cpython": both.get("pyodide_to_cpython", {}),
              "pyodide_to_cpython_engine_only": both.get("engine_only", {})}
    report["engine_vs_baseline"] = optional("baseline", engine_comparison, root, max(0.5, seconds / 3))
    report["bot_seconds_per_move"] = bot_times()
    report["strength"] = strength_figures(root)
    report["mental_poker_deal"] = optional("fair", fair_deal_costs, root)
    report["pyodide_bot_seconds_per_move"] = optional("pyodide-bots", pyodide_playouts, root, seconds, "bots")
    from e2e.conftest import serve

    for key, module, name in (("site_start_sw", "bench_web", "measure_start"),
                              ("p2p_latency", "bench_p2p", "measure_p2p_latency"),
                              ("p2p_one_link", "bench_p2p", "measure_one_link"),
                              ("p2p_one_link_fair", "bench_p2p", "measure_one_link_fair"),
                              ("bot_moves_chromium", "bench_bots_web", "measure_bot_moves"),
                              ("bot_turns_chromium", "bench_bots_web", "measure_bot_turns")):
        try:
            fn = getattr(import_module(f"tests.{module}"), name)
        except (ImportError, AttributeError):
            continue
        server, url = serve()
        report[key] = optional(key, fn, url)
        server.shutdown()
    return report
