"""Issue 36: the editor's refusals, highlight list and arrow list speak the reader's words in the reader's
language (web/editor_problems.py): a zone by its name, a component by its name, never an id ("harbour.4",
"expedition.1.blue", "settlement-0"), in English, Japanese and Persian."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
import i18n  # noqa: E402
import positions  # noqa: E402
from editor import Editor  # noqa: E402

ZONE_ID = re.compile(r"\b[a-z][a-z_-]*\.(?:\d|[a-z])")  # "hand.0", "discard.red", "expedition.1.blue", "items.x"
COMPONENT_ID = re.compile(r"\b[a-z][a-z0-9_]*-(?:\d|w\d|[a-z]+-)")  # "settlement-0", "red-w1", "knight-0-2-active"


def lost_cities_ninth_card() -> Editor:
    ed = Editor.start("lost-cities")
    ed.pick(next(c for c in ed.components() if ed.where(c) is None and c.startswith("red-")))
    ed.put("hand.0")
    return ed


def lost_cities_short_hand() -> Editor:
    ed = Editor.start("lost-cities")
    ed.take_off(ed.zones["hand.0"][0])
    return ed


def board_game_card_without_its_piece() -> Editor:
    ed = Editor.start("lost-cities-board")
    ed.pick("red-3a")
    ed.put("column.1.red")
    return ed


def catan_distance_rule() -> Editor:
    ed = Editor.start("catan-ck")
    for comp, zone in (("city-0", "vertex.0"), ("road-0", "edge.0"), ("settlement-2", "vertex.4")):
        ed.pick(comp)
        ed.put(zone)
    return ed


def catan_road_joining_nothing() -> Editor:
    ed = Editor.start("catan-ck")
    ed.pick("road-1")
    ed.put("edge.5")
    return ed


def catan_harbour_left_empty() -> Editor:
    ed = Editor.start("catan-ck")
    ed.take_off(ed.zones["harbour.4"][0], "harbour.4")
    return ed


def arnak_item_row_too_long() -> Editor:
    ed = Editor.start("arnak")
    for c in ("item-1", "item-2"):
        ed.pick(c)
        ed.put("items")
    return ed


def arnak_third_archaeologist() -> Editor:
    ed = Editor.start("arnak")
    for camp in ("1-1", "2-1", "3-1"):
        ed.pick("archaeologist-1")
        ed.put(f"camp.{camp}")
    return ed


def islands_no_start_tile() -> Editor:
    ed = Editor.start("islands")
    start = next(c for c in ed.zones["telescope.0"] + [c for p, v in ed.zones.items() if p.startswith("island.0.")
                                                       for c in v or ()] if c.startswith("start-"))
    ed.take_off(start, ed.where(start) if start in ed.zones["telescope.0"] else None)
    return ed


CASES = [  # (the position, the engine's refusal, as a check that the case is the one meant)
    (lost_cities_ninth_card, "hand.0: holds 9; it holds 0 to 8"),
    (lost_cities_short_hand, "hand.0: holds 7 cards; a hand holds 8, 7 for the player about to draw"),
    (board_game_card_without_its_piece, "path.1.red: a path has a piece exactly when its column has cards"),
    (catan_distance_rule, "vertex.4: settlement-2 stands next to city-0 (vertex.0): the distance rule"),
    (catan_road_joining_nothing, "edge.5: road-1 joins none of its owner's buildings, knights or roads"),
    (catan_harbour_left_empty, "harbour.4: harbours set by hand fill all nine spots (or none: the harbours the "
                               "seed deals)"),
    (arnak_item_row_too_long, "items: holds 7; it holds 0 to 6"),
    (arnak_third_archaeologist, "camp.3-1: only 2 of archaeologist-1 exist"),
    (islands_no_start_tile, "telescope.0: has 0 start tiles; each player has exactly 1 (on the telescope or the "
                            "island)"),
]
ENGLISH = {  # the same refusals in the reader's words
    "lost_cities_ninth_card": "Player 1: hand holds 9; it holds at most 8",
    "lost_cities_short_hand": "Player 1: hand holds 7 cards; a hand holds 8, 7 for the player about to draw",
    "board_game_card_without_its_piece": "Player 2: piece on the red path: a path has a piece exactly when its "
                                         "column has cards",
    "catan_road_joining_nothing": "Path between fields 8 and the sea: road of player 2 joins none of its owner's "
                                  "buildings, knights or roads",
    "arnak_item_row_too_long": "Item row holds 7; it holds at most 6",
    "arnak_third_archaeologist": "Camp site 3, space 1: only 2 of archaeologist 2 exist",
    "islands_no_start_tile": "Player 1 has 0 start tiles; each player has exactly 1 (on the telescope or the island)",
}


def marked(ed: Editor) -> Editor:
    """Every zone of the position highlighted (the first 60) and an arrow between the first two."""
    paths = list(ed.paths())
    for p in paths[:60]:
        ed.toggle_highlight(p)
    ed.arrow(paths[0])
    ed.arrow(paths[-1])
    return ed


@pytest.mark.parametrize("make,rule", CASES, ids=[c[0].__name__ for c in CASES])
def test_the_engines_refusal_is_the_one_meant(make, rule):
    assert make().problem == rule


@pytest.mark.parametrize("make", [c[0] for c in CASES], ids=[c[0].__name__ for c in CASES])
def test_refusals_in_english_name_places_and_components_in_words(make):
    ed = make()
    words = editor.problem_words(ed, positions.names_of(ed.data["players"]))
    if make.__name__ in ENGLISH:
        assert words == ENGLISH[make.__name__]
    assert not ZONE_ID.search(words) and not COMPONENT_ID.search(words), words


@pytest.mark.parametrize("lang", ["en", "ja", "fa"])
@pytest.mark.parametrize("make", [c[0] for c in CASES], ids=[c[0].__name__ for c in CASES])
def test_no_zone_id_in_the_refusal_the_highlights_or_the_arrows(catalogues, lang, make):
    i18n.set_language(lang)
    try:
        ed = make()
        html = str(editor.html(ed, "http://127.0.0.1:8000/index.html"))
        problem = re.search(r'data-testid="ed-problem">([^<]*)<', html).group(1)
        assert not ZONE_ID.search(problem) and not COMPONENT_ID.search(problem), problem
        if lang != "en":  # translated: the sentence is not the English one
            assert editor.problem_words(ed, positions.names_of(ed.data["players"])) != ENGLISH.get(make.__name__)
            assert not re.search(r"\b(the|holds|stands|cannot|exist|only|every)\b", problem), problem
        marked(ed)
        html = str(editor.annotations_html(ed))
        lists = re.search(r'data-testid="ed-highlighted">([^<]*)<', html).group(1)
        arrows = re.findall(r"<li>([^<]*)</li>", html)
        assert len(arrows) == 1 and (" → " in arrows[0] or " ← " in arrows[0])
        for text in [lists, *arrows]:
            assert not ZONE_ID.search(text), text
    finally:
        i18n.set_language("en")


def test_catan_places_are_named_by_the_hexes_around_them():
    ed = Editor.start("catan-ck")
    view = editor.board_view(ed)
    assert editor.zone_label("harbour.4", ["A"], view) == "Harbour between fields 6 and the sea"
    assert editor.zone_label("vertex.0", ["A"], view) == "Intersection by forest 9 and the sea"
    assert editor.zone_label("edge.5", ["A"], view) == "Path between fields 8 and the sea"
    assert editor.zone_label("token.2", ["A"], view) == "fields 8: number token"
    assert editor.zone_label("vertex.0", ["A"]) == "Intersection 0"  # without the board: its number


def test_a_rule_no_sentence_matches_still_names_no_id():
    """A refusal without a sentence of its own (the rival's silver temple tiles) keeps its English words, every id
    in it put in words."""
    import editor_problems

    from py_engine.core import position as P

    ed = Editor.start("arnak").with_players("1")
    exc = P.PositionError("temple-gold: the rival takes silver temple tiles only", "rival-temple")
    words = editor_problems.Words(ed, ["A"]).problem(exc)
    assert words == "Rival: temple tiles: temple tile: gold: the rival takes silver temple tiles only"
    assert not ZONE_ID.search(words) and not COMPONENT_ID.search(words)


def test_numbers_in_place_names_are_written_the_languages_way(catalogues):
    i18n.set_language("fa")
    try:
        assert "۱۲" in editor.zone_label("island.0.12", ["A"]) and "12" not in editor.zone_label("island.0.12", ["A"])
        assert "۳" in editor.zone_label("camp.3-1", ["A"])
    finally:
        i18n.set_language("en")
    assert editor.zone_label("island.1.12", ["A", "B"]) == "B: island space 12"


@pytest.mark.parametrize(("game_id", "rule", "where", "english"), [
    ("catan-ck", "token-5 lies only on the board's token spots", "vertex.0", "goes only on a hex, as its number"),
    ("catan-ck", "settlement-0 cannot lie here: only a harbour", "harbour.4", "only a harbour goes there"),
    ("catan-ck", "road-0 cannot stand on an intersection: roads lie on paths", "vertex.0", "roads lie on paths"),
    ("lost-cities-board", "artifact cannot stand on a path: only an adventurer or a researcher", "path.0.red",
     "only an adventurer or a researcher"),
    ("arnak", "an archaeologist stands at home, on a camp space or at a site", "items",
     "on a camp space or at a site"),
])
def test_the_rules_hand_edited_links_break_have_sentences_of_their_own(catalogues, game_id, rule, where, english):
    """Refusals the editor's lit places never lead to, but a link edited by hand may: worded and translated like
    the rest (matched by a sentence, not shown as the rules' English)."""
    import editor_problems

    from py_engine.core import position as P

    exc = P.PositionError(rule, where)
    assert any(rx.match(rule) for rx, _t in editor_problems._COMPILED), rule
    words = editor_problems.Words(Editor.start(game_id), ["A", "B", "C"]).problem(exc)
    assert english in words and not ZONE_ID.search(words) and not COMPONENT_ID.search(words), words
    i18n.set_language("ja")
    try:
        translated = editor_problems.Words(Editor.start(game_id), ["A", "B", "C"]).problem(exc)
        assert english not in translated and not ZONE_ID.search(translated), translated
    finally:
        i18n.set_language("en")
