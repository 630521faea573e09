"""web/editor.py in CPython: the rulebook's Lost Cities scoring example built by picking and putting cards,
every edit checked at once, the refusal shown, the link offered only for a valid position."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import editor  # noqa: E402
import positions  # noqa: E402
import records  # noqa: E402
from editor import Editor  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.core import position as P  # noqa: E402
from py_engine.games.catan_ck.data import HARBOUR_EDGES  # noqa: E402

EXAMPLE = {"yellow": ["yellow-6", "yellow-8", "yellow-9"], "white": ["white-w1"],
           "green": ["green-w1", "green-7", "green-8"],
           "red": ["red-w1", "red-w2", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8"]}
PAGE = "http://127.0.0.1:8000/index.html"


def cleared() -> Editor:
    """A new Lost Cities position with seat 0's hand and the table empty, seat 1's hand and the deck dealt."""
    ed = Editor.start("lost-cities")
    for comp in list(ed.zones["hand.0"]):
        ed.take_off(comp)
    return ed


def build_example(ed: Editor) -> None:
    for colour, cards in EXAMPLE.items():
        for c in cards:
            ed.pick(c)
            ed.put(f"expedition.0.{colour}")
    for v in range(2, 10):
        ed.pick(f"blue-{v}")
        ed.put("hand.0")


def test_the_scoring_example_built_by_clicks_is_valid_and_scores_18():
    ed = cleared()
    assert ed.problem == "hand.0: holds 0 cards; a hand holds 8, 7 for the player about to draw"
    assert ed.export(PAGE) is None
    build_example(ed)
    assert ed.problem == "" and ed.pos is not None
    assert sum(r["total"] for r in ed.pos.state.view(0)["round_scores"][0]) == 18
    url, code = ed.export(PAGE)
    assert url.startswith("http://127.0.0.1:8000/embed.html?position=") and "<iframe" in code
    code_text = url.split("position=", 1)[1].split("&", 1)[0]
    assert P.check(records.decode(code_text)).zones["expedition.0.red"] == EXAMPLE["red"]


def test_the_embed_code_names_the_rules_site_and_an_id_for_the_frames_events():
    """Issue 36: the code carries `origin` (from "Your site's address", when it is one) and an `id`, the same
    for the same position, which the frame echoes in every event."""
    ed = cleared()
    build_example(ed)
    url, code = ed.export(PAGE, "https://rules.example:8443/")
    ident = positions.frame_id(ed.pos.to_json())
    assert ident.startswith("lost-cities-") and len(ident) == len("lost-cities-") + 8
    assert "&origin=https://rules.example:8443&" in url and url.endswith(f"&id={ident}")
    assert records.embed_params(url.split("?", 1)[1])["id"] == ident
    assert records.embed_params(url.split("?", 1)[1])["origin"] == "https://rules.example:8443"
    assert ed.export(PAGE, "https://rules.example:8443/")[0] == url  # the same position, the same id
    bad, _code = ed.export(PAGE, "javascript:alert(1)")
    assert "origin=" not in bad and "&id=" in bad
    page = str(editor.html(ed, PAGE, "not a site"))
    assert 'data-testid="ed-origin-bad"' in page and 'aria-invalid="true"' in page


def test_moving_a_card_and_an_impossible_edit():
    """Issue 36: a picked card is offered only the zones that accept it (no "Put here" on another colour's
    expedition; putting it there changes nothing); an impossible whole (a ninth card in a hand) still gets its
    message."""
    ed = cleared()
    build_example(ed)
    ed.pick("red-8")
    html = str(editor.html(ed, PAGE))
    assert 'data-testid="put-expedition.0.blue"' not in html and 'data-testid="put-expedition.1.red"' in html
    ed.put("expedition.0.blue")
    assert ed.where("red-8") == "expedition.0.red" and ed.problem == "" and ed.picked == "red-8"
    ed.put("hand.0")
    assert ed.problem == "hand.0: holds 9; it holds 0 to 8"
    html = str(editor.html(ed, PAGE))
    assert 'data-testid="ed-problem"' in html and "ed-embed-url" not in html
    ed.pick("red-8")
    ed.put("expedition.0.red")
    assert ed.problem == ""


def test_fields_seat_caption_and_marks():
    ed = cleared()
    build_example(ed)
    ed.set_field("score.1", "25")
    ed.set_field("round", "9")
    assert ed.problem == "round: must be a whole number from 1 to 5"
    ed.set_field("round", "2")
    ed.set_seat("1")
    ed.set_caption("<b>18</b> points")
    ed.toggle_highlight("expedition.0.red")
    ed.arrow("red-8")
    ed.arrow("expedition.0.red")
    assert ed.problem == ""
    assert ed.pos.seat == 1 and ed.pos.fields["score.1"] == 25 and ed.pos.annotations == {
        "caption": "<b>18</b> points", "highlight": ["expedition.0.red"], "arrows": [["red-8", "expedition.0.red"]]}
    html = str(editor.html(ed, PAGE))
    assert "<b>18</b>" not in html and "&lt;b&gt;18&lt;/b&gt; points" in html


def test_a_hidden_zone_set_by_hand_and_dealt_again():
    ed = cleared()
    build_example(ed)
    ed.toggle_unset("hand.1")
    assert ed.zones["hand.1"] == [] and ed.problem.startswith("hand.1: holds 0 cards")
    ed.toggle_unset("hand.1")
    ed.toggle_unset("discard.red")  # everyone sees a discard pile: it is never dealt at random
    assert ed.zones["hand.1"] is None and ed.zones["discard.red"] == [] and ed.problem == ""


def test_from_a_replay_step_hides_what_the_seat_cannot_see():
    state = get_game("lost-cities").new(seed=5)
    for _ in range(6):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    ed = Editor.from_state(state, seat=0, hide=True)
    assert ed.problem == "" and ed.zones["hand.1"] is None and ed.zones["deck"] is None
    assert ed.pos.state.hands[0] == state.hands[0]


class FakeApp:
    """What editor.command needs of the shell's App."""

    def __init__(self, replay=None) -> None:
        self.replay, self.screen, self.error, self.redraws = replay, "replay", "", 0

    def redraw(self) -> None:
        self.redraws += 1


