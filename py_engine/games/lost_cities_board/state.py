"""Lost Cities: The Board Game (id `lost-cities-board`), 2-4 players.

Rules implemented (seed 000, digest rules/lost-cities-board.md, reference/lost-cities.md section 3):
- 110 cards (5 colours x 0-10 x 2). Deal 8 each; with 2 players 30 random cards are first removed face
  down, before every deal (reference 3.6); they stay hidden from everyone.
- Each player has 4 adventurers and 1 researcher. A turn: play one card, then draw one card.
  * start: put the card in a new column of its colour and a piece of your choice on stone 1 of that
    colour's path (one expedition per colour per player). The card must be the lowest card of that colour
    in hand (seed 000: 「その色の最も値が低いカードを…置き」; the digest's "advice" reading is wrong);
    with the `directions` variant any card may start, since the starting card sets the direction.
  * advance: put the card on your column of its colour (value >= the top card; with the `directions`
    variant the first card that differs from the starting card fixes ascending or descending) and move
    that path's piece one stone. If that piece already stands on stone 9 (the lost city) the player may
    instead move any one of their pieces already on a path one stone (optional; declining still plays
    the card).
  * discard: onto the colour's shared pile (only the top card is visible).
  * draw: the deck top or any discard top (option `no_redraw`: not the pile you just discarded to).
- Event tiles, resolved by any piece arriving on a stone (start, advance, arrow or lost-city move):
  artifact — taken by the first arrival (the space stays empty this expedition); VP tile — gain its value,
  never doubled, the tile stays; arrow — the mover may move any one of their pieces already on a path
  one stone (optional; chains; no effect when no piece can move; the piece that just arrived may move).
- The expedition ends at once when a 5th piece stands beyond a bridge (stones 7-9; arrow and lost-city
  moves count; that piece's tile is not resolved; nobody draws), or when the last deck card is drawn.
  Scoring: each piece scores its stone, the researcher double (negative too); a VP total never goes
  below 0; artifact tiles become chips. Tiles and cards are reshuffled and the player left of the last
  player to move starts the next expedition.
- Game length option `length`: long = 3 expeditions then the long artifact table (fewer than 6 chips
  cost points), short = 1 expedition and the short table. The floor at 0 applies to the artifact score
  too (reference 3.5). Ranking: VP, ties broken by most artifact chips, then shared.

Hidden information: hands, deck order and the 2-player removed cards (determinize re-deals them).
VP totals are face-down chips: view(seat) shows only that seat's own total until the game is over
(others are null). Every VP change comes from public events (tile pickups in the log, expedition points
of pieces on the board in `history`), so a player with perfect memory could reconstruct any total;
the log therefore shows VP tile pickups with their amounts and the history shows expedition points,
but no running totals of others. Because the totals are a function of public information,
determinize keeps them unchanged.

Actions (tuples; colour names from data.COLOURS; duplicate copies of a card collapse to one action):
  play decision:  ("start", colour, value, "adventurer"|"researcher") (value: the lowest of that colour
                  in hand, any value with `directions`), ("advance", colour, value),
                  ("discard", colour, value)
  move decision (after an arrow tile, or a card played on a path whose piece is in the lost city):
                  ("move", colour) — move your piece on that path one stone — or ("pass",)
  draw decision:  ("draw", "deck") or ("draw", colour)
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ...core import Game, Option, Rng, State, ranks_from_scores
from ...core.hidden import redeal
from .data import (
    ADVENTURERS,
    ARROW,
    ARTIFACT,
    BRIDGE_AFTER,
    COLOURS,
    CROSSINGS_TO_END,
    EXPEDITIONS,
    HAND_SIZE,
    NCARDS,
    NCOL,
    RESEARCHER_MULTIPLIER,
    STAND_INS,
    STONE_VALUES,
    STONES,
    SYMBOLS,
    TILE_SPACES,
    TWO_PLAYER_REMOVED,
    VALUES,
    artifact_points,
    card_json,
    tile_set,
)

PLAY, MOVE, DRAW, OVER = "play", "move", "draw", "over"
ARROW_REASON, LOST_CITY = "arrow", "lost-city"
PIECES = ("", "adventurer", "researcher")  # piece kind codes 1 and 2
CIDX = {c: i for i, c in enumerate(COLOURS)}
CROSS = BRIDGE_AFTER + 1
_NKEYS = NCOL * VALUES  # card key = id >> 1 = colour * VALUES + value (the two copies share it)
_KCOL = tuple(k // VALUES for k in range(_NKEYS))
_KVAL = tuple(k % VALUES for k in range(_NKEYS))
_CVAL = tuple((x >> 1) % VALUES for x in range(NCARDS))  # value of a card id
# Shared action tuples, so legal_actions builds lists of existing tuples only.
_START_ADV = tuple(("start", COLOURS[k // VALUES], k % VALUES, "adventurer") for k in range(_NKEYS))
_START_RES = tuple(("start", COLOURS[k // VALUES], k % VALUES, "researcher") for k in range(_NKEYS))
_ADVANCE = tuple(("advance", COLOURS[k // VALUES], k % VALUES) for k in range(_NKEYS))
_DISCARD = tuple(("discard", COLOURS[k // VALUES], k % VALUES) for k in range(_NKEYS))
_DRAW_DECK = ("draw", "deck")
_DRAW = tuple(("draw", name) for name in COLOURS)
_MOVE = tuple(("move", name) for name in COLOURS)
_PASS = ("pass",)
_PLAY_KINDS = {"start": 4, "advance": 3, "discard": 3}  # action kind -> tuple length
_PIECE_CODE = {"adventurer": 1, "researcher": 2}
_MOVERS = tuple((i,) for i in range(4))
# Shared log entries of the commonest events (log entries are immutable tuples).
_LOG_DECK = tuple((i, "draw", "deck") for i in range(4))
_LOG_DISCARD = tuple(tuple((i, "discard", COLOURS[k // VALUES], k % VALUES) for k in range(_NKEYS))
                     for i in range(4))


def column_accepts(col: list[int], value: int, directions: bool) -> bool:
    """May a card of `value` go on this column? >= top; with the variant, the first differing card
    fixes the direction (equal values always fit)."""
    last = (col[-1] >> 1) % VALUES
    if not directions:
        return value >= last
    first = (col[0] >> 1) % VALUES
    if last > first:
        return value >= last
    if last < first:
        return value <= last
    return True


def column_direction(col: list[int]) -> str | None:
    if len(col) < 1:
        return None
    first, last = (col[0] >> 1) % VALUES, (col[-1] >> 1) % VALUES
    return "ascending" if last > first else "descending" if last < first else None


def tile_json(code: int) -> dict | None:
    if not code:
        return None
    if code == ARTIFACT:
        return {"kind": "artifact"}
    if code == ARROW:
        return {"kind": "arrow"}
    return {"kind": "vp", "value": code}


class LostCitiesBoardState(State):
    __slots__ = ("game", "record", "players", "opts", "rng", "total", "expedition", "hands", "deck",
                 "removed", "piles", "columns", "kinds", "pos", "board", "held", "chips", "vp", "crossed",
                 "turn", "starter", "phase", "reason", "banned", "history", "log", "final")

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> LostCitiesBoardState:
        s = cls.__new__(cls)
        s.game, s.players, s.opts, s.rng = game, players, options, rng
        s.total = EXPEDITIONS[options["length"]]
        s.expedition = 0
        s.vp = [0] * players
        s.chips = [0] * players
        s.history = []
        s.log = []
        s.final = None
        s._deal(0)
        return s

    def _deal(self, starter: int) -> None:
        """Start an expedition: place the 25 tiles at random, shuffle all cards (2 players: remove 30), deal 8."""
        n, rng = self.players, self.rng
        tiles = tile_set()
        rng.shuffle(tiles)
        board = [[0] * (STONES + 1) for _ in range(NCOL)]
        k = 0
        for c, spaces in enumerate(TILE_SPACES):
            for stone in spaces:
                board[c][stone] = tiles[k]
                k += 1
        self.board = board
        cards = list(range(NCARDS))
        rng.shuffle(cards)
        at = TWO_PLAYER_REMOVED if n == 2 else 0
        self.removed = sorted(cards[:at])
        self.hands = []
        for _ in range(n):
            self.hands.append(sorted(cards[at:at + HAND_SIZE]))
            at += HAND_SIZE
        self.deck = cards[at:]
        self.piles = [[] for _ in range(NCOL)]
        self.columns = [[[] for _ in range(NCOL)] for _ in range(n)]
        self.kinds = [[0] * NCOL for _ in range(n)]
        self.pos = [[0] * NCOL for _ in range(n)]
        self.held = [0] * n
        self.crossed = 0
        self.expedition += 1
        self.turn = self.starter = starter
        self.phase, self.reason, self.banned = PLAY, None, -1
        self.log.append((None, "expedition", self.expedition, starter))

    def clone(self) -> LostCitiesBoardState:
        s = LostCitiesBoardState.__new__(LostCitiesBoardState)
        s.game, s.players, s.opts, s.rng, s.total = self.game, self.players, self.opts, self.rng.clone(), self.total
        s.expedition, s.crossed, s.turn, s.starter = self.expedition, self.crossed, self.turn, self.starter
        s.phase, s.reason, s.banned, s.final = self.phase, self.reason, self.banned, self.final
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.removed = list(self.removed)
        s.piles = [list(p) for p in self.piles]
        s.columns = [[list(c) for c in side] for side in self.columns]
        s.kinds = [list(k) for k in self.kinds]
        s.pos = [list(p) for p in self.pos]
        s.board = [list(b) for b in self.board]
        s.held = list(self.held)
        s.chips = list(self.chips)
        s.vp = list(self.vp)
        s.history = list(self.history)  # entries are never mutated
        s.log = list(self.log)  # tuples
        s.record = self.record.copy()
        return s

    def dump(self) -> dict:
        return {"rng": self.rng.to_json(), "expedition": self.expedition, "hands": self.hands, "deck": self.deck,
                "removed": self.removed, "piles": self.piles, "columns": self.columns, "kinds": self.kinds,
                "pos": self.pos, "board": self.board, "held": self.held, "chips": self.chips, "vp": self.vp,
                "turn": self.turn, "starter": self.starter, "phase": self.phase, "reason": self.reason,
                "banned": self.banned, "history": self.history, "log": [list(e) for e in self.log],
                "final": self.final}

    @classmethod
    def load(cls, game: Game, data: dict) -> LostCitiesBoardState:
        """Rebuild from dump(); raise ValueError when the data do not add up."""
        s = cls.blank(game, data)
        s.total = EXPEDITIONS[s.opts["length"]]
        s.rng = Rng.from_json(data["rng"])
        s.expedition, s.turn, s.starter = int(data["expedition"]), int(data["turn"]), int(data["starter"])
        s.phase, s.reason, s.banned = data["phase"], data["reason"], int(data["banned"])
        ints = _ints
        s.hands = [ints(h) for h in data["hands"]]
        s.deck, s.removed = ints(data["deck"]), ints(data["removed"])
        s.piles = [ints(p) for p in data["piles"]]
        s.columns = [[ints(c) for c in side] for side in data["columns"]]
        s.kinds = [ints(k) for k in data["kinds"]]
        s.pos = [ints(p) for p in data["pos"]]
        s.board = [ints(b) for b in data["board"]]
        s.held, s.chips, s.vp = ints(data["held"]), ints(data["chips"]), ints(data["vp"])
        s.history = list(data["history"])
        s.log = [tuple(e) for e in data["log"]]
        s.final = data["final"]
        s._validate()
        return s

    def _validate(self) -> None:
        n = self.players
        if not (1 <= self.expedition <= self.total and 0 <= self.turn < n and 0 <= self.starter < n
                and -1 <= self.banned < NCOL and self.phase in (PLAY, MOVE, DRAW, OVER)
                and self.reason in (None, ARROW_REASON, LOST_CITY) and (self.reason is None) == (self.phase != MOVE)):
            raise ValueError("bad turn, phase or expedition")
        if not (len(self.hands) == len(self.columns) == len(self.kinds) == len(self.pos) == n
                and len(self.held) == len(self.chips) == len(self.vp) == n
                and len(self.piles) == len(self.board) == NCOL):
            raise ValueError("bad table sizes")
        cards = sorted(self.deck + self.removed + [c for h in self.hands for c in h]
                       + [c for p in self.piles for c in p] + [c for side in self.columns for col in side for c in col])
        if cards != list(range(NCARDS)):
            raise ValueError("the cards do not add up to the 110-card deck")
        if len(self.removed) != (TWO_PLAYER_REMOVED if n == 2 else 0):
            raise ValueError("wrong number of removed cards")
        if self.phase != OVER:
            for i, h in enumerate(self.hands):
                want = HAND_SIZE if i != self.turn or self.phase == PLAY else HAND_SIZE - 1
                if len(h) != want or h != sorted(h):
                    raise ValueError("bad hand size")
        crossed = 0
        for i in range(n):
            kinds, pos, cols = self.kinds[i], self.pos[i], self.columns[i]
            if len(kinds) != NCOL or len(pos) != NCOL or len(cols) != NCOL:
                raise ValueError("bad pieces")
            if kinds.count(2) > 1 or kinds.count(1) > ADVENTURERS:
                raise ValueError("too many pieces")
            for c in range(NCOL):
                if kinds[c] not in (0, 1, 2) or not 0 <= pos[c] <= STONES or (kinds[c] == 0) != (pos[c] == 0) \
                        or (kinds[c] == 0) != (not cols[c]):
                    raise ValueError("a piece does not match its column")
                if any(x // (VALUES * 2) != c for x in cols[c]):
                    raise ValueError("a card lies in the wrong column")
                crossed += pos[c] >= CROSS
            if self.held[i] < 0 or self.chips[i] < 0 or self.vp[i] < 0:
                raise ValueError("negative counts")
        if crossed >= CROSSINGS_TO_END and self.phase != OVER:
            raise ValueError("the expedition should have ended")
        self.crossed = crossed
        for c in range(NCOL):
            if any(x // (VALUES * 2) != c for x in self.piles[c]):
                raise ValueError("a card lies on the wrong pile")
            row = self.board[c]
            if len(row) != STONES + 1 or any(row[k] and k not in TILE_SPACES[c] for k in range(STONES + 1)):
                raise ValueError("a tile lies off its spaces")
            if any(t < ARROW for t in row):
                raise ValueError("bad tile")

    # --- queries ------------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else _MOVERS[self.turn]

    def legal_actions(self, seat: int) -> list:
        """Every decision for `seat` now, in a stable order (duplicate card copies give one action).
        A path starts only with the lowest card of its colour in hand (seed 000), except under the
        `directions` variant, where the starting card sets the direction."""
        phase = self.phase
        if seat != self.turn or phase == OVER:
            return []
        if phase == PLAY:
            kinds, cols = self.kinds[seat], self.columns[seat]
            adv = kinds.count(1) < ADVENTURERS
            res = 2 not in kinds
            directions = self.opts["directions"]
            acts, discards = [], []
            prev = started = -1
            for card in self.hands[seat]:  # sorted: each colour's cards in ascending value
                key = card >> 1
                if key == prev:
                    continue
                prev = key
                c = _KCOL[key]
                if kinds[c]:
                    col = cols[c]
                    if (column_accepts(col, _KVAL[key], True) if directions
                            else _KVAL[key] >= _CVAL[col[-1]]):
                        acts.append(_ADVANCE[key])
                elif c != started or directions:
                    started = c
                    if adv:
                        acts.append(_START_ADV[key])
                    if res:
                        acts.append(_START_RES[key])
                discards.append(_DISCARD[key])
            acts += discards
            return acts
        if phase == DRAW:
            acts = [_DRAW_DECK] if self.deck else []
            banned = self.banned
            for c, p in enumerate(self.piles):
                if p and c != banned:
                    acts.append(_DRAW[c])
            return acts
        acts = [_MOVE[c] for c, p in enumerate(self.pos[seat]) if 0 < p < STONES]
        acts.append(_PASS)
        return acts

    def is_legal(self, seat: int, action: tuple) -> bool:
        """Exactly `action in legal_actions(seat)`, types compared (True is not the value 1)."""
        phase = self.phase
        if seat != self.turn or phase == OVER or not action:
            return False
        kind = action[0]
        if type(kind) is not str:
            return False
        if phase == DRAW:
            if kind != "draw" or len(action) != 2 or type(action[1]) is not str:
                return False
            if action[1] == "deck":
                return bool(self.deck)
            c = CIDX.get(action[1], -1)
            return c >= 0 and bool(self.piles[c]) and c != self.banned
        if phase == MOVE:
            if kind == "pass":
                return len(action) == 1
            if kind != "move" or len(action) != 2 or type(action[1]) is not str:
                return False
            c = CIDX.get(action[1], -1)
            return c >= 0 and 0 < self.pos[seat][c] < STONES
        if _PLAY_KINDS.get(kind) != len(action) or type(action[1]) is not str or type(action[2]) is not int:
            return False
        c, v = CIDX.get(action[1], -1), action[2]
        if c < 0 or not 0 <= v < VALUES:
            return False
        hand = self.hands[seat]
        card = c * VALUES * 2 + v * 2
        if card not in hand and card + 1 not in hand:
            return False
        if kind == "discard":
            return True
        kinds = self.kinds[seat]
        directions = self.opts["directions"]
        if kind == "advance":
            return bool(kinds[c]) and column_accepts(self.columns[seat][c], v, directions)
        piece = _PIECE_CODE.get(action[3]) if type(action[3]) is str else None
        if kinds[c] or piece is None or (kinds.count(1) >= ADVENTURERS if piece == 1 else 2 in kinds):
            return False
        return directions or v == min(_CVAL[x] for x in hand if x // (VALUES * 2) == c)

    def scores(self) -> list[int]:
        return list(self.vp)

    def result(self) -> dict:
        """VP decide; ties go to the most artifact chips; beyond that the tie is shared."""
        return ranks_from_scores(self.scores(), list(self.chips))

    def expedition_points(self, seat: int) -> int:
        """Points of `seat`'s pieces where they stand now (researcher double)."""
        total = 0
        for c, k in enumerate(self.kinds[seat]):
            if k:
                v = STONE_VALUES[self.pos[seat][c] - 1]
                total += v * RESEARCHER_MULTIPLIER if k == 2 else v
        return total

    # --- rules --------------------------------------------------------------------------------
    def step(self, seat: int, action: tuple) -> None:
        kind = action[0]
        if kind == "draw":
            src = action[1]
            if src == "deck":
                card = self.deck.pop()
                self.log.append(_LOG_DECK[seat])
            else:
                card = self.piles[CIDX[src]].pop()
                self.log.append((seat, "draw", src, _CVAL[card]))
            insort(self.hands[seat], card)
            if not self.deck:
                self._end_expedition("deck")
                return
            self.turn = (seat + 1) % self.players
            self.phase, self.banned = PLAY, -1
            return
        if kind == "move":
            c = CIDX[action[1]]
            self.pos[seat][c] += 1
            self.log.append((seat, "move", action[1], self.pos[seat][c], self.reason))
            self._arrive(seat, c)
            return
        if kind == "pass":
            self.log.append((seat, "pass", self.reason))
            self.phase, self.reason = DRAW, None
            return
        c = CIDX[action[1]]
        v = action[2]
        card = c * VALUES * 2 + v * 2
        hand = self.hands[seat]
        if card not in hand:
            card += 1
        hand.remove(card)
        if kind == "discard":
            self.piles[c].append(card)
            if self.opts["no_redraw"]:
                self.banned = c
            self.log.append(_LOG_DISCARD[seat][card >> 1])
            self.phase = DRAW
            return
        self.columns[seat][c].append(card)
        pos = self.pos[seat]
        if kind == "start":
            self.kinds[seat][c] = 2 if action[3] == "researcher" else 1
            pos[c] = 1
            self.log.append((seat, "start", action[1], v, action[3]))
            self._arrive(seat, c)
            return
        # advance
        if pos[c] == STONES:
            self.log.append((seat, "advance", action[1], v, STONES))
            if any(0 < p < STONES for p in pos):
                self.phase, self.reason = MOVE, LOST_CITY
            else:
                self.phase = DRAW
            return
        pos[c] += 1
        self.log.append((seat, "advance", action[1], v, pos[c]))
        self._arrive(seat, c)

    def undo_allowed(self, seat: int) -> int:
        """Own decisions since the last checkpoint, read back from the log: a deck draw (a hidden card)
        and an expedition boundary (a new deal) are checkpoints; so is any move by another player."""
        if self.phase == OVER:
            return 0
        n = 0
        for e in reversed(self.log):
            if e[0] != seat or (e[1] == "draw" and e[2] == "deck"):
                break
            n += e[1] in ("start", "advance", "discard", "move", "pass", "draw")
        return n

    def _arrive(self, seat: int, c: int) -> None:
        """A piece of `seat` reached a new stone on path `c`: bridge count, then the event tile."""
        stone = self.pos[seat][c]
        self.reason = None
        if stone == CROSS:
            self.crossed += 1
            if self.crossed >= CROSSINGS_TO_END:
                self._end_expedition("bridge")
                return
        tile = self.board[c][stone]
        if tile:
            if tile > 0:
                self.vp[seat] += tile
                self.log.append((seat, "vp", COLOURS[c], stone, tile))
            elif tile == ARTIFACT:
                self.board[c][stone] = 0
                self.held[seat] += 1
                self.log.append((seat, "artifact", COLOURS[c], stone))
            else:
                self.log.append((seat, "arrow", COLOURS[c], stone))
                if any(0 < p < STONES for p in self.pos[seat]):
                    self.phase, self.reason = MOVE, ARROW_REASON
                    return
        self.phase = DRAW

    def _end_expedition(self, why: str) -> None:
        """Expedition scoring: stones (researcher double), floor 0, artifact tiles -> chips; then next or end."""
        n = self.players
        pieces, points = [], []
        for i in range(n):
            mine = []
            for c, k in enumerate(self.kinds[i]):
                if k:
                    stone = self.pos[i][c]
                    v = STONE_VALUES[stone - 1] * (RESEARCHER_MULTIPLIER if k == 2 else 1)
                    mine.append({"colour": COLOURS[c], "piece": PIECES[k], "stone": stone, "points": v})
            pieces.append(mine)
            pts = sum(p["points"] for p in mine)
            points.append(pts)
            self.vp[i] = max(0, self.vp[i] + pts)
            self.chips[i] += self.held[i]
        entry = {"expedition": self.expedition, "end": why, "last": self.turn, "pieces": pieces,
                 "points": points, "artifacts": list(self.held)}
        self.held = [0] * n
        self.history.append(entry)
        self.log.append((None, "end", self.expedition, why, self.turn))
        self.reason, self.banned = None, -1
        if self.expedition >= self.total:
            art = [artifact_points(ch, self.opts["length"]) for ch in self.chips]
            for i in range(n):
                self.vp[i] = max(0, self.vp[i] + art[i])
            self.final = {"artifact_points": art, "chips": list(self.chips)}
            self.phase = OVER
            self.log.append((None, "over"))
            return
        self._deal((self.turn + 1) % n)

    def determinize(self, seat: int | None, rng: Rng) -> LostCitiesBoardState:
        """Re-deal everything `seat` cannot see (other hands, deck, removed cards) and reseed the future.
        VP totals are kept: they follow from public events (see the module docstring)."""
        s = self.clone()
        s.deck, removed = redeal(rng, s.hands, [i for i in range(self.players) if i != seat], [s.deck, s.removed])
        s.removed = sorted(removed)
        s.rng = rng.fork()
        return s

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        over = self.phase == OVER
        n = self.players
        paths = []
        for c in range(NCOL):
            row = self.board[c]
            paths.append({
                "colour": COLOURS[c], "symbol": SYMBOLS[c],
                "stones": [{"stone": k, "value": STONE_VALUES[k - 1], "space": k in TILE_SPACES[c],
                            "tile": tile_json(row[k])} for k in range(1, STONES + 1)],
                "pieces": [{"seat": i, "piece": PIECES[self.kinds[i][c]], "stone": self.pos[i][c]}
                           for i in range(n) if self.kinds[i][c]],
            })
        players = []
        for i in range(n):
            kinds = self.kinds[i]
            players.append({
                "seat": i, "hand_count": len(self.hands[i]),
                "supply": {"adventurers": ADVENTURERS - kinds.count(1), "researcher": 2 not in kinds},
                "pieces": [{"colour": COLOURS[c], "piece": PIECES[k], "stone": self.pos[i][c]}
                           for c, k in enumerate(kinds) if k],
                "columns": [{"colour": COLOURS[c], "cards": [card_json(x) for x in col],
                             "direction": column_direction(col) if col else None}
                            for c, col in enumerate(self.columns[i])],
                "artifact_tiles": self.held[i], "artifact_chips": self.chips[i],
                "expedition_points": self.expedition_points(i),
                "vp": self.vp[i] if over or i == seat else None,
            })
        pending = None
        if not over:
            pending = {"seat": self.turn, "decision": self.phase, "reason": self.reason,
                       "banned": COLOURS[self.banned] if self.banned >= 0 else None}
        v = {
            "game": self.game.id, "seat": seat, "players": n, "options": dict(self.opts),
            "colours": list(COLOURS), "symbols": list(SYMBOLS), "stone_values": list(STONE_VALUES),
            "bridge_after": BRIDGE_AFTER, "crossings_to_end": CROSSINGS_TO_END, "crossed": self.crossed,
            "expedition": self.expedition, "expeditions": self.total, "starter": self.starter,
            "turn": self.turn, "to_move": list(self.to_move()), "pending": pending,
            "hand": [card_json(x) for x in self.hands[seat]] if seat is not None else None,
            "paths": paths, "player_info": players,
            "discards": [{"colour": COLOURS[c], "count": len(p), "top": card_json(p[-1]) if p else None}
                         for c, p in enumerate(self.piles)],
            "deck": len(self.deck), "removed": len(self.removed),
            "history": self.history, "final": self.final, "log": self.public_log(),
            "last": self.last_turn(), "tile_vp": self.tile_vp(),
            "stand_ins": list(STAND_INS), "over": over,
        }
        if over:
            v["result"] = self.result()
        return v

    def last_turn(self) -> dict | None:
        """The public events of the most recent player's current or last turn (for highlighting)."""
        log, k = self.log, len(self.log)
        seat = log[-1][0] if log else None
        if seat is None:
            return None
        while k and log[k - 1][0] == seat:
            k -= 1
        return {"seat": seat, "events": [list(e[1:]) for e in log[k:]]}

    def tile_vp(self) -> list[list[int]]:
        """VP taken from tiles, per expedition (so far) per seat; public, like the log."""
        out: list[list[int]] = []
        for e in self.log:
            if e[1] == "expedition":
                out.append([0] * self.players)
            elif e[1] == "vp":
                out[-1][e[0]] += e[4]
        return out

    def public_log(self) -> list[dict]:
        """The whole game's public log as data, {"seat", "key", "params"} (a deck draw shows no card); the web
        front-end words it in the reader's language."""
        return [_log_entry(e) for e in self.log]


