"""web/session.py in CPython: LocalTable is a thin wrapper over py_engine.net.Host for every table,
local-only or with remote seats (moves, bots, seat hand-over, save/load)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from session import LocalTable  # noqa: E402

from py_engine.core import IllegalAction  # noqa: E402
from py_engine.net import Guest  # noqa: E402

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Ben"}]


def test_local_moves_reach_the_remote_guest_and_survive_save_load():
    sent = []
    table = LocalTable("lost-cities", 2, 5, {"rounds": 1}, SEATS)
    table.send = sent.extend
    guest = Guest()
    assert table.dealing  # the deal waits for the remote seat's share
    out = table.host.receive("p1", guest.join(table.host.invites()[1], "Bea"))
    while out:  # the guest's share goes back to the host, which deals and sends the first view
        replies = [ev.reply for ev in (guest.receive(text) for _, text in out) if ev.reply]
        out = [o for reply in replies for o in table.host.receive("p1", reply)]
    assert not table.dealing and table.state.record.shares == [None, guest.share]
    assert guest.seat == 1 and guest.view["hand"] == table.state.view(1)["hand"]
    assert table.names == ["Ann", "Bea"] and table.humans() == [0] and table.legal(1) == []
    with pytest.raises(IllegalAction):
        table.act(1, table.host.legal(0)[0])
    table.act(0, table.legal(0)[0])
    assert sent and all(p == "p1" for p, _ in sent) and len(table.state.record.moves) == 1
    for _, text in sent:
        guest.receive(text)
    assert guest.seq == 1 and guest.view == table.state.view(1)
    again = LocalTable.load(json.loads(json.dumps(table.save())))
    assert again.record_json() == table.record_json() and again.names == table.names
    assert again.host.seat_kind(1) == "remote" and again.remote_seats() == [1]


def test_a_bot_takes_over_a_remote_seat_and_hands_it_back():
    table = LocalTable("lost-cities", 2, 5, {}, SEATS)
    table.set_kind(1, "bot")
    assert 1 in table.bots and table.host.seat_kind(1) == "bot"
    table.act(0, table.legal(0)[0])
    table.act(0, table.legal(0)[0])
    assert table.bot_to_move() == 1
    thinker = table.bots[1].start(table.state, 1)
    while not thinker.step(50):
        pass
    table.act(1, thinker.result())
    table.set_kind(1, "remote")
    assert table.bot_to_move() is None and 1 in table.host.invites() and table.remote_seats() == [1]


def test_bot_moves_plays_the_bots_until_told_to_stop_or_a_person_is_to_move():
    import asyncio

    seats = [{"kind": "bot", "name": "A", "level": 1}, {"kind": "bot", "name": "B", "level": 1}]
    table = LocalTable("lost-cities", 2, 3, {"rounds": 1}, seats)
    redraws = []

    async def run(limit: int) -> list:
        out = []
        async for seat, action in table.bot_moves(lambda: len(out) < limit, lambda: redraws.append(1), pause=0):
            out.append((seat, action))
        return out

    played = asyncio.run(run(5))
    assert len(played) == 5 == len(table.state.record.moves) == len(redraws)
    assert table.state.record.moves == [[seat, table.game.encode(a)] for seat, a in played]
    table.set_kind(table.state.to_move()[0], "human")
    assert asyncio.run(run(100)) == [] and len(table.state.record.moves) == 5
