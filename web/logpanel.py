"""The table's log panel: the whole game, scrollable, newest in view, drawn once per entry.

The shell redraws #app with one innerHTML per change; drawing a log of a thousand entries into every redraw
would cost more with each move. Instead the redraw holds an empty list (`placeholder`) and `sync`, right after
it, puts back the list drawn before (the same element: nothing in it is drawn again) and appends only the
entries that are new. Another table, seat, cover, language or set of names, or a log that is not the old one
plus new entries (an undo), starts the list again. public/table.js keeps the newest entry in view.
"""

from __future__ import annotations

from typing import Any

import dom
import js
from i18n import _
from render.markup import Safe, join, tag


def log_items(rmod, entries: list, names: list[str]) -> Safe:
    """One <li> per entry; a renderer's log_html (Safe markup, e.g. with icons) or log_text(entry, names) turns
    data entries into words. Names are
    isolated (<bdi>) and each line takes its direction from its own words (dir=auto), so a Latin name in a
    Persian line, or a Persian name in an English one, stays in place."""
    log_text = getattr(rmod, "log_html", None) or getattr(rmod, "log_text", lambda e, names: e["text"])  # html: icons
    whole = getattr(rmod, "LOG_SENTENCES", False)  # log_text already names the player ("You play…")
    items = []
    for e in entries:
        seat = e.get("seat")
        who = join(tag("b", None, tag("bdi", None, names[seat]), ":"), " ") \
            if isinstance(seat, int) and 0 <= seat < len(names) and not whole else None
        items.append(tag("li", {"dir": "auto"}, who, log_text(e, names)))
    return join(*items)


def log_list(items: Safe | None = None, pending: bool = False) -> Safe:
    return tag("ol", {"class": "log", "data-testid": "log", "tabindex": "0", "aria-label": _("Game log"),
                      "data-log-pending": "1" if pending else None}, "", items)


class LogPanel:
    """One page's log list, kept across redraws (see the module's docstring)."""

    def __init__(self) -> None:
        self.el: Any = None  # the <ol> on the page
        self.key: tuple | None = None
        self.count = 0  # entries drawn in it
        self.last: Any = None  # the last of them, to tell an extended log from another one
        self.pending: tuple | None = None

    def placeholder(self, rmod, view: dict, names: list[str], key: tuple) -> Safe:
        """The list's place in this redraw; `sync` fills it once the redraw is on the page."""
        self.pending = (key, rmod, view.get("log") or [], list(names))
        return log_list(pending=True)

    def sync(self) -> None:
        if self.pending is None:
            return
        key, rmod, entries, names = self.pending
        self.pending = None
        holder = js.document.querySelector("ol.log[data-log-pending]")
        if holder is None:
            return
        same = (self.el is not None and key == self.key and self.count <= len(entries)
                and (self.count == 0 or entries[self.count - 1] == self.last))
        if same:
            holder.replaceWith(self.el)
        else:
            holder.removeAttribute("data-log-pending")
            self.el, self.key, self.count, self.last = holder, key, 0, None
        if len(entries) > self.count:
            dom.append_html(self.el, log_items(rmod, entries[self.count:], names))
            self.count, self.last = len(entries), entries[-1]
