"""py_engine/bots/pool.py: the chunks of a strength table joined into one figure with its intervals."""

from __future__ import annotations

import json

import pytest

from py_engine.bots.match import mean_ci, wilson
from py_engine.bots.pool import parse_lines, pool

TABLE = {"game": "catan-ck", "players": 3, "a": "search:3", "b": "greedy", "options": {}, "seed": 1}


def chunk(first: int, games: list[tuple[bool, float, float]], legacy: bool = False) -> dict:
    """A chunk as bots.multi writes it (legacy: without per_game, as the runs before it wrote)."""
    wins = sum(w for w, _, _ in games)
    margin, m_low, m_high = mean_ci([m for _, m, _ in games])
    score, s_low, s_high = mean_ci([s for _, _, s in games])
    out = {**TABLE, "first": first, "games": len(games), "wins": wins, "mean_margin_vs_best_other": margin,
           "margin_ci95": [m_low, m_high], "a_mean_score": score, "a_score_ci95": [s_low, s_high]}
    if not legacy:
        out["per_game"] = [[first + k, (first + k) % 3, w, m, s] for k, (w, m, s) in enumerate(games)]
    return out


def test_chunks_of_one_table_pool_into_one_figure_and_a_repeated_chunk_counts_once():
    games = [(True, 3.0, 12.0), (False, -2.0, 9.0), (True, 1.0, 13.0), (False, -4.0, 8.0), (False, -1.0, 10.0)]
    text = "\n".join([json.dumps(chunk(0, games[:2])), repr(chunk(2, games[2:4], legacy=True)),  # a Python literal
                      json.dumps(chunk(4, games[4:])), json.dumps(chunk(0, games[:2])), "", "not a result"])
    chunks = parse_lines(text)
    assert len(chunks) == 4
    [fig] = pool(chunks)
    assert fig["games"] == 5 and fig["wins"] == 2 and fig["span"] == [0, 4] and fig["chunks"] == 3
    low, high = wilson(0.4, 5)
    assert fig["win_rate"] == 0.4 and fig["win_rate_ci95"] == [round(low, 3), round(high, 3)]
    margin, m_low, m_high = mean_ci([3.0, -2.0, 1.0, -4.0, -1.0])  # the legacy chunk's two games come back exactly
    assert fig["mean_margin"] == round(margin, 2) == -0.6
    assert fig["margin_ci95"] == [round(m_low, 2), round(m_high, 2)]
    score, s_low, s_high = mean_ci([12.0, 9.0, 13.0, 8.0, 10.0])
    assert fig["mean_score"] == 10.4 and fig["score_ci95"] == [round(s_low, 2), round(s_high, 2)]


def test_a_legacy_chunks_values_come_back_from_its_rounded_interval():
    c = chunk(6, [(True, 5.0, 14.0), (True, 6.0, 15.0)], legacy=True)
    c["margin_ci95"] = [round(x, 2) for x in c["margin_ci95"]]  # as printed: rounded
    c["a_score_ci95"] = [round(x, 2) for x in c["a_score_ci95"]]
    [fig] = pool([c])
    assert fig["mean_margin"] == 5.5 and fig["mean_score"] == 14.5
    _, low, high = mean_ci([5.0, 6.0])
    assert fig["margin_ci95"] == [round(low, 2), round(high, 2)]


def test_a_large_chunk_without_per_game_values_pools_exactly_from_its_interval():
    games = [(True, 4.0, 60.0), (False, -7.0, 52.0), (True, 1.0, 58.0)] + [(False, -3.0, 55.0)] * 7
    later = [(True, 6.0, 63.0), (False, -1.0, 57.0)]
    [fig] = pool([chunk(0, games, legacy=True), chunk(10, later)])
    margin, m_low, m_high = mean_ci([m for _, m, _ in games + later])
    assert fig["games"] == 12 and fig["wins"] == 3 and fig["mean_margin"] == round(margin, 2)
    assert fig["margin_ci95"] == [round(m_low, 2), round(m_high, 2)]


def test_a_chunk_without_an_interval_counts_but_leaves_the_figure_without_one():
    bare = {**TABLE, "first": 0, "games": 10, "wins": 5, "mean_margin_vs_best_other": -2.0, "a_mean_score": 63.0}
    [fig] = pool([bare, chunk(10, [(True, 2.0, 70.0), (False, -4.0, 60.0)])])
    assert fig["games"] == 12 and fig["wins"] == 6 and fig["mean_score"] == round((630 + 130) / 12, 2)
    assert fig["score_ci95"] == [None, None] and fig["win_rate_ci95"][0] is not None


def test_other_tables_stay_apart_and_overlapping_chunks_are_refused():
    solo = dict(chunk(0, [(True, 4.0, 60.0)]), game="arnak", players=1, b="rival")
    figs = pool([chunk(0, [(False, -1.0, 9.0)]), solo])
    assert [(f["game"], f["games"]) for f in figs] == [("catan-ck", 1), ("arnak", 1)]
    with pytest.raises(ValueError, match="share games"):
        pool([chunk(0, [(True, 1.0, 10.0)] * 4), chunk(2, [(True, 1.0, 10.0)] * 2)])
