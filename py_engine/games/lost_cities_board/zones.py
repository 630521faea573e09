"""Lost Cities: The Board Game positions (py_engine.core.position): where each card, tile and piece may lie.

Components: the 110 cards, named "<colour>-<value><copy>" ("red-7a", "red-7b": the two copies), the 25
event tiles ("artifact" x9, "arrow" x9, "vp-5" x2, "vp-10" x3, "vp-15" x2) and the pieces
("adventurer": 4 a seat, "researcher": 1 a seat). Zones: each seat's hand (seen by its owner), each
seat's column of each colour, the piece each seat has on each colour's path ("path.<seat>.<colour>",
at most one), the tile on each event space ("space.<colour>-<stone>"), the discard piles (the last card
is the top), the deck (seen by nobody; left unset it takes every card nobody placed) and, with 2 players,
the 30 cards removed face down before the deal ("removed", seen by nobody). Fields: the expedition, each
seat's victory points, artifact chips and artifact tiles taken this expedition, the stone of each piece
("stone.<seat>.<colour>", 0 without a piece), whose turn, the decision (play or draw), the pile just
discarded to (`no_redraw` only) and who started the expedition.

Rules checked here, beyond the shared ones: the expedition is one of the game's; a card lies only in a
column or pile of its colour; a column follows the placing rule (never lower than its top card; with
`directions`, once a card differs from the first the column keeps that direction); a path has a piece
exactly when its column has cards, and that piece stands on stone 1-9, at least one stone per card
(up to the lost city); a seat has at most 4 adventurers and 1 researcher out; fewer than 5 pieces stand
beyond the bridge (the fifth ends the expedition); artifact tiles taken are no more than those off the
board; hands hold 8 cards (7 for the player about to draw); the deck is not empty.
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.record import Record
from ...core.rng import Rng
from .data import (
    ADVENTURERS,
    ARROW,
    ARTIFACT,
    ARTIFACT_TILES,
    BRIDGE_AFTER,
    COLOURS,
    COPIES,
    CROSSINGS_TO_END,
    EXPEDITIONS,
    HAND_SIZE,
    NCARDS,
    STONES,
    TILE_SPACES,
    TWO_PLAYER_REMOVED,
    VALUES,
    card_colour,
    card_value,
    tile_set,
)
from .state import column_accepts

PIECES = ("adventurer", "researcher")
_NAMES = tuple(f"{COLOURS[card_colour(c)]}-{card_value(c)}{'ab'[c % COPIES]}" for c in range(NCARDS))
_IDS = {n: i for i, n in enumerate(_NAMES)}
_SPACES = tuple(f"{colour}-{stone}" for colour, stones in zip(COLOURS, TILE_SPACES) for stone in stones)


def tile_name(code: int) -> str:
    return "artifact" if code == ARTIFACT else "arrow" if code == ARROW else f"vp-{code}"


def tile_code(name: str) -> int:
    return ARTIFACT if name == "artifact" else ARROW if name == "arrow" else int(name[3:])


def card_id(name: str) -> int:
    """The engine's id of a card name ("red-7b"); KeyError for a name that is no card."""
    return _IDS[name]


_TILES: dict[str, int] = {}
for _code in tile_set():
    _TILES[tile_name(_code)] = _TILES.get(tile_name(_code), 0) + 1


class LostCitiesBoardDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"colour": COLOURS, "space": _SPACES}

    def components(self, players: int, options: dict) -> dict[str, int]:
        return {**{n: 1 for n in _NAMES}, **_TILES, "adventurer": ADVENTURERS * players, "researcher": players}

    def sizes(self, players: int, options: dict, fields: dict) -> dict[str, int]:
        drawing = fields.get("turn") if fields.get("decision") == "draw" else None
        out = {f"hand.{i}": HAND_SIZE - (i == drawing) for i in range(players)}
        out["removed"] = TWO_PLAYER_REMOVED if players == 2 else 0
        return out

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/lost_cities_board.py): every seat's columns, the event tile
        spaces (their stones), the other stones of the paths ("stone.<colour>-<stone>": no zone, a piece is
        put there, see `spot_zone`; a piece put on a player's column goes onto that player's path), each piece on a
        path ("piece-<seat>-<colour>": lifted to move it), the discard piles, the deck, the shown seat's hand and
        the other players' hands (their headers, "player-<seat>")."""
        out = {f"column.{s}.{c}": f"column-{s}-{c}" for s in range(players) for c in COLOURS}
        out.update({f"space.{sp}": f"stone-{sp}" for sp in _SPACES})
        out.update({f"stone.{c}-{k}": f"stone-{c}-{k}" for c in COLOURS for k in range(1, STONES + 1)
                    if f"{c}-{k}" not in _SPACES})
        out.update({f"path.{s}.{c}": f"piece-{s}-{c}" for s in range(players) for c in COLOURS})
        out.update({f"discard.{c}": f"pile-{c}" for c in COLOURS})
        out.update({"deck": "deck", f"hand.{seat}": "hand-card"})
        out.update({f"hand.{s}": f"player-{s}" for s in range(players) if s != seat})  # a hidden hand: its player
        return out

    def spot_zone(self, path: str, comp: str | None, zones: dict, seat: int = 0, source: str | None = None) -> str:
        """A stone: a piece goes on its path, for the seat it was lifted from (a piece from the supply: the
        seat shown); an event tile to the stone's tile space (a stone without one: nothing)."""
        kind, _sep, key = path.partition(".")
        if kind == "column" and comp in PIECES:  # a piece on a player's column: onto that player's path
            return "path." + key
        if kind not in ("stone", "space") or comp not in PIECES:
            return path
        owner = source.split(".")[1] if source and source.startswith("path.") else seat
        return f"path.{owner}.{key.split('-')[0]}"

    def spot_fields(self, spot: str, zone: str, comp: str, zones: dict | None = None) -> dict:
        """A piece put on a stone stands there: its path's stone field; put on a player's column, on the stone its
        cards reach (at least 1)."""
        kind, _sep, key = spot.partition(".")
        if kind == "column" and zone.startswith("path."):
            return {f"stone.{zone[5:]}": max(1, min(len((zones or {}).get(spot) or []), STONES))}
        if kind not in ("stone", "space") or not zone.startswith("path."):
            return {}
        return {f"stone.{zone[5:]}": int(key.split("-")[1])}

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """Cards lie in hands, the deck, the removed cards, and columns and discard piles of their colour; event
        tiles on event spaces; an adventurer or a researcher on a path."""
        kind, colour = path.split(".")[0], path.rsplit(".", 1)[-1]
        if kind == "space":
            return comp in _TILES
        if kind == "path":
            return comp in PIECES
        return comp in _IDS and (kind not in ("column", "discard") or comp.startswith(colour + "-"))

    def check(self, pos: Position) -> None:
        f, z, n = pos.fields, pos.zones, pos.players
        total = EXPEDITIONS[pos.options["length"]]
        if f["expedition"] > total:
            raise PositionError(f"the game has only {total} expedition" + ("s" if total > 1 else ""), "expedition")
        for path, items in z.items():
            kind = path.split(".")[0]
            if kind in ("column", "discard") and items:
                colour = path.rsplit(".", 1)[1]
                for c in items:
                    if not c.startswith(colour + "-"):
                        raise PositionError(f"{c} is not a {colour} card", path)
            elif kind in ("space", "hand", "deck", "removed") and items:
                tiles = kind == "space"
                for c in items:
                    if (c not in _TILES) if tiles else (c not in _IDS):
                        raise PositionError(f"{c} cannot lie here: " + ("only an event tile" if tiles else
                                                                        "only cards"), path)
            elif kind == "path" and items and items[0] not in PIECES:
                raise PositionError(f"{items[0]} cannot stand on a path: only an adventurer or a researcher", path)
            if kind in ("column", "discard") and items and any(c not in _IDS for c in items):
                raise PositionError("only cards lie here", path)
        crossed = 0
        for s in range(n):
            out = {p: 0 for p in PIECES}
            for colour in COLOURS:
                col, piece, stone = z[f"column.{s}.{colour}"], z[f"path.{s}.{colour}"], f[f"stone.{s}.{colour}"]
                where = f"path.{s}.{colour}"
                for k in range(1, len(col)):
                    before = [card_id(c) for c in col[:k]]
                    if not column_accepts(before, card_value(card_id(col[k])), pos.options["directions"]):
                        raise PositionError(f"{col[k]} cannot follow {col[k - 1]}", f"column.{s}.{colour}")
                if bool(col) != bool(piece):
                    raise PositionError("a path has a piece exactly when its column has cards", where)
                if bool(piece) != (stone > 0):
                    raise PositionError("a piece on the path stands on stone 1 to 9; without one, 0",
                                        f"stone.{s}.{colour}")
                if stone < min(len(col), STONES):
                    raise PositionError(f"{len(col)} cards were played, so the piece stands on stone "
                                        f"{min(len(col), STONES)} or further", f"stone.{s}.{colour}")
                if piece:
                    out[piece[0]] += 1
                crossed += stone > BRIDGE_AFTER
            if out["adventurer"] > ADVENTURERS or out["researcher"] > 1:
                raise PositionError(f"a player has {ADVENTURERS} adventurers and 1 researcher", f"path.{s}")
        if crossed >= CROSSINGS_TO_END:
            raise PositionError(f"{crossed} pieces stand beyond the bridge: the expedition ended with the "
                                f"{CROSSINGS_TO_END}th", "paths")
        on_board = sum(1 for sp in _SPACES if z[f"space.{sp}"] == ["artifact"])
        taken = sum(f[f"held.{s}"] for s in range(n))
        if taken > ARTIFACT_TILES - on_board:
            raise PositionError(f"{taken} artifact tiles are taken but only {ARTIFACT_TILES - on_board} are off "
                                "the board", "held")
        sizes = self.sizes(n, pos.options, f)
        for path, size in sizes.items():
            if z.get(path) is not None and len(z[path]) != size:
                raise PositionError(f"holds {len(z[path])} cards; it holds {size}" +
                                    (f" ({HAND_SIZE - 1} for the player about to draw)" if path != "removed"
                                     else ""), path)
        if f["discarded"] is not None:
            if f["decision"] != "draw" or not pos.options["no_redraw"]:
                raise PositionError("only a player about to draw, with the no-redraw option, has a pile they may "
                                    "not draw from", "discarded")
            if not z[f"discard.{f['discarded']}"]:
                raise PositionError(f"the {f['discarded']} discard pile is empty", "discarded")
        deck = z["deck"]
        left = len(deck) if deck is not None else len(pos.unplaced()) - sum(
            size for p, size in sizes.items() if z.get(p) is None)
        if left < 1:
            raise PositionError("the deck is empty: an expedition ends when its last card is drawn", "deck")

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        f, z, n = pos.fields, pos.zones, pos.players
        free = [_IDS[c] for c in pos.unplaced()]
        rng.shuffle(free)
        sizes = self.sizes(n, pos.options, f)

        def cards(path: str) -> list[int]:
            nonlocal free
            if z.get(path) is None:
                taken, free = free[:sizes[path]], free[sizes[path]:]
                return taken
            return [_IDS[c] for c in z[path]]

        hands = [sorted(cards(f"hand.{s}")) for s in range(n)]
        removed = sorted(cards("removed")) if n == 2 else []
        deck = free if z["deck"] is None else [_IDS[c] for c in z["deck"]]
        board = [[0] * (STONES + 1) for _ in COLOURS]
        for c, colour in enumerate(COLOURS):
            for stone in TILE_SPACES[c]:
                tile = z[f"space.{colour}-{stone}"]
                board[c][stone] = tile_code(tile[0]) if tile else 0
        kinds = [[1 + PIECES.index(z[f"path.{s}.{col}"][0]) if z[f"path.{s}.{col}"] else 0 for col in COLOURS]
                 for s in range(n)]
        stones = [[f[f"stone.{s}.{col}"] for col in COLOURS] for s in range(n)]
        columns = [[[_IDS[c] for c in z[f"column.{s}.{col}"]] for col in COLOURS] for s in range(n)]
        if pos.drafting:  # the editor draws a path being set up (a piece before its column's cards, or after)
            for s in range(n):
                for c in range(len(COLOURS)):
                    if not (kinds[s][c] and stones[s][c] and columns[s][c]):
                        deck += columns[s][c]
                        kinds[s][c], stones[s][c], columns[s][c] = 0, 0, []
        data = {
            "game": GAME.id, "record": Record(GAME.id, n, 0, dict(pos.options), []).to_json(),
            "rng": rng.fork().to_json(), "expedition": f["expedition"], "hands": hands, "deck": deck,
            "removed": removed, "piles": [[_IDS[c] for c in z[f"discard.{col}"]] for col in COLOURS],
            "columns": columns, "kinds": kinds, "pos": stones, "board": board,
            "held": [f[f"held.{s}"] for s in range(n)], "chips": [f[f"chips.{s}"] for s in range(n)],
            "vp": [f[f"vp.{s}"] for s in range(n)], "turn": f["turn"], "starter": f["starter"],
            "phase": f["decision"], "reason": None,
            "banned": COLOURS.index(f["discarded"]) if f["discarded"] is not None else -1,
            "history": [], "log": [], "final": None,
        }
        return GAME.from_json(data)

    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        if state.phase not in ("play", "draw") and not shown:
            raise PositionError("set up a position before or after a piece's move, not while it is pending"
                                if state.phase == "move" else "the game is over: there is no position to set up",
                                "state")
        n = state.players
        zones: dict = {f"hand.{s}": [_NAMES[c] for c in state.hands[s]] for s in range(n)}
        for s in range(n):
            for c, col in enumerate(COLOURS):
                zones[f"column.{s}.{col}"] = [_NAMES[x] for x in state.columns[s][c]]
                zones[f"path.{s}.{col}"] = [PIECES[state.kinds[s][c] - 1]] if state.kinds[s][c] else []
        for c, col in enumerate(COLOURS):
            for stone in TILE_SPACES[c]:
                code = state.board[c][stone]
                zones[f"space.{col}-{stone}"] = [tile_name(code)] if code else []
        for c, col in enumerate(COLOURS):
            zones[f"discard.{col}"] = [_NAMES[x] for x in state.piles[c]]
        zones["deck"] = [_NAMES[x] for x in state.deck]
        zones["removed"] = [_NAMES[x] for x in state.removed]
        fields: dict = {"expedition": state.expedition}
        for name, values in (("vp", state.vp), ("chips", state.chips), ("held", state.held)):
            fields.update({f"{name}.{s}": values[s] for s in range(n)})
        fields.update({f"stone.{s}.{col}": state.pos[s][c] for s in range(n) for c, col in enumerate(COLOURS)})
        fields.update({"turn": state.turn, "decision": state.phase, "starter": state.starter,
                       "discarded": COLOURS[state.banned] if state.banned >= 0 else None})
        return zones, fields


DECLARATION = LostCitiesBoardDeclaration(
    game_id="lost-cities-board",
    zones=(
        Zone("hand", per_seat=True, high=HAND_SIZE, seen_by="owner"),
        Zone("column", per_seat=True, per="colour", high=VALUES * COPIES),
        Zone("path", per_seat=True, per="colour", high=1),
        Zone("space", per="space", high=1),
        Zone("discard", per="colour", high=VALUES * COPIES, ordered=True),
        Zone("deck", seen_by="none", rest=True, ordered=True),
        Zone("removed", seen_by="none", high=TWO_PLAYER_REMOVED),
    ),
    fields=(
        Field("expedition", low=1, high=max(EXPEDITIONS.values())),
        Field("vp", per_seat=True, low=0, high=2000),
        Field("chips", per_seat=True, low=0, high=ARTIFACT_TILES * max(EXPEDITIONS.values())),
        Field("held", per_seat=True, low=0, high=ARTIFACT_TILES),
        Field("stone", per_seat=True, each="colour", low=0, high=STONES),
        Field("turn", kind="seat"),
        Field("decision", kind="choice", choices=("play", "draw")),
        Field("discarded", kind="choice", per="colour", optional=True),
        Field("starter", kind="seat"),
    ),
)
