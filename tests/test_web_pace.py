"""Bot pacing (web/pace.py): per-turn budgets, no pause for routine moves, the speed setting."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import pace  # noqa: E402
from pace import SHOW_MAX, SHOW_MIN, SPEEDS, THINK_MIN, TurnPacer, speed_name  # noqa: E402
from session import LocalTable  # noqa: E402


def test_unknown_or_corrupt_stored_speeds_read_as_normal():
    assert speed_name("fast") == "fast" and speed_name("slow") == "slow"
    assert speed_name(None) == speed_name(3) == speed_name("warp") == "normal"


def test_a_turn_splits_its_budget_and_routine_moves_get_no_pause():
    pacer = TurnPacer("normal")
    first = pacer.begin("arnak", 0, 1, moves=10)
    # a fresh page expects 4 decisions, 2 shown moves and 0.03 s of drawing per decision:
    # 85 % of 1.5 s (the rest a margin) - 2 x 0.3 s of pauses - 4 x 0.03 s, over 4 decisions
    assert abs(first - (pace.AIM * 1.5 - 2 * 0.3 - 4 * 0.03) / 4) < 0.01
    assert pacer.played(quick=True, next_bot=0, moves=11, thought=0.1, searched=False) == 0.0  # routine
    assert pacer.quiet  # the same bot goes on: the page draws this move with the next
    assert pacer.played(quick=False, next_bot=None, moves=12, thought=0.1, searched=True) == 0.0  # a person next
    assert not pacer.quiet
    pacer.turn["moves"] = 11  # (the same turn again: the seat made the last move)
    assert pacer.begin("arnak", 0, 1, moves=11) > 0 and pacer.turn["decisions"] == 2
    planned = pacer.show_seconds("arnak")
    shown = pacer.played(quick=False, next_bot=0, moves=12, thought=0.1, searched=True)
    assert shown == planned and SHOW_MIN <= shown <= SHOW_MAX
    assert pacer.turn["pause"] == shown and pacer.turn["shown"] == 2
    # more moves than expected to show: the turn's share is spent, so the next ones get the shortest pause
    rest = [pacer.played(quick=False, next_bot=0, moves=m, thought=0.0, searched=True) for m in (13, 14)]
    assert rest[0] <= shown and rest[1] == SHOW_MIN and abs(pacer.turn["pause"] - 0.6 - SHOW_MIN) < 1e-9


def test_another_seat_or_a_move_by_someone_else_starts_a_new_turn_and_the_turn_is_learnt():
    pacer = TurnPacer()
    for moves in range(6):  # one long turn: six decisions, one shown move
        pacer.begin("islands", 1, 2, moves=moves)
        pacer.played(quick=moves > 0, next_bot=1, moves=moves + 1, thought=0.0, searched=False)
    pacer.begin("islands", 0, 2, moves=6)  # another seat: the first turn is over
    assert pacer.turns == 1 and pacer.expect["islands"][:2] == [6.0, 1.0] and pacer.turn["decisions"] == 0
    assert pacer.expect["islands"][2] >= 0
    pacer.close()
    assert pacer.turn is None and pacer.turns == 1  # a turn without a decision is not counted
    # one shown move expected: its pause is the longest allowed; a spent budget still leaves some thinking
    assert pacer.show_seconds("islands") == SHOW_MAX
    pacer.begin("islands", 0, 2, moves=6)
    pacer.turn["began"] -= 10.0
    assert pacer.begin("islands", 0, 2, moves=6) == THINK_MIN


def test_the_speed_scales_the_pauses_and_not_the_thinking():
    fast, slow = TurnPacer("fast"), TurnPacer("slow")
    assert abs(fast.show_seconds("catan-ck") / slow.show_seconds("catan-ck") - SPEEDS["fast"] / SPEEDS["slow"]) < 1e-9
    assert abs(fast.begin("catan-ck", 0, 3, 0) - slow.begin("catan-ck", 0, 3, 0)) < 0.01
    assert fast.budget("catan-ck") == 2.0 and fast.budget("arnak") == pace.DEFAULT_TURN_SECONDS == 1.5


def test_bot_moves_with_a_pacer_limits_each_search_and_pauses_only_where_the_pacer_says():
    seats = [{"kind": "bot", "name": "A", "level": 3}, {"kind": "human", "name": "B"}]
    table = LocalTable("lost-cities", 2, 3, {"rounds": 1}, seats)
    pacer = TurnPacer("fast")
    limits, redraws = [], []
    begin = pacer.begin

    def spy(*args):
        limits.append(begin(*args))
        return limits[-1]

    pacer.begin = spy

    async def run() -> list:
        return [move async for move in table.bot_moves(lambda: True, lambda: redraws.append(1), 0, pacer)]

    played = asyncio.run(run())
    assert [seat for seat, _ in played] == [0, 0]  # a Lost Cities turn: play, then draw; then the person
    assert len(redraws) == 1 and len(limits) == 2 and all(0 < x <= 1.5 for x in limits)
    # the play is shown (the same bot draws next), the draw is not (the person moves next: it stays marked)
    assert pacer.turn["decisions"] == 2 and abs(pacer.turn["pause"] - 0.3 * SPEEDS["fast"]) < 1e-9
    pacer.close()
    assert pacer.turns == 1 and pacer.expect["lost-cities"][0] == 2.0


def test_a_shown_move_never_pauses_past_the_end_of_the_turns_budget():
    """Islands level 1 under load (issue 24): drawing and more moves than expected ran a turn to 2.3 s with
    0.9 s of pauses; a pause now ends where the turn's budget does (the pauses' share scaled by the speed)."""
    for speed, budget in (("normal", 1.5), ("slow", 1.5 * (1 + pace.SHOW_SHARE)), ("fast", 1.5 * 0.76)):
        pacer = TurnPacer(speed)
        pacer.begin("islands", 1, 1, moves=0)
        planned = pacer.show_seconds("islands")
        pacer.turn["began"] -= budget - planned / 2  # half the planned pause is left of the budget
        pause = pacer.played(quick=False, next_bot=1, moves=1, thought=0.0, searched=True)
        assert planned / 2 - 0.01 < pause < planned / 2 + 1e-9, (speed, pause, planned)
        pacer.begin("islands", 1, 1, moves=1)
        pacer.turn["began"] -= 5.0  # long over: the next shown moves get no pause at all
        assert pacer.played(quick=False, next_bot=1, moves=2, thought=0.0, searched=True) == 0.0


def test_slow_drawing_shrinks_the_pauses_before_the_turn_grows():
    """Learnt turns of 5 decisions and 3 shown moves: with 0.03 s of drawing a decision the pauses share 40 % of
    the budget; with 0.2 s (a loaded machine) only what 85 % of it leaves after drawing and the shortest
    searches, down to the shortest pause."""
    pacer = TurnPacer("normal")
    pacer.expect["islands"] = [5.0, 3.0, 0.03]
    assert abs(pacer.show_seconds("islands") - 1.5 * pace.SHOW_SHARE / 3) < 1e-9
    pacer.expect["islands"] = [5.0, 3.0, 0.15]
    assert abs(pacer.show_seconds("islands") - (pace.AIM * 1.5 - (0.15 + THINK_MIN) * 5) / 3) < 1e-9
    pacer.expect["islands"] = [5.0, 3.0, 0.2]
    assert pacer.show_seconds("islands") == SHOW_MIN
