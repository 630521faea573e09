"""Pool the chunks of one strength table (`python -m py_engine.bots.pool docs/strength/*.jsonl`).

A long table (e.g. 100 three-player Catan games) is played in chunks, `python -m py_engine.bots.multi ... --games 2
--first k --cpu-clock`, one result line per chunk (JSON; older lines are Python literals). This joins the chunks of
each table (same game, players, bots, options and seed; a chunk repeated with the same `first` and size counts
once) into one figure: games, A's wins with the Wilson 95 % interval, and A's mean margin and mean score with
normal-approximation intervals over all the games (bots/match.py `mean_ci`). A chunk's games come from its
`per_game` list; a chunk written before that list existed gives back the count, sum and sum of squares of its
values from its mean and interval (the interval is mean ± z · s / √n), which pool exactly up to the printed
rounding. A chunk with a mean but no interval still counts in the wins and the means; the figure then has no
interval for that value.
"""

from __future__ import annotations

import ast
import json
import math
import sys
from typing import Any

from .match import Z95, wilson

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


def _stats(values: list[float]) -> tuple[int, float, float]:
    return len(values), sum(values), sum(v * v for v in values)


def _from_summary(n: int, mean: float, interval: list | None) -> tuple[int, float, float | None]:
    """(count, sum, sum of squares or None) of a chunk's values from its mean and 95 % interval."""
    if n == 1:
        return 1, mean, mean * mean
    if not interval or interval[0] is None or interval[1] is None:
        return n, n * mean, None
    s = (interval[1] - interval[0]) / 2 / Z95 * math.sqrt(n)
    return n, n * mean, (n - 1) * s * s + n * mean * mean


def summary(chunk: dict) -> dict:
    """A chunk as counts: games, wins, and (count, sum, sum of squares) of A's margins and of A's scores."""
    n = int(chunk["games"])
    if chunk.get("per_game") is not None:
        games = chunk["per_game"]
        return {"games": len(games), "wins": sum(1 for g in games if g[2]),
                "margin": _stats([float(g[3]) for g in games]), "score": _stats([float(g[4]) for g in games])}
    return {"games": n, "wins": int(chunk["wins"]),
            "margin": _from_summary(n, float(chunk["mean_margin_vs_best_other"]), chunk.get("margin_ci95")),
            "score": _from_summary(n, float(chunk["a_mean_score"]), chunk.get("a_score_ci95"))}


def _mean_ci(parts: list[tuple[int, float, float | None]]) -> tuple[float, float | None, float | None]:
    n = sum(p[0] for p in parts)
    mean = sum(p[1] for p in parts) / n
    if n < 2 or any(p[2] is None for p in parts):
        return mean, None, None
    var = max(0.0, (sum(p[2] for p in parts) - n * mean * mean) / (n - 1))
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def pool(chunks: list[dict]) -> list[dict]:
    """One pooled figure per table found in `chunks` (in the order first seen). Raises ValueError for chunks of
    one table whose games overlap (other than the same chunk twice)."""
    tables: dict[str, dict] = {}
    for c in chunks:
        key = json.dumps([c[k] for k in KEY], sort_keys=True)
        t = tables.setdefault(key, {**{k: c[k] for k in KEY}, "chunks": {}})
        span = (int(c["first"]), int(c["games"]))
        if span in t["chunks"]:
            continue  # the same chunk again
        for first, games in t["chunks"]:
            if first < span[0] + span[1] and span[0] < first + games:
                raise ValueError(f"{c['game']}: chunks at {first} and {span[0]} share games")
        t["chunks"][span] = summary(c)
    out = []
    for t in tables.values():
        parts = [t["chunks"][k] for k in sorted(t["chunks"])]
        n = sum(p["games"] for p in parts)
        wins = sum(p["wins"] for p in parts)
        low, high = wilson(wins / n, n)
        margin, m_low, m_high = _mean_ci([p["margin"] for p in parts])
        score, s_low, s_high = _mean_ci([p["score"] for p in parts])

        def r(x: float | None, digits: int = 3) -> float | None:
            return None if x is None else round(x, digits)

        spans = sorted(t["chunks"])
        out.append({**{k: t[k] for k in KEY}, "games": n, "chunks": len(spans),
                    "span": [spans[0][0], spans[-1][0] + spans[-1][1] - 1],
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
