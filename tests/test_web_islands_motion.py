"""Islands in the Mist (issue 24): another seat's flight is drawn as it flies. The board drawn after a bot's (or
a remote player's) flight carries an <animateMotion> on that seat's balloon along the spaces the flight passes,
in the seconds the page allows (ui["motion"]), for the log entries that came after the last drawing
(ui["since"]); none for the viewer's own flight, an old flight, or with no motion (prefers-reduced-motion)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from render import islands  # noqa: E402

from py_engine import get_game  # noqa: E402

GAME = get_game("islands")
MOTION = re.compile(r"<animateMotion[^>]*>")
# A 2-player game with the harbour (seed 2): seat 1 flies on past the coast to dock 1, later leaves it.
HARBOUR_MOVES = [
    [0, ["start", 39]], [1, ["start", 29]], [1, ["roll_done"]], [0, ["fly", "W", 1]], [0, ["cloud", 0]],
    [0, ["keep"]], [0, ["place", 135, 45]], [0, ["place", 11, 39]], [0, ["place", 139, 46]], [1, ["fly", "W", 2]],
    [1, ["cloud", 2]], [1, ["keep"]], [1, ["place", 136, 36]], [1, ["place", 1, 28]], [1, ["place", 140, 19]],
    [0, ["roll_done"]], [1, ["fly", "SW", 2]], [1, ["take", 2]], [1, ["keep"]], [0, ["fly", "W", 3]],
    [0, ["cloud", 1]], [0, ["keep"]], [0, ["keep"]], [0, ["place", 129, 36]], [0, ["place", 4, 27]],
    [0, ["roll_done"]], [1, ["leave", "SW", 55]]]


def played(moves: list, options: dict, seed: int):
    """The state after `moves` (the log's length before the last one, and that move's seat): move lists written
    for the dice of the single generator, so played by those rules."""
    state = GAME.new(players=2, seed=seed, options={**options, "randomness": "single"})
    since = 0
    for seat, encoded in moves:
        since = len(state.view(None)["log"])
        state.apply(seat, GAME.decode(encoded))
    return state, since


def ui_for(view: dict, **kw) -> dict:
    return {"me": 0, "names": ["Anna", "Bo"], "legal": [], "selected": None, **kw}


def motions(view: dict, ui: dict) -> list[str]:
    return MOTION.findall(str(islands.render(json.loads(json.dumps(view)), ui)))


def test_the_engine_logs_where_a_flight_began():
    state, since = played(HARBOUR_MOVES, {"modules": "1+2"}, 2)
    assert state.view(0)["log"][since:] == [
        {"seat": 1, "key": "fly", "params": {"move": ["leave", "SW", 55], "cost": 1, "dest": 55, "origin": -1}}]


def flown_by_seat_1():
    """Seed 3, base game: seat 1 (the bot) at space 39 flies 3 steps north-west, over the yard, to space 13."""
    moves = [[0, ["start", 29]], [1, ["start", 39]], [1, ["roll_done"]], [0, ["fly", "NW", 3]], [0, ["cloud", 0]],
             [0, ["keep"]], [0, ["place", 32, 11]], [0, ["place", 136, 6]], [1, ["fly", "NW", 3]]]
    return played(moves, {}, 3)


def test_a_bot_flight_is_drawn_along_the_spaces_it_passes():
    state, since = flown_by_seat_1()
    view = state.view(0)
    assert view["log"][since:] == [{"seat": 1, "key": "fly",
                                    "params": {"move": ["fly", "NW", 3], "cost": 1, "dest": 13, "origin": 39}}]
    # on my screen seat 1's island is the small one: its dot flies 39 -> 30 (the yard) -> 21 -> 13, each step
    # one small hex (8.5 units) north-west, the path relative to where the dot is drawn (on 13)
    ui = ui_for(view, since=since, motion=0.4)
    assert motions(view, ui) == ['<animateMotion dur="0.40s" path="M22.1,38.2L14.7,25.5L7.4,12.8L0.0,0.0" '
                                 'fill="remove" data-testid="flight-motion"/>']
    small = str(islands.render(json.loads(json.dumps(view)), ui))
    assert re.search(r'<circle [^>]*fill="#0072b2"[^>]*><animateMotion', small)  # inside seat 1's dot
    # seat 1's island shown large: the balloon flies the same spaces, 31 units a hex
    assert motions(view, dict(ui, selected="i1")) == [
        '<animateMotion dur="0.40s" path="M80.5,139.5L53.7,93.0L26.8,46.5L0.0,0.0" fill="remove" '
        'data-testid="flight-motion"/>']
    big = str(islands.render(json.loads(json.dumps(view)), dict(ui, selected="i1")))
    assert re.search(r'<g data-testid="balloon-1"><title>[^<]*</title><animateMotion', big)
    # the bot speed sets the time (slow: twice the normal pause)
    assert 'dur="0.90s"' in motions(view, dict(ui, motion=0.9))[0]


def test_no_animation_for_my_own_flight_an_old_one_or_reduced_motion():
    state, since = flown_by_seat_1()
    view = state.view(1)
    assert motions(view, ui_for(view, me=1, since=since, motion=0.4)) == []  # the viewer flew it (previewed)
    view = state.view(0)
    assert motions(view, ui_for(view, since=len(view["log"]), motion=0.4)) == []  # drawn before: no replay
    assert motions(view, ui_for(view, since=since, motion=0)) == []  # prefers-reduced-motion
    assert motions(view, ui_for(view)) == []  # a replay, a position, the editor: no motion keys


def test_a_flight_from_a_dock_starts_at_the_dock():
    state, since = played(HARBOUR_MOVES, {"modules": "1+2"}, 2)
    view = state.view(0)
    ui = ui_for(view, since=since, motion=0.25, selected="i1")
    # large: from dock 1 (below the island) to the edge space north-east of 55, then south-west to 55
    assert motions(view, ui) == ['<animateMotion dur="0.25s" path="M-357.9,101.5L80.5,-139.5L53.7,-93.0L26.8,-46.5'
                                 'L0.0,0.0" fill="remove" data-testid="flight-motion"/>']
    # small: the docks are not drawn there, so the dot flies over the island spaces only
    assert motions(view, dict(ui, selected=None)) == [
        '<animateMotion dur="0.25s" path="M22.1,-38.2L14.7,-25.5L7.4,-12.8L0.0,0.0" fill="remove" '
        'data-testid="flight-motion"/>']


def test_a_balloon_at_a_dock_is_not_drawn_on_the_small_island():
    moves = HARBOUR_MOVES[:17]  # seat 1 has flown south-west past the coast to dock 1
    state, since = played(moves, {"modules": "1+2"}, 2)
    view = state.view(0)
    assert view["islands"][1]["dock"] == 1
    markup = str(islands.render(json.loads(json.dumps(view)), ui_for(view, since=since, motion=0.4)))
    assert 'fill="#0072b2" stroke="#fff" stroke-width="2"' not in markup  # no dot on a wrong space
    assert MOTION.findall(markup) == []  # nothing to fly on the small island (its dot is gone)
    big = str(islands.render(json.loads(json.dumps(view)), ui_for(view, since=since, motion=0.4, selected="i1")))
    assert len(MOTION.findall(big)) == 1 and MOTION.findall(big)[0].count("L") == 2  # 28 -> dock 1 -> ...


def test_the_tile_to_keep_or_convert_is_drawn_beside_the_choice():
    """Issue 35: deciding "keep forest 3 or convert", the tile was named, never drawn. The decision shows it as
    the telescope shows tiles (terrain, sign, value), named for a screen reader, beside Keep and Convert."""
    state = GAME.new(players=2, seed=2, options={"modules": "1+2", "randomness": "single"})
    for seat, encoded in HARBOUR_MOVES[:5]:  # seat 0 flies and lifts a cloud: keep the tile or convert it
        state.apply(seat, GAME.decode(encoded))
    view = state.view(0)
    assert view["pending"]["decision"] == "gain" and state.to_move() == (0,)
    tile = view["pending"]["tile"]
    ui = {"me": 0, "legal": [json.dumps(GAME.encode(a)) for a in state.legal_actions(0)]}
    html = str(islands.action_buttons(view, ui))
    drawn = re.search(r'<svg [^>]*data-testid="gain-tile"[^>]*>.*?</svg>', html)
    assert drawn and f'aria-label="{islands.tile_name(tile)}"' in drawn.group(0)
    assert islands.tile_value(tile) in re.findall(r">([^<>]+)</text>", drawn.group(0))
    assert html.index('data-testid="gain-tile"') < html.index('data-testid="keep-btn"') < \
        html.index('data-testid="convert-btn"')
