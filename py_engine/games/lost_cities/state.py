"""Lost Cities (card game) rules.

Rules implemented (seed 001, digest rules/lost-cities-card.md):
- 2 players, 60 cards (5 colours × wagers ×3 + 2..10); option `purple` adds the sixth colour (72 cards).
- Deal 8 each. A turn is two decisions: play a card to your expedition of its colour, or discard it
  to that colour's pile; then draw from the deck or the top of a discard pile — never the card you
  discarded this turn (i.e. not from the pile you just discarded to).
- Expeditions strictly ascend; wagers only before the first number card.
- The round ends when the last deck card is drawn; scoring in scoring.py.
- A match is `rounds` rounds (default 3, 1–5). Seat 1 starts round 1. Decision (seed is silent):
  the next round is started by the higher running total; on a tie by the player who did not start
  the previous round. Final ranks by total; a tie is a shared win.
- Hidden: hands and deck order. Public: deck count, discard tops (whole piles with option
  `open_discards`, which also matches what a player with perfect memory knows), all expeditions.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ...core import Game, Option, Rng, State
from ...core.hidden import redeal
from .cards import COLOURS, HAND_SIZE, PER_COLOUR, card_json, colour_of, deck, is_wager, value_of
from .scoring import score_row

PLAY, DRAW = "play", "draw"
_NCARDS = len(COLOURS) * PER_COLOUR
_COL = tuple(colour_of(c) for c in range(_NCARDS))
# A card fits on a row whose last card `t` has _TOP[t] < _RANK[card]: wagers rank 1 and leave 0 (only
# wagers and numbers may follow), numbers rank and leave their value (only higher numbers follow).
_RANK = tuple(1 if is_wager(c) else value_of(c) for c in range(_NCARDS))
_TOP = tuple(0 if is_wager(c) else value_of(c) for c in range(_NCARDS))
_PLAY = tuple(("play", c) for c in range(_NCARDS))  # shared action tuples: legal_actions allocates no tuples
_DISCARD = tuple(("discard", c) for c in range(_NCARDS))
_DRAW_DECK = ("draw", "deck")
_DRAW = tuple(("draw", name) for name in COLOURS)
_CIDX = {name: i for i, name in enumerate(COLOURS)}
_MOVERS = ((0,), (1,))


def _row_accepts(row: list[int], card: int) -> bool:
    """Wagers only before any number card; number cards strictly ascending."""
    return not row or _TOP[row[-1]] < _RANK[card]


class LostCitiesState(State):
    __slots__ = ("game", "record", "players", "opts", "rng", "ncol", "round", "hands", "deck", "rows",
                 "piles", "turn", "phase", "banned", "starter", "totals", "history", "last_seat", "last_action",
                 "last_card")

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> LostCitiesState:
        s = cls.__new__(cls)
        s.game, s.players, s.opts, s.rng = game, players, options, rng
        s.ncol = 6 if options["purple"] else 5
        s.round = 0
        s.totals = [0, 0]
        s.history = []
        s.last_seat = s.last_action = s.last_card = None
        s._deal(starter=0)
        return s

    def _deal(self, starter: int) -> None:
        cards = self._shuffled_deck()
        self.hands = [sorted(cards[:HAND_SIZE]), sorted(cards[HAND_SIZE:2 * HAND_SIZE])]
        self.deck = cards[2 * HAND_SIZE:]
        self.rows = [[[] for _ in range(self.ncol)] for _ in range(2)]
        self.piles = [[] for _ in range(self.ncol)]
        self.round += 1
        self.turn = self.starter = starter
        self.phase = PLAY
        self.banned = -1

    def _shuffled_deck(self) -> list[int]:
        """This round's cards in deal order (8 for seat 0, 8 for seat 1, then the deck, drawn from its end).
        A seat dealt by mental poker, which does not know most cards, overrides it (fair.KnowledgeState)."""
        cards = deck(self.ncol)
        self.rng.shuffle(cards)
        return cards

    def clone(self) -> LostCitiesState:
        s = LostCitiesState.__new__(LostCitiesState)
        s.game, s.players, s.opts, s.rng, s.ncol = self.game, self.players, self.opts, self.rng.clone(), self.ncol
        s.round, s.turn, s.phase, s.banned, s.starter = self.round, self.turn, self.phase, self.banned, self.starter
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.rows = [[list(r) for r in side] for side in self.rows]
        s.piles = [list(p) for p in self.piles]
        s.totals = list(self.totals)
        s.history = list(self.history)  # entries are never mutated
        s.last_seat, s.last_action, s.last_card = self.last_seat, self.last_action, self.last_card
        s.record = self.record.copy()
        return s

    @property
    def last(self) -> dict | None:
        """The last decision, for the view: {"seat", "kind", "card"} (+ "source" for a draw; a deck draw
        shows no card)."""
        if self.last_action is None:
            return None
        kind, arg = self.last_action
        if kind == "draw":
            return {"seat": self.last_seat, "kind": kind, "source": arg, "card": self.last_card}
        return {"seat": self.last_seat, "kind": kind, "card": arg}

    def dump(self) -> dict:
        return {"rng": self.rng.to_json(), "round": self.round, "hands": [list(h) for h in self.hands],
                "deck": list(self.deck), "rows": [[list(r) for r in side] for side in self.rows],
                "piles": [list(p) for p in self.piles], "turn": self.turn, "phase": self.phase,
                "banned": self.banned, "starter": self.starter, "totals": list(self.totals),
                "history": [dict(h) for h in self.history], "last": self.last}

    @classmethod
    def load(cls, game: Game, data: dict) -> LostCitiesState:
        s = cls.blank(game, data)
        s.ncol = 6 if s.opts["purple"] else 5
        s.rng = Rng.from_json(data["rng"])
        s.round, s.turn, s.phase = int(data["round"]), int(data["turn"]), data["phase"]
        s.banned, s.starter = int(data["banned"]), int(data["starter"])
        s.hands = [[int(c) for c in h] for h in data["hands"]]
        s.deck = [int(c) for c in data["deck"]]
        s.rows = [[[int(c) for c in r] for r in side] for side in data["rows"]]
        s.piles = [[int(c) for c in p] for p in data["piles"]]
        s.totals = [int(t) for t in data["totals"]]
        s.history = list(data["history"])
        last = data["last"]
        s.last_seat = s.last_action = s.last_card = None
        if last is not None:
            kind = last["kind"]
            s.last_seat, s.last_action = int(last["seat"]), (kind, last["source"] if kind == DRAW else last["card"])
            s.last_card = last["card"] if kind == DRAW else None
        cards = sorted(s.deck + [c for h in s.hands for c in h] + [c for side in s.rows for r in side for c in r]
                       + [c for p in s.piles for c in p])
        if cards != deck(s.ncol) or s.phase not in (PLAY, DRAW, "over") or s.turn not in (0, 1):
            raise ValueError("cards or turn do not add up")
        return s

    # --- queries ------------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "over" else _MOVERS[self.turn]

    def legal_actions(self, seat: int) -> list:
        phase = self.phase
        if phase == "over" or seat != self.turn:
            return []
        if phase == PLAY:
            hand, rows = self.hands[seat], self.rows[seat]
            plays = [_PLAY[c] for c in hand if not rows[_COL[c]] or _TOP[rows[_COL[c]][-1]] < _RANK[c]]
            return plays + [_DISCARD[c] for c in hand]
        acts = [_DRAW_DECK] if self.deck else []
        banned = self.banned
        for i, p in enumerate(self.piles):
            if p and i != banned:
                acts.append(_DRAW[i])
        return acts

    def is_legal(self, seat: int, action: tuple) -> bool:
        """Exactly `action in legal_actions(seat)` with types compared (True is not card 1)."""
        if self.phase == "over" or seat != self.turn or len(action) != 2:
            return False
        kind, arg = action
        if self.phase == PLAY:
            if type(arg) is not int or arg not in self.hands[seat]:
                return False
            if kind == "discard" and type(kind) is str:
                return True
            return kind == "play" and type(kind) is str and _row_accepts(self.rows[seat][_COL[arg]], arg)
        if kind != DRAW or type(kind) is not str or type(arg) is not str:
            return False
        if arg == "deck":
            return bool(self.deck)
        i = _CIDX.get(arg, self.ncol)
        return i < self.ncol and bool(self.piles[i]) and i != self.banned

    def scores(self) -> list[int]:
        return list(self.totals)

    def round_scores(self) -> list[list[dict]]:
        return [[score_row(r) for r in side] for side in self.rows]

    # --- rules --------------------------------------------------------------------------------
    def step(self, seat: int, action: tuple) -> None:
        kind, arg = action
        self.last_seat, self.last_action = seat, action
        if kind == "draw":
            if arg == "deck":
                card = self.deck.pop()
                self.last_card = None
            else:
                card = self.last_card = self.piles[_CIDX[arg]].pop()
            insort(self.hands[seat], card)
            if not self.deck:
                self._end_round()
            else:
                self.phase, self.banned, self.turn = PLAY, -1, 1 - seat
            return
        self.hands[seat].remove(arg)
        colour = _COL[arg]
        if kind == "play":
            self.rows[seat][colour].append(arg)
        else:
            self.piles[colour].append(arg)
            self.banned = colour
        self.phase = DRAW

    def reveals(self, seat: int, action: tuple) -> bool:
        """A deck draw shows the drawer a hidden card (and the last one deals the next round); playing,
        discarding and taking a face-up discard reveal nothing, so they may be taken back."""
        return action == ("draw", "deck")

    def _end_round(self) -> None:
        breakdown = self.round_scores()
        round_scores = [sum(b["total"] for b in side) for side in breakdown]
        for i in range(2):
            self.totals[i] += round_scores[i]
        self.history.append({"round": self.round, "scores": round_scores, "totals": list(self.totals),
                             "breakdown": breakdown, "moves": len(self.record.moves) + 1 if self.record else 0})
        if self.round >= self.opts["rounds"]:
            self.phase, self.banned = "over", -1
            return
        a, b = self.totals
        starter = 0 if a > b else 1 if b > a else 1 - self.starter
        self._deal(starter)

    def determinize(self, seat: int | None, rng: Rng) -> LostCitiesState:
        """Re-deal every card `seat` cannot see (other hands, the deck) and reseed future rounds."""
        s = self.clone()
        (s.deck,) = redeal(rng, s.hands, [i for i in range(2) if i != seat], [s.deck])
        s.rng = rng.fork()
        return s

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        open_piles = self.opts["open_discards"]
        piles = []
        for i, p in enumerate(self.piles):
            entry = {"colour": COLOURS[i], "count": len(p), "top": card_json(p[-1]) if p else None}
            if open_piles:
                entry["cards"] = [card_json(c) for c in p]
            piles.append(entry)
        over = self.phase == "over"
        v = {
            "game": self.game.id, "seat": seat, "players": 2, "options": dict(self.opts),
            "colours": list(COLOURS[:self.ncol]), "round": self.round, "rounds": self.opts["rounds"],
            "starter": self.starter, "to_move": list(self.to_move()),
            "pending": None if over else {"seat": self.turn, "decision": self.phase,
                                          "banned": COLOURS[self.banned] if self.banned >= 0 else None},
            "hand": [card_json(c) for c in self.hands[seat]] if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "expeditions": [[[card_json(c) for c in r] for r in side] for side in self.rows],
            "discards": piles, "deck": len(self.deck),
            "round_scores": self.round_scores(), "totals": list(self.totals), "history": self.history,
            "last": self.last, "log": self.public_log(), "over": over,
        }
        if over:
            v["result"] = self.result()
        return v

    def public_log(self) -> list[dict]:
        """The whole match's log (the page keeps it all, scrollable). Every move is public in Lost Cities (a
        deck draw shows no card); plus round results. Entries are
        data, {"seat", "key", "params"} (keys of `describe`, and "round_end" with round and scores); the web
        front-end words them in the reader's language."""
        entries, ends = [], {h["moves"]: h for h in self.history}
        for i, (seat, enc) in enumerate(self.record.moves):
            entries.append({"seat": seat, **self.game.describe(self.game.decode(enc))})
            if i + 1 in ends:
                h = ends[i + 1]
                entries.append({"seat": None, "key": "round_end",
                                "params": {"round": h["round"], "scores": list(h["scores"])}})
        return entries


