"""Pointing at the board in the editor (web/editor.py) for Islands in the Mist, Arnak and Lost Cities: The Board
Game: which zones the board's spots stand for, and what a click on spot X with component Y makes of the
position (exactly)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
from editor import Editor  # noqa: E402


def spot_args(ed: Editor) -> list[str]:
    """The zones the editor's board points at (data-cmd="ed-spot"), in drawing order."""
    html = str(editor.spot_board_html(ed, ["A", "B", "C", "D"][:ed.data["players"]]))
    return re.findall(r'data-cmd="ed-spot" data-arg="([^"]*)"', html)


def spot_keys(ed: Editor) -> list[str]:
    html = str(editor.spot_board_html(ed, ["A", "B", "C", "D"][:ed.data["players"]]))
    return re.findall(r'data-cmd="ed-spot" data-arg="[^"]*" data-key="([^"]*)"', html)


# --- Lost Cities: The Board Game ---------------------------------------------------------------------------
def test_board_game_spots_are_columns_event_spaces_piles_deck_and_the_shown_hand():
    ed = Editor.start("lost-cities-board")
    spots = spot_args(ed)
    assert spots[0] == "hand.1"  # the other player's hand: its header at the top
    spots = spots[1:]
    assert spots[:11] == ["stone.yellow-1", "space.yellow-2", "stone.yellow-3", "space.yellow-4", "space.yellow-5",
                          "stone.yellow-6", "space.yellow-7", "stone.yellow-8", "space.yellow-9", "discard.yellow",
                          "column.0.yellow"]
    assert {"column.1.red", "discard.red", "deck", "hand.0", "space.red-8"} <= set(spots)
    assert spots.count("hand.1") == 0 and spots.count("hand.0") == 8  # each card of the hand points at it
    keys = spot_keys(ed)
    assert len(keys) == len(set(keys))
    ed.set_seat("1")
    assert spot_args(ed).count("hand.1") == 8 and spot_args(ed).count("hand.0") == 1  # seat 0's: its header


def test_board_game_an_event_tile_moved_and_a_card_put_on_a_column_by_pointing():
    ed = Editor.start("lost-cities-board")
    assert ed.zones["space.yellow-5"] == ["vp-15"] and ed.zones["space.red-4"] == ["arrow"]
    ed.point("space.yellow-5")  # nothing picked: the tile is lifted...
    assert (ed.picked, ed.picked_from) == ("vp-15", "space.yellow-5")
    ed.point("space.red-4")  # ... and moved: it takes the place of the arrow tile (back to the box)
    assert ed.zones["space.yellow-5"] == [] and ed.zones["space.red-4"] == ["vp-15"] and ed.pos is not None
    ed.pick("red-3a")
    ed.point("column.1.red")
    assert ed.zones["column.1.red"] == ["red-3a"]
    assert ed.problem == "path.1.red: a path has a piece exactly when its column has cards"
    ed.pick("red-5b")
    ed.point("discard.red")
    assert ed.zones["discard.red"] == ["red-5b"]


def board_game_started() -> Editor:
    """Seat 0 has red 3 in its red column, seat 1 red 4 and 6 (their pieces are set by pointing)."""
    ed = Editor.start("lost-cities-board")
    for comp, zone in (("red-3a", "column.0.red"), ("red-4a", "column.1.red"), ("red-6a", "column.1.red")):
        ed.pick(comp)
        ed.put(zone)
    return ed


def test_board_game_pieces_put_on_the_paths_and_moved_by_pointing_at_the_stones():
    ed = board_game_started()
    assert ed.problem == "path.0.red: a path has a piece exactly when its column has cards"
    ed.pick("adventurer")
    ed.point("stone.red-1")  # a piece from the supply: the shown seat's, on stone 1 of the red path
    assert ed.zones["path.0.red"] == ["adventurer"] and ed.fields["stone.0.red"] == 1
    ed.pick("adventurer")  # put down
    ed.set_seat("1")
    ed.pick("researcher")
    ed.point("space.red-4")  # the stone of an event space: a piece goes on the path (the tile stays)
    ed.pick("researcher")
    assert ed.zones["path.1.red"] == ["researcher"] and ed.fields["stone.1.red"] == 4
    assert ed.zones["space.red-4"] == ["arrow"] and ed.problem == "" and ed.pos is not None
    assert ed.pos.state.view(1)["paths"][4]["pieces"] == [{"seat": 0, "piece": "adventurer", "stone": 1},
                                                          {"seat": 1, "piece": "researcher", "stone": 4}]
    ed.set_seat("0")
    ed.point("path.1.red")  # seat 1's piece lifted (the shown seat is 0: it stays seat 1's)...
    assert (ed.picked, ed.picked_from) == ("researcher", "path.1.red")
    ed.point("stone.red-3")  # ... and moved along its path
    assert ed.zones["path.1.red"] == ["researcher"] and ed.fields["stone.1.red"] == 3 and ed.picked is None
    assert ed.problem == "" and "path.1.red" in spot_args(ed)  # the piece drawn: a spot
    ed.point("stone.red-5")  # nothing picked on a bare stone: nothing happens
    assert ed.picked is None


