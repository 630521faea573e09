"""A guest keeps a finished game (web/netplay.py RemoteTable.record): once the game is over and this seat has
checked the host's revealed record, the guest's page offers Watch and Share like the host's, and the game is
in this device's saved games as a record that replays. Before the end there is nothing to watch or share: the
record, with every hand, stays on the host."""

from __future__ import annotations

import asyncio
import json
from unittest import mock

from py_engine.core import Rng
from tests.test_web_hostile_host import joined_page, no_bot_loops  # noqa: F401 (fixture)

ONE_ROUND = {"rounds": 1}  # a whole game, drawn by the guest's page move by move: one round is enough


def play_to_the_end(table, app, link, rng: Rng) -> None:
    """The host's seat 0 and the guest's page (through its RemoteTable) play random moves to the end."""
    replies: list[str] = []
    link.send, link.peer = replies.append, mock.MagicMock(open=True)  # a connected guest
    for _ in range(2000):
        if table.state.is_over():
            break
        if table.host.legal(0):
            outs = table.host.local_action(0, rng.choice(table.host.legal(0)))
        else:
            assert link.guest.legal
            app.table.act(1, rng.choice(link.guest.legal))
            outs = [o for text in replies for o in table.host.receive("p1", text)]
            replies.clear()
        for _, text in outs:
            link.received(text)
    assert table.state.is_over()


def test_a_guest_watches_shares_and_keeps_the_finished_game_once_it_checked_it(monkeypatch):
    import records
    import sharing

    table, app, link, _ = joined_page("lost-cities", ONE_ROUND)
    guest_table = app.table
    assert guest_table.record() is None and not sharing.has_record(app)  # mid-game: nothing of the record
    assert "watch-replay" not in str(sharing.over_buttons(app)) and "share" not in str(sharing.table_buttons(app))
    play_to_the_end(table, app, link, Rng(7))
    assert link.guest.over and link.guest.verdict["key"] == "verified"
    record = guest_table.record()
    assert record is not None and record.moves == table.state.record.moves and record.seed == table.state.record.seed
    assert sharing.has_record(app) and "watch-replay" in str(sharing.over_buttons(app))
    assert json.loads(guest_table.record_json())["moves"] == table.state.record.moves
    # in the saved games as a finished record that replays to the same result, the guest's seat as "you"
    data = sharing.saved_games().current(guest_table.save_id)
    assert data is not None and data["seats"][1].get("you") is True
    loaded = records.load(data)
    assert loaded.state.is_over() and loaded.state.result() == table.state.result()
    # shared as any finished game, and watched
    shared = records.load(records.decode(records.encode(records.export_data(record, guest_table.seats))))
    assert shared.state.result() == table.state.result()
    sharing.command(app, "watch", None)
    assert app.screen == "replay" and app.replay.record.moves == table.state.record.moves
    # saved again by a new table of the same link (a reload, a rejoin): still one entry for this game
    count = len(sharing.saved_games().entries())
    app.table = type(guest_table)(link)
    sharing.autosave(app)
    assert app.table.save_id == guest_table.save_id and len(sharing.saved_games().entries()) == count
    # the same page saving again (every redraw of a finished game autosaves): nothing is replayed or written
    box = type(sharing.saved_games())
    put, writes = box.put, []
    monkeypatch.setattr(box, "put", lambda self, sid, *a: writes.append(sid) or put(self, sid, *a))
    sharing.autosave(app)
    assert writes == []
    app.table = type(guest_table)(link)
    sharing.autosave(app)
    assert writes == [guest_table.save_id]


def test_a_warning_leaves_the_guest_nothing_to_keep():
    table, app, link, _ = joined_page("lost-cities", ONE_ROUND)
    play_to_the_end(table, app, link, Rng(8))
    assert app.table.record() is not None
    link.guest.verdict = {"ok": False, "key": "two-views", "text": "warning"}  # a cheat found on the way
    assert app.table.record() is None


def test_the_guest_pages_bot_loop_finds_no_bot_and_says_nothing():
    """The page's bot loop starts after every view a guest's page draws, as at any table, with the page's
    pacer: the guest's table plays no bot (the host does) and the loop ends without a message (it once failed
    on the pacer argument and showed "A bot could not move" after each of the host's moves)."""
    table, app, link, _ = joined_page("lost-cities")
    assert app.pacer is not None and app.table is not None and not isinstance(app.table, type(table))
    drawn = []
    app.redraw = lambda: drawn.append(1)
    asyncio.run(app.pump())
    assert app.error == "" and not app.pumping and drawn == []
