"""Issue 34, dialogs and menus that close (CPython, the page modules against the fake `js`).

- The end-of-game dialog: "Look at the table" (and Escape, which clicks the dialog's data-escape control)
  closes it for good; the finished table is drawn with a "Match result" button that opens it again.
- The settings menu: every choice is a button of its own (no native select), and a click on one switches the
  language or the bot speed at once.
"""

from __future__ import annotations

import importlib

from py_engine.core import Rng

from .test_web_acts import El
from .test_web_hostile_host import LocalTable, no_bot_loops, shell  # noqa: F401 (fixture)

i18n = importlib.import_module("i18n")


def finished_table() -> LocalTable:
    """A one-round Lost Cities game, you against a bot, played to its end with random moves."""
    table = LocalTable("lost-cities", 2, 5, {"rounds": 1},
                       [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Bot", "level": 1}])
    rng = Rng(3)
    while not table.state.is_over():
        seat = table.state.to_move()[0]
        table.act(seat, rng.choice(table.state.legal_actions(seat)))
    return table


def test_the_result_closes_for_good_and_opens_again_from_the_table():
    table = finished_table()
    app = shell.App()
    app.begin(table)
    app.rounds_seen = 0  # as on the page: the last move was seen to end the match
    app.after_change()
    assert app.modal == "over"
    html = str(app.table_html())
    assert 'data-testid="result-head"' in html and 'data-escape="1"' in html
    app.activate(El(data_cmd="close"))  # "Look at the table", or Escape (public/table.js clicks data-escape)
    assert app.modal is None
    app.after_change()  # anything that redraws later (a bot loop, a peer's message) leaves it closed
    assert app.modal is None
    html = str(app.table_html())
    assert 'data-testid="result-head"' not in html and 'data-testid="open-result"' in html
    app.activate(El(data_cmd="result"))
    assert app.modal == "over" and 'data-testid="result-head"' in str(app.table_html())


def test_the_settings_menu_is_buttons_and_a_click_switches_the_language_and_speed(catalogues):
    app = shell.App()
    html = str(shell.settings_html("normal"))
    assert "<select" not in html and "<label" not in html
    for code in i18n.LANGUAGES:
        assert f'data-testid="language-{code}"' in html
    for speed in ("fast", "normal", "slow"):
        assert f'data-testid="bot-speed-{speed}"' in html
    assert html.count('aria-pressed="true"') == 2  # the language in use and the speed in use
    try:
        app.activate(El(data_cmd="lang", data_arg="fa"))
        assert i18n.language() == "fa"
        assert 'aria-pressed="true" data-testid="language-fa"' in str(shell.settings_html())
        app.activate(El(data_cmd="lang", data_arg="xx-not-a-language"))  # an unknown code reads as English
        assert i18n.language() == "en"
        app.activate(El(data_cmd="bot-speed", data_arg="slow"))
        assert app.pacer.speed == "slow"
        app.activate(El(data_cmd="bot-speed", data_arg="<script>"))
        assert app.pacer.speed == "normal"
    finally:
        i18n.set_language("en")