def test_board_game_a_piece_on_a_path_without_cards_is_refused():
    ed = board_game_started()
    ed.pick("adventurer")
    ed.point("stone.blue-2")
    assert ed.zones["path.0.blue"] == ["adventurer"] and ed.fields["stone.0.blue"] == 2
    assert ed.problem == "path.0.blue: a path has a piece exactly when its column has cards"
    assert ed.shown is not None and "path.0.blue" not in spot_args(ed)  # drawn without it: the board stays
    ed = Editor.start("lost-cities-board")
    ed.pick("blue-5a")
    ed.point("column.0.blue")  # the cards first: drawn without them, the stones still pointed at
    assert ed.problem == "path.0.blue: a path has a piece exactly when its column has cards"
    assert ed.shown is not None and "stone.blue-1" in spot_args(ed)


# --- Islands in the Mist ------------------------------------------------------------------------------------
def test_islands_spots_are_the_shown_island_its_telescope_and_the_clouds():
    ed = Editor.start("islands")
    spots = spot_args(ed)
    assert spots[:4] == ["cloud.1", "cloud.2", "cloud.3", "cloud.4"] and "cloud.5" not in spots
    assert [s for s in spots if s.startswith("island.")] == [f"island.0.{i}" for i in range(61)]
    assert "telescope.0" in spots and "telescope.1" not in spots and "harbour" not in spots
    ed.set_seat("1")
    assert "island.1.0" in spot_args(ed) and "island.0.0" not in spot_args(ed) and "telescope.1" in spot_args(ed)


def test_islands_harbour_is_a_spot_with_module_2():
    ed = Editor.start("islands").with_option("modules", "1+2")
    assert "harbour" in spot_args(ed)


def test_islands_tiles_put_on_the_island_and_moved_between_clouds_by_pointing():
    ed = Editor.start("islands")
    assert ed.zones["telescope.0"] == ["start-3"] and ed.zones["cloud.1"] == ["mountain-2"]
    ed.pick("forest-3")
    ed.point("island.0.20")  # a tile of a supply stays picked for the next space
    assert ed.zones["island.0.20"] == ["forest-3"] and ed.picked == "forest-3" and ed.pos is not None
    ed.pick("forest-3")  # put down
    ed.point("telescope.0")  # the start tile lifted from the telescope...
    ed.point("island.0.21")  # ... is moved onto the island
    assert ed.zones["telescope.0"] == [] and ed.zones["island.0.21"] == ["start-3"] and ed.pos is not None
    ed.point("cloud.1")
    ed.point("cloud.2")
    assert ed.zones["cloud.1"] == [] and ed.zones["cloud.2"] == ["desert-2", "mountain-2"] and ed.pos is not None


# --- Lost Ruins of Arnak ------------------------------------------------------------------------------------
def test_arnak_spots_are_sites_camps_card_row_research_temple_and_the_shown_hand():
    ed = Editor.start("arnak")
    spots = set(spot_args(ed))
    assert spots == ({f"camp.{k}-1" for k in range(1, 6)} | {f"site.{k}" for k in range(6, 18)}
                     | {"items", "artifacts", "temple", "hand.0", "play.0", "play.1", "hand.1", "deck.0", "deck.1"}
                     | {f"research.{k}" for k in range(14)} | {"assistants.1", "assistants.2", "assistants.3"}
                     | {f"{z}.{s}" for z in ("guardians", "assistant", "tiles") for s in (0, 1)} - set()
                     - {"guardians.0", "guardians.1", "assistant.0", "assistant.1"}
                     | {"guardians.0.ready", "guardians.1.ready", "assistant.0.silver", "assistant.1.silver"})
    keys = spot_keys(ed)
    assert len(keys) == len(set(keys))


