"""web/session.py at a table dealt by mental poker (issue 26), in CPython: which tables deal so, what the table
saves mid-game (this seat's knowledge only) and once the game is over (a record anyone can replay, and no
protocol log), and that both load again. The deals use the 64-bit TEST_GROUP so the game is fast."""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import records  # noqa: E402
import session  # noqa: E402
from session import LocalTable  # noqa: E402

from py_engine.core import Record, Rng  # noqa: E402
from py_engine.core import mental_poker as mp  # noqa: E402
from py_engine.core.record import SealedRecord  # noqa: E402
from py_engine.games.lost_cities.fair import SLOT  # noqa: E402
from py_engine.net import Guest  # noqa: E402

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Ben"}]


@pytest.fixture
def fair_on(monkeypatch):
    monkeypatch.setattr(session, "fair_hands", lambda: True)
    monkeypatch.setattr(mp, "GROUP14", mp.TEST_GROUP)  # the game's default group, for speed


@pytest.mark.parametrize("game, seats, fair", [
    ("lost-cities", SEATS, True),
    ("lost-cities", [{"kind": "human"}, {"kind": "bot"}], False),
    ("lost-cities", [{"kind": "human"}, {"kind": "human"}], False),
    ("lost-cities-board", SEATS + [{"kind": "remote"}], True),
    ("lost-cities-board", SEATS + [{"kind": "remote"}, {"kind": "remote"}], True),
    ("lost-cities-board", SEATS + [{"kind": "bot"}], False),
    ("lost-cities-board", [{"kind": "human"}, {"kind": "human"}, {"kind": "remote"}], False),
    ("arnak", SEATS, False),
])
def test_tables_with_one_local_seat_and_remote_seats_of_lost_cities_are_dealt_by_mental_poker(fair_on, game, seats,
                                                                                              fair):
    table = LocalTable(game, len(seats), 5, {}, seats)
    assert (table.host.fair is not None) == fair


class Pair:
    def __init__(self) -> None:
        self.table = LocalTable("lost-cities", 2, 5, {"rounds": 1}, SEATS)
        self.guest = Guest(name="Ben", fair_groups=(mp.TEST_GROUP.name,))
        self.queue: deque = deque()
        self.table.send = self.down
        self.up(self.guest.join(self.table.host.invites()[1], "Ben"))

    def down(self, outs) -> None:
        self.queue.extend(("guest", text) for _, text in outs)

    def up(self, text: str) -> None:
        self.queue.append(("host", text))
        self.run()

    def run(self) -> None:
        while self.queue:
            where, text = self.queue.popleft()
            if where == "host":
                self.down(self.table.host.receive("ben", text))
            else:
                ev = self.guest.receive(text)
                for reply in ([ev.reply] if ev.reply else []) + list(ev.replies):
                    self.queue.append(("host", reply))

    def pump(self) -> None:
        """Both seats' protocol work, delivered, until nothing is left to compute."""
        while True:
            outs, texts = self.table.host.poll(), self.guest.poll()
            if not outs and not texts:
                break
            self.down(outs)
            self.queue.extend(("host", t) for t in texts)
            self.run()

    def play(self, rng: Rng, moves: int | None = None) -> None:
        host = self.table.host
        start = host.seq
        while moves is None or host.seq < start + moves:
            self.pump()
            if self.table.legal(0):
                self.table.act(0, rng.choice(self.table.legal(0)))
                self.run()
            elif self.guest.legal:
                for text in self.guest.play(rng.choice(self.guest.legal)):
                    self.up(text)
            else:
                return


def test_the_table_saves_only_its_seat_mid_game_and_a_replayable_record_at_the_end(fair_on) -> None:
    pair = Pair()
    table = pair.table
    pair.play(Rng(3), moves=12)
    saved = json.loads(json.dumps(table.save()))
    hidden = {c for c in pair.guest.fair.state.hands[1] if c < SLOT} - set(table.state.hands[1])
    assert hidden and saved["record"]["fair"] == {"group": mp.TEST_GROUP.name, "verdict": None}
    played = {a[1] for _, a in saved["record"]["moves"] if a[0] in ("play", "discard")}
    assert not hidden & played and "fair" in saved["host"]
    again = LocalTable.load(saved)
    assert again.host.fair is not None and again.state.hands == table.state.hands
    assert json.loads(table.record_json())["moves"] == saved["record"]["moves"]
    assert table.played() == table.state.record.moves and len(table.played()) == 12
    shared = records.export_data(table.record(), table.seats, False)  # web/sharing.py: sealed(record) is False
    assert "seed" not in shared and not hidden & {a[1] for _, a in shared["moves"] if a[0] in ("play", "discard")}
    with pytest.raises(SealedRecord):
        records.load(shared)
    pair.play(Rng(4))
    assert table.host.fair.audited and pair.guest.fair.audited
    done = json.loads(json.dumps(table.save()))
    assert "fair" not in done["host"] and len(done["record"]["fair"]["secrets"]) == 1
    end = Record.from_json(json.loads(table.record_json())).replay()
    assert end.is_over() and end.scores() == table.state.scores()
    loaded = LocalTable.load(done)  # a finished game: every card known now, no protocol to run
    assert loaded.host.fair is None and loaded.state.is_over() and loaded.state.scores() == end.scores()
    shared = records.load(records.decode(records.encode(records.export_data(table.record(), table.seats))))
    assert shared.state.scores() == end.scores() and shared.record.fair["secrets"] == done["record"]["fair"]["secrets"]