class LostCitiesGame(Game):
    id = "lost-cities"
    title = "Lost Cities"
    min_players = max_players = 2
    options = (
        Option("rounds", "Rounds in the match", 3, kind="int", low=1, high=5),
        Option("purple", "Long game: sixth (purple) expedition", False,
               help="72 cards, 6 colours, 6 discard piles; hands stay at 8."),
        Option("open_discards", "Discard piles may be looked through", False,
               help="Off: only the top card of each pile is shown (tournament rule)."),
    )
    state_class = LostCitiesState

    def fair_seat(self, players: int, me: int, secret: bytes, options: dict | None, group: Any = None,
                  seed: int = 0) -> Any:
        """Two players: a `FairSeat` (py_engine.games.lost_cities.fair) in `group` (RFC 3526 group 14 by default)."""
        if players != 2:
            return None
        from ...core import mental_poker
        from . import fair

        return fair.FairSeat(me, secret, options, group or mental_poker.GROUP14)

    def fair_resume(self, data: Any) -> Any:
        from . import fair

        return fair.FairSeat.from_json(data)

    def fair_start(self, players: int, options: dict | None, fair: Any, seed: int = 0) -> Any:
        from . import fair as mental

        return mental.dealt_start(players, options, fair)

    def encode(self, action: tuple) -> list:
        """Actions of this game are flat tuples of str / int: their JSON form is the list of the same items."""
        return list(action)

    def describe(self, action: tuple) -> dict:
        """The action as data: {"key": "play" | "discard" | "draw_deck" | "draw_pile", "params": {...}} with the
        card ({"colour", "value"} or {"colour", "wager": True}) or the pile's colour."""
        kind, arg = action
        if kind == "draw":
            return ({"key": "draw_deck", "params": {}} if arg == "deck"
                    else {"key": "draw_pile", "params": {"colour": arg}})
        if not isinstance(arg, int) or not 0 <= arg < len(COLOURS) * PER_COLOUR:
            return {"key": "unknown", "params": {"kind": str(kind)}}
        colour = COLOURS[colour_of(arg)]
        card = {"colour": colour, "wager": True} if is_wager(arg) else {"colour": colour, "value": value_of(arg)}
        return {"key": kind, "params": card}


GAME = LostCitiesGame()
