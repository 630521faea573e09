"""Re-sampling what an observer cannot see (for `State.determinize`)."""

from __future__ import annotations

from .rng import Rng


def redeal(rng: Rng, hands: list[list[int]], seats: list[int], piles: list[list[int]]) -> list[list[int]]:
    """Shuffle the cards of the hidden `hands` (those of `seats`) and hidden `piles` together and deal
    them back in the same sizes: the hands are replaced in place (sorted), the new piles are returned."""
    pool = [c for p in piles for c in p]
    for i in seats:
        pool += hands[i]
    pool.sort()  # start from a canonical order, so the sample depends only on what the observer knows
    rng.shuffle(pool)
    at = 0
    for i in seats:
        n = len(hands[i])
        hands[i] = sorted(pool[at:at + n])
        at += n
    out = []
    for p in piles:
        out.append(pool[at:at + len(p)])
        at += len(p)
    return out
