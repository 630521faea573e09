"""Positions in the browser: the board of a position (py_engine.core.position), its annotations, its links.

Pure Python (no browser calls), so it is tested in CPython. A position travels like a record: the
JSON value base64url(zlib(json)) (`records.encode`) in `embed.html?position=…` or `#position=…`,
and comes back through the bounded decoder (`records.decode`) and the game's validator.

Annotations name zone paths ("expedition.0.red") or components ("red-8"). Each game's board marks
its parts with data-testid attributes; ANCHORS turns a name into CSS selectors of those parts (a
card without a mark of its own is shown by its zone), so the embed can ring highlights and draw
arrows over any renderer's SVG without changing its drawing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

import records
from i18n import _, tr
from render import renderer
from render.markup import Safe, tag, text

from py_engine.core import position as P

LINK_KEY = "position"
# A position's board takes no input; data-arg stays (annotations find a hand's cards by it).
_INPUT = re.compile(r' (?:data-(?:act|cmd|draggable)(?:="[^"]*")?|tabindex="[^"]*"|role="button")(?=[\s/>])')


# Each game's marks import from its own package here, not at the top: the page starts without the games' packs
# (web/packs.py).
def _lost_cities(name: str, pos: P.Position, bottom: int) -> list[str]:
    from py_engine.games.lost_cities.zones import card_id

    if name not in pos.zones:  # a card: its own mark in the shown hand, else its zone's
        zone = next((z for z, items in pos.zones.items() if items and name in items), None)
        own = [f'[data-testid="hand-card"][data-arg="{card_id(name)}"]'] if zone == f"hand.{bottom}" else []
        return own + (_lost_cities(zone, pos, bottom) if zone else [])
    parts = name.split(".")
    if parts[0] == "discard":
        return [f'[data-testid="pile-{parts[1]}"]']
    if parts[0] == "deck":
        return ['[data-testid="deck"]']
    if parts[0] == "hand":
        return ['[data-testid="hand-card"]'] if int(parts[1]) == bottom else [f'[data-testid="who-{parts[1]}"]']
    seat, colour = int(parts[1]), parts[2]  # an expedition
    if seat == bottom:
        return [f'[data-testid="expedition-{colour}"]']
    return [f'[data-testid="opp-expedition-{colour}"]', f'[data-testid="who-{seat}"]']


def _lost_cities_board(name: str, pos: P.Position, bottom: int) -> list[str]:
    from py_engine.games.lost_cities_board.zones import card_id as board_card_id

    if name not in pos.zones:  # a card, tile or piece: a card in the shown hand has its own mark, else its zone
        zone = next((z for z, items in pos.zones.items() if items and name in items), None)
        own = ([f'[data-testid="hand-card"][data-arg="{board_card_id(name)}"]'] if zone == f"hand.{bottom}"
               else [])
        return own + (_lost_cities_board(zone, pos, bottom) if zone else [])
    parts = name.split(".")
    kind = parts[0]
    if kind in ("discard", "deck", "removed"):
        return [f'[data-testid="pile-{parts[1]}"]'] if kind == "discard" else ['[data-testid="deck"]']
    if kind == "hand":
        return ['[data-testid="hand-card"]'] if int(parts[1]) == bottom else [f'[data-testid="player-{parts[1]}"]']
    if kind == "space":
        colour, stone = parts[1].split("-")
        return [f'[data-testid="stone-{colour}-{stone}"]']
    seat, colour = parts[1], parts[2]
    if kind == "path":
        return [f'[data-testid="piece-{seat}-{colour}"]', f'[data-testid="path-{colour}"]']
    return [f'[data-testid="column-{seat}-{colour}"]', f'[data-testid="player-{seat}"]']  # a column


def _islands(name: str, pos: P.Position, bottom: int) -> list[str]:
    if name not in pos.zones:  # a tile: its zone (identical tiles share a name: the first one placed)
        zone = next((z for z, items in pos.zones.items() if items and name in items), None)
        return _islands(zone, pos, bottom) if zone else []
    parts = name.split(".")
    if parts[0] == "cloud":
        return [f'[data-testid="cloud-{int(parts[1]) - 1}"]']
    if parts[0] == "harbour":
        return ['[data-testid="harbour-0"]']
    if parts[0] == "beside":
        return [f'[data-testid="beside-{parts[1]}"]', f'[data-testid="energy-{parts[1]}"]',
                f'[data-testid="island-tab-{parts[1]}"]']
    seat = int(parts[1])
    if seat != bottom:  # another island is drawn small, as a tab
        return [f'[data-testid="island-tab-{seat}"]']
    if parts[0] == "telescope":
        return [f'[data-testid="telescope-{seat}"]']
    return [f'[data-space="{parts[2]}"]']  # a space of the island shown


def _arnak(name: str, pos: P.Position, bottom: int) -> list[str]:
    from py_engine.games.arnak.zones import card_id as arnak_card_id

    if name not in pos.zones:  # a card or an archaeologist: a card in the row or the shown hand by its mark
        zone = next((z for z, items in pos.zones.items() if items and name in items), None)
        if zone is None:
            return []
        items = pos.zones[zone]
        own = []
        if zone in ("items", "artifacts"):
            own = [f'[data-testid="row-{zone[:-1]}-{items.index(name)}"]']
        elif zone == f"hand.{bottom}":
            own = [f'[data-testid="hand-{arnak_card_id(name)}-0"]']
        return own + _arnak(zone, pos, bottom)
    kind, _sep, rest = name.partition(".")
    if kind == "camp":
        return [f'[data-site="{int(rest.split("-")[0]) - 1}"]']
    if kind in ("site", "idol", "guardian", "dig"):  # a level I/II site's parts: the site
        return [f'[data-site="{int(rest) - 1}"]']
    if kind in ("research", "temple"):
        return [f'[data-space="{rest or 14}"]']
    if kind.startswith("rival-"):
        return ['[data-testid="rival-row"]']
    if kind in ("assistants", "rescue"):
        return ['[data-testid="arnak-board"]']
    if kind in ("guardians", "tiles", "assistant"):  # a player's box, whole
        return [f'[data-spot="play-{rest.split(".")[0]}"]', f'[data-testid="score-{rest.split(".")[0]}"]']
    if kind in ("items", "artifacts"):
        return [f'[data-testid="row-{kind[:-1]}-0"]']
    if kind == "hand" and int(rest) == bottom:
        return ['[data-testid^="hand-"]', f'[data-testid="score-{bottom}"]']
    return [f'[data-spot="play-{rest}"]', f'[data-testid="score-{rest}"]']  # a deck, play area, hidden hand: the box


def _catan(name: str, pos: P.Position, bottom: int) -> list[str]:
    from py_engine.games.catan_ck.data import HARBOUR_EDGES

    if name not in pos.zones:  # a piece: where the first of its kind stands
        zone = next((z for z, items in pos.zones.items() if items and name in items), None)
        return _catan(zone, pos, bottom) if zone else []
    kind, _sep, n = name.partition(".")
    if kind == "edge":
        return [f'[data-testid="road-{n}"]']
    if kind in ("hex", "terrain", "token"):
        return [f'[data-testid="hex-{n}"]']
    if kind == "harbour":  # a harbour spot (1-9): its drawing, by the edge it faces
        return [f'[data-testid="harbour-{HARBOUR_EDGES[int(n) - 1]}"]']
    if kind in ("progress", "points"):  # a seat's cards: its panel
        return [f'[data-spot="panel-{n}"]', f'[data-testid="vp-{n}"]']
    return [f'[data-testid="{piece}-{n}"]' for piece in ("metropolis", "city", "settlement", "knight")]


# game id -> (annotation: a zone path or a component, position, seat at the bottom) -> CSS selectors, best first
ANCHORS: dict[str, Callable[[str, P.Position, int], list[str]]] = {
    "lost-cities": _lost_cities,
    "lost-cities-board": _lost_cities_board,
    "islands": _islands,
    "arnak": _arnak,
    "catan-ck": _catan,
}


def anchors(game_id: str, name: str, pos: P.Position, bottom: int) -> list[str]:
    """CSS selectors (inside the board) of a zone or component named by an annotation; [] if not drawn."""
    find = ANCHORS.get(game_id)
    return find(name, pos, bottom) if find else []


def marks(pos: P.Position, seat: int | None) -> dict:
    """What the embed draws over the board: {"highlight": [[selectors]], "arrows": [[[from], [to]]]}."""
    bottom = seat if seat is not None else 0
    return {"highlight": [anchors(pos.game_id, m, pos, bottom) for m in pos.annotations["highlight"]],
            "arrows": [[anchors(pos.game_id, a, pos, bottom), anchors(pos.game_id, b, pos, bottom)]
                       for a, b in pos.annotations["arrows"]]}


def load(code: str, seed: int = 0) -> P.Position:
    """A position from its link code: bounded decoding, then every rule of the game (PositionError / RecordError)."""
    return P.check(records.decode(code), seed=seed)


def names_of(players: int) -> list[str]:
    return [tr("Player {n}", n=i + 1) for i in range(players)]


def board_html(pos: P.Position, seat: int | None, names: list[str] | None = None, legal: list | None = None,
               editing: bool = False, narrow: bool = False, selected: str | None = None) -> Safe:
    """The position drawn by the game's own renderer from `seat`'s eyes, taking no input (with `legal`, the
    renderer draws its targets for those actions, without their input: the editor's spots; `editing`: the
    editor's board, where a renderer may draw spots for what it otherwise tells only in words; `narrow`: the
    renderer's phone layout; `selected`: the renderer's own selection, e.g. the island an Islands board shows)."""
    view = pos.state.view(seat)
    ui = {"me": seat, "names": names or names_of(pos.players), "legal": legal or [], "selected": selected,
          "editing": editing, "narrow": narrow}
    return Safe(_INPUT.sub("", text(renderer(pos.game_id).render(view, ui))))


def status(pos: P.Position, seat: int | None, names: list[str] | None = None) -> str:
    view = pos.state.view(seat)
    ui = {"me": seat, "names": names or names_of(pos.players), "legal": [], "selected": None}
    return renderer(pos.game_id).status_text(view, ui)


def caption_html(pos: P.Position) -> Safe | None:
    """The writer's caption, shown as written (escaped, never translated)."""
    caption = pos.annotations["caption"]
    return tag("p", {"class": "caption", "data-testid": "caption", "dir": "auto"}, caption) if caption else None