def test_while_the_deck_is_shuffled_the_prompt_says_so_not_play_a_card(fair_on) -> None:
    """Issue 35: during the deal the host's prompt said "You: play a card…" over an empty hand. Until this seat can
    play, the table says how far the shuffle is; once the hands are dealt, the game's own prompt is back."""
    from unittest import mock

    from .test_web_hostile_host import shell

    pair = Pair()
    table = pair.table
    app = shell.App()
    with mock.patch.object(shell.dom, "spawn", lambda coro: coro.close()):  # no bot loop outside a page
        app.begin(table)
    assert table.dealing_words.startswith("Shuffling the deck together…") and not table.legal(0)
    html = str(app.table_html())
    assert "Shuffling the deck together…" in html and "play a card" not in html.lower()
    assert 'data-testid="act-' not in html
    pair.pump()  # the protocol runs until nothing is left to compute: the hands are dealt
    assert table.dealing_words is None and table.legal(0)
    html = str(app.table_html())
    assert "Shuffling the deck together…" not in html and "play a card" in html.lower()


def test_the_board_games_tiles_wait_is_said_in_words() -> None:
    """After the shuffle, the board game's tables wait for the event tiles' seed from every seat: the prompt says
    so; a verdict, a finished deal or no deal at all say nothing."""
    from types import SimpleNamespace

    def fair(progress: float, seed=None, verdict=None, tiles=True):
        return SimpleNamespace(verdict=verdict, progress=lambda: progress, seed=seed, TILES=tiles)

    assert session.deal_words(fair(0.4)) == "Shuffling the deck together… 40 %"
    assert session.deal_words(fair(1.0)) == "Laying the event tiles from every player's share…"
    assert session.deal_words(fair(1.0, seed=7)) is None and session.deal_words(fair(1.0, tiles=False)) is None
    assert session.deal_words(fair(0.4, verdict={"kind": "wrong_key"})) is None and session.deal_words(None) is None


def test_the_page_names_the_bad_tiles_verdict() -> None:
    """(From tests/test_fair_tiles.py, whose other tests also run in Pyodide, where there is no page.)"""
    from py_engine.games.lost_cities_board.fair import BoardFairSeat

    from .test_net_fair_seats import OPTIONS, SECRETS
    from .test_web_hostile import netplay

    seat = BoardFairSeat(1, SECRETS[1], OPTIONS, mp.TEST_GROUP, 3, None)
    seat.stop(mp.Cheat(mp.BAD_TILES, 0, "the seed is not the one the shares give"))
    html = str(netplay.fair_html(seat, ["Host", "A", "B"]))
    assert 'data-kind="bad_tiles"' in html and "The host laid the event tiles" in html
    assert mp.BAD_TILES in mp.KINDS and mp.BAD_TILES in netplay.CHEATS


def test_the_page_says_who_stopped_answering_at_the_tiles() -> None:
    """A seat refused for keeping the tiles' seed waiting (py_engine.net: Host/Guest.waiting) is named with words
    of its own, not as a stalled shuffle."""
    from py_engine.games.lost_cities_board.fair import BoardFairSeat

    from .test_net_fair_seats import OPTIONS, SECRETS
    from .test_web_hostile import netplay

    seat = BoardFairSeat(1, SECRETS[1], OPTIONS, mp.TEST_GROUP, 3, None)
    seat.refused(0, "tiles")
    html = str(netplay.fair_html(seat, ["Host", "A", "B"]))
    assert 'data-kind="refused"' in html and "Host stopped answering while the event tiles were being laid" in html
    other = BoardFairSeat(1, SECRETS[1], OPTIONS, mp.TEST_GROUP, 3, None)
    other.refused(2, "lock")
    assert "B stopped answering the shuffle" in str(netplay.fair_html(other, ["Host", "A", "B"]))
