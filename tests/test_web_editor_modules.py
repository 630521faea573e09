"""web/editor.py in CPython for Arnak's board, research, assistants and rival and for Islands' modules 2-3:
the options chosen in the editor (a new start), the words of the new zones and components, and an edit
of each made by picking and putting."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
from editor import Editor  # noqa: E402

PAGE = "http://127.0.0.1:8000/index.html"
NAMES = ["A", "B"]


def test_arnak_words_of_the_new_zones_and_components():
    assert [editor.zone_label(z, NAMES) for z in ("site.6", "guardian.14", "dig.13", "research.0", "temple",
                                                  "guardians.1.used", "assistant.0.gold-used", "assistants.2",
                                                  "rival-used")] == [
        "level I site 1: site tile", "level II site 1: guardian", "level I site 8: archaeologist",
        "Research track: space 0", "Lost temple (in order of arrival)", "B: guardians (boon used)",
        "A: assistants (gold side, exhausted)", "Assistant stack 2", "Rival: flipped action tiles"]
    assert [editor.component_label(c, "arnak") for c in ("site2-3", "idol-coin", "idol-exile", "guardian-4",
                                                         "glass-1", "notebook-0", "glass-rival", "temple-gold",
                                                         "assistant-12", "rival-dig-jewel", "rival-discover-red",
                                                         "archaeologist-rival", "archaeologist-0")] == [
        "level II site tile 3", "idol: 1 coin", "idol: exile", "guardian 4", "magnifying glass of player 2",
        "notebook of player 1", "rival's magnifying glass", "temple tile: gold", "assistant 12", "dig (jewel)",
        "discover (red)", "rival's archaeologist", "archaeologist 1"]
    assert editor.field_label("slots.1", NAMES) == "B: idol slots used"
    assert editor.field_label("rival_idols_down", NAMES) == "Rival: face-down idols"


def test_arnak_a_guardian_on_a_site_set_by_picking_and_putting():
    ed = Editor.start("arnak")
    assert ed.data["players"] == 2 and ed.pos is not None
    for comp, zone in (("site1-4", "site.7"), ("guardian-2", "guardian.7")):
        ed.pick(comp)
        ed.put(zone)
    assert ed.problem == "idol.7: the idol of a discovered site has been taken"
    ed.take_off(ed.zones["idol.7"][0], "idol.7")
    ed.pick("archaeologist-0")
    ed.put("dig.7")
    assert ed.pos is not None and ed.pos.state.guard[6] == 1 and ed.pos.state.occ[6] == [0]
    assert 'data-testid="ed-option-temple"' in str(editor.html(ed, PAGE))


def test_arnak_solo_is_one_player_and_the_rival_difficulty_an_option():
    ed = Editor.start("arnak").with_players("1")
    assert ed.pos is not None and ed.pos.state.rival is not None and "rival-stack" in ed.zones
    hard = ed.with_option("rival", "3")
    assert hard.pos is not None and sum(t.endswith("-red") for t in hard.pos.state.rival["tiles"]) == 3
    assert ed.with_option("rival", "9") is ed and ed.with_option("nothing", "1") is ed


def test_islands_modules_chosen_in_the_editor():
    ed = Editor.start("islands")
    assert "harbour" not in ed.zones
    ed = ed.with_option("modules", "1+2")
    assert ed.pos is not None and len(ed.zones["harbour"]) == 5 and "office-0" in ed.zones["telescope.0"]
    assert editor.zone_label("harbour", NAMES) == "Harbour board"
    assert editor.component_label("office-1", "islands") == "harbour office of player 2"
    assert editor.choice_label("dock-3") == "harbour dock 3"
    ed.take_off("office-0", "telescope.0")
    assert ed.problem == ("telescope.0: office-0 is missing: each player's harbour office is on their telescope "
                          "or island")
    ext = ed.with_option("modules", "1+2+3")
    assert ext.pos is not None and len(ext.zones["beside.1"]) == 5
    assert editor.zone_label("beside.1", NAMES) == "B: extension tiles beside the board"
    assert editor.component_label("wind_machine-0", "islands") == "wind machine of player 1"


def test_annotations_of_the_new_zones_find_their_board_parts():
    import positions

    ed = Editor.start("arnak")
    assert positions.anchors("arnak", "guardian.7", ed.pos, 0) == ['[data-site="6"]']
    assert positions.anchors("arnak", "temple", ed.pos, 0) == ['[data-space="14"]']
    assert positions.anchors("arnak", "glass-0", ed.pos, 0) == ['[data-space="0"]']
    isl = Editor.start("islands").with_option("modules", "1+2")
    assert positions.anchors("islands", "harbour", isl.pos, 0) == ['[data-testid="harbour-0"]']