def test_commands_from_the_home_page_and_a_replay_step():
    from replay import Replay

    app = FakeApp()
    editor.command(app, "ed-new", "lost-cities-board")
    assert app.screen == "editor" and app.editor.problem == "" and app.redraws == 1
    editor.command(app, "ed-pick", "researcher")
    editor.command(app, "ed-put", "path.1.red")
    assert app.editor.problem == "path.1.red: a path has a piece exactly when its column has cards"
    editor.command(app, "ed-off", "researcher")
    assert app.editor.problem == ""

    state = get_game("lost-cities").new(seed=8)
    for _ in range(9):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    app = FakeApp(Replay(state.record, ["Ann", "Bob"], seat=1, at=5, allowed={1}))
    editor.command(app, "ed-from-replay", None)
    ed = app.editor
    assert app.screen == "editor" and ed.problem == "" and ed.data["seat"] == 1
    assert ed.zones["hand.0"] is None and ed.zones["hand.1"] is not None  # seat 1's replay: seat 0's hand unseen
    assert ed.pos.state.hands[1] == state.record.replay(upto=5).hands[1]


def test_islands_scoring_example_built_by_clicks_with_four_players():
    """The rulebook's final scoring example (digest TC13) set up by picking and putting tiles: 29 points."""
    from tests.test_position import ISLANDS_OTHERS, ISLANDS_TC13, island_space

    ed = Editor.start("islands")
    assert ed.data["players"] == 2 and ed.pos is not None
    html = str(editor.html(ed, PAGE))
    assert 'data-testid="ed-players"' in html and 'data-testid="zone-island.0.0"' in html
    ed = ed.with_players("4")
    assert ed.data["players"] == 4 and "cloud.7" in ed.zones and ed.pos is not None
    assert ed.with_players("5") is ed and ed.with_players("x") is ed
    for cloud in range(1, 8):
        for comp in list(ed.zones[f"cloud.{cloud}"]):
            ed.take_off(comp)
    for qr, tile in ISLANDS_TC13.items():
        ed.pick(tile)
        ed.put(f"island.0.{island_space(*qr)}")
    for seat, tile in ISLANDS_OTHERS.items():
        for qr in ((1, 0), (2, 0), (0, 1)):
            ed.pick(tile)
            ed.put(f"island.{seat}.{island_space(*qr)}")
    ed.set_field("energy.0", "14")
    assert ed.pos is not None and ed.pos.state.score_sheet()[0]["total"] == 29
    ed.pick("forest-1")  # the balloon yard takes no tile: not offered, and putting it there changes nothing
    assert not ed.accepts("island.1.30") and ed.accepts("island.1.31")
    html = str(editor.html(ed, PAGE))
    assert 'data-testid="put-island.1.30"' not in html and 'data-testid="put-island.1.31"' in html
    ed.put("island.1.30")
    assert ed.zones["island.1.30"] == [] and ed.problem == "" and ed.pos is not None