def _ints(values: list) -> list[int]:
    out = []
    for x in values:
        if isinstance(x, bool) or not isinstance(x, int):
            raise ValueError("expected whole numbers")
        out.append(x)
    return out


def _log_entry(e: tuple) -> dict:
    """One internal log tuple (seat, kind, ...) as {"seat", "key": kind, "params"}."""
    kind = e[1]
    if kind == "expedition":
        params = {"n": e[2], "starter": e[3]}
    elif kind == "end":
        params = {"n": e[2], "cause": e[3]}
    elif kind == "draw":
        params = {"from": "deck"} if e[2] == "deck" else {"colour": e[2], "value": e[3]}
    elif kind == "discard":
        params = {"colour": e[2], "value": e[3]}
    elif kind == "start":
        params = {"colour": e[2], "value": e[3], "piece": e[4]}
    elif kind == "advance":
        params = {"colour": e[2], "value": e[3], "stone": e[4], "lost_city": e[4] == STONES}
    elif kind == "move":
        params = {"colour": e[2], "stone": e[3], "reason": e[4]}
    elif kind == "pass":
        params = {"reason": e[2]}
    elif kind == "vp":
        params = {"colour": e[2], "stone": e[3], "vp": e[4]}
    elif kind in ("artifact", "arrow"):
        params = {"colour": e[2], "stone": e[3]}
    else:  # "over"
        params = {}
    return {"seat": e[0], "key": kind, "params": params}


