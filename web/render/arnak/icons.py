"""Arnak's icon set, drawn here as SVG <symbol>s (our own shapes, no printed artwork).

Resources (coin, compass, tablet, arrowhead, jewel), travel (boot, car, ship, plane), fear, idol, guardian,
exile, card draw, victory points and the two research pieces (notebook, magnifying glass; drawn in a
player's colour through `currentColor`). Each shape differs in outline as well as colour, so they read
without colour vision. The board defines the symbols once (`defs`); the board, the buttons, the log and the
tooltips show them with <use>. Every icon in HTML carries its meaning in words (`aria-label`/`<title>`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..markup import Safe, join, tag, trusted
from ..svg import fmt

PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
LETTERS = ("A", "B", "C", "D")
RIVAL = 9
RIVAL_COLOUR = "#555555"

# viewBox -10 -10 20 20; constant markup (no view data reaches these strings)
SHAPES = {
    "coin": '<circle r="8.5" fill="#e8b923" stroke="#6b4d00" stroke-width="1.6"/>'
            '<circle r="5" fill="none" stroke="#6b4d00" stroke-width="1.2"/>',
    "compass": '<circle r="8.5" fill="#d9ecf7" stroke="#1f4e6b" stroke-width="1.6"/>'
               '<path d="M0-7L2.5 0H-2.5Z" fill="#c0392b"/><path d="M0 7L2.5 0H-2.5Z" fill="#1f4e6b"/>',
    "tablet": '<rect x="-6.5" y="-8.5" width="13" height="17" rx="2" fill="#9fb2bf" stroke="#2f3f4a" '
              'stroke-width="1.5"/><path d="M-3.5-4H3.5M-3.5 0H3.5M-3.5 4H1.5" stroke="#2f3f4a" stroke-width="1.3"/>',
    "arrowhead": '<path d="M0-9L6.5 4L0 1.5L-6.5 4Z" fill="#b5651d" stroke="#4a2500" stroke-width="1.4" '
                 'stroke-linejoin="round"/><path d="M0 1.5V9" stroke="#4a2500" stroke-width="2"/>',
    "jewel": '<path d="M-8-2.5L-4-8H4L8-2.5L0 8.5Z" fill="#2aa876" stroke="#0d3f2b" stroke-width="1.4" '
             'stroke-linejoin="round"/><path d="M-8-2.5H8M-4-8L-1.5-2.5L0 8.5L1.5-2.5L4-8" fill="none" '
             'stroke="#0d3f2b" stroke-width=".9"/>',
    "boot": '<path d="M-5-9H2V1L8 3.5V8H-6Z" fill="#6b4a2b" stroke="#2b1a0a" stroke-width="1.2" '
            'stroke-linejoin="round"/>',
    "car": '<path d="M-9 3V-2L-6-2L-3-7H4L7-2H9V3Z" fill="#4f6b2f" stroke="#1f2b10" stroke-width="1.2" '
           'stroke-linejoin="round"/><circle cx="-5" cy="4.5" r="3" fill="#222"/><circle cx="5" cy="4.5" r="3" '
           'fill="#222"/>',
    "ship": '<path d="M-9 2H9L6 8H-6Z" fill="#2a5d8f" stroke="#10263d" stroke-width="1.2"/><path d="M0-9V2" '
            'stroke="#10263d" stroke-width="1.4"/><path d="M1-8L7 0H1Z" fill="#f4f1e6" stroke="#10263d" '
            'stroke-width="1"/>',
    "plane": '<path d="M0-9C1.3-9 1.5-7 1.5-5V-1.5L9 2.5V4.5L1.5 2.5V6L4 8V9.3L0 8.3L-4 9.3V8L-1.5 6V2.5L-9 4.5V2.5'
             'L-1.5-1.5V-5C-1.5-7-1.3-9 0-9Z" fill="#7a7a7a" stroke="#2b2b2b" stroke-width="1"/>',
    "fear": '<rect x="-7" y="-9" width="14" height="18" rx="2" fill="#5b2a6e" stroke="#220a2c" stroke-width="1.3"/>'
            '<path d="M-4-2L-1.5-4.5M4-2L1.5-4.5M-4 4Q0 0 4 4" stroke="#fff" stroke-width="1.6" fill="none"/>',
    "idol": '<circle cy="-5" r="3.6" fill="#c8a24a" stroke="#4a3500" stroke-width="1.2"/>'
            '<path d="M-5 9L-3.5-1H3.5L5 9Z" fill="#c8a24a" stroke="#4a3500" stroke-width="1.2"/>',
    "guardian": '<path d="M0-9L8-5V1C8 5 4 8 0 9.5C-4 8-8 5-8 1V-5Z" fill="#8e2b2b" stroke="#2e0707" '
                'stroke-width="1.2"/><path d="M-5 0Q0-4.5 5 0Q0 4.5-5 0Z" fill="#f4e3a1"/><circle r="1.7" '
                'fill="#2e0707"/>',
    "exile": '<rect x="-6" y="-8" width="12" height="16" rx="2" fill="#eee" stroke="#333" stroke-width="1.2"/>'
             '<path d="M-8-8L8 8M8-8L-8 8" stroke="#c0392b" stroke-width="2.4"/>',
    "card": '<rect x="-8" y="-6" width="10" height="14" rx="1.5" fill="#ddd" stroke="#333" stroke-width="1.1"/>'
            '<rect x="-4" y="-9" width="10" height="14" rx="1.5" fill="#fff" stroke="#333" stroke-width="1.1"/>'
            '<path d="M3 6H9M6.5 3.5L9 6L6.5 8.5" stroke="#0b7a3b" stroke-width="1.6" fill="none"/>',
    "vp": '<path d="M0-9L7.8-4.5V4.5L0 9L-7.8 4.5V-4.5Z" fill="#f3d36b" stroke="#6b4d00" stroke-width="1.3"/>'
          '<path d="M-3.5-3L0 3.5L3.5-3" stroke="#6b4d00" stroke-width="1.8" fill="none"/>',
    "notebook": '<rect x="-7" y="-9" width="14" height="18" rx="2" fill="currentColor" stroke="#111" '
                'stroke-width="1.3"/><path d="M-3-9V9" stroke="#111" stroke-width="1.2"/><path d="M0-4H4.5M0 0H4.5'
                'M0 4H4.5" stroke="#fff" stroke-width="1.3"/>',
    "glass": '<circle cx="-2" cy="-2" r="6" fill="#fff" stroke="currentColor" stroke-width="3.2"/>'
             '<path d="M2.5 2.5L8.5 8.5" stroke="currentColor" stroke-width="3.6" stroke-linecap="round"/>'
             '<circle cx="-2" cy="-2" r="7.8" fill="none" stroke="#111" stroke-width=".8"/>',
    "temple": '<path d="M-9-3L0-9L9-3ZM-7-2H7V7H-7Z" fill="#b9a37a" stroke="#3b2f18" stroke-width="1.2"/>'
              '<path d="M-4-1V7M0-1V7M4-1V7" stroke="#3b2f18" stroke-width="1.2"/>',
    "assistant": '<circle cy="-4.5" r="4" fill="#d8c7a0" stroke="#3b2f18" stroke-width="1.2"/><path d="M-7 9C-7 2 '
                 '-3.5 0.5 0 0.5C3.5 0.5 7 2 7 9Z" fill="#d8c7a0" stroke="#3b2f18" stroke-width="1.2"/>',
    "archaeologist": '<circle cy="-5" r="3.8" fill="currentColor" stroke="#111" stroke-width="1.1"/>'
                     '<path d="M-6.5 9L-4-1H4L6.5 9Z" fill="currentColor" stroke="#111" stroke-width="1.1"/>',
    "up": '<path d="M-6 2L0-6L6 2M0-6V8" stroke="#0b7a3b" stroke-width="2.4" fill="none" stroke-linecap="round"/>',
}
NAMES = tuple(SHAPES)


def defs() -> Safe:
    """The symbols, once per board (ids `ai-<name>`)."""
    return tag("defs", None, [tag("symbol", {"id": f"ai-{name}", "viewBox": "-10 -10 20 20", "overflow": "visible"},
                                  trusted(body)) for name, body in SHAPES.items()])


def icon(name: str, x: float, y: float, size: float = 16, colour: str | None = None) -> Safe:
    """One icon centred at (x, y) on the board (colour: the player's, for notebook/glass/archaeologist)."""
    if name not in SHAPES:
        return Safe("")
    return tag("use", {"href": f"#ai-{name}", "x": fmt(x - size / 2), "y": fmt(y - size / 2), "width": fmt(size),
                       "height": fmt(size), "style": f"color:{colour}" if colour else None})


def icon_row(names: Iterable[str], x: float, y: float, size: float = 16, gap: float = 1, end: bool = False) -> Safe:
    """Icons side by side, the first centred at x (end: the last ends at x)."""
    names = list(names)
    step = size + gap
    if end:
        x -= step * len(names) - gap - size / 2
    else:
        x += size / 2
    return join(*[icon(n, x + k * step, y, size) for k, n in enumerate(names)])


def inline(name: str, label: str = "") -> Safe:
    """An icon inside HTML text (a button, a log line, the player aid): a small inline <svg>; `label` is its
    meaning in words for screen readers (an empty label: decorative, the words are next to it)."""
    if name not in SHAPES:
        return Safe("")
    attrs = {"class": "ai", "viewBox": "-10 -10 20 20", "width": "1.15em", "height": "1.15em",
             "style": "vertical-align:-.2em", "focusable": "false"}
    if label:
        attrs.update({"role": "img", "aria-label": label})
    else:
        attrs["aria-hidden"] = "true"
    return tag("svg", attrs, tag("title", None, label) if label else None, trusted(SHAPES[name]))


def amounts(res: dict | list, order: tuple[str, ...]) -> list[tuple[str, int]]:
    """Nonzero resources as (name, n) pairs; `res` a dict by name or a list in `order`."""
    if isinstance(res, dict):
        return [(r, res.get(r, 0)) for r in order if res.get(r)]
    return [(order[i], v) for i, v in enumerate(res) if v]
