"""Lost Cities expedition scoring.

(sum of expedition cards − 20) × (1 + wagers); +20 if the row holds 8 or more cards,
wagers included, added after the multiplier (never multiplied). An empty row scores 0.
"""

from __future__ import annotations

from .cards import BONUS, BONUS_MIN_CARDS, EXPEDITION_COST, is_wager, value_of


def score_row(row: list[int]) -> dict:
    """Breakdown of one expedition: sum, cost, wagers, multiplier, bonus, total."""
    if not row:
        return {"cards": 0, "sum": 0, "cost": 0, "wagers": 0, "multiplier": 1, "bonus": 0, "total": 0}
    wagers = sum(1 for c in row if is_wager(c))
    total_sum = sum(value_of(c) for c in row)
    mult = 1 + wagers
    bonus = BONUS if len(row) >= BONUS_MIN_CARDS else 0
    return {"cards": len(row), "sum": total_sum, "cost": -EXPEDITION_COST, "wagers": wagers, "multiplier": mult,
            "bonus": bonus, "total": (total_sum - EXPEDITION_COST) * mult + bonus}


def score_rows(rows: list[list[int]]) -> int:
    return sum(score_row(r)["total"] for r in rows)