class LostCitiesBoardGame(Game):
    id = "lost-cities-board"
    title = "Lost Cities: The Board Game"
    min_players = 2
    max_players = 4
    options = (
        Option("length", "Game length", "long", kind="choice", choices=("long", "short"),
               help="Long: 3 expeditions, artifacts on the long table (fewer than 6 chips cost points). "
                    "Short: 1 expedition, short table."),
        Option("directions", "Variant: ascending or descending paths", False,
               help="A column may also descend; the first card that differs from the starting card decides."),
        Option("no_redraw", "No drawing back the card you just discarded", False,
               help="Off by default: the board-game rules do not forbid it."),
    )
    state_class = LostCitiesBoardState

    def encode(self, action: tuple) -> list:
        """Actions of this game are flat tuples of str / int: their JSON form is the list of the same items."""
        return list(action)

    def describe(self, action: tuple) -> dict:
        """The action as data, {"key", "params"}: draw {"from": "deck"} or {"colour"}, pass, move {"colour"},
        start {"colour", "value", "piece"}, advance / discard {"colour", "value"}."""
        kind = action[0]
        arg = action[1] if len(action) > 1 else None
        if kind == "draw":
            return {"key": "draw", "params": {"from": "deck"} if arg == "deck" else {"colour": arg}}
        if kind == "pass":
            return {"key": "pass", "params": {}}
        if kind == "move":
            return {"key": "move", "params": {"colour": arg}}
        if kind in ("start", "advance", "discard") and len(action) >= 3:
            params = {"colour": arg, "value": action[2]}
            if kind == "start":
                params["piece"] = action[3] if len(action) > 3 else "?"
            return {"key": kind, "params": params}
        return {"key": "unknown", "params": {"action": [str(p) for p in action]}}

    def fair_seat(self, players: int, me: int, secret: bytes, options: dict | None, group: Any = None,
                  seed: int = 0) -> Any:
        """2–4 players: a `BoardFairSeat` (py_engine.games.lost_cities_board.fair) in `group` (RFC 3526 group 14
        by default); `seed` lays the tiles (public, the same at every seat)."""
        from ...core import mental_poker
        from . import fair

        return fair.BoardFairSeat(me, secret, options, group or mental_poker.GROUP14, players, seed)

    def fair_resume(self, data: Any) -> Any:
        from . import fair

        return fair.BoardFairSeat.from_json(data)

    def fair_start(self, players: int, options: dict | None, fair: Any, seed: int = 0) -> Any:
        from . import fair as mental

        return mental.dealt_start(players, seed, options, fair)

    def info(self) -> dict:
        d = super().info()
        d["stand_ins"] = list(STAND_INS)
        return d


GAME = LostCitiesBoardGame()
