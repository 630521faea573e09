"""Engine benchmark, identical in CPython and in Pyodide: random full games per second per game."""

from __future__ import annotations

import json
import time

from py_engine import GAMES
from py_engine.core import Rng


def playouts_per_second(seconds: float = 2.0) -> dict:
    """For each game at its smallest player count: complete random games (default options) per second."""
    out = {}
    for gid, game in sorted(GAMES.items()):
        rng = Rng(1)
        n, steps, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds or n == 0:
            state = game.new(players=game.min_players, seed=n)
            before = len(state.record.moves)
            state.play_out(rng)
            steps += before + 1
            n += 1
        dt = time.perf_counter() - t0
        out[gid] = {"games_per_s": round(n / dt, 1), "games": n}
    return out


if __name__ == "__main__":
    print(json.dumps(playouts_per_second()))
