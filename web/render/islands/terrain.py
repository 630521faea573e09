"""The drawn terrain of Islands in the Mist: a colour, a background texture and a symbol per terrain, tile
kind and island space, so that forest, mountains, meadow, desert, canyon and swamp (and wild, city,
monument, start tile, volcano, balloon yard...) read by shape as well as by colour (colour-blind players).

All drawings are our own simple paths (constants, hence `trusted`); `terrain_defs()` puts them once in the
board's <defs>: patterns `isl-p-<key>` (the texture filling a hex) and symbols `isl-s-<key>` (the sign in
its middle).
"""

from __future__ import annotations

from ..markup import Safe, join, tag, trusted
from ..svg import fmt

# key: (base colour, texture mark colour, texture body in a 16x16 tile, symbol ink)
LOOK: dict[str, tuple[str, str, str, str]] = {
    "forest": ("#2e7d32", "#1b4d1e", '<path d="M4 2L7 8H1ZM12 9L15 15H9Z"/>', "#0e2e10"),
    "mountain": ("#9e8e80", "#5d4f44", '<path d="M1 8L4 3L7 8M9 15L12 10L15 15" fill="none" stroke-width="1.4"/>',
                 "#3b3029"),
    "meadow": ("#b9dc74", "#6f9a2c", '<path d="M3 7V3M5 7L6 4M11 15V11M13 15L14 12" fill="none" '
               'stroke-width="1.2"/>', "#3d5a12"),
    "desert": ("#f2d27a", "#c19a3a", '<circle cx="3" cy="3" r="1"/><circle cx="11" cy="6" r="1"/>'
               '<circle cx="6" cy="12" r="1"/><circle cx="14" cy="14" r="1"/>', "#7a5a10"),
    "canyon": ("#cf7a5a", "#8e3f24", '<path d="M0 16L16 0M-4 4L4-4M12 20L20 12" stroke-width="2.2"/>', "#5a2210"),
    "swamp": ("#5e8c80", "#2f5a50", '<path d="M0 5q2-2 4 0t4 0t4 0t4 0M0 13q2-2 4 0t4 0t4 0t4 0" fill="none" '
              'stroke-width="1.3"/>', "#10302a"),
    "wild": ("#ffffff", "#c9c9c9", '<path d="M8 5V11M5 8H11" stroke-width="1"/>', "#222222"),
    "city": ("#6d6875", "#4a4652", '<path d="M0 8H16M8 0V16" stroke-width="1"/>', "#ffffff"),
    "monument": ("#d9bf8c", "#a88a55", '<path d="M0 0H16V16" fill="none" stroke-width="1"/>', "#3a2a10"),
    "start": ("#222222", "#444444", '<circle cx="8" cy="8" r="1.4"/>', "#ffffff"),
    "fog": ("#e9eef2", "#cdd6de", '<path d="M1 6q3-2 6 0M9 13q3-2 6 0" fill="none" stroke-width="1.2"/>', "#5a6670"),
    "yard": ("#fff3c4", "#f0dc8a", '<circle cx="4" cy="4" r="1"/><circle cx="12" cy="12" r="1"/>', "#7a5a10"),
    "volcano": ("#f4b6a8", "#d07a66", '<path d="M2 14L5 9L8 14M10 6L13 1L16 6" fill="none" stroke-width="1"/>',
                "#6a1a0a"),
    "energy": ("#cfe8fc", "#9cc8ee", '<circle cx="8" cy="8" r="1.2"/>', "#0a4a80"),
    "question": ("#e6dcf5", "#c6b6e2", '<circle cx="8" cy="8" r="1.2"/>', "#3d2470"),
    "extension": ("#5e548e", "#433a6e", '<path d="M0 8H16" stroke-width="1.5"/>', "#ffffff"),
}
LOOK["draw2"] = LOOK["draw1energy"] = LOOK["question"]
for _k in ("office", "harbour_office", "lookout_small", "lookout_large", "wind_machine"):
    LOOK[_k] = LOOK["extension"]
LOOK["royal_couple"] = ("#9a031e", "#6a0010", LOOK["monument"][2], "#ffffff")

