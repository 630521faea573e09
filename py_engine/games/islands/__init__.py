"""Islands in the Mist (id `islands`), 2-4 players: modules 1 (base), 2 (harbour), 3 (extension tiles),
gold (front) or silver (back) island side.

Rules: seed 004 (the final word), digest rules/islands-in-the-mist.md, reference/islands-in-the-mist.md.

STAND-IN DATA: the island layouts, tile values, energy track crowns, dock rates and extension-tile
values are the reference's stand-in set (data.py), not the printed components, and the view says so
(`"data": "stand-in"`).

Round: A deal one bag tile to each cloud (a cloud already holding 3 is emptied into the bag first;
fewer bag tiles than clouds ends the game at once; module 2: one more tile to the harbour, the start
player swaps it for a harbour tile when the harbour holds 11) · B the player right of the start player
rolls both dice and may re-roll each once; the bonus die applies to all (+1/+2 energy, a tile from the
bag, +1 movement, reverse allowed, ±60° allowed) · C in turn order each player flies, takes one cloud
(or activates an extension tile, or exchanges at the harbour), places telescope tiles next to the
balloon · D the highest value under a balloon starts next (ties: least energy, then latest in this
round's order). Round 1 starts with each player choosing a start space next to the yard (no phase A).

Decisions (actions): ("start", space) · ("reroll", "bonus"|"direction"), ("roll_done",) · ("stay",),
("fly", dir, k), ("leave", dir, space) from a dock, ("jump", space) from the '?' dock · ("cloud", i),
("activate", kind, "keep"|"convert"), ("give", tile) · ("take", tile|"bag") · ("keep",)|("convert",)
for each gained tile · ("place", tile, space), ("done",) · ("swap", tile) · ("from_cloud", tile).
Identical tiles give one action (the lowest id).

Decisions about unclear rules (each has a test in tests/test_islands.py):
- Flight: an allowed direction (the die's, plus reverse / ±60° when rolled) costs |k - v|; a flight that
  runs into the island's edge (or, with harbour access, past the last dock) stops there, so it costs
  max(0, k - v) and the free move always exists. Another direction costs v + 2k. Staying costs v (brake
  to 0), or nothing when an allowed direction points straight off the island. +1 movement adds to v
  for the brake too. A balloon may fly along a coast row; only leaving the board stops it. The yard
  (value 2) may be flown over and stopped on. Ranged tiles (offices, extension tiles): the player uses
  the best value of the range for the cost, and the highest in phase D (royal couple 5).
- A player must take a non-empty cloud when one exists (or activate); with every cloud empty they take
  nothing. A tile that finds the telescope full is converted automatically (no choice).
- '?' / draw-2 / draw-1-plus-energy spaces draw tiles that are kept or converted at once and may be
  placed in the same phase (so they chain). An empty bag at any draw outside phase A makes this the
  last round; the player takes a tile from any cloud instead, if one holds a tile.
- End: a player who connects all six coasts during their placement is first (10 points; the only one);
  the game then finishes this round and one more. Others score 5 if connected at the end (judged then).
  A coast space covered by a start tile, city, monument or other terrain is unusable.
- Scoring: a terrain (or wild) tile scores for its terrain when its group of that terrain plus wilds
  holds a tile on that terrain's coast or next to an uncovered space of it; the 5+ group bonus needs at
  least one tile of the type (five wilds alone earn nothing). Start tiles join coast-to-yard paths and
  count next to cities, but score no terrain. Monument ties share the rank and skip the next ones.
- Harbour (module 2): the harbour office starts on a telescope space; once placed on the island (module 3:
  once activated and kept) movement past the edge continues over docks 1..6 (7 on the back side); the
  exchange is compulsory: give one telescope tile (not an office or extension tile), then take the
  dock's number of tiles one at a time from the harbour (not the tile given) or the bag; with nothing to
  give, take one. The harbour may briefly hold 12 tiles during an exchange. Leaving: the dock's value,
  first step onto a coast space whose outer side faces the flight, ending on the island; phase D uses the
  dock's value for a balloon still at a dock.
- Module 3: activation instead of a cloud needs energy >= the tile's icon; kept on a telescope space or
  converted (to the box); lookout towers add a telescope space when activated; extension tiles block
  connections; royal couple = 2 monuments; all five placed = +5.
- Hidden information: only the bag's order. The bag is a sorted multiset drawn with the state's
  generator, so determinize only replaces the generator.
"""

from .data import STAND_IN_NOTE
from .state import GAME, IslandsGame, IslandsState

__all__ = ["GAME", "STAND_IN_NOTE", "IslandsGame", "IslandsState"]
