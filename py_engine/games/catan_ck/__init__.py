"""Catan: Cities & Knights (id `catan-ck`), 3-4 players, with the base game it needs.

Sources: seed 003 (final word, incl. its FAQ), digest rules/catan-cities-knights.md, reference
reference/catan-cities-knights.md (5th edition, CK20 card names). Implemented (state.py):
- Board: 19 hexes, 18 number tokens, 9 harbours. Option `board`: "beginner" (reference 4.4) or "random"
  (terrain and harbours shuffled, tokens A-R along the spiral from a random corner, option `spiral`
  counter-clockwise by default; dealt again until no 6/8 touch). The robber starts on the desert.
- Set-up: snake order; round 1 a settlement + road, round 2 a city + road; the city yields 1 resource
  per touching land hex (no commodity).
- Turn: before the roll, Alchemist (choose yellow and red; the event die still rolls). The event die is
  resolved first: a ship moves the barbarians (attack on the 7th space, before production); a gate
  (trade / politics / science) gives a card of that deck to each player with level L >= 1 on that track
  when the red die shows 1..L+1, in turn order from the active player. Then production: settlement 1
  resource, city 2 resources on hills/fields, 1 resource + 1 commodity on forest/pasture/mountains
  (paper/cloth/coin); the robber's hex produces nothing; bank shortage: nobody gets a kind the bank
  cannot pay in full unless only one player is owed it (option `commodity_shortage`, default on, applies
  the same to commodities). Science level 3 (Aqueduct): a non-7 roll that gives you nothing lets you take
  1 resource of your choice. On a 7: everyone over their limit (7 + 2 per wall) discards half, rounded
  down, all at once (one card per decision); then, once the first barbarian attack has happened, the
  roller moves the robber and steals one random card from an opponent touching it. Before the first
  attack the robber is locked (no move by 7, knight or Bishop).
- Action phase, any order: build (road 1 brick 1 lumber; settlement brick lumber wool grain; city 2 grain
  3 ore; wall 2 brick, <= 1 per city, <= 3; knight 1 wool 1 ore), activate a knight (1 grain), promote
  (1 wool 1 ore; strong -> mighty needs politics 3; once per knight per turn; 2 knights per level),
  city improvements (level k costs k of the track's commodity; needs a city; level 4 needs a city
  without a metropolis), knight actions with a knight that was active when the turn's roll was made
  (move along own roads; displace a weaker knight reachable along own roads, whose owner relocates it to
  an empty spot touching their roads or loses it; chase the robber from a touching knight), bank/harbour
  trades (4:1, 3:1, 2:1 harbour, 2:1 merchant hex resource, 2:1 commodities at trade level 3, 2:1 of the
  kind named on Merchant Fleet), trade offers, progress cards. Then "end"; a hand of 5 progress cards
  discards down to 4.
- Barbarians: strength = cities on the board (metropolises included; option `metropolis_strength`),
  defence = active knight strength of all. Win: the single strongest (> 0) takes a Defender of Catan
  (1 VP); a tie at the top: each tied player draws a card from a deck of their choice, in turn order.
  Loss: among players with a non-metropolis city, the weakest (all tied) each lose one city of their
  choice (its wall too); with no settlement piece left it lies sideways (counts as a settlement; no new
  settlement until it is a city again). Then the ship returns and every knight is deactivated.
- Metropolis: the first to reach level 4 of a track puts it on a city of theirs; the first to reach 5
  takes it from a holder at level 4 (then permanent). +2 VP each; immune to barbarians.
- Longest Road (5+, 2 VP): opponents' buildings and knights split routes; passes only to a strictly
  longer route; set aside when the holder is no longer longest and no one player is.
- VP: settlement 1, city 2, metropolis +2, Longest Road 2, Defender 1 each, Printer/Constitution 1 each
  (revealed at once, outside the hand), merchant 1. Win: 13 VP on your own turn (checked after every
  decision of your turn and at its start), TC10.
- Progress cards, all 54 (reference 7.5): a card may be played in the action phase (Alchemist before the
  roll) only when it can visibly have an effect; played cards go under their deck. Progress hand: 4, 5
  during your own turn; a 5th card off turn is discarded down to 4 at once.

Decisions on unclear points (each has a test in tests/test_catan_ck.py):
- Trade offers (trade.py): the active player builds an offer card by card (any bundle of resources and
  commodities it holds, at most 7 a side, for any bundle of at most 7), to one player or everyone; each
  addressed player accepts (holding the asked cards), declines, or builds a counter-offer the same way;
  the active player then trades with one who accepted or countered (a counter it can pay) or cancels.
  At most `max_offers` (default 3) offers per turn, 2 counters per player and offer, 24 additions per
  builder: trading always ends.
- Displaced and Intrigue knights go to another empty intersection touching their owner's roads, or are
  removed when there is none (CK20; Intrigue may not leave the knight where it stood).
- Deserter: the opponent chooses which knight leaves; you may place one of yours of the same strength
  (a basic one when none of that strength is left, option `deserter_fallback`), inactive.
- Diplomat removes one open road (an end with no other piece of its owner); if it was yours you may
  rebuild it at once for free.
- Commercial Harbor: you give each opponent at most once one resource of yours; they give back a
  commodity of their choice, or your card returns if they have none.
- Wedding: each richer player gives 2 cards of their choice (all if fewer); the gift is seen only by the
  two players (the count is public). Saboteur discards are public.
- Master Merchant / Spy: you see the target's cards while choosing.
- Progress draws when the deck is empty: nothing. Aqueduct with the bank out of a resource: not offered.
"""

from ...core import Option
from ...core.events import RANDOMNESS_OPTION
from ...core.game import Game
from .legacy import upgrade_moves
from .state import CatanState


class CatanGame(Game):
    """Catan: Cities & Knights."""

    id = "catan-ck"
    title = "Catan: Cities & Knights"
    min_players = 3
    max_players = 4
    options = (
        Option("board", "Board", "random", kind="choice", choices=("random", "beginner"),
               help="Random: shuffled island, tokens by the spiral, no 6/8 side by side. "
                    "Beginner: the printed starting layout."),
        Option("spiral", "Token spiral", "counter-clockwise", kind="choice",
               choices=("counter-clockwise", "clockwise"), help="Direction of the A-R token spiral (random board)."),
        Option("max_offers", "Trade offers per turn", 3, kind="int", low=0, high=10,
               help="How many offers to other players the active player may make in one turn."),
        Option("metropolis_strength", "Metropolises count for the barbarians", True,
               help="A metropolis city counts once toward the barbarians' strength (reference default)."),
        Option("commodity_shortage", "Bank shortage rule for commodities", True,
               help="When the bank cannot pay every player a commodity, nobody gets it (unless one player)."),
        Option("deserter_fallback", "Deserter: basic knight fallback", True,
               help="If you have no knight of the deserted strength left, you may place a basic one."),
        RANDOMNESS_OPTION,
    )
    state_class = CatanState

    def upgrade_moves(self, moves: list, options: dict, players: int, seed: int) -> list:
        """Records from before the trade builder: see legacy.py."""
        return upgrade_moves(self, moves, options, players, seed)


GAME = CatanGame()

__all__ = ["GAME", "CatanGame", "CatanState"]