def test_islands_words():
    assert editor.zone_label("island.1.12", ["A", "B"]) == "B: island space 12"
    assert editor.zone_label("telescope.0", ["A", "B"]) == "A: telescope"
    assert editor.zone_label("cloud.3", ["A", "B"]) == "Cloud 3"
    assert [editor.component_label(c) for c in ("forest-3", "wild-0", "city-4", "monument-1", "start-2")] == [
        "forest 3", "wild 0", "city 4", "monument 1", "start tile 2"]
    assert editor.field_label("balloon.1", ["A", "B"]) == "B: balloon on island space"
    assert [editor.choice_label(c) for c in ("fly", "NE", "move1")] == [
        "fly the balloon", "north-east", "+1 movement"]


def test_a_piece_of_a_supply_is_one_more_and_too_many_are_refused():
    ed = Editor.start("islands")
    for cloud in range(1, 5):
        for comp in list(ed.zones[f"cloud.{cloud}"]):
            ed.take_off(comp)
    for k in range(3):
        ed.pick("monument-1")
        ed.put(f"island.0.{k}")
    assert [ed.zones[f"island.0.{k}"] for k in range(3)] == [["monument-1"], ["monument-1"], ["monument-1"]]
    assert ed.problem == "island.0.2: only 2 of monument-1 exist"
    ed.take_off("monument-1")
    assert ed.pos is not None and ed.zones["island.0.0"] == []


def test_arnak_words():
    names = ["A", "B"]
    assert [editor.zone_label(z, names) for z in ("hand.0", "deck.1", "play.1", "items", "camp.3-2")] == [
        "A: hand", "B: Deck", "B: play area", "Item row", "Camp site 3, space 2"]
    assert [editor.component_label(c) for c in ("item-7", "artifact-1", "explore-car", "fear", "archaeologist-1")] == [
        "Sturdy Boots", "Pathfinder's Sandals", "Exploration: car", "Fear", "archaeologist 2"]
    assert editor.field_label("res.1.jewel", names) == "B: jewels"


def test_arnak_turn_built_by_clicks():
    """A site that costs a car and a boot: camp 1's two-boot space, its boot space taken by seat 1."""
    ed = Editor.start("arnak").with_players("4")
    ed.pick("archaeologist-1")
    ed.put("camp.1-1")
    assert ed.pos is not None and ("dig", 0) in ed.pos.state.legal_actions(0)
    ed.pick("archaeologist-1")
    ed.put("camp.1-2")
    ed.pick("archaeologist-1")
    ed.put("camp.2-1")
    assert ed.problem == "camp.2-1: only 2 of archaeologist-1 exist"


