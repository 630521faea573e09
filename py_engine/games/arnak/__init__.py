"""Lost Ruins of Arnak (id `arnak`), 2-4 players, bird or snake temple side.

Rules: seed 002 (digest rules/arnak.md), components reference/arnak.md (S1 numbering); conflicts follow the
reference's section 19 (C1 snake temple-tile costs and C13 exiled Fear are options; C2/C3 are constants in
data.py). Card, site, idol, guardian, assistant and research effects are ops in data.py interpreted by the
one resolver in effects.py; every choice is a small decision on `state.queue`.

Decisions where the texts are unclear (each has a test in tests/test_arnak.py):
- Free actions are offered before the main action, after it (until "end"), and beside every decision in the
  middle of an action, except while travel or a guardian's discard is being paid (those were checked as
  payable when the action began): there the travel sources that are free actions (a pilot for 2 coins, a
  travel assistant, a travel boon) are the options. A card whose effect may pass (Watch, Chronometer) is
  not offered in the middle of another action, since passing is a main action.
- Surplus travel icons are lost at once (a card pays the icons it can; the rest is wasted).
- Dig at a camp always takes the first free space (1 boot before 2 boots).
- Optional exiles, discards and "you may" actions offer "skip"; an effect with nothing to act on is skipped.
- A Watch/Chronometer/Sundial "pass" branch is only offered while the main action is still open.
- The card row is refilled when an action ends (the rules say at the end of the turn; no effect can reach the
  row in between except the next action).
- Archaeologists returned by Guardian's Ocarina take no Fear (Fear is taken at the end of the round only).
- At the end of rounds 1-4 each player, in turn order from the start player, decides card by card which
  hand cards go to the play area ("release") before "keep".
- Ties: earlier temple arrival wins; if none of the tied players arrived, the higher research score;
  a player who arrived beats one who did not.
"""

from .state import GAME, ArnakGame, ArnakState

__all__ = ["GAME", "ArnakGame", "ArnakState"]
