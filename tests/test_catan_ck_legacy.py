"""Records in the trade encoding from before the builder (one-decision offers) load and replay."""

from __future__ import annotations

import pytest

from py_engine.core.errors import RecordError
from py_engine.core.record import FORMAT, VERSION, Record
from py_engine.games.catan_ck import GAME


def _opening() -> list:
    """Seed 5, beginner board: set-up and seat 0's first roll, each seat taking its first legal action.
    Then seat 0 holds lumber, 2 wool, ore; seat 1 brick, wool, 2 ore, coin; seat 2 grain, 2 ore, coin."""
    s = GAME.new(players=3, seed=5, options={"board": "beginner", "randomness": "single"})  # as old records
    while not (s.stack[-1]["k"] == "main" and s.turn == 0):
        seat = s.to_move()[0]
        acts = s.legal_actions(seat)
        s.apply(seat, next((a for a in acts if a[0] == "roll"), acts[0]))
    assert s.hands[:3] == [[0, 1, 2, 0, 1, 0, 0, 0], [1, 0, 1, 0, 2, 0, 1, 0], [0, 0, 0, 1, 2, 0, 1, 0]]
    return [list(m) for m in s.record.moves]


def _record(moves: list) -> dict:
    return {"format": FORMAT, "version": VERSION, "game": GAME.id, "players": 3, "seed": 5,
            "options": {"board": "beginner"}, "moves": moves}


def test_old_offer_accepted_replays():
    """Seat 0 offers 1 wool for 1 ore to all (old single decision); seat 1 accepts, seat 2 declines."""
    base = _opening()
    old = [[0, ["offer"]], [0, ["offer", "wool", 1, "ore", 1]], [1, ["accept"]], [2, ["decline"]], [0, ["trade", 1]]]
    record = Record.from_json(_record(base + old))
    assert record.moves[len(base):] == [[0, ["offer"]], [0, ["give", "wool"]], [0, ["get", "ore"]], [0, ["send"]],
                                        [1, ["accept"]], [2, ["decline"]], [0, ["trade", 1]]]
    s = record.replay()
    assert s.hands[0] == [0, 1, 1, 0, 2, 0, 0, 0] and s.hands[1] == [1, 0, 2, 0, 1, 0, 1, 0]
    assert s.stack[-1]["k"] == "main" and s.log[-1][1] == "trade"
    # the upgraded record is today's: saving and loading it again changes nothing
    assert Record.from_json(record.to_json()).moves == record.moves
    # a Record built in code with the old moves replays too
    assert Record(GAME.id, 3, 5, {"board": "beginner"}, base + old).replay().hands == s.hands


def test_old_counter_replays_and_abandoned_counters_are_dropped():
    """Seat 1 opens a counter three times (old: unlimited), then counters 2 ore for 1 wool; seat 0 takes it."""
    base = _opening()
    old = [[0, ["offer"]], [0, ["offer", "wool", 2, "ore", 1]]]
    old += [[1, ["counter"]], [1, ["back"]]] * 3
    old += [[1, ["counter"]], [2, ["decline"]], [1, ["counter", "ore", 2, "wool", 1]], [0, ["trade", 1]]]
    record = Record.from_json(_record(base + old))
    assert record.moves[len(base) + 6:len(base) + 12] == [  # the counter opens on the mirror: 1 ore for 2 wool
        [1, ["counter"]], [1, ["ungive", "ore"]], [1, ["unget", "wool"]], [1, ["unget", "wool"]],
        [1, ["give", "ore"]], [1, ["give", "ore"]]]
    s = record.replay()
    assert s.hands[0] == [0, 1, 1, 0, 3, 0, 0, 0] and s.hands[1] == [1, 0, 2, 0, 0, 0, 1, 0]
    assert s.log[-1][1:3] == ["trade", {"with": 1, "give": [["wool", 1]], "get": [["ore", 2]]}]


def test_old_record_saved_while_countering_opens_the_counter():
    base = _opening()
    s = Record.from_json(_record(base + [[0, ["offer"]], [0, ["offer", "wool", 1, "ore", 1]],
                                         [1, ["counter"]]])).replay()
    replies = s.stack[-1]["replies"]
    assert replies[1]["r"] == "countering" and replies[2] is None and set(s.to_move()) == {1, 2}


def test_untranslatable_old_move_names_the_move():
    base = _opening()
    with pytest.raises(RecordError, match=f"move {len(base) + 2} .*'wool', 1, 'wool', 1"):
        Record.from_json(_record(base + [[0, ["offer"]], [0, ["offer", "wool", 1, "wool", 1]]]))
    with pytest.raises(RecordError, match=f"move {len(base) + 2} "):  # seat 0 holds one ore, not two
        Record.from_json(_record(base + [[0, ["offer"]], [0, ["offer", "ore", 2, "wool", 1]]]))


def test_todays_records_are_left_alone():
    base = _opening()
    assert GAME.upgrade_moves(base, {"board": "beginner"}, 3, 5) is base
