"""A hostile host against the guest's real page (the shell's App, not a stand-in), in CPython.

Every message a host can send is refused with "The host sent something this app cannot show" when the
page cannot draw it, and the page keeps drawing the last good view:
- an "over" before any view was shown (straight after the seat, or after a refused first view);
- a view without a field the shell reads (`log`, `history`, `over`), for every game: the shell's own fields
  (render.schema.SHELL_FIELDS) refuse it after the renderer's check, and a view that still fails to draw is
  refused too and never kept as the last good one.
"""

from __future__ import annotations

import json
from unittest import mock

import pytest

# The page's modules as test_web_hostile loads them (with its fake browser, web/ on the path).
from tests.test_web_hostile import GAMES, Guest, LocalTable, dom, netplay, seat_guest, shell, view_message

CANNOT = "The host sent something this app cannot show"
GAME_IDS = sorted(GAMES)
TOKEN = "t" * 22


def players_of(game_id: str) -> int:
    return max(2, GAMES[game_id].min_players)


def page():
    """The guest's page: the real shell App and a GuestLink on it (bots' loops are not run)."""
    app = shell.App()
    app.screen = "net"
    link = netplay.GuestLink(app)
    link.offer = mock.MagicMock()
    return app, link


def host_table(game_id: str, options: dict | None = None) -> LocalTable:
    n = players_of(game_id)
    seats = [{"kind": "human", "name": "Host"}, {"kind": "remote", "name": "G"}]
    seats += [{"kind": "bot", "name": "B"}] * (n - 2)
    return LocalTable(game_id, n, 1, options or {}, seats)


def joined_page(game_id: str, options: dict | None = None):
    """A guest page seated at a real host's table, holding its first (good) view."""
    table = host_table(game_id, options)
    app, link = page()
    texts = seat_guest(table, link)
    assert app.screen == "table" and not app.error and link.good is not None
    return table, app, link, texts


@pytest.fixture(autouse=True)
def no_bot_loops():
    with mock.patch.object(dom, "spawn", lambda coro: coro.close()):
        yield


def seat_message(game_id: str) -> str:
    return json.dumps({"v": 1, "t": "seat", "seat": 1, "token": TOKEN, "game": game_id, "players": players_of(game_id),
                       "options": {}, "name": "me", "deal": "a" * 64})


def over_message(players: int) -> str:
    return json.dumps({"v": 1, "t": "over", "seq": 0, "record": None,
                       "result": {"scores": list(range(1, players + 1)), "ranks": list(range(players, 0, -1)),
                                  "winners": [players - 1]}})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_over_straight_after_the_seat_is_refused_clearly(game_id):
    app, link = page()
    link.guest = Guest(name="me")
    link.received(seat_message(game_id))
    link.received(over_message(players_of(game_id)))
    assert link.phase == "error" and CANNOT in link.error and "internal error" not in link.error
    assert app.screen == "net" and app.table is None
    app.redraw()  # the page still draws


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_over_after_a_refused_first_view_is_refused_clearly(game_id):
    table = host_table(game_id)
    app, link = page()

    def bad_view(text: str) -> str:
        m = json.loads(text)
        if m["t"] == "view":
            m["view"]["over"] = "x"  # refused by the shell's fields, whatever the game
        return json.dumps(m)

    seat_guest(table, link, bad_view)
    assert link.phase == "error" and CANNOT in link.error and app.table is None
    link.received(over_message(players_of(game_id)))
    assert link.phase == "error" and CANNOT in link.error and "internal error" not in link.error
    assert app.table is None
    app.redraw()


@pytest.mark.parametrize("field", ["log", "history", "over"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_without_a_field_the_shell_reads_is_refused_and_the_last_good_one_is_drawn(game_id, field):
    table, app, link, texts = joined_page(game_id)
    good = link.guest.view
    m = view_message(texts)
    m["seq"] += 1
    del m["view"][field]
    link.received(json.dumps(m))
    assert CANNOT in app.error and repr(field) in app.error
    assert link.guest.view == good and link.good[1] == good
    app.redraw()  # drawing goes on with the last good view
    assert 'data-testid="log"' in str(app.table_html())
    m = view_message(texts)  # a good view afterwards is taken again and clears the message
    m["seq"] += 2
    link.received(json.dumps(m))
    assert not app.error and link.guest.view == m["view"] and link.good[1] == m["view"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_that_fails_to_draw_is_never_kept_as_the_last_good_one(game_id):
    """A safety net behind the checks: what the shell fails to draw is refused, and the last good view stays."""
    table, app, link, texts = joined_page(game_id)
    good = link.good
    m = view_message(texts)
    m["seq"] += 1
    real = shell.App.table_html

    def failing(self):
        if link.guest.view is not good[1]:
            raise KeyError("boom")
        return real(self)

    with mock.patch.object(shell.App, "table_html", failing):
        link.received(json.dumps(m))
        assert CANNOT in app.error and "KeyError" in app.error
        assert link.good == good and link.guest.view is good[1]
        app.redraw()


def test_the_view_on_screen_sent_again_is_not_drawn_again():
    """A host sends its view after each piece of its deal's work: the same view again is not drawn again
    (drawing is the guest's main cost while the deck is rekeyed), and a changed one is."""
    table, app, link, texts = joined_page("lost-cities")
    again = next(t for t in reversed(texts) if json.loads(t).get("t") == "view")
    draws: list[str] = []
    real = app.after_change
    app.after_change = lambda: (draws.append("drawn"), real())
    link.received(again)
    assert draws == [] and app.screen == "table" and not app.error
    changed = json.loads(again)
    changed["seq"] += 1  # the host's next view: another move's position
    link.received(json.dumps(changed))
    assert draws == ["drawn"]