def embed_url(base_url: str, data: dict, seat: int | None, theme: str = "light", origin: str = "",
              ident: str = "") -> str:
    """embed.html showing a position, from `seat`'s eyes, with "Play on from here"; `origin` and `ident` as in
    records.embed_url (the page the frame talks to, the id its events carry)."""
    return records.embed_url(base_url, data, seat=seat, theme=theme, origin=origin, ident=ident, key=LINK_KEY)


def frame_id(data: dict) -> str:
    """A short id for a position's frame, the same for the same position: its game and 8 hex digits of a hash
    of the position (a page with several frames tells their events apart by it)."""
    return f"{data.get('game', 'position')}-{hashlib.sha256(records.encode(data).encode()).hexdigest()[:8]}"


def iframe_snippet(url: str, game_id: str = "") -> str:
    return records.iframe_snippet(url, _("A game position"), game_id)


def embed_fields(url: str, code: str, origin: str, prefix: str) -> list:
    """The editor's embed fields for a valid position or study: the rules site's address (named invalid when it
    is not an origin), the embed address, the code to paste and a link that opens it. `prefix` names the test
    ids of the address, code and link ("ed" for a position, "st" for a study)."""
    bad_origin = bool(origin) and not records.valid_origin(origin)
    return [tag("label", None, _("Your site's address (optional: then the frame talks only to it)"), tag("br"),
                tag("input", {"type": "url", "value": origin, "placeholder": records.EXAMPLE_SITE, "size": 40,
                              "data-cmd-change": "ed-origin", "data-testid": "ed-origin",
                              "aria-invalid": "true" if bad_origin else None})),
            tag("p", {"class": "error", "data-testid": "ed-origin-bad"},
                _("Not a site address: write it like https://rules.example (no path).")) if bad_origin else None,
            tag("label", None, _("Embed address"), tag("br"),
                tag("input", {"readonly": True, "value": url, "data-testid": f"{prefix}-embed-url", "size": 40})),
            tag("label", None, _("Embed code for a web page"), tag("br"),
                tag("textarea", {"readonly": True, "rows": 3, "data-testid": f"{prefix}-embed-code"}, code)),
            tag("p", None, tag("a", {"href": url, "target": "_blank", "rel": "noopener",
                                     "data-testid": f"{prefix}-open-embed"}, _("Open the embed")))]
