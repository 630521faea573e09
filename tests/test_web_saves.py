"""Nothing lost, nothing peeked (CPython, the page's modules over a fake `js`, see test_web_hostile):
several saved games, never overwritten; the replay of an unfinished game shows only what the seat at the
device may see; an unfinished game is not embedded; a live network table is dropped only when confirmed."""

# ruff: noqa: I001  (the fake browser must be installed before the page modules are imported)
from __future__ import annotations

import json

import pytest

from tests.test_web_hostile import JS, FakeStorage

import dom  # noqa: E402
import records  # noqa: E402
import saves  # noqa: E402
import sharing  # noqa: E402
import shell  # noqa: E402
from replay import Replay  # noqa: E402
from session import LocalTable  # noqa: E402

from py_engine.core import Rng  # noqa: E402

HOT_SEAT = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}]
VS_BOT = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "level": 1, "name": "Robot"}]


class DictStore:
    def __init__(self) -> None:
        self.data: dict = {}

    def storage_get(self, key):
        return json.loads(self.data[key]) if key in self.data else None

    def storage_set(self, key, value):
        self.data[key] = json.dumps(value)

    def storage_remove(self, key):
        self.data.pop(key, None)


@pytest.fixture(autouse=True)
def fresh_storage():
    JS.localStorage = FakeStorage()
    JS.Date.now.return_value = 1_700_000_000_000
    yield


def played(seats, moves: int = 6, seed: int = 9) -> LocalTable:
    table = LocalTable("lost-cities", 2, seed, {"rounds": 1}, seats)
    rng = Rng(seed)
    for _ in range(moves):
        if table.state.is_over():
            break
        seat = table.state.to_move()[0]
        table.act(seat, rng.choice(table.legal(seat)))
    return table


def app_with(table: LocalTable) -> shell.App:
    app = shell.App()
    app.replay, app.replay_seats, app.share = None, None, None
    app.redraw = lambda: None
    app.table, app.screen = table, "table"
    return app


# --- the saves list ---------------------------------------------------------------------------
def test_each_table_has_its_own_slot_and_nothing_is_overwritten():
    box = saves.Saves(DictStore())
    a = played(VS_BOT).save()
    b = played(HOT_SEAT, moves=3, seed=4).save()
    box.put("aa01", a, False, 10.0)
    box.put("bb02", b, False, 20.0)
    box.put("aa01", dict(a), False, 30.0)  # the same game saved again: its own slot only
    lines = box.entries()
    assert [e["id"] for e in lines] == ["aa01", "bb02"]
    assert lines[0]["names"] == ["Alice", "Robot"] and lines[0]["kinds"] == ["human", "bot"]
    assert lines[1]["moves"] == 3 and lines[1]["game"] == "lost-cities"
    assert box.get("bb02") == b
    assert box.delete("bb02") and box.get("bb02") is None and [e["id"] for e in box.entries()] == ["aa01"]
    assert not box.delete("bb02") and box.get("../x") is None


def test_the_old_single_autosave_is_taken_into_the_list_once():
    store = DictStore()
    store.storage_set(saves.LEGACY, played(VS_BOT).save())
    box = saves.Saves(store)
    sid = box.adopt_legacy(5.0)
    assert sid and [e["id"] for e in box.entries()] == [sid]
    assert box.adopt_legacy(6.0) is None and len(box.entries()) == 1
    assert box.delete(sid) and store.storage_get(saves.LEGACY) is None  # not resumed after a reload either


def test_the_list_keeps_unfinished_games_when_it_is_full():
    box = saves.Saves(DictStore())
    data = played(VS_BOT, moves=2).save()
    box.put("0f", data, True, 0.0)  # an old finished game
    for i in range(saves.MAX_SAVES):
        box.put(f"{i + 16:x}", data, False, float(i + 1))
    ids = [e["id"] for e in box.entries()]
    assert len(ids) == saves.MAX_SAVES and "0f" not in ids and "10" in ids


def test_autosave_of_a_new_game_never_replaces_another_saved_game():
    first = played(VS_BOT)
    app = app_with(first)
    sharing.autosave(app)
    second = played(HOT_SEAT, moves=2, seed=3)
    app.table = second
    sharing.autosave(app)
    box = sharing.saved_games()
    assert {e["id"] for e in box.entries()} == {first.save_id, second.save_id}
    assert box.get(first.save_id)["record"] == first.save()["record"]
    assert dom.storage_get(saves.LEGACY)["save_id"] == second.save_id  # the current table, for a host's resume
    home = sharing.home_html(app)
    assert 'data-testid="continue"' in home and 'data-testid="continue-1"' in home
    assert "Alice, Bob" in home and "Alice, Robot (bot)" in home


def test_delete_asks_first():
    app = app_with(played(VS_BOT))
    sharing.autosave(app)
    sid = app.table.save_id
    sharing.command(app, "delete-save", sid)
    assert "Yes, delete it" in sharing.home_html(app) and sharing.saved_games().get(sid) is not None
    sharing.command(app, "delete-no", None)
    assert sharing.saved_games().get(sid) is not None
    sharing.command(app, "delete-yes", sid)  # without asking first: nothing happens
    assert sharing.saved_games().get(sid) is not None
    sharing.command(app, "delete-save", sid)
    sharing.command(app, "delete-yes", sid)
    assert sharing.saved_games().get(sid) is None and sharing.saved_games().entries() == []


# --- nothing peeked -----------------------------------------------------------------------------
def hands_in(html: str) -> int:
    return html.count('data-testid="hand-card"')