# The signs (viewBox -12 -12 24 24), filled with the symbol ink unless a path says otherwise.
SYMBOLS: dict[str, str] = {
    "forest": '<path d="M-10 7L-4.5-8L1 7ZM-1 9L5.5-10L12 9Z"/><path d="M-4.5 7V10M5.5 9V12" stroke="currentColor" '
              'stroke-width="2"/>',
    "mountain": '<path d="M-12 9L-3-9L3 1L6-3L12 9Z"/><path d="M-3-9L-6-3L-3-4.5L-0.5-3.5Z" fill="#fff"/>',
    "meadow": '<path d="M-8 10Q-8 0-12-6M-8 10Q-7 1-2-5M-8 10Q-9 2-7-8M4 10Q4 1 0-4M4 10Q5 2 10-3" fill="none" '
              'stroke="currentColor" stroke-width="2"/><circle cx="7" cy="-7" r="3.5" fill="#fff" '
              'stroke="currentColor" stroke-width="1.5"/>',
    "desert": '<circle cx="5" cy="-5" r="4.5" fill="none" stroke="currentColor" stroke-width="2"/>'
              '<path d="M-12 9Q-6 0 0 9ZM-3 9Q4 1 12 9Z"/>',
    "canyon": '<path d="M-12-8H-5L-3 0L-1 10H-12ZM12-8H5L4-1L2 10H12Z"/><path d="M-1 10L1 4L2 10" fill="#7fb3d5"/>',
    "swamp": '<path d="M-7 8V-6M0 8V-9M7 8V-5" stroke="currentColor" stroke-width="1.8"/><rect x="-9" y="-8" width="4"'
             ' height="7" rx="2"/><rect x="-2" y="-11" width="4" height="7" rx="2"/><rect x="5" y="-7" width="4" '
             'height="6" rx="2"/><path d="M-12 9q3-3 6 0t6 0t6 0t6 0" fill="none" stroke="currentColor" '
             'stroke-width="2"/>',
    "wild": '<path d="M0-11L3-3L11-3L5 2L7 10L0 5L-7 10L-5 2L-11-3L-3-3Z" fill="#fff" stroke="currentColor" '
            'stroke-width="1.6"/><circle r="2"/>',
    "city": '<path d="M-11 10V-1L-5.5-7L0-1V10ZM1 10V-10H10V10Z"/><path d="M-7 3h3v3h-3zM3-7h2v2h-2zM6-7h2v2h-2zM3-2h2'
            'v2h-2zM6-2h2v2h-2zM3 3h2v2h-2zM6 3h2v2h-2z" fill="#6d6875"/>',
    "monument": '<path d="M-3 7L-2-7L0-11L2-7L3 7Z"/><rect x="-8" y="7" width="16" height="4"/>',
    "start": '<path d="M-6 11V-11" stroke="currentColor" stroke-width="2"/><path d="M-5-11L9-6L-5-1Z"/>',
    "fog": '<path d="M-11-3q4-4 8 0t8 0t8 0M-11 4q4-4 8 0t8 0t8 0" fill="none" stroke="currentColor" '
           'stroke-width="1.8" opacity=".6"/>',
    "yard": '<circle cy="-4" r="7.5"/><path d="M-6-1L-3 7M6-1L3 7" stroke="currentColor" stroke-width="1.5"/>'
            '<rect x="-4" y="6" width="8" height="5" rx="1"/>',
    "volcano": '<path d="M-12 11L-4-3H4L12 11Z"/><path d="M-2-3L-3-7M2-3L3-7M0-3V-8" stroke="#d55e00" '
               'stroke-width="2"/><circle cx="-4" cy="-10" r="2.5" opacity=".5"/><circle cx="3" cy="-11" r="2" '
               'opacity=".5"/>',
    "energy": '<path d="M3-12L-8 2H-1L-4 12L8-3H1Z"/>',
    "question": '<circle r="10" fill="none" stroke="currentColor" stroke-width="2"/><path d="M-4-4a4 4 0 1 1 5 4'
                'q-1 1-1 3" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cy="7" r="1.6"/>',
    "extension": '<path d="M-9-9H9V9H-9Z" fill="none" stroke="currentColor" stroke-width="2"/><circle r="4"/>',
}
SYMBOLS["draw2"] = SYMBOLS["draw1energy"] = SYMBOLS["question"]
SYMBOLS["royal_couple"] = SYMBOLS["monument"]
for _k in ("office", "harbour_office", "lookout_small", "lookout_large", "wind_machine"):
    SYMBOLS[_k] = SYMBOLS["extension"]

# How a hex is named in LOOK for a placed tile (terrain tiles by terrain, the others by kind).
TERRAINS = ("forest", "mountain", "meadow", "desert", "canyon", "swamp")


def tile_key(tile: dict) -> str:
    """The LOOK/SYMBOLS key of a tile: its terrain, else its kind."""
    key = tile.get("terrain") if tile.get("kind") == "terrain" else tile.get("kind")
    return key if isinstance(key, str) and key in LOOK else "extension"


def space_key(space: dict) -> str:
    """The key of an island space: a coast by its terrain, else its kind."""
    key = space.get("coast") if space.get("kind") == "coast" else space.get("kind")
    return key if isinstance(key, str) and key in LOOK else "fog"


def base_colour(key: str) -> str:
    return LOOK[key][0]


def terrain_defs() -> Safe:
    """<defs>: one texture pattern and one symbol per key (drawn once per board)."""
    pats, syms = [], []
    for key, (base, mark, body, _ink) in LOOK.items():
        pats.append(tag("pattern", {"id": f"isl-p-{key}", "width": 16, "height": 16, "patternUnits": "userSpaceOnUse"},
                        tag("rect", {"width": 16, "height": 16, "fill": base}),
                        tag("g", {"fill": mark, "stroke": mark}, trusted(body))))
    for key, body in SYMBOLS.items():
        syms.append(tag("symbol", {"id": f"isl-s-{key}", "viewBox": "-12 -12 24 24", "overflow": "visible"},
                        tag("g", {"fill": "currentColor", "stroke": "none"}, trusted(body))))
    return tag("defs", None, pats, syms)


def fill(key: str) -> str:
    """The fill of a hex or chip with that key's texture."""
    return f"url(#isl-p-{key})"


def symbol(key: str, x: float, y: float, size: float, ink: str | None = None) -> Safe:
    """The key's sign centred at (x, y), `size` units wide (a picture: hidden from screen readers)."""
    return tag("use", {"href": f"#isl-s-{key}", "x": fmt(x - size / 2), "y": fmt(y - size / 2), "width": fmt(size),
                       "height": fmt(size), "style": f"color:{ink or LOOK[key][3]}", "aria-hidden": "true"})


def swatch(key: str, x: float, y: float, size: float) -> Safe:
    """A legend sample: the texture in a rounded square with the sign on it."""
    return join(tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(size), "height": fmt(size), "rx": 4,
                             "fill": fill(key), "stroke": "#333"}),
                symbol(key, x + size / 2, y + size / 2, size * 0.72))
