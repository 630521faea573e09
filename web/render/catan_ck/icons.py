"""Our own small icons for the five resources and three commodities (drawn here from circles, rects and
paths; no copied artwork). Each kind has its own shape as well as its colour, so they are told apart
without colour: brick a wall of bricks, lumber a log, wool a fleece, grain an ear, ore a rock, cloth a bolt,
coin a coin, paper a scroll. Also the progress cards by deck (a card in the deck's colour with its own
symbol: trade two arrows of an exchange, politics a crown, science a flask), victory points (a medal with
a star) and knights as the board draws them (basic a round token, strong a hexagon, mighty a star in a
ring; active filled with the player's colour, inactive white with a dashed edge). Used on the board
(harbours, hand, costs, player panels) and inline in HTML (buttons, panels, status, log lines, hover cards).
In HTML a group of icons is one image named in words (`role="img"`, `aria-label` and `title`), so screen
readers read the words and a pointer shows them.

A translated sentence holds icons through marks: `mark(pieces, fragment)` puts a placeholder in the plain
text (the catalogue's words are filled in with it as with any value), `rich(line, pieces)` escapes the text
and puts each fragment in its place.
"""

from __future__ import annotations

import math
import re

from i18n import num

from ..markup import Safe, join, tag, text
from ..svg import fmt

INK = "#2b2118"
# kind -> list of (element, attributes) in a 20 x 20 box centred on (0, 0)
SHAPES: dict[str, list[tuple[str, dict]]] = {
    "brick": [("rect", {"x": -9, "y": -7, "width": 8, "height": 4.5, "fill": "#b84a2c"}),
              ("rect", {"x": 1, "y": -7, "width": 8, "height": 4.5, "fill": "#b84a2c"}),
              ("rect", {"x": -5, "y": -1.5, "width": 10, "height": 4.5, "fill": "#c8643b"}),
              ("rect", {"x": -9, "y": 4, "width": 8, "height": 4.5, "fill": "#b84a2c"}),
              ("rect", {"x": 1, "y": 4, "width": 8, "height": 4.5, "fill": "#b84a2c"})],
    "lumber": [("rect", {"x": -9, "y": -4, "width": 16, "height": 8, "rx": 2, "fill": "#8a5a2b"}),
               ("ellipse", {"cx": 7, "cy": 0, "rx": 3, "ry": 4, "fill": "#e0b77a"}),
               ("ellipse", {"cx": 7, "cy": 0, "rx": 1.2, "ry": 1.8, "fill": "none"})],
    "wool": [("circle", {"cx": -4, "cy": -2, "r": 4.5, "fill": "#f4f4ee"}),
             ("circle", {"cx": 3, "cy": -3, "r": 4.5, "fill": "#f4f4ee"}),
             ("circle", {"cx": -1, "cy": 3, "r": 5, "fill": "#f4f4ee"}),
             ("circle", {"cx": 6, "cy": 3, "r": 3.5, "fill": "#f4f4ee"})],
    "grain": [("path", {"d": "M0 9 V-9", "fill": "none", "stroke-width": 1.5}),
              ("ellipse", {"cx": -2.5, "cy": -5, "rx": 2, "ry": 3.2, "fill": "#e8c23a"}),
              ("ellipse", {"cx": 2.5, "cy": -5, "rx": 2, "ry": 3.2, "fill": "#e8c23a"}),
              ("ellipse", {"cx": -2.5, "cy": 1, "rx": 2, "ry": 3.2, "fill": "#e8c23a"}),
              ("ellipse", {"cx": 2.5, "cy": 1, "rx": 2, "ry": 3.2, "fill": "#e8c23a"}),
              ("ellipse", {"cx": 0, "cy": -9, "rx": 1.6, "ry": 2.4, "fill": "#e8c23a"})],
    "ore": [("path", {"d": "M-9 6 L-6 -3 L-1 -8 L6 -5 L9 3 L4 8 L-5 8 Z", "fill": "#8e8e9a"}),
            ("path", {"d": "M-1 -8 L0 0 L9 3 M0 0 L-5 8", "fill": "none"})],
    "cloth": [("rect", {"x": -8, "y": -7, "width": 12, "height": 14, "rx": 1, "fill": "#7b5ea7"}),
              ("circle", {"cx": 5, "cy": 0, "r": 4, "fill": "#a88bd0"}),
              ("path", {"d": "M-8 -2 H4 M-8 3 H4", "fill": "none", "stroke": "#d9ccef"})],
    "coin": [("circle", {"cx": 0, "cy": 0, "r": 8.5, "fill": "#e3b505"}),
             ("circle", {"cx": 0, "cy": 0, "r": 5.5, "fill": "none", "stroke": "#8a6d00"}),
             ("path", {"d": "M0 -3 V3", "fill": "none", "stroke": "#8a6d00", "stroke-width": 2})],
    "paper": [("path", {"d": "M-7 -9 H4 L8 -5 V9 H-7 Z", "fill": "#f6ecd0"}),
              ("path", {"d": "M4 -9 V-5 H8 M-4 -3 H5 M-4 1 H5 M-4 5 H3", "fill": "none"})],
}

