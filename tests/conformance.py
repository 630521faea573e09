"""Helpers for the generic engine conformance suite."""

from __future__ import annotations

import json

from py_engine.core import Rng


def random_game(game, players: int, seed: int, max_moves: int = 20000, stop_after: int | None = None):
    """Play random legal moves through `apply` (checked, recorded)."""
    state = game.new(players=players, seed=seed)
    rng = Rng(seed + 1000)
    n = 0
    while state.to_move() and n < max_moves and (stop_after is None or n < stop_after):
        seat = state.to_move()[rng.below(len(state.to_move()))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
