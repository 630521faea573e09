"""Redraws from elsewhere wait for a press to end (web/press.py); a bot loop that moved no bot draws nothing
(web/pump.py), so a person's next press is not met by a second redraw of the position they just made."""

# ruff: noqa: I001  (the fake browser must be installed before the page modules are imported)
from __future__ import annotations

import asyncio

from tests.test_web_hostile import JS
from tests.test_web_saves import VS_BOT, app_with, played

import dom  # noqa: E402
from press import PressHold  # noqa: E402


class Page(PressHold):
    def __init__(self) -> None:
        self.drawn = 0

    def redraw(self) -> None:
        if self.may_draw():
            self.drawn += 1


def pressing(monkeypatch, down) -> None:
    monkeypatch.setattr(JS.window, "explorersPressing", lambda: down, raising=False)


def test_only_a_true_from_the_press_script_is_a_press(monkeypatch):
    assert dom.pressing() is False  # the fake window's attribute is a mock: anything but True is no press
    for answer in ("yes", 1, None):
        pressing(monkeypatch, answer)
        assert dom.pressing() is False

    def broken():
        raise RuntimeError("no such script")

    monkeypatch.setattr(JS.window, "explorersPressing", broken, raising=False)
    assert dom.pressing() is False
    pressing(monkeypatch, True)
    assert dom.pressing() is True


def test_a_redraw_from_elsewhere_waits_for_the_press_and_comes_once_it_ends(monkeypatch):
    page = Page()
    pressing(monkeypatch, True)
    page.redraw()
    page.redraw()
    assert page.drawn == 0 and page.owed
    pressing(monkeypatch, False)
    page.on_released(None)
    assert page.drawn == 1 and not page.owed
    page.on_released(None)  # nothing owed: nothing drawn
    assert page.drawn == 1


def test_the_pages_own_handlers_draw_during_a_press(monkeypatch):
    """A drag selects its card with a click while the pointer is still down (public/drag.js): drawn at once."""
    page = Page()
    pressing(monkeypatch, True)
    page.handler(lambda _e: page.redraw())("click")
    assert page.drawn == 1 and not page.owed and page.acting == 0


def test_a_handler_that_raises_leaves_the_page_waiting_for_presses_again(monkeypatch):
    page = Page()
    pressing(monkeypatch, True)

    def broken(_e):
        raise ValueError("bug")

    try:
        page.handler(broken)("click")
    except ValueError:
        pass
    assert page.acting == 0
    page.redraw()
    assert page.drawn == 0 and page.owed


def test_a_bot_loop_with_no_bot_to_move_draws_nothing(monkeypatch):
    """After a person's move against a bot that is not yet to move (the card game: play, then draw), the loop
    the move started finds no bot to move and leaves the page as the move's own redraw left it."""
    table = played(VS_BOT, moves=0)
    app = app_with(table)
    draws = []
    app.redraw = lambda: draws.append(1)
    assert list(table.state.to_move()) == [0]
    asyncio.run(app.pump())
    assert draws == []
    table.act(0, table.legal(0)[0])  # a play: still the person's turn (the draw)
    asyncio.run(app.pump())
    assert draws == []
