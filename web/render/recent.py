"""What the other seats did since the viewer last moved: the moves the table keeps marked.

A move stays marked until the viewer's own next move (the marks then start again with what the others do
next); a spectator sees the latest turn of every seat. Moves before `floor` (an earlier round) never count.
"""

from __future__ import annotations

from collections.abc import Sequence


def recent_moves(moves: Sequence, me: int | None, floor: int = 0) -> dict[int, list]:
    """seat -> that seat's encoded actions of its latest turn, walking back from the last move until the
    viewer's own move, the round's first move, or a seat that already has a later turn."""
    out: dict[int, list] = {}
    prev = None
    for k in range(len(moves) - 1, max(floor, 0) - 1, -1):
        seat, encoded = moves[k][0], moves[k][1]
        if seat == me or (seat in out and prev != seat):
            break
        out.setdefault(seat, []).insert(0, list(encoded) if isinstance(encoded, (list, tuple)) else encoded)
        prev = seat
    return out
