"""Lost Ruins of Arnak positions (py_engine.core.position): a player's turn as a rules writer sets it up
(2-4 players; the solo rival's game is not set up by hand).

Components: the cards, named "item-<n>" and "artifact-<n>" (S1 numbering, one of each) and the starting
cards as supplies ("funding-car", "funding-ship", "explore-car", "explore-ship": one per player; "fear":
19), and each seat's two archaeologists ("archaeologist-<seat>"). Zones: each seat's hand (seen by its
owner; left unset, 5 of its starting cards nobody placed are dealt), deck (seen by nobody; left unset it
takes the rest of its starting cards, shuffled) and play area; the item and artifact rows (refilled from
their decks, which take every item and artifact nobody placed); the camp sites' spaces
("camp.<site>-<space>": space 1 costs a boot, space 2 two boots). Fields: the round, the start player,
whose turn it is (the main action pending) and each seat's resources.

Left at the opening's default, dealt from the seed: the level I and II sites (undiscovered), idols,
guardians, research track, assistants and bonus tiles.

Rules checked here, beyond the shared ones: 2-4 players; an item row holds items and an artifact row
artifacts, at most 6 - round and round cards; a seat holds at most one of each starting card but Fear; an
archaeologist stands only on a camp space (its seat has two); a camp's second space is closed with 2 or 3
players (at the first 5 or 3 camps); a dealt hand needs the seat's starting cards to deal; the Fear cards
placed and dealt are no more than the 19 that exist.
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.rng import Rng
from . import data as D

BASICS = {"funding-car": D.FUNDING_CAR, "funding-ship": D.FUNDING_SHIP, "explore-car": D.EXPLORE_CAR,
          "explore-ship": D.EXPLORE_SHIP, "fear": D.FEAR}
_ID_OF = {**BASICS, **{f"item-{n}": n for n in D.ITEM_IDS}, **{f"artifact-{n - 100}": n for n in D.ARTIFACT_IDS}}
_NAME_OF = {v: k for k, v in _ID_OF.items()}
_STARTING = [_NAME_OF[c] for c in D.STARTING_DECK]
CAMP_SPACES = tuple(f"{site + 1}-{space + 1}" for site in D.CAMPS for space in (0, 1))
MAX_RES = 99


def card_name(card: int) -> str:
    """'item-7', 'artifact-3', 'fear', 'explore-car'."""
    return _NAME_OF[card]


def card_id(name: str) -> int:
    """The engine's card id of a card name ("item-7" -> 7); KeyError for a name that is no card."""
    return _ID_OF[name]


def closed(players: int) -> set[str]:
    """The camp spaces closed at this table (the opening closes them at random; a position, at the first)."""
    return {f"{site + 1}-2" for site in list(D.CAMPS)[:D.BLOCKED_CAMP_SPACES[players]]}


class ArnakDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"camp": CAMP_SPACES, "res": D.RES}

    def components(self, players: int, options: dict) -> dict[str, int]:
        out = {name: players for name in BASICS if name != "fear"}
        out["fear"] = D.FEAR_CARDS
        out.update({f"item-{n}": 1 for n in D.ITEM_IDS})
        out.update({f"artifact-{n - 100}": 1 for n in D.ARTIFACT_IDS})
        out.update({f"archaeologist-{s}": 2 for s in range(players)})
        return out

    def check(self, pos: Position) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        if n < 2:
            raise PositionError("positions are set up for 2 to 4 players (not the solo rival's game)", "players")
        rows = (("items", "item-", D.ROW - f["round"]), ("artifacts", "artifact-", f["round"]))
        for path, prefix, most in rows:
            for c in z[path]:
                if not c.startswith(prefix):
                    raise PositionError(f"{c} cannot lie in this row", path)
            if len(z[path]) > most:
                raise PositionError(f"holds {len(z[path])}; in round {f['round']} it holds {most}", path)
        for path, items in z.items():
            if path.startswith("camp."):
                if items and not items[0].startswith("archaeologist-"):
                    raise PositionError(f"{items[0]} cannot lie on a camp: only an archaeologist", path)
                if items and path[5:] in closed(n):
                    raise PositionError(f"this space is closed with {n} players", path)
            elif items and any(c.startswith("archaeologist-") for c in items):
                raise PositionError("an archaeologist stands at home or on a camp space", path)
        for s in range(n):
            mine = [c for zone in ("hand", "deck", "play") for c in z[f"{zone}.{s}"] or ()]
            for name in BASICS:
                if name != "fear" and mine.count(name) > 1:
                    raise PositionError(f"holds {mine.count(name)} of {name}: each player starts with one",
                                        f"hand.{s}")
            unset = [zone for zone in ("hand", "deck") if z[f"{zone}.{s}"] is None]
            left = self._starting_left(pos, s)
            need = D.HAND if "hand" in unset else 0
            if len(left) < need:
                raise PositionError(f"{need} starting cards are needed to deal this hand but only {len(left)} "
                                    "are left", f"hand.{s}")
        fear = sum((items or []).count("fear") for items in z.values())
        fear += sum(self._starting_left(pos, s).count("fear") for s in range(n)
                    if z[f"hand.{s}"] is None or z[f"deck.{s}"] is None)
        if fear > D.FEAR_CARDS:
            raise PositionError(f"{fear} Fear cards are placed or dealt to the unset hands and decks but only "
                                f"{D.FEAR_CARDS} exist", "fear")

    @staticmethod
    def _starting_left(pos: Position, seat: int) -> list[str]:
        left = list(_STARTING)
        for zone in ("hand", "deck", "play"):
            for c in pos.zones[f"{zone}.{seat}"] or ():
                if c in left:
                    left.remove(c)
        return left

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        z, f, n = pos.zones, pos.fields, pos.players
        state = GAME.new(players=n, seed=rng.below(2 ** 31), options=pos.options)
        placed = pos.placed()
        for s, p in enumerate(state.p):
            left = self._starting_left(pos, s)
            rng.shuffle(left)
            hand = z[f"hand.{s}"]
            if hand is None:
                hand, left = left[:D.HAND], left[D.HAND:]
            deck = z[f"deck.{s}"] if z[f"deck.{s}"] is not None else left
            p.hand = sorted(_ID_OF[c] for c in hand)
            p.deck = [_ID_OF[c] for c in deck]
            p.play = [_ID_OF[c] for c in z[f"play.{s}"]]
            p.res = [f[f"res.{s}.{r}"] for r in D.RES]
            p.home = 2 - sum(1 for k in CAMP_SPACES if z[f"camp.{k}"] == [f"archaeologist-{s}"])
        state.occ = [list(o) for o in state.occ]
        for site in D.CAMPS:
            state.occ[site] = [-1, -2 if f"{site + 1}-2" in closed(n) else -1]
        for k in CAMP_SPACES:
            if z[f"camp.{k}"]:
                site, space = (int(x) - 1 for x in k.split("-"))
                state.occ[site][space] = int(z[f"camp.{k}"][0].rsplit("-", 1)[1])
        state.items = [_ID_OF[c] for c in z["items"]]
        state.arts = [_ID_OF[c] for c in z["artifacts"]]
        state.item_deck = [c for c in D.ITEM_IDS if _NAME_OF[c] not in placed]
        state.art_deck = [c for c in D.ARTIFACT_IDS if _NAME_OF[c] not in placed]
        rng.shuffle(state.item_deck)
        rng.shuffle(state.art_deck)
        state.fear_left = D.FEAR_CARDS - sum((p.hand + p.deck + p.play).count(D.FEAR) for p in state.p)
        state.round, state.start, state.turn = f["round"], f["start"], f["turn"]
        state.passed = [False] * n
        state.log = [(None, "round", {"round": f["round"], "start": f["start"]})]
        state.refill()
        return state

    def of_state(self, state) -> tuple[dict, dict]:
        if state.players < 2 or state.nmoves or state.round != 1:
            raise PositionError("an Arnak position is set up from a new game of 2 to 4 players "
                                "(from a replay step: not yet)", "state")
        n = state.players
        zones: dict = {}
        for s, p in enumerate(state.p):
            zones[f"hand.{s}"] = [card_name(c) for c in p.hand]
            zones[f"deck.{s}"] = [card_name(c) for c in p.deck]
            zones[f"play.{s}"] = [card_name(c) for c in p.play]
        zones["items"] = [card_name(c) for c in state.items]
        zones["artifacts"] = [card_name(c) for c in state.arts]
        for k in CAMP_SPACES:
            zones[f"camp.{k}"] = []
        fields: dict = {"round": state.round, "start": state.start, "turn": state.turn}
        fields.update({f"res.{s}.{r}": state.p[s].res[i] for s in range(n) for i, r in enumerate(D.RES)})
        return zones, fields


DECLARATION = ArnakDeclaration(
    game_id="arnak",
    zones=(
        Zone("hand", per_seat=True, seen_by="owner"),
        Zone("deck", per_seat=True, seen_by="none", ordered=True),
        Zone("play", per_seat=True),
        Zone("items", high=D.ROW),
        Zone("artifacts", high=D.ROW),
        Zone("camp", per="camp", high=1),
    ),
    fields=(
        Field("round", low=1, high=D.ROUNDS),
        Field("start", kind="seat"),
        Field("turn", kind="seat"),
        Field("res", per_seat=True, each="res", low=0, high=MAX_RES),
    ),
    complete=False,
    min_players=2,
)