def test_arnak_a_site_discovered_guarded_and_dug_by_pointing():
    ed = Editor.start("arnak")
    assert ed.zones["idol.6"] == ["idol-compass"] and ed.zones["site.6"] == []
    ed.point("site.6")  # nothing picked: the idol is lifted (an archaeologist, a guardian would come first)
    assert (ed.picked, ed.picked_from) == ("idol-compass", "idol.6")
    ed.take_off_picked()
    assert ed.problem == "idol.6: an undiscovered site still has its idol on it"
    for comp, zone in (("site1-1", "site.6"), ("archaeologist-0", "dig.6"), ("guardian-1", "guardian.6")):
        ed.pick(comp)
        ed.point("site.6")  # the site's zone for that component
        assert ed.zones[zone] == [comp]
        if ed.picked:
            ed.pick(ed.picked)  # a supply's piece stays picked: put down
    assert ed.problem == "" and ed.pos is not None and ed.pos.state is not None
    ed.point("site.6")  # lifted: the archaeologist first
    assert (ed.picked, ed.picked_from) == ("archaeologist-0", "dig.6")


def test_arnak_camp_research_and_card_row_by_pointing():
    ed = Editor.start("arnak")
    ed.pick("archaeologist-1")
    ed.point("camp.1-1")
    assert ed.zones["camp.1-1"] == ["archaeologist-1"] and ed.pos is not None
    assert not ed.offered("camp.1-1")  # the first space taken: the second is closed with two players (inert)
    ed.point("camp.1-1")
    assert ed.zones["camp.1-2"] == [] and ed.zones["camp.1-1"] == ["archaeologist-1"]
    ed.pick("archaeologist-1")
    ed.point("camp.1-1")  # nothing picked: the last one placed is lifted
    assert ed.picked_from == "camp.1-1"
    ed.point("camp.1-1")  # and put down again
    ed.pick("glass-0")
    ed.point("research.3")
    assert ed.zones["research.3"] == ["glass-0"] and "glass-0" not in ed.zones["research.0"] and ed.pos is not None
    ed.pick("item-1")
    ed.point("items")
    assert ed.zones["items"][-1] == "item-1" and ed.problem == "items: holds 6; in round 1 it holds 5"


def test_arnak_a_research_bonus_tile_put_on_its_space_by_pointing():
    ed = Editor.start("arnak")
    ed.pick("bonus-exile")
    ed.point("research.6")  # a bonus tile: the space's bonus tiles (a supply's tile stays picked)
    assert ed.zones["bonus.6"][-1] == "bonus-exile" and ed.zones["research.6"] == []
    assert ed.problem == "bonus.6: holds 2; this space starts with 1 bonus tile at 2 players"
    ed.pick("bonus-exile")  # put down
    ed.point("research.6")  # nothing picked, no token there: the last bonus tile is lifted
    assert (ed.picked, ed.picked_from) == ("bonus-exile", "bonus.6")
    ed.take_off_picked()
    assert len(ed.zones["bonus.6"]) == 1 and ed.pos is not None
    assert editor.component_label("bonus-exile", "arnak") == "research bonus tile: you may exile a card"


def test_arnak_a_card_put_in_a_players_play_area_by_pointing_at_their_box():
    from py_engine.games.arnak.zones import card_id

    ed = Editor.start("arnak")
    assert ed.zones["hand.0"] == ["funding-car", "funding-ship", "explore-ship", "fear", "fear"]
    ed.point("hand.0")  # nothing picked: the hand's last card is lifted...
    assert (ed.picked, ed.picked_from) == ("fear", "hand.0")
    ed.point("play.0")  # ... and put in the play area
    assert ed.zones["hand.0"] == ["funding-car", "funding-ship", "explore-ship", "fear"]
    assert ed.zones["play.0"] == ["fear"] and ed.pos is not None and ed.pos.state.p[0].play == [card_id("fear")]


