"""`python build.py bench`: measurements (never pass/fail) for the README table."""

from __future__ import annotations

import json
import subprocess
import time
from importlib import import_module
from pathlib import Path

from py_engine import GAMES
from py_engine.bots import make_bot
from py_engine.core import Rng

from .bench_engine import playouts_per_second


def pyodide_playouts(root: Path, seconds: float) -> dict:
    import build

    wheel = build.engine_wheel(build.CACHE / "engine-wheel")
    out = subprocess.run(["node", str(root / "tests" / "pyodide" / "bench.mjs"), str(wheel),
                          str(root / "tests" / "bench_engine.py"), str(seconds)],
                         cwd=root, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bot_times(moves: int = 6) -> dict:
    """Mean and max seconds per decision of the search bot at each level, from early-game positions."""
    out = {}
    for gid, game in sorted(GAMES.items()):
        for level in (1, 2, 3):
            bot = make_bot("search", game_id=gid, level=level, seed=level)
            state = game.new(players=game.min_players, seed=5)
            rng, times = Rng(3), []
            for _ in range(moves):
                seat = state.to_move()[0]
                t0 = time.perf_counter()
                action = bot.choose(state, seat)
                times.append(time.perf_counter() - t0)
                state.apply(seat, action)
                for _ in range(3):  # let random moves vary the position
                    if not state.to_move():
                        break
                    s = state.to_move()[0]
                    state.apply(s, rng.choice(state.legal_actions(s)))
                if not state.to_move():
                    break
            out[f"{gid} L{level}"] = {"mean_s": round(sum(times) / len(times), 3), "max_s": round(max(times), 3)}
    return out


def optional(name: str, fn, *args):
    """Benchmarks that other parts of the site provide (P2P latency, embeds); skipped if absent."""
    try:
        return fn(*args)
    except Exception as exc:  # a measurement that cannot run is reported, not fatal
        return {"error": f"{name}: {exc}"}


def run_benchmarks(root: Path, seconds: float = 3.0) -> dict:
    report = {"cpython_playouts": playouts_per_second(seconds)}
    report["pyodide_playouts"] = optional("pyodide", pyodide_playouts, root, seconds)
    report["bot_seconds_per_move"] = bot_times()
    from e2e.conftest import serve

    for key, module, name in (("site_start_sw", "bench_web", "measure_start"),
                              ("p2p_latency", "bench_p2p", "measure_p2p_latency")):
        try:
            fn = getattr(import_module(f"tests.{module}"), name)
        except (ImportError, AttributeError):
            continue
        server, url = serve()
        report[key] = optional(key, fn, url)
        server.shutdown()
    return report
