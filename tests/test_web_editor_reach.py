"""Issue 36: every zone of every seat can be pointed at on the editor's board, in all five games (a Lost Cities
opponent's expeditions and hand, a Catan player's progress and victory point cards, an Arnak player's hidden hand
and deck, the Board Game's other players' paths and hands, the other islands of Islands in the Mist through their
tabs); highlights of them find the whole card or space."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
import positions  # noqa: E402
from editor import Editor  # noqa: E402

NAMES = ["A", "B", "C", "D"]


def drawn_spots(ed: Editor) -> set[str]:
    html = str(editor.spot_board_html(ed, NAMES[:ed.data["players"]]))
    return set(re.findall(r'data-cmd="ed-spot" data-arg="([^"]*)"', html))


def looks(ed: Editor) -> list[str]:
    html = str(editor.spot_board_html(ed, NAMES[:ed.data["players"]]))
    return re.findall(r'data-cmd="ed-look" data-arg="([^"]*)"', html)


def reachable(ed: Editor) -> set[str]:
    """The zones some drawn spot stands for or puts some component in, over every part of the board shown."""
    out: set[str] = set()
    for view in [None] + looks(ed):
        ed.looking = view or None
        for spot in drawn_spots(ed):
            out |= set(ed.decl.spot_group(spot))
            out |= {ed.decl.spot_zone(spot, c, ed.zones, ed.bottom()) for c in ed.components()}
    ed.looking = None
    return out


@pytest.mark.parametrize("game,players,options", [("lost-cities", 2, {}), ("lost-cities-board", 3, {}),
                                                  ("catan-ck", 4, {}), ("arnak", 4, {}), ("arnak", 1, {}),
                                                  ("islands", 4, {"modules": "1+2+3"})])
def test_every_zone_of_every_seat_can_be_pointed_at(game, players, options):
    ed = Editor.start(game, players=players)
    for name, value in options.items():
        ed = ed.with_option(name, value)
    seats = {p for p, (_zone, seat) in ed.paths().items() if seat is not None}
    assert seats and seats - reachable(ed) == set()


def test_lost_cities_a_card_put_on_the_opponents_expedition_by_pointing():
    ed = Editor.start("lost-cities")
    assert {"expedition.1.red", "hand.1"} <= drawn_spots(ed)
    card = next(c for c in ed.components() if c.startswith("red-") and ed.where(c) != "hand.0")
    ed.pick(card)
    ed.point("expedition.1.red")
    assert ed.zones["expedition.1.red"] == [card]
    sels = positions.anchors("lost-cities", "expedition.1.blue", ed.shown, 0)
    assert sels[0] == '[data-testid="opp-expedition-blue"]'
    assert 'data-testid="opp-expedition-blue"' in str(editor.spot_board_html(ed, NAMES[:2]))


def test_catan_progress_and_victory_point_cards_by_pointing_at_a_players_panel():
    ed = Editor.start("catan-ck")
    ed.pick("spy")
    ed.point("progress.1")
    ed.pick("printer")
    ed.point("progress.1")
    assert ed.zones["progress.1"] == ["spy"] and ed.zones["points.1"] == ["printer"]
    ed.point("progress.1")  # nothing picked: the card face up is lifted first
    assert (ed.picked, ed.picked_from) == ("printer", "points.1")


def test_arnak_a_hidden_hand_and_a_deck_in_the_players_box():
    ed = Editor.start("arnak")
    spots = drawn_spots(ed)
    assert {"hand.1", "deck.0", "deck.1"} <= spots and "hand.0" in spots
    ed.pick("item-5")
    ed.point("deck.1")
    assert ed.zones["deck.1"][-1] == "item-5"


def test_board_game_a_piece_put_on_another_players_column_goes_onto_their_path():
    ed = Editor.start("lost-cities-board")
    for comp in ("red-3a", "red-4a", "red-6a"):
        ed.pick(comp)
        ed.put("column.1.red")
    ed.pick("researcher")
    assert ed.offered("column.1.red")
    ed.point("column.1.red")
    assert ed.zones["path.1.red"] == ["researcher"] and ed.fields["stone.1.red"] == 3 and ed.problem == ""
    ed.pick("researcher")  # put down
    assert "hand.1" in drawn_spots(ed)


def test_islands_another_island_shown_through_its_tab_and_a_tile_put_on_it():
    ed = Editor.start("islands")
    assert "island.1.5" not in drawn_spots(ed) and looks(ed) == ["i1"]
    app = type("App", (), {"redraw": lambda self: None, "screen": "editor"})()
    app.editor = ed
    editor.command(app, "ed-look", "i1")
    assert "island.1.5" in drawn_spots(ed) and "island.0.5" not in drawn_spots(ed)
    ed.pick("forest-3")
    ed.point("island.1.5")
    assert ed.zones["island.1.5"] == ["forest-3"]
    editor.command(app, "ed-look", "")  # back to the shown seat's island
    assert "island.0.5" in drawn_spots(ed)