def test_the_x_of_a_supply_piece_takes_off_the_one_in_its_zone():
    ed = Editor.start("arnak")
    for camp in ("1-1", "2-1"):
        ed.pick("archaeologist-1")
        ed.put(f"camp.{camp}")
    html = str(editor.html(ed, PAGE))
    assert 'data-arg="camp.2-1|archaeologist-1"' in html
    app = FakeApp()
    app.editor, app.screen = ed, "editor"
    editor.command(app, "ed-off", "camp.2-1|archaeologist-1")
    assert ed.zones["camp.1-1"] == ["archaeologist-1"] and ed.zones["camp.2-1"] == []


def test_catan_words_and_a_barbarian_attack_built_by_clicks():
    names = ["A", "B", "C"]
    assert [editor.zone_label(z, names) for z in ("vertex.12", "edge.0")] == ["Intersection 12", "Path 0"]
    assert [editor.component_label(c, "catan-ck") for c in ("city-1", "road-0", "knight-2-1", "knight-0-2-active")] == [
        "city of player 2", "road of player 1", "knight (level 1) of player 3", "active knight (level 2) of player 1"]
    assert editor.field_label("cards.1.ore", names) == "B: ore"
    ed = Editor.start("catan-ck")
    for comp, zone in (("city-0", "vertex.0"), ("road-0", "edge.0"), ("knight-0-1-active", "vertex.3"),
                       ("city-1", "vertex.30"), ("road-1", "edge.36")):
        ed.pick(comp)
        ed.put(zone)
    ed.set_field("barbarians", "6")
    assert ed.pos is not None and ed.pos.state.barb == 6 and ed.pos.state.barbarian_strength() == 2
    ed.pick("settlement-2")
    ed.put("vertex.4")
    assert ed.problem == "vertex.4: settlement-2 stands next to city-0 (vertex.0): the distance rule"


def spot_args(ed: Editor) -> list[str]:
    """The zones the editor's board points at (data-cmd="ed-spot"), in drawing order."""
    import re

    html = str(editor.spot_board_html(ed, ["A", "B", "C", "D"][:ed.data["players"]]))
    return re.findall(r'data-cmd="ed-spot" data-arg="([^"]*)"', html)


def test_catan_pieces_put_lifted_moved_and_taken_off_by_pointing_at_the_board():
    ed = Editor.start("catan-ck")
    spots = spot_args(ed)
    assert len(spots) == 9 + 54 + 72 + 19 + 3 and "vertex.0" in spots and "edge.71" in spots and "hex.18" in spots
    html = str(editor.spot_board_html(ed, ["A", "B", "C"]))
    view = editor.board_view(ed)
    assert "data-act" not in html and f'aria-label="{editor.zone_label("vertex.5", ["A"], view)}"' in html
    assert editor.zone_label("vertex.5", ["A"], view).startswith("Intersection by ")
    app = FakeApp()
    app.editor, app.screen = ed, "editor"
    editor.command(app, "ed-pick", "road-0")  # a piece of a supply stays picked: one road after another
    for e in ("edge.0", "edge.1"):
        editor.command(app, "ed-spot", e)
    assert ed.picked == "road-0" and ed.zones["edge.0"] == ed.zones["edge.1"] == ["road-0"]
    editor.command(app, "ed-pick", "city-0")
    editor.command(app, "ed-spot", "vertex.0")
    editor.command(app, "ed-pick", "city-0")  # picked again: put down
    assert ed.picked is None and ed.pos is not None and ed.zones["vertex.0"] == ["city-0"]
    editor.command(app, "ed-spot", "vertex.0")  # nothing picked: the city is lifted...
    assert (ed.picked, ed.picked_from) == ("city-0", "vertex.0")
    assert 'data-arg="vertex.0" data-key="spot-vertex.0" tabindex="0" role="button" aria-label="' \
           f'{editor.zone_label("vertex.0", ["A"], editor.board_view(ed))}: city of player 1" aria-pressed="true"' \
           in str(editor.spot_board_html(ed, ["A", "B", "C"]))
    editor.command(app, "ed-spot", "vertex.3")  # ... and moved
    assert ed.zones["vertex.0"] == [] and ed.zones["vertex.3"] == ["city-0"] and ed.picked is None
    editor.command(app, "ed-pick", "settlement-1")
    editor.command(app, "ed-spot", "vertex.3")  # a spot for one piece: the settlement replaces the city
    assert ed.zones["vertex.3"] == ["settlement-1"]
    editor.command(app, "ed-pick", "road-2")
    editor.command(app, "ed-spot", "edge.50")
    assert ed.problem == "edge.50: road-2 joins none of its owner's buildings, knights or roads"
    assert ed.shown is not None and "ed-spot" in str(editor.preview_html(ed, ["A", "B", "C"], PAGE))  # drawn
    editor.command(app, "ed-pick", "road-2")  # the palette's road picked again: put down
    editor.command(app, "ed-spot", "edge.50")  # nothing picked now: the road is lifted
    editor.command(app, "ed-lift-off", None)
    assert ed.zones["edge.50"] == [] and ed.pos is not None
    editor.command(app, "ed-spot", "vertex.3")
    editor.command(app, "ed-lift-off", None)
    assert ed.zones["vertex.3"] == [] and ed.picked is None and ed.pos is not None


