"""Pool the chunks of one strength table (`python -m py_engine.bots.pool docs/strength/*.jsonl`).

A long table (e.g. 100 three-player Catan games) is played in chunks, `python -m py_engine.bots.multi ... --games 2
--first k --cpu-clock`, one result line per chunk (JSON; older lines are Python literals). This joins the chunks of
each table (same game, players, bots, options and seed; a chunk repeated with the same `first` counts once) into
one figure: games, A's wins with the Wilson 95 % interval, and A's mean margin and mean score with
normal-approximation intervals over the games (bots/match.py `mean_ci`). The per-game values come from a chunk's
`per_game` list; a 2-game chunk written before that list existed gives its two values back from its mean and
interval (mean ± half-width / z, on the half-point grid its whole-point scores lie on).
"""

from __future__ import annotations

import ast
import json
import sys
from typing import Any

from .match import Z95, mean_ci, wilson

KEY = ("game", "players", "a", "b", "options", "seed")


def parse_lines(text: str) -> list[dict]:
    """The result dicts of a chunk file (JSON lines, or the Python literals older runs printed); blank lines and
    lines that are neither are skipped."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            value = json.loads(line)
        except ValueError:
            try:
                value = ast.literal_eval(line)
            except (ValueError, SyntaxError):
                continue
        if isinstance(value, dict) and all(k in value for k in KEY + ("first", "games", "wins")):
            out.append(value)
    return out


def _two_values(mean: float, interval: list | None) -> list[float] | None:
    """The two games' values of a 2-game chunk from its mean and 95 % interval (None if it has none)."""
    if not interval or interval[0] is None:
        return None
    d = round((interval[1] - interval[0]) / 2 / Z95 * 2) / 2  # the half-point grid
    return [mean - d, mean + d]


def per_game(chunk: dict) -> list[tuple[int, bool, float, float]]:
    """(game index, A won, A's margin, A's score) for each game of a chunk."""
    if chunk.get("per_game") is not None:
        return [(int(i), bool(w), float(m), float(s)) for i, _seat, w, m, s in chunk["per_game"]]
    if chunk["games"] != 2:
        raise ValueError(f"chunk {chunk['first']} has {chunk['games']} games and no per-game values")
    margins = _two_values(chunk["mean_margin_vs_best_other"], chunk.get("margin_ci95"))
    scores = _two_values(chunk["a_mean_score"], chunk.get("a_score_ci95"))
    margins = margins or [chunk["mean_margin_vs_best_other"]] * 2
    scores = scores or [chunk["a_mean_score"]] * 2
    # the games' order inside the chunk is not kept: only the totals (wins, means, spreads) are pooled
    wins = [True] * chunk["wins"] + [False] * (2 - chunk["wins"])
    return [(chunk["first"] + k, wins[k], margins[k], scores[k]) for k in range(2)]


def pool(chunks: list[dict]) -> list[dict]:
    """One pooled figure per table found in `chunks` (in the order first seen)."""
    tables: dict[str, dict] = {}
    for c in chunks:
        key = json.dumps([c[k] for k in KEY], sort_keys=True)
        t = tables.setdefault(key, {**{k: c[k] for k in KEY}, "games_by_index": {}})
        for game in per_game(c):
            t["games_by_index"].setdefault(game[0], game)  # a repeated chunk counts once
    out = []
    for t in tables.values():
        games = [t["games_by_index"][i] for i in sorted(t["games_by_index"])]
        n = len(games)
        wins = sum(1 for g in games if g[1])
        low, high = wilson(wins / n, n)
        margin, m_low, m_high = mean_ci([g[2] for g in games])
        score, s_low, s_high = mean_ci([g[3] for g in games])

        def r(x: float | None, digits: int = 3) -> float | None:
            return None if x is None else round(x, digits)

        out.append({**{k: t[k] for k in KEY}, "games": n, "first_games": [games[0][0], games[-1][0]],
                    "wins": wins, "win_rate": r(wins / n), "win_rate_ci95": [r(low), r(high)],
                    "mean_margin": r(margin, 2), "margin_ci95": [r(m_low, 2), r(m_high, 2)],
                    "mean_score": r(score, 2), "score_ci95": [r(s_low, 2), r(s_high, 2)]})
    return out


def pool_files(paths: list[Any]) -> list[dict]:
    chunks: list[dict] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            chunks += parse_lines(f.read())
    return pool(chunks)


def main() -> None:
    for figure in pool_files(sys.argv[1:]):
        print(json.dumps(figure))


if __name__ == "__main__":
    main()