def test_replay_of_an_unfinished_hot_seat_game_shows_no_hand():
    table = played(HOT_SEAT)
    app = app_with(table)
    app.covered, app.viewer = True, 1  # "Pass the device to Bob"
    sharing.autosave(app)
    app.screen = "home"
    sharing.command(app, "watch-last", table.save_id)
    rp = app.replay
    assert app.screen == "replay" and rp.seat is None and rp.shown_seats() == []
    for k in range(rp.total + 1):
        rp.k = k
        assert hands_in(rp.html()) == 0
    rp.set_seat("0")
    rp.set_seat("1")
    assert rp.seat is None and hands_in(rp.html()) == 0
    screen = sharing.screen_html(app)
    assert "play-from-here" not in screen and "Bob" not in rp.seat_select().replace("Bob's", "")


def test_replay_of_an_unfinished_bot_game_never_shows_the_bots_hand():
    table = played(VS_BOT)
    app = app_with(table)
    app.viewer = 0
    sharing.command(app, "watch", None)
    rp = app.replay
    assert rp.seat == 0 and [s for s, _ in rp.shown_seats()] == [0]
    rp.set_seat("1")
    assert rp.seat is None
    rp.k = rp.total
    bot_hand = {c["id"] for c in table.state.view(1)["hand"]}
    rp.set_seat("0")
    html = rp.html()
    assert all(f'data-card="{i}"' not in html or i in {c["id"] for c in table.state.view(0)["hand"]}
               for i in bot_hand - {c["id"] for c in table.state.view(0)["hand"]})
    assert hands_in(html) == len(table.state.view(0)["hand"])


def test_continue_of_a_hot_seat_game_starts_covered():
    table = played(HOT_SEAT)
    app = app_with(table)
    sharing.autosave(app)
    app.table, app.screen = None, "home"
    JS.document.querySelectorAll.return_value = []
    app.after_change = lambda: None
    sharing.command(app, "continue", table.save_id)
    assert app.screen == "table" and app.covered
    html = app.table_html()
    assert hands_in(html) == 0 and 'data-testid="cover"' in html


def test_a_finished_game_replays_from_any_seat():
    table = played(VS_BOT, moves=10**4)
    assert table.state.is_over()
    app = app_with(table)
    sharing.command(app, "watch", None)
    assert app.replay.allowed is None
    app.replay.set_seat("1")
    assert app.replay.seat == 1


def test_share_and_embed_of_an_unfinished_game_hold_no_cards():
    table = played(VS_BOT)
    app = app_with(table)
    app.share = {"kind": "embed", "mode": "position", "theme": "light", "seat": 1}
    html = sharing.share_html(app)
    assert 'data-testid="embed-later"' in html and "embed-snippet" not in html
    app.share = {"kind": "share"}
    html = sharing.share_html(app)
    link = html.split('data-testid="share-link" value="')[1].split('"')[0]
    data = records.decode(records.fragment_record(link.replace("&amp;", "&")))
    assert "seed" not in data and "salt" not in data


def test_replay_allowed_seats():
    table = played(VS_BOT)
    rp = Replay(table.state.record, table.names, seat=1, allowed={0})
    assert rp.seat is None
    rp.set_seat("0")
    assert rp.seat == 0


# --- a live network table -------------------------------------------------------------------------
def test_a_live_network_table_is_dropped_only_when_confirmed(monkeypatch):
    import netplay

    host = LocalTable("lost-cities", 2, 5, {}, [{"kind": "human", "name": "H"}, {"kind": "remote", "name": "G"}])
    host.link = object()  # a HostLink is attached
    app = app_with(host)
    app._host_link = host.link  # netplay.attach closes it when another table starts
    closed = []
    monkeypatch.setattr(netplay, "attach", lambda app, table: closed.append(table))
    app.after_change = lambda: None
    other = played(VS_BOT, moves=0)
    app.begin(other)
    assert app.table is host and app.modal == "drop-net" and closed == []
    assert 'data-testid="drop-net"' in sharing.modal_html(app) and "G" in sharing.modal_html(app)
    sharing.command(app, "drop-net-cancel", None)
    assert app.table is host and app.modal is None
    app.begin(other)
    sharing.command(app, "drop-net-ok", None)
    assert app.table is other and closed == [other]
    again = played(VS_BOT, moves=0, seed=2)
    app.begin(again)  # the table on screen is not a network table: no question
    assert app.table is again


def test_while_the_cover_is_up_nothing_of_the_covered_seat_is_drawn():
    """Board game, hot-seat: the side panel shows a seat's own VP only to that seat; under the cover the
    page draws the spectator's view (no hand, no private VP)."""
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}]
    table = LocalTable("lost-cities-board", 2, 4, {}, seats)
    rng = Rng(4)
    while not any(isinstance(i["vp"], int) and i["vp"] for i in table.state.view(1)["player_info"]) \
            and len(table.state.record.moves) < 400:
        seat = table.state.to_move()[0]
        table.act(seat, rng.choice(table.legal(seat)))
    own = table.state.view(1)["player_info"][1]["vp"]
    assert isinstance(own, int)
    app = app_with(table)
    app.viewer, app.covered = 1, False
    assert f'data-testid="total-1">{own}<' in app.table_html()
    app.covered = True
    html = app.table_html()
    assert 'data-testid="cover"' in html and hands_in(html) == 0
    assert 'data-testid="total-1">hidden<' in html