def test_catan_board_terrains_tokens_and_harbours_set_by_pointing():
    """A hex spot takes a terrain or a number token (the one there back to the box); a harbour spot its kind."""
    ed = Editor.start("catan-ck")
    app = FakeApp()
    app.editor, app.screen = ed, "editor"
    desert = next(h for h in range(19) if ed.zones[f"terrain.{h}"] == ["terrain-desert"])
    other = next(h for h in range(19) if ed.zones[f"terrain.{h}"] == ["terrain-hills"])
    token = ed.zones[f"token.{other}"][0]
    editor.command(app, "ed-spot", f"hex.{other}")  # nothing picked: the token is lifted first...
    assert (ed.picked, ed.picked_from) == (token, f"token.{other}")
    editor.command(app, "ed-spot", f"hex.{desert}")  # ... and moved to the desert: two rules broken
    assert ed.zones[f"token.{desert}"] == [token] and ed.problem == (
        f"token.{other}: every hex but the desert has a number token: this hills has none" if other < desert
        else f"token.{desert}: the desert has no number token")
    editor.command(app, "ed-pick", "terrain-hills")  # the desert becomes hills (the supply of hills now exceeded)
    editor.command(app, "ed-spot", f"hex.{desert}")
    assert ed.zones[f"terrain.{desert}"] == ["terrain-hills"] and ed.problem.endswith("only 3 of terrain-hills exist")
    editor.command(app, "ed-pick", "terrain-desert")
    editor.command(app, "ed-spot", f"hex.{other}")  # the old hills hex is the desert, without its token
    assert ed.problem == "" and ed.pos is not None and ed.pos.state.robber == other
    assert ed.pos.state.terrain[other] == "desert" and ed.pos.state.number[desert] == int(token[6:])
    kinds = [ed.zones[f"harbour.{k}"][0] for k in range(1, 10)]
    a, b = kinds.index("harbour-ore") + 1, kinds.index("harbour-wool") + 1
    editor.command(app, "ed-spot", f"harbour.{a}")  # the ore harbour lifted, put on the wool harbour's spot
    editor.command(app, "ed-spot", f"harbour.{b}")
    assert ed.zones[f"harbour.{a}"] == [] and ed.zones[f"harbour.{b}"] == ["harbour-ore"]
    assert ed.problem.startswith(f"harbour.{a}: harbours set by hand fill all nine spots")
    editor.command(app, "ed-pick", "harbour-wool")
    editor.command(app, "ed-spot", f"harbour.{a}")
    assert ed.pos is not None and dict(ed.pos.state.harbours)[HARBOUR_EDGES[b - 1]] == "ore"
    html = str(editor.spot_board_html(ed, ["A", "B", "C"]))
    place = editor.zone_label(f"harbour.{a}", ["A"], editor.board_view(ed))
    assert place.startswith("Harbour between ") and place.endswith(" and the sea")
    assert f'aria-label="{place}: 2:1 harbour: wool"' in html


