"""Our own small icons for the five resources and three commodities (drawn here from circles, rects and
paths; no copied artwork). Each kind has its own shape as well as its colour, so they are told apart
without colour: brick a wall of bricks, lumber a log, wool a fleece, grain an ear, ore a rock, cloth a bolt,
coin a coin, paper a scroll. Used on the board (harbours, hand, costs) and inline in HTML (buttons, panels).
"""

from __future__ import annotations

from .markup import Safe, join, tag
from .svg import fmt

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
