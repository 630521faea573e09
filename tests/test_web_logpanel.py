"""web/logpanel.py in CPython (a fake DOM): the log list is drawn entry by entry and kept across redraws,
started again for another table, seat or language or after an undo; names are isolated for Persian."""

from __future__ import annotations

import importlib
import types
from unittest import mock

from .test_web_hostile import JS, renderer, shell  # the page modules, imported against the fake `js`

logpanel = importlib.import_module("logpanel")
i18n = importlib.import_module("i18n")


class FakeList:
    """An <ol> on the page: what was appended, and whether it was put back in a redraw's place."""

    def __init__(self) -> None:
        self.html: list[str] = []

    def insertAdjacentHTML(self, where, html):  # noqa: N802 - the DOM's name
        assert where == "beforeend"
        self.html.append(html)

    def removeAttribute(self, name):  # noqa: N802
        pass

    def replaceWith(self, other):  # noqa: N802
        self.replaced_by = other


PLAIN = types.SimpleNamespace(log_text=lambda e, names: e["text"])  # a renderer whose entries are text


def entries(n: int) -> list[dict]:
    return [{"seat": i % 2, "text": f"move {i}"} for i in range(n)]


def redraw(panel, log: list, key: tuple = ("t", 0)) -> FakeList:
    holder = FakeList()
    html = str(panel.placeholder(PLAIN, {"log": log}, ["You", "Anna"], key))
    assert 'data-log-pending="1"' in html and "<li" not in html  # the redraw itself draws no entry
    with mock.patch.object(JS.document, "querySelector", return_value=holder):
        panel.sync()
    return holder


def test_only_new_entries_are_drawn_and_the_list_is_kept():
    panel = logpanel.LogPanel()
    first = redraw(panel, entries(3))
    assert len(first.html) == 1 and first.html[0].count("<li") == 3
    second = redraw(panel, entries(5))
    assert second.replaced_by is first  # the list drawn before goes back in
    assert len(first.html) == 2 and first.html[1].count("<li") == 2 and "move 3" in first.html[1]
    third = redraw(panel, entries(5))  # nothing new: nothing drawn
    assert third.replaced_by is first and len(first.html) == 2


def test_another_key_or_an_undo_starts_again():
    panel = logpanel.LogPanel()
    first = redraw(panel, entries(4))
    other = redraw(panel, entries(4), key=("t", None))  # the hot-seat cover: the spectator's log
    assert not hasattr(other, "replaced_by") and other.html[0].count("<li") == 4
    undone = entries(3)
    back = redraw(panel, undone, key=("t", None))
    assert not hasattr(back, "replaced_by") and back.html[0].count("<li") == 3
    changed = undone + [{"seat": 0, "text": "another move"}]
    again = redraw(panel, changed, key=("t", None))
    assert again.replaced_by is back and "another move" in back.html[1]
    assert first.html[0].count("<li") == 4


def test_log_lines_isolate_names_and_take_their_own_direction(catalogues):
    rmod = renderer("lost-cities")
    out = str(logpanel.log_items(rmod, [{"seat": 1, "key": "play", "params": {"card": 3}}], ["You", "Player 2"]))
    assert out.startswith('<li dir="auto">')
    i18n.set_language("fa")
    try:
        line = str(logpanel.log_items(rmod, [{"seat": 1, "key": "play", "params": {"card": 3}}], ["You", "Player 2"]))
        assert "\u2068Player 2\u2069" in line  # a Latin name isolated in a Persian sentence
    finally:
        i18n.set_language("en")
    whole = str(shell.log_html(PLAIN, {"log": entries(700)}, ["You", "Anna"]))
    assert whole.count("<li") == 700  # the whole game, not the last 60


def test_a_failure_in_a_handler_or_task_becomes_the_failure_line():
    """dom.listen and dom.spawn: an exception goes to window.explorersFailed (public/fail.js: one short line,
    the traceback in the console), never out of the handler; the next event is handled as usual."""
    import asyncio

    dom = importlib.import_module("dom")
    target = mock.MagicMock()
    calls = []

    def handler(event):
        calls.append(event)
        if event == "bad":
            raise KeyError("boom")

    with mock.patch.object(JS, "explorersFailed") as failed:
        dom.listen(target, "click", handler)
        proxy = target.addEventListener.call_args[0][1]
        assert proxy("bad") is None and proxy("good") is None
        assert calls == ["bad", "good"] and failed.call_count == 1 and "KeyError: 'boom'" in failed.call_args[0][0]

        async def task():
            raise RuntimeError("in a task")

        asyncio.run(dom._watched(task()))
        assert failed.call_count == 2 and "RuntimeError: in a task" in failed.call_args[0][0]
