"""What one click on a table plays, for the app (web/shell.py) and the embed (web/embed.py) alike.

An element names one move (`data-act`, with an optional follow-up `data-then` that the same click makes
when it is then legal, e.g. Arnak's dig and its payment) or several moves of one seat (`data-acts`, e.g.
the cards of a discard or the lots of a bank trade). Several moves are played in order, stopping at the
first refusal or as soon as the seat no longer moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def read_click(el: Any) -> tuple[list, Any] | None:
    """The clicked element's moves and follow-up: ([move], follow-up or None) for `data-act`, (moves, None)
    for `data-acts`; None when it names no move. Raises ValueError when an attribute is not JSON or
    `data-acts` is not a non-empty list."""
    act, acts = el.getAttribute("data-act"), el.getAttribute("data-acts")
    if not (act or acts):
        return None
    if not act:
        moves = json.loads(acts)
        if not isinstance(moves, list) or not moves:
            raise ValueError("data-acts is not a list of moves")
        return moves, None
    then = el.getAttribute("data-then")
    return [json.loads(act)], json.loads(then) if then else None


def is_legal(table: Any, seat: int, encoded: Any) -> bool:
    """True when the encoded move is one of `seat`'s legal moves at `table` now."""
    return encoded in [json.loads(a if isinstance(a, str) else json.dumps(a)) for a in table.legal(seat)]


def play_click(table: Any, seat: int, moves: list, follow: Any, play: Callable[[Any], bool],
               goes_on: Callable[[], bool]) -> int:
    """Play `moves` through `play` (False: refused), each after the first only while `goes_on()` (the seat
    still moves); then `follow`, after a single move that was played, when it is legal for `seat`. Returns
    how many of `moves` were played."""
    done = 0
    for encoded in moves:
        if done and not goes_on():
            break
        if not play(encoded):
            break
        done += 1
    if follow is not None and done == len(moves) == 1 and goes_on() and is_legal(table, seat, follow):
        play(follow)
    return done