TRACK_FILL = {"trade": "#e3b505", "politics": "#2f6fd6", "science": "#2e9a58"}
_CARD = {"x": -7.5, "y": -9.5, "width": 15, "height": 19, "rx": 2.5}
DECK_SYMBOLS = {  # the symbol on each deck's card, in ink on a white disc (read on any of the three colours)
    "trade": [("path", {"d": "M-4 -2 H3.5 M1.5 -4 L3.8 -2 L1.5 0 M4 2.5 H-3.5 M-1.5 0.5 L-3.8 2.5 L-1.5 4.5",
                        "fill": "none", "stroke-width": 1.3})],
    "politics": [("path", {"d": "M-4.2 3 V-3 L-2.1 -0.2 L0 -4 L2.1 -0.2 L4.2 -3 V3 Z", "fill": "#f2d14c"})],
    "science": [("path", {"d": "M-1.4 -4.5 V-1 L-4.3 3.8 H4.3 L1.4 -1 V-4.5 M-2.3 -4.5 H2.3", "fill": "#bfe3cf"})],
}
for _track, _symbol in DECK_SYMBOLS.items():
    SHAPES[f"deck-{_track}"] = [("rect", {**_CARD, "fill": TRACK_FILL[_track]}),
                                ("circle", {"cx": 0, "cy": 0, "r": 6, "fill": "#ffffff"}), *_symbol]
SHAPES["vp"] = [("path", {"d": "M-5 -9 L-1 -2 M5 -9 L1 -2", "fill": "none", "stroke": "#a8322d", "stroke-width": 3}),
                ("circle", {"cx": 0, "cy": 3, "r": 6.5, "fill": "#f2c94c"}),
                ("path", {"d": "M0 -1.3 L1.2 1.6 L4.1 1.8 L1.9 3.8 L2.6 6.7 L0 5.1 L-2.6 6.7 L-1.9 3.8 L-4.1 1.8 "
                               "L-1.2 1.6 Z", "fill": "#ffffff", "stroke-width": 0.6})]

# knight shapes by level: a round token (basic), a hexagon (strong), an eight-pointed star in a ring
# (mighty); as (points, outer radius, inner radius), for a knight 20 units across on the board
KNIGHT_SHAPES = {1: (16, 10.0, 10.0), 2: (6, 11.5, 11.5), 3: (16, 13.0, 9.5)}
KNIGHT_INK = "#5a6b62"  # a knight that belongs to nobody in particular ("recruit a basic knight")


def knight_points(x: float, y: float, level: int, k: float = 1.0) -> str:
    """The outline of a knight of `level` centred on (x, y), `k` times the board's size."""
    n, r_out, r_in = KNIGHT_SHAPES[level]
    pts = []
    for i in range(n):
        r = (r_out if i % 2 == 0 else r_in) * k
        a = math.pi * 2 * i / n - math.pi / 2
        pts.append(f"{fmt(x + r * math.cos(a))},{fmt(y + r * math.sin(a))}")
    return " ".join(pts)


def knight_shape(level: object, active: bool, colour: str = KNIGHT_INK, k: float = 1.0) -> list[Safe]:
    """A knight's token as on the board (centred on 0, 0): filled when active, white and dashed when not;
    outlined in ink, so that a light player colour shows on a light page."""
    lvl = level if level in KNIGHT_SHAPES else 1
    points = knight_points(0, 0, lvl, k)
    out = [tag("polygon", {"points": points, "fill": "none", "stroke": INK, "stroke-width": fmt(4.6 * k)}),
           tag("polygon", {"points": points, "fill": colour if active else "#ffffff",
                           "stroke": colour, "stroke-width": fmt(3 * k),
                           "stroke-dasharray": None if active else f"{fmt(4 * k)} {fmt(2 * k)}"})]
    if lvl == 3:
        out.append(tag("circle", {"cx": 0, "cy": 0, "r": fmt(13.5 * k), "fill": "none", "stroke": INK}))
    return out


def knight_html(level: object, active: bool = True, colour: str = KNIGHT_INK, size: int = 18) -> Safe:
    """A knight as an inline <svg> (decorative: the words beside it name it)."""
    return tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "-16 -16 32 32", "width": size,
                       "height": size, "aria-hidden": "true", "class": "ck-icon", "data-knight": level,
                       "data-active": int(bool(active)), "style": "vertical-align:-.25em"},
               knight_shape(level, active, colour))


