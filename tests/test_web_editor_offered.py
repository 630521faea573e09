"""Issue 36: with a component picked, the editor offers only the places the game's zones accept it in
(`Declaration.accepts`, one mechanism for all five games): those spots point (lit, focusable, named), every other
spot is inert (no role, no tabindex, no command), only those zones' rows have "Put here"; `check` refuses a
component in a zone that does not accept it, for every game."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
from editor import Editor  # noqa: E402

from py_engine.core import position as P  # noqa: E402
from py_engine.games.catan_ck.data import NE_, NH, NV  # noqa: E402

PAGE = "http://127.0.0.1:8000/index.html"
_START = re.compile(r"<[a-zA-Z]+\s[^<>]*>")


def board(ed: Editor) -> str:
    return str(editor.spot_board_html(ed, ["A", "B", "C", "D"][:ed.data["players"]]))


def offered(ed: Editor) -> set[str]:
    """The spots the board points at (data-cmd="ed-spot")."""
    return set(re.findall(r'data-cmd="ed-spot" data-arg="([^"]*)"', board(ed)))


def inert_tags(ed: Editor) -> list[str]:
    return [t for t in _START.findall(board(ed)) if "ed-inert" in t]


def put_rows(ed: Editor) -> set[str]:
    return set(re.findall(r'data-testid="put-([^"]*)"', str(editor.html(ed, PAGE))))


# --- Catan -------------------------------------------------------------------------------------------------
def test_catan_a_settlement_is_offered_exactly_the_intersections():
    ed = Editor.start("catan-ck")
    assert len(offered(ed)) == NV + NE_ + NH + 9 + 3  # nothing picked: every spot (the 3 players' panels too)
    ed.pick("settlement-0")
    assert offered(ed) == {f"vertex.{v}" for v in range(NV)}
    inert = inert_tags(ed)
    assert len(inert) == NE_ + NH + 9 + 3
    assert not any("tabindex" in t or "role=" in t or "data-cmd" in t or "data-act" in t for t in inert)
    assert put_rows(ed) == {f"vertex.{v}" for v in range(NV)}
    ed.point("hex.4")  # inert: nothing happens
    ed.point("harbour.1")
    assert "settlement-0" not in ed.zones["hex.4"] + ed.zones["harbour.1"] and ed.picked == "settlement-0"


@pytest.mark.parametrize("comp,kind,count", [("road-1", "edge", NE_), ("robber", "hex", NH), ("merchant-2", "hex", NH),
                                             ("terrain-forest", "hex", NH), ("token-6", "hex", NH),
                                             ("harbour-ore", "harbour", 9), ("wall-0", "vertex", NV),
                                             ("knight-1-2-active", "vertex", NV), ("metropolis-trade", "vertex", NV)])
def test_catan_each_piece_is_offered_its_own_kind_of_spot(comp, kind, count):
    ed = Editor.start("catan-ck")
    ed.pick(comp)
    spots = offered(ed)
    assert len(spots) == count and {s.split(".")[0] for s in spots} == {kind}


def test_catan_progress_and_victory_point_cards():
    decl = P.declaration("catan-ck")
    opts = Editor.start("catan-ck").data["options"]
    assert decl.accepts("progress.1", "spy", 3, opts) and not decl.accepts("points.1", "spy", 3, opts)
    assert decl.accepts("points.0", "printer", 3, opts) and not decl.accepts("progress.0", "printer", 3, opts)
    assert not decl.accepts("hex.3", "merchant", 3, opts)  # the progress card, not the piece
    assert decl.accepts("terrain.3", "terrain-hills", 3, opts) and not decl.accepts("token.3", "terrain-hills", 3, opts)


# --- Arnak -------------------------------------------------------------------------------------------------
def test_arnak_a_funding_card_is_never_offered_the_item_row():
    ed = Editor.start("arnak")
    ed.pick("funding-car")
    assert offered(ed) == {"hand.0", "hand.1", "deck.0", "deck.1", "play.0", "play.1"}
    assert "items" not in put_rows(ed) and "artifacts" not in put_rows(ed)
    assert {"hand.1", "deck.0", "play.1"} <= put_rows(ed)
    ed.pick("item-3")
    assert "items" in offered(ed) and "artifacts" not in offered(ed)


def test_arnak_closed_camps_sites_of_their_level_and_the_rivals_silver_tiles():
    decl = P.declaration("arnak")
    ed = Editor.start("arnak")
    opts = ed.data["options"]
    assert decl.accepts("camp.1-1", "archaeologist-0", 2, opts)
    assert not decl.accepts("camp.1-2", "archaeologist-0", 2, opts)
    assert decl.accepts("camp.1-2", "archaeologist-0", 4, opts)
    assert decl.accepts("site.6", "site1-2", 2, opts) and not decl.accepts("site.14", "site1-2", 2, opts)
    assert decl.accepts("site.14", "site2-2", 2, opts) and not decl.accepts("idol.14", "site2-2", 2, opts)
    assert decl.accepts("rival-temple", "temple-silver", 1, opts)
    assert not decl.accepts("rival-temple", "temple-gold", 1, opts)
    ed.pick("site1-3")  # a level I tile: the level I sites only (their spot names the tile's zone)
    assert offered(ed) == {f"site.{k}" for k in range(6, 14)}


# --- Lost Cities -------------------------------------------------------------------------------------------
def test_lost_cities_a_card_goes_to_either_players_expedition_of_its_colour_only():
    ed = Editor.start("lost-cities")
    ed.pick("red-5")
    assert put_rows(ed) == {"hand.0", "hand.1", "expedition.0.red", "expedition.1.red", "discard.red", "deck"}
    assert offered(ed) == {"hand.0", "hand.1", "expedition.0.red", "expedition.1.red", "discard.red", "deck"}
    ed.point("expedition-0-blue")  # no such spot, and the blue expedition is inert
    ed.point("expedition.0.blue")
    assert ed.zones["expedition.0.blue"] == [] and ed.picked == "red-5"


def test_a_card_in_a_pile_of_another_colour_is_refused_by_check():
    data = P.starting("lost-cities")
    zones, fields = data["state"]["zones"], data["state"]["fields"]
    card = next(c for c in zones["hand.0"] if not c.startswith("blue-"))
    zones["hand.0"].remove(card)  # seat 0 has discarded it and is about to draw (7 cards in hand)
    fields.update({"turn": 0, "decision": "draw"})
    zones["discard.red" if card.startswith("red-") else f"discard.{card.split('-')[0]}"] = [card]
    assert P.check(data).zones is not None
    zones = data["state"]["zones"]
    for path in [p for p in zones if p.startswith("discard.")]:
        zones[path] = []
    zones["discard.blue"] = [card]
    with pytest.raises(P.PositionError) as exc:
        P.check(data)
    assert (exc.value.where, exc.value.rule) == ("discard.blue", f"{card} cannot lie here")


# --- Lost Cities: The Board Game ---------------------------------------------------------------------------
def test_board_game_tiles_on_event_spaces_pieces_on_the_paths_cards_in_columns_of_their_colour():
    ed = Editor.start("lost-cities-board")
    ed.pick("vp-5")
    assert offered(ed) and all(s.startswith("space.") for s in offered(ed))  # never a plain stone
    ed.pick("adventurer")
    spots = offered(ed)
    assert "stone.red-1" in spots and "space.red-4" in spots and "column.1.red" in spots  # a column: onto its path
    assert not any(s.startswith(("discard.", "hand.")) for s in spots)
    ed.pick("adventurer")
    ed.pick("red-3a")
    assert offered(ed) == {"column.0.red", "column.1.red", "discard.red", "deck", "hand.0", "hand.1"}
    assert "removed" in put_rows(ed) and "column.0.blue" not in put_rows(ed) and "path.0.red" not in put_rows(ed)


# --- Islands in the Mist -----------------------------------------------------------------------------------
def test_islands_the_balloon_yard_is_never_offered_and_an_office_stays_with_its_owner():
    ed = Editor.start("islands").with_option("modules", "1+2")
    yard = next(p for p in ed.paths() if p.startswith("island.0.") and not ed.accepts(p, "forest-3"))
    ed.pick("forest-3")
    spots = offered(ed)
    assert yard not in spots and "harbour" in spots and "telescope.0" in spots and "cloud.1" in spots
    ed.pick("office-1")
    assert offered(ed) == set()  # player 1's board is drawn: player 2's office goes nowhere on it
    assert {"telescope.1", "island.1.0"} <= put_rows(ed) and "telescope.0" not in put_rows(ed)
    ed.set_seat("1")
    spots = offered(ed)
    assert "telescope.1" in spots and "telescope.0" not in spots and "harbour" not in spots
    assert all(s.startswith(("island.1.", "telescope.1")) for s in spots)
    decl = P.declaration("islands")
    assert not decl.accepts("cloud.5", "forest-3", 2, ed.data["options"])  # 4 clouds with 2 players
    assert decl.accepts("cloud.4", "forest-3", 2, ed.data["options"])