def test_arnak_guardians_assistants_and_temple_tiles_in_a_players_box_by_pointing():
    ed = Editor.start("arnak")
    ed.pick("guardian-3")
    ed.point("tiles.1")  # any of a box's spots: a guardian goes to the guardians, boon unused
    assert ed.zones["guardians.1.ready"] == ["guardian-3"] and ed.picked is None
    ed.point("guardians.1.ready")  # lifted...
    ed.point("guardians.1.ready")  # ... and pointed at again: turned over, its boon spent
    assert ed.zones["guardians.1.ready"] == [] and ed.zones["guardians.1.used"] == ["guardian-3"]
    ed.pick("assistant-5")
    ed.point("assistant.0.silver")
    assert ed.zones["assistant.0.silver"] == ["assistant-5"]
    for side in ("gold", "silver-used", "gold-used", "silver"):  # lifted and pointed at again: its next side
        ed.point("assistant.0.silver")
        ed.point("assistant.0.silver")
        assert ed.zones[f"assistant.0.{side}"] == ["assistant-5"], side
    assert ed.problem == "" and ed.pos is not None and ed.pos.state.p[0].assistants == [[5, 0, 0]]
    ed.pick("temple-silver-left")
    ed.point("tiles.0")
    assert ed.zones["tiles.0"] == ["temple-silver-left"]
    assert ed.problem == "tiles.0: temple tiles are taken only with the magnifying glass in the lost temple"
    ed.pick("temple-silver-left")
    ed.pick("glass-0")
    ed.point("temple")
    assert ed.problem == "" and ed.pos.state.p[0].tiles == [3]


def test_arnak_an_assistant_stack_by_pointing():
    ed = Editor.start("arnak")
    assert [len(ed.zones[f"assistants.{k}"]) for k in "123"] == [4, 4, 4]
    ed.point("assistants.1")
    ed.take_off_picked()  # stack 1's top out of the game
    top = ed.zones["assistants.2"][-1]
    ed.point("assistants.2")  # stack 2's top assistant lifted...
    ed.point("assistants.1")  # ... and put on top of stack 1
    assert ed.zones["assistants.1"][-1] == top and top not in ed.zones["assistants.2"] and ed.pos is not None
    assert ed.pos.state.stacks[0][-1] == int(top.split("-")[1])


def test_arnak_the_rivals_tiles_guardians_cards_and_idols_by_pointing():
    ed = Editor.start("arnak").with_players("1")
    spots = set(spot_args(ed))
    assert {"rival-stack", "rival-guardians", "rival-cards", "rival-temple", "rival-idols"} <= spots
    flipped = ed.zones["rival-used"][-1]
    ed.point("rival-stack")  # the last flipped tile lifted...
    ed.point("rival-stack")  # ... and pointed at again: face down in the stack
    assert ed.zones["rival-stack"][-1] == flipped and flipped not in ed.zones["rival-used"]
    assert ed.problem == "rival-used: the rival starts every round: at least one of its tiles is flipped"
    ed.point("rival-stack")
    ed.point("rival-stack")  # and flipped again
    assert ed.zones["rival-used"] == [flipped] and ed.problem == ""
    for comp, zone in (("guardian-2", "rival-guardians"), ("item-4", "rival-cards")):
        ed.pick(comp)
        ed.point("rival-cards")  # any of the rival's spots: the zone of the component's kind
        assert ed.zones[zone] == [comp], comp
    idol = ed.zones["idol.6"][0]
    ed.point("site.6")  # the first site's idol lifted...
    ed.point("rival-temple")  # ... to the rival's face-up idols
    ed.pick("site1-1")
    ed.point("site.6")  # the site discovered
    assert ed.zones["rival-idols"] == [idol] and ed.zones["site.6"] == ["site1-1"]
    assert ed.problem == "" and ed.pos.state.rival["guardians"] == [1] and ed.pos.state.rival["idols_up"] == [idol[5:]]


def test_a_hand_card_spot_is_named_with_every_word_its_face_shows_in_persian_too(catalogues):
    """axe's label-content-name-mismatch: the name of a hand card's spot holds the words the card shows, in order,
    in every language; the three values are three words ("4 4 4"), so a value hidden at a clipped edge or in an
    animation (a fraction of the face) still leaves words the name holds."""
    import html

    import i18n

    for lang in ("en", "fa"):
        i18n.set_language(lang)
        ed = Editor.start("lost-cities")
        out = str(editor.spot_board_html(ed, ["A", "B"]))
        spots = list(re.finditer(r'<g[^>]*data-arg="hand\.0"[^>]*aria-label="([^"]*)"[^>]*>', out))
        assert len(spots) == 8
        for m in spots:
            name = editor._WORD.findall(html.unescape(m.group(1)))  # words as axe reads them: marks, punctuation out
            shown, _title = editor._shown_text(out, m.end(), "g")
            assert len(shown.split()) == 3, shown  # the value in two corners and the middle (a wager: W × W)
            words = editor._WORD.findall(shown)
            assert len(set(words)) == 1, shown
            assert any(name[i:i + len(words)] == words for i in range(len(name))), (name, words)
    i18n.set_language("en")
