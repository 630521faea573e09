"""Redraws that wait for a press to end (public/press.js).

A page here redraws #app with one innerHTML. A redraw that comes from elsewhere (a bot's move, a peer's
message, a replay's timer) between a press going down and coming up replaces the pressed element, and the
browser then sends no click: the person's press is lost. Such a redraw waits until the press ends; the
redraws of the page's own event handlers (the press's click, a key) never wait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dom
import js


class PressHold:
    """Mixin for a page with `redraw()`: call `may_draw()` first in it, wrap the event handlers with
    `handler()`, and listen for the end of a press with `on_released`."""

    acting = 0  # depth of the page's own event handlers running now
    owed = False  # a redraw waited for the press to end

    def may_draw(self) -> bool:
        """Whether a redraw may replace the page now; if not, it is owed until the press ends."""
        self.owed = not self.acting and dom.pressing()
        return not self.owed

    def handler(self, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """`fn` as an event handler whose redraws are the person's own (they never wait)."""
        def run(event):
            self.acting += 1
            try:
                return fn(event)
            finally:
                self.acting -= 1
        return run

    def on_released(self, _event) -> None:
        if self.owed:
            self.redraw()

    def listen_for_release(self) -> None:
        dom.listen(js.document, "explorers:released", self.on_released)
