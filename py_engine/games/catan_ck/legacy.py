"""Records made before the trade builder (commit 12931e9) rewritten in today's action encoding.

Until then an offer was one decision, ("offer", give kind, n, get kind, m) with n, m in 1..2, made to
everyone, and a reply was ("accept",), ("decline",), ("counter",) then ("counter", give kind, n, get kind,
m) or ("back",). Today's builder reaches the same positions card by card:

- ("offer", g, n, k, m)  ->  ("give", g) n times, ("get", k) m times, ("send",)
- ("counter",) then ("counter", g, n, k, m)  ->  ("counter",) (the builder opens on the offer's mirror),
  ("ungive", x) / ("unget", x) down to empty, ("give", g) n times, ("get", k) m times, ("send",)
- ("counter",) then ("back",)  ->  nothing (neither changed anything but the pending answer; today's
  builder would count the opening against MAX_COUNTERS); a counter still open at the record's end opens.

Everything else is encoded as before. The translation replays the game to read the counter's mirror;
a move that was not legal under the old rules fails with a RecordError naming it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.errors import IllegalAction, RecordError
from .data import KINDS


def is_legacy(encoded: Any) -> bool:
    """An old one-decision offer or counter bundle (today's actions never have five parts)."""
    return isinstance(encoded, list) and len(encoded) == 5 and encoded[0] in ("offer", "counter")


def _bundle(a: tuple) -> list[tuple]:
    """The builder additions for an old bundle (kind, n, kind, m), then send."""
    _, g, n, k, m = a
    if g not in KINDS or k not in KINDS or n not in (1, 2) or m not in (1, 2):
        raise IllegalAction(f"bad legacy bundle {list(a)!r}")
    return [("give", g)] * n + [("get", k)] * m + [("send",)]


def _translate(state: Any, seat: int, a: tuple, pending: set) -> Iterator[tuple]:
    """Today's actions for one old move, yielded one at a time (the state advances between them)."""
    top = state.stack[-1]["k"] if state.stack else None
    if top == "make_offer" and a[0] == "offer" and len(a) == 5:
        yield from _bundle(a)
    elif top == "offer" and a == ("counter",) and seat not in pending:
        pending.add(seat)
    elif top == "offer" and a == ("back",) and seat in pending:
        pending.discard(seat)
    elif top == "offer" and a[0] == "counter" and len(a) == 5 and seat in pending:
        pending.discard(seat)
        yield ("counter",)
        r = state.stack[-1]["replies"][seat]
        for side in ("give", "get"):
            for k, n in enumerate(list(r[side])):
                yield from [("un" + side, KINDS[k])] * n
        yield from _bundle(a)
    elif seat in pending or len(a) == 5:
        raise IllegalAction(f"{list(a)!r} is not a legal move here under the old trade rules")
    else:
        yield a


def upgrade_moves(game: Any, moves: list, options: dict, players: int, seed: int) -> list:
    """The record's moves in today's encoding (unchanged when none is in the old one)."""
    if not any(is_legacy(m[1]) for m in moves):
        return moves
    state = game.new(players=players, seed=seed, options=options)
    out: list = []
    pending: set = set()
    for i, (seat, encoded) in enumerate(moves):
        try:
            for action in _translate(state, seat, game.decode(encoded), pending):
                state.apply(seat, action)
                out.append([seat, game.encode(action)])
        except IllegalAction as exc:
            raise RecordError(f"move {i + 1} ({str(encoded)[:60]} by seat {seat}) of this record in the old "
                              f"trade encoding cannot be translated: {exc}") from None
    for seat in sorted(pending):  # a counter still being chosen when the record was saved: open it
        state.apply(seat, ("counter",))
        out.append([seat, game.encode(("counter",))])
    return out
