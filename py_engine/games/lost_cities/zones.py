"""Lost Cities positions (py_engine.core.position): where each card may lie, as data.

Components: the 60 cards (72 with option `purple`), named "<colour>-<value>" ("yellow-7") and
"<colour>-w<copy>" for the three wagers of a colour ("white-w1"). Zones: each seat's hand (seen by its
owner), each seat's expedition of each colour, the discard pile of each colour (the last card is the
top) and the draw pile (seen by nobody; left unset it takes every card nobody placed, shuffled).
An expedition's order follows from its cards (wagers first, then rising values), so it is kept sorted.

Rules checked here, beyond the shared ones: the round is one of the match's; a card lies only in an
expedition of its colour; hands hold 8 cards, except 7 for the player who has played and is about to
draw; "discarded" (the pile the drawing player just discarded to, which they may not draw from) is set
only while a player is about to draw, and names a pile with cards; the draw pile is not empty (the
round ends when its last card is drawn).
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.record import Record
from ...core.rng import Rng
from .cards import COLOURS, HAND_SIZE, PER_COLOUR, colour_of, is_wager, value_of

MAX_SCORE = 5000  # a whole match can never reach it: 5 rounds x 6 rows x 156


def card_name(card: int) -> str:
    colour = COLOURS[colour_of(card)]
    return f"{colour}-w{card % PER_COLOUR + 1}" if is_wager(card) else f"{colour}-{value_of(card)}"


_NAMES = tuple(card_name(c) for c in range(len(COLOURS) * PER_COLOUR))
_IDS = {n: i for i, n in enumerate(_NAMES)}


def card_id(name: str) -> int:
    """The engine's card id of a card name ("red-8" -> 58); KeyError for a name that is no card."""
    return _IDS[name]


class LostCitiesDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"colour": COLOURS[:6 if options["purple"] else 5]}

    def components(self, players: int, options: dict) -> dict[str, int]:
        return {n: 1 for n in _NAMES[:(6 if options["purple"] else 5) * PER_COLOUR]}

    def sizes(self, players: int, options: dict, fields: dict) -> dict[str, int]:
        drawing = fields.get("turn") if fields.get("decision") == "draw" else None
        return {f"hand.{i}": HAND_SIZE - (i == drawing) for i in range(players)}

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/lost_cities.py): the shown seat's expeditions and hand, the other
        seat's expeditions (drawn at the top) and hand (its name and card count), the discard piles and the deck."""
        colours = self.keys(options)["colour"]
        other = 1 - seat
        out = {f"expedition.{seat}.{c}": f"expedition-{c}" for c in colours}
        out.update({f"expedition.{other}.{c}": f"opp-expedition-{c}" for c in colours})
        out[f"hand.{other}"] = f"who-{other}"
        out.update({f"discard.{c}": f"pile-{c}" for c in colours})
        out.update({"deck": "deck", f"hand.{seat}": "hand-card"})
        return out

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """A card lies in a hand or the deck, or in an expedition (either player's) or discard pile of its colour."""
        kind, colour = path.split(".")[0], path.rsplit(".", 1)[-1]
        return kind in ("hand", "deck") or comp.startswith(colour + "-")

    def check(self, pos: Position) -> None:
        f, z = pos.fields, pos.zones
        if f["round"] > pos.options["rounds"]:
            raise PositionError(f"the match has only {pos.options['rounds']} rounds", "round")
        for path, items in z.items():
            if path.startswith("expedition.") and items:
                colour = path.rsplit(".", 1)[1]
                for c in items:
                    if not c.startswith(colour + "-"):
                        raise PositionError(f"{c} is not a {colour} card", path)
        sizes = self.sizes(pos.players, pos.options, f)
        for path, n in sizes.items():
            if z[path] is not None and len(z[path]) != n:
                raise PositionError(f"holds {len(z[path])} cards; a hand holds {HAND_SIZE}, "
                                    f"{HAND_SIZE - 1} for the player about to draw", path)
        if f["discarded"] is not None:
            if f["decision"] != "draw":
                raise PositionError("only a player about to draw has just discarded", "discarded")
            if not z[f"discard.{f['discarded']}"]:
                raise PositionError(f"the {f['discarded']} discard pile is empty", "discarded")
        deck = z["deck"]
        left = len(deck) if deck is not None else len(pos.unplaced()) - sum(
            n for p, n in sizes.items() if z[p] is None)
        if left < 1:
            raise PositionError("the draw pile is empty: a round ends when its last card is drawn", "deck")

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        f, z = pos.fields, pos.zones
        free = [_IDS[c] for c in pos.unplaced()]
        rng.shuffle(free)
        sizes = self.sizes(pos.players, pos.options, f)
        hands = []
        for i in range(pos.players):
            given = z[f"hand.{i}"]
            if given is None:
                given, free = free[:sizes[f"hand.{i}"]], free[sizes[f"hand.{i}"]:]
            else:
                given = [_IDS[c] for c in given]
            hands.append(sorted(given))
        deck = free if z["deck"] is None else [_IDS[c] for c in z["deck"]]
        colours = self.keys(pos.options)["colour"]
        decision = f["decision"]
        data = {
            "game": GAME.id, "record": Record(GAME.id, pos.players, 0, dict(pos.options), []).to_json(),
            "rng": rng.fork().to_json(), "round": f["round"], "hands": hands, "deck": deck,
            "rows": [[sorted(_IDS[c] for c in z[f"expedition.{s}.{col}"]) for col in colours]
                     for s in range(pos.players)],
            "piles": [[_IDS[c] for c in z[f"discard.{col}"]] for col in colours],
            "turn": f["turn"], "phase": decision,
            "banned": colours.index(f["discarded"]) if f["discarded"] is not None else -1,
            "starter": f["starter"], "totals": [f["score.0"], f["score.1"]], "history": [], "last": None,
        }
        return GAME.from_json(data)

    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        if state.phase == "over" and not shown:
            raise PositionError("the game is over: there is no position to set up", "state")
        colours = self.keys(state.opts)["colour"]
        zones: dict = {}
        for s in range(state.players):
            zones[f"hand.{s}"] = [_NAMES[c] for c in state.hands[s]]
        for s in range(state.players):
            for i, col in enumerate(colours):
                zones[f"expedition.{s}.{col}"] = [_NAMES[c] for c in state.rows[s][i]]
        for i, col in enumerate(colours):
            zones[f"discard.{col}"] = [_NAMES[c] for c in state.piles[i]]
        zones["deck"] = [_NAMES[c] for c in state.deck]
        fields = {"round": state.round, "score.0": state.totals[0], "score.1": state.totals[1],
                  "turn": state.turn, "decision": state.phase, "starter": state.starter,
                  "discarded": colours[state.banned] if state.banned >= 0 else None}
        return zones, fields


DECLARATION = LostCitiesDeclaration(
    game_id="lost-cities",
    zones=(
        Zone("hand", per_seat=True, high=HAND_SIZE, seen_by="owner"),
        Zone("expedition", per_seat=True, per="colour", high=PER_COLOUR),
        Zone("discard", per="colour", high=PER_COLOUR, ordered=True),
        Zone("deck", seen_by="none", rest=True, ordered=True),
    ),
    fields=(
        Field("round", low=1, high=5),
        Field("score", per_seat=True, low=-MAX_SCORE, high=MAX_SCORE),
        Field("turn", kind="seat"),
        Field("decision", kind="choice", choices=("play", "draw")),
        Field("discarded", kind="choice", per="colour", optional=True),
        Field("starter", kind="seat"),
    ),
)