def test_lost_cities_cards_put_by_pointing_at_columns_piles_and_the_deck():
    ed = cleared()
    shown = [s for s in spot_args(ed) if not s.endswith(".1") and ".1." not in s]  # the other seat's: at the top
    assert shown[:6] == ["discard.yellow", "discard.blue", "discard.white", "discard.green", "discard.red", "deck"]
    assert "expedition.0.red" in spot_args(ed) and "expedition.1.red" in spot_args(ed)
    import re

    html = str(editor.spot_board_html(ed, ["A", "B"]))
    keys = re.findall(r'data-cmd="ed-spot" data-arg="[^"]*" data-key="([^"]*)"', html)
    assert len(keys) == len(set(keys)) and "spot-deck" in keys  # the arrows move from spot to spot
    assert re.search(r'aria-label="Deck: \d+"', html)  # the name holds what the spot shows (its count)
    for c in EXAMPLE["red"]:
        ed.pick(c)
        ed.point("expedition.0.red")
    assert ed.zones["expedition.0.red"] == EXAMPLE["red"]
    ed.point("expedition.0.red")  # the last card is lifted and goes to the red discard pile
    ed.point("discard.red")
    assert ed.zones["expedition.0.red"] == EXAMPLE["red"][:-1] and ed.zones["discard.red"] == ["red-8"]
    ed.set_seat("1")
    html = str(editor.spot_board_html(ed, ["A", "B"]))
    assert 'data-arg="expedition.1.red" data-key="spot-expedition.1.red"' in html and 'data-testid="expedition-red"' \
        in html.split('data-arg="expedition.1.red"')[1].split(">")[0]  # seat 1's expeditions at the bottom
    assert spot_args(ed).count("hand.1") == 8 and spot_args(ed).count("hand.0") == 1  # seat 0's: its name


def test_catan_a_walled_metropolis_and_the_robber_set_by_pointing():
    ed = Editor.start("catan-ck")
    for comp, spot in (("city-0", "vertex.0"), ("road-0", "edge.0"), ("wall-0", "vertex.0"),
                       ("metropolis-science", "vertex.0")):
        ed.pick(comp)
        ed.point(spot)
    assert ed.zones["vertex.0"] == ["city-0", "wall-0", "metropolis-science"]
    assert ed.problem == ("vertex.0: the science metropolis stands on a city of player 1, who has no level-4 "
                          "science improvement")
    ed.set_field("improve.0.science", "4")
    ed.pick("robber")  # off the desert: onto hex 0
    ed.point("hex.0")
    ed.point("hex.0")  # lifted again...
    ed.point("hex.5")  # ... and moved
    assert ed.zones["hex.0"] == [] and ed.zones["hex.5"] == ["robber"]
    ed.set_field("decision", "main")
    ed.set_seed("99")
    assert ed.pos is not None, ed.problem
    assert ed.pos.state.metro[2] == 0 and ed.pos.state.wall[0] and ed.pos.state.robber == 5
    url = ed.export(PAGE)[0]
    assert P.check(records.decode(url.split("position=")[1].split("&")[0])).seed == 99
    assert [editor.component_label(c, "catan-ck") for c in ("wall-1", "metropolis-trade", "robber", "merchant-2",
                                                             "merchant", "spy")] == [
        "city wall of player 2", "trade metropolis", "robber", "merchant of player 3", "Merchant", "Spy"]
    assert editor.field_label("improve.2.politics", ["A", "B", "C"]) == "C: politics improvements (0-5)"
    assert editor.choice_label("robber") == "move the robber"