def icon(kind: str, x: float, y: float, size: float = 20) -> Safe:
    """The icon of `kind` centred on (x, y), `size` units across (an unknown kind draws nothing)."""
    if kind not in SHAPES:
        return Safe("")
    s = size / 20
    parts = [tag(name, {"stroke": INK, "stroke-width": 0.8, **attrs}) for name, attrs in SHAPES[kind]]
    return tag("g", {"transform": f"translate({fmt(x)} {fmt(y)}) scale({fmt(s)})", "data-icon": kind}, parts)


def icon_html(kind: str, size: int = 18) -> Safe:
    """The icon as an inline <svg> for HTML text and buttons (decorative: the words beside it name it)."""
    return tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "-10 -10 20 20", "width": size,
                       "height": size, "aria-hidden": "true", "class": "ck-icon",
                       "style": "vertical-align:-.2em"}, icon(kind, 0, 0))


def icons_row(counts: dict, x: float, y: float, size: float = 14, gap: float = 2) -> Safe:
    """One icon per card ({kind: n} in the given order), left to right from (x, y) as centre of the first."""
    out = []
    at = x
    for kind, n in counts.items():
        for _ in range(n):
            out.append(icon(kind, at, y, size))
            at += size + gap
    return join(out)


# a placeholder for the fragment at index i: private-use characters that no catalogue entry holds
_MARK = re.compile("\ue000(\\d+)\ue001")
MANY = 4  # up to this many cards of a kind as that many icons; more as "n×" and one icon


def mark(pieces: list[Safe], fragment: Safe) -> str:
    """A placeholder for `fragment` in a plain-text line (filled in by `rich`)."""
    pieces.append(fragment)
    return f"\ue000{len(pieces) - 1}\ue001"


def unmarked(value: str) -> str:
    """A value from outside (a player's name) without the placeholder characters."""
    return str(value).replace("\ue000", "").replace("\ue001", "")


def rich(line: str, pieces: list[Safe]) -> Safe:
    """The line escaped, each placeholder replaced by its fragment."""
    out = []
    for i, part in enumerate(_MARK.split(line)):
        if i % 2:
            out.append(pieces[int(part)] if int(part) < len(pieces) else Safe(""))
        else:
            out.append(text(part))
    return join(out)


# hidden words kept inline (an absolutely placed .sr-only would break a line read as text around them)
WORDS_STYLE = ("display:inline-block;width:1px;height:1px;margin-right:-1px;overflow:hidden;clip-path:inset(50%);"
               "white-space:nowrap;vertical-align:top")


def cards_html(pairs: list[tuple[str, int]], words: str, size: int = 16) -> Safe:
    """Cards [(kind, n), ...] as icons (one per card, or "n×" and one icon for many), one image named
    `words` ("2 brick, 1 ore"); the words are also its (visually hidden) text, so that a line read or
    copied as text ("You offer 1 grain for 2 brick") never has a hole where the icons are."""
    out = []
    for kind, n in pairs:
        if n > MANY:
            out.append(tag("span", {"class": "n"}, num(n), "×"))
            out.append(icon_html(kind, size))
        else:
            out.extend(icon_html(kind, size) for _i in range(n))
    out.append(tag("span", {"class": "ck-words", "style": WORDS_STYLE}, words))
    return tag("span", {"class": "ck-cards", "role": "img", "aria-label": words, "title": words,
                        "style": "white-space:nowrap"}, out)


# a die face's pips in a 20 x 20 box centred on (0, 0)
PIPS = {1: ((0, 0),), 2: ((-4.5, -4.5), (4.5, 4.5)), 3: ((-4.5, -4.5), (0, 0), (4.5, 4.5)),
        4: ((-4.5, -4.5), (4.5, -4.5), (-4.5, 4.5), (4.5, 4.5)),
        5: ((-4.5, -4.5), (4.5, -4.5), (0, 0), (-4.5, 4.5), (4.5, 4.5)),
        6: ((-4.5, -5), (4.5, -5), (-4.5, 0), (4.5, 0), (-4.5, 5), (4.5, 5))}


def die_html(n: int, fill: str, words: str, size: int = 18) -> Safe:
    """A die showing `n` as pips (yellow or red fill), one image named `words`; a number it cannot show
    draws nothing."""
    if n not in PIPS:
        return Safe("")
    pips = [tag("circle", {"cx": x, "cy": y, "r": 1.9, "fill": INK}) for x, y in PIPS[n]]
    return tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "-10 -10 20 20", "width": size,
                       "height": size, "role": "img", "aria-label": words, "class": "ck-die",
                       "style": "vertical-align:-.25em"},
               tag("title", None, words),
               tag("rect", {"x": -9, "y": -9, "width": 18, "height": 18, "rx": 3.5, "fill": fill, "stroke": INK,
                            "stroke-width": 1}), pips)
