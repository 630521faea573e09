"""Lost Ruins of Arnak state: setup, turns, rounds, scoring, views, determinize (rules: see __init__)."""

from __future__ import annotations

from ...core import Game, Option, Rng, State, ranks_from_scores
from ...core import events as E
from . import data as D
from .effects import AFTER, KEEP, MAIN, MID_FREE_KINDS, NO_MID_FREE, OVER, Resolver
from .legality import judge
from .rival import RIVAL, RivalMixin, clone_rival, new_rival


def _tup(x):
    """JSON lists back to the tuples ops and contexts are made of."""
    if isinstance(x, list):
        return tuple(_tup(v) for v in x)
    return x


def _ints(x: list) -> list[int]:
    out = []
    for v in x:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError("expected whole numbers")
        out.append(v)
    return out


class Player:
    """One seat's belongings."""

    __slots__ = ("res", "hand", "deck", "play", "temp", "idols", "slots", "guardians", "assistants", "notebook",
                 "glass", "tiles", "arrival", "fear_tiles", "exiled", "home", "no_fear", "planes")

    FIELDS = __slots__

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.res, p.hand, p.deck, p.play, p.temp = list(self.res), list(self.hand), list(self.deck), list(self.play), \
            list(self.temp)
        p.idols, p.slots, p.notebook, p.glass, p.arrival = self.idols, self.slots, self.notebook, self.glass, \
            self.arrival
        p.guardians = [list(g) for g in self.guardians]
        p.assistants = [list(a) for a in self.assistants]
        p.tiles, p.exiled = list(self.tiles), list(self.exiled)
        p.fear_tiles, p.home, p.no_fear, p.planes = self.fear_tiles, self.home, self.no_fear, self.planes
        return p

    def dump(self) -> dict:
        return {k: getattr(self, k) for k in self.FIELDS}

    @classmethod
    def load(cls, d: dict) -> Player:
        p = cls.__new__(cls)
        for k in ("res", "hand", "deck", "play", "temp", "tiles", "exiled"):
            setattr(p, k, _ints(d[k]))
        if len(p.res) != 5 or min(p.res) < 0:
            raise ValueError("bad resources")
        p.guardians = [_ints(g) for g in d["guardians"]]
        p.assistants = [_ints(a) for a in d["assistants"]]
        for k in ("idols", "slots", "notebook", "glass", "arrival", "fear_tiles", "home"):
            v = d[k]
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"bad {k}")
            setattr(p, k, v)
        p.no_fear, p.planes = bool(d["no_fear"]), bool(d["planes"])
        if not (0 <= p.slots <= 4 and 0 <= p.home <= 2 and p.idols >= 0 and 0 <= p.notebook <= 14
                and 0 <= p.glass <= 14):
            raise ValueError("bad player board")
        for c in p.hand + p.deck + p.play + p.temp + p.exiled:
            if c not in D.CARDS:
                raise ValueError("unknown card")
        return p

    def cards(self) -> list[int]:
        return self.hand + self.deck + self.play + self.temp


class ArnakState(RivalMixin, Resolver, State):
    __slots__ = ("game", "record", "players", "opts", "rng", "temple", "costs", "round", "start", "turn", "phase",
                 "passed", "p", "occ", "tile", "idol", "fd", "guard", "pile1", "pile2", "gpile", "arts", "items",
                 "item_deck", "art_deck", "item_exile", "art_exile", "fear_left", "stacks", "rescue", "bonus", "box",
                 "temple_bonus", "temple_left", "arrivals", "queue", "ctx", "ctx_main", "passing", "peek",
                 "looking", "log", "history", "nmoves", "reveal_at", "final", "rival", "ev", "mix")

    # --- setup ------------------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> ArnakState:
        s = cls.__new__(cls)
        n = players
        s.game, s.players, s.opts, s.rng, s.ev, s.mix = game, n, options, rng, None, {}  # Game.new sets ev
        s.temple = options["temple"]
        s.costs = "snake" if s.temple == "snake" and options["snake_costs"] == "recommended" else \
            ("snake-as-bird" if s.temple == "snake" else "bird")
        s.round, s.start, s.turn, s.phase = 1, 0, 0, MAIN
        s.passed = [False] * n
        # board
        s.occ = [[-1, -1] if i < 5 else [-1] for i in range(D.NSITES)]
        blocked = list(D.CAMPS)
        rng.shuffle(blocked)
        for i in blocked[:D.BLOCKED_CAMP_SPACES[n]]:
            s.occ[i][1] = -2
        s.tile = [0] * D.NSITES
        idols = list(range(16))
        rng.shuffle(idols)
        s.idol = [-1] * D.NSITES
        s.fd = [0] * D.NSITES
        for k, site in enumerate(list(D.LEVEL1) + list(D.LEVEL2)):
            s.idol[site] = idols[k]
        for site in D.LEVEL2:
            s.fd[site] = 1
        s.guard = [-1] * D.NSITES
        s.pile1 = list(range(1, 11))
        s.pile2 = list(range(1, 7))
        s.gpile = list(range(15))
        for pile in (s.pile1, s.pile2, s.gpile):
            rng.shuffle(pile)
        # cards
        s.item_deck = list(D.ITEM_IDS)
        s.art_deck = list(D.ARTIFACT_IDS)
        rng.shuffle(s.item_deck)
        rng.shuffle(s.art_deck)
        s.arts = [s.art_deck.pop() for _ in range(1)]
        s.items = [s.item_deck.pop() for _ in range(D.ROW - 1)]
        s.item_exile, s.art_exile = [], []
        s.fear_left = D.FEAR_CARDS - 2 * n
        # assistants
        asst = list(range(1, 13))
        rng.shuffle(asst)
        if s.temple == "snake":
            k = max(n, 2)
            s.rescue = asst[:k]
            rest = asst[k:]
            sizes = {1: (3, 3, 4), 2: (3, 3, 4), 3: (3, 3, 3), 4: (3, 3, 2)}[n]
        else:
            s.rescue = []
            rest = asst
            sizes = (4, 4, 4)
        s.stacks = []
        at = 0
        for k in sizes:
            s.stacks.append(rest[at:at + k])
            at += k
        # research bonus tiles
        pool = [t for t in D.BONUS_TILES for _ in range(3)]
        rng.shuffle(pool)
        s.bonus = [[] for _ in range(D.TEMPLE + 1)]
        col = min(max(n, 2), 4) - 2
        for space, (_row, _cost, _src, counts) in D.TRACKS[s.temple].items():
            for _ in range(counts[col]):
                s.bonus[space].append(pool.pop())
        s.temple_bonus = [pool.pop() for _ in range(max(n, 2))]
        s.box = sorted(pool)
        s.temple_left = [max(n, 2)] * 6
        s.arrivals = 0
        # players
        s.p = []
        for seat in range(n):
            p = Player.__new__(Player)
            p.res = list(D.START_RES[seat] if n > 1 else D.SOLO_HUMAN_RES)
            p.deck = list(D.STARTING_DECK)
            rng.shuffle(p.deck)
            p.hand = sorted(p.deck[:D.HAND])
            p.deck = p.deck[D.HAND:]
            p.play, p.temp, p.tiles, p.exiled = [], [], [], []
            p.idols = p.slots = p.notebook = p.glass = p.fear_tiles = 0
            p.arrival = -1
            p.guardians, p.assistants = [], []
            p.home = 2
            p.no_fear = p.planes = False
            s.p.append(p)
        s.queue, s.ctx, s.ctx_main, s.passing, s.peek, s.looking = [], None, False, False, 0, -1
        s.log, s.history = [(None, "round", {"round": 1, "start": 0})], []
        s.nmoves = s.reveal_at = 0
        s.final = None
        s.rival = new_rival(rng, options["rival"]) if n == 1 else None
        if options["randomness"] == E.PER_EVENT:
            s.mix_piles()
        if s.rival is not None:
            s.rival_turn()  # the rival starts every round
        return s

    # --- copies -----------------------------------------------------------------------------------
    _LISTS = ("passed", "tile", "idol", "fd", "guard", "pile1", "pile2", "gpile", "arts", "items", "item_deck",
              "art_deck", "item_exile", "art_exile", "rescue", "box", "temple_bonus", "temple_left", "queue", "log",
              "history")
    _SCALARS = ("players", "opts", "temple", "costs", "round", "start", "turn", "phase", "fear_left", "arrivals",
                "ctx", "ctx_main", "passing", "peek", "looking", "nmoves", "reveal_at", "final")

    def clone(self) -> ArnakState:
        s = ArnakState.__new__(ArnakState)
        s.game, s.rng = self.game, self.rng.clone()
        s.ev, s.mix = self.ev and self.ev.clone(), E.clone_mixed(self.mix)
        for k in self._SCALARS:
            setattr(s, k, getattr(self, k))
        for k in self._LISTS:
            setattr(s, k, list(getattr(self, k)))
        s.occ = [list(o) for o in self.occ]
        s.stacks = [list(x) for x in self.stacks]
        s.bonus = [list(x) for x in self.bonus]
        s.p = [p.clone() for p in self.p]
        s.rival = clone_rival(self.rival)
        if hasattr(self, "record"):
            s.record = self.record.copy()
        return s

    def dump(self) -> dict:
        d = {k: getattr(self, k) for k in self._SCALARS if k not in ("players", "opts")}
        for k in self._LISTS:
            d[k] = getattr(self, k)
        d["log"] = [list(e) for e in self.log]
        d.update(rng=self.rng.to_json(), occ=self.occ, stacks=self.stacks, bonus=self.bonus,
                 p=[p.dump() for p in self.p], rival=self.rival, ev=self.ev and self.ev.to_json(), mix=self.mix)
        return d

    @classmethod
    def load(cls, game: Game, data: dict) -> ArnakState:
        s = cls.blank(game, data)
        n = s.players
        s.rng = Rng.from_json(data["rng"])
        for k in cls._SCALARS:
            if k not in ("players", "opts"):
                setattr(s, k, data[k])
        for k in cls._LISTS:
            setattr(s, k, list(data[k]))
        s.ctx = _tup(s.ctx)
        s.queue = [_tup(op) for op in s.queue]
        s.log = [tuple(e) for e in s.log]
        s.occ = [_ints(o) for o in data["occ"]]
        s.stacks = [_ints(x) for x in data["stacks"]]
        s.bonus = [list(x) for x in data["bonus"]]
        s.p = [Player.load(x) for x in data["p"]]
        s.rival = clone_rival(data["rival"])
        s.ev = E.Events.from_json(data.get("ev"))
        s.mix = E.load_mixed(data.get("mix"), {name: len(s.pile(name)) for name in s.pile_names()})
        if (s.rival is None) != (n > 1):
            raise ValueError("the rival belongs to the solo game")
        if len(s.p) != n or len(s.passed) != n or len(s.occ) != D.NSITES or s.phase not in (MAIN, AFTER, KEEP, OVER):
            raise ValueError("bad tables")
        if not (1 <= s.round <= D.ROUNDS and 0 <= s.turn < n and 0 <= s.start < n):
            raise ValueError("bad turn")
        return s

    # --- contract ---------------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def legal_actions(self, seat: int) -> list:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.queue:
            opts = self.options(self.queue[0])
            if self.queue[0][0] not in NO_MID_FREE:
                opts += self.free_actions(seat, mid=True)
            return opts
        if self.phase == KEEP:
            hand = self.p[seat].hand
            return [("keep",)] + [("release", c) for c in sorted(set(hand))]
        acts = self.free_actions(seat)
        if self.phase == MAIN:
            return self.main_actions(seat) + acts + [("pass",)]
        return acts + [("end",)]

    def is_legal(self, seat: int, action: tuple) -> bool:
        """Exactly `action in legal_actions(seat)` with types compared, judged from the few state fields
        the action concerns (legality.py)."""
        return judge(self, seat, action)

    def step(self, seat: int, action: tuple) -> None:
        self.nmoves += 1
        kind = action[0]
        if self.queue:
            if kind in MID_FREE_KINDS:
                self.start_action(seat, action, mid=True)
            else:
                self.decide(seat, action)
            return
        if self.phase == KEEP:
            p = self.p[seat]
            if kind == "release":
                p.hand.remove(action[1])
                p.play.append(action[1])
                self.log.append((seat, "release", {"card": action[1]}))
                if p.hand:
                    return
            self._next_keeper((seat - self.start) % self.players + 1)
            return
        if kind == "pass":
            self.log.append((seat, "pass", {}))
            self._end_turn(seat, passed=True)
            return
        if kind == "end":
            self._end_turn(seat)
            return
        self.start_action(seat, action)

    def undo_allowed(self, seat: int) -> int:
        """Own decisions since hidden information was last revealed (a draw, a tile, a refill, a shuffle),
        as long as nobody else has moved since."""
        if self.phase == OVER:
            return 0
        n = 0
        moves = self.record.moves
        for k in range(len(moves) - 1, -1, -1):
            if k < self.reveal_at or moves[k][0] != seat:
                break
            n += 1
        return n

    # --- turns and rounds -------------------------------------------------------------------------
    def _end_turn(self, seat: int, passed: bool = False) -> None:
        self.refill()
        self.ctx, self.ctx_main, self.passing = None, False, False
        if passed:
            self.passed[seat] = True
        if self.rival is not None:
            stack = self.rival["stack"]
            if stack:
                self.rival_turn()
            if not self.passed[0]:
                self.turn, self.phase = 0, MAIN
                return
            while stack:
                self.rival_turn()
            self._end_round()
            return
        n = self.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if not self.passed[nxt]:
                self.turn, self.phase = nxt, MAIN
                return
        self._end_round()

    def _end_round(self) -> None:
        """Archaeologists return (Fear from guardian sites), then kept hands, deck, assistants, row, draw."""
        for site, spaces in enumerate(self.occ):
            for k, who in enumerate(spaces):
                if who == RIVAL:
                    spaces[k] = -1
                    self.rival["home"] += 1
                elif who >= 0:
                    spaces[k] = -1
                    p = self.p[who]
                    p.home += 1
                    if self.guard[site] >= 0 and not p.no_fear:
                        self.gain_fear(who)
                        self.log.append((who, "fear_guardian", {"site": site}))
        entry = {"round": self.round, "scores": [self.breakdown(i) for i in range(self.players)]}
        if self.rival is not None:
            entry["rival"] = self.rival_breakdown()
            self.rival_round_end()
        self.history.append(entry)
        self.log.append((None, "round_end", {"round": self.round}))
        if self.round >= D.ROUNDS:
            self.phase = OVER
            self.final = [self.breakdown(i) for i in range(self.players)]
            self.log.append((None, "over", {}))
            return
        self._next_keeper(0)

    def _next_keeper(self, offset: int) -> None:
        """Each player in turn order (from the start player) with cards left in hand decides which to keep."""
        n = self.players
        while offset < n:
            seat = (self.start + offset) % n
            if self.p[seat].hand:
                self.turn, self.phase = seat, KEEP
                return
            offset += 1
        self._new_round()

    def _new_round(self) -> None:
        for seat, p in enumerate(self.p):
            if self.ev is None:
                self.rng.shuffle(p.play)
                p.deck.extend(p.play)
            else:  # shuffled under the deck card by card as drawn
                E.add_mixed(p.deck, self.mix.setdefault(f"deck{seat}", []), p.play, at_end=True)
            p.play = []
            for a in p.assistants:
                a[2] = 0
            p.no_fear = p.planes = False
        if self.arts and self.arts[0]:
            self.art_exile.append(self.arts.pop(0))
        if self.items:
            self.item_exile.append(self.items.pop(0))
        self.round += 1
        self.refill()
        self.start = (self.start + 1) % self.players
        self.turn, self.phase = self.start, MAIN
        self.passed = [False] * self.players
        for seat in range(self.players):
            self.draw(seat, D.HAND - len(self.p[seat].hand))
        self.reveal_at = self.nmoves
        self.log.append((None, "round", {"round": self.round, "start": self.start}))
        if self.rival is not None:
            self.rival_turn()

    def refill(self) -> None:
        """Slide the row toward the moon staff and deal new cards at the far ends."""
        r = self.round
        arts = [c for c in self.arts if c]
        while len(arts) < r and self.art_deck:
            arts.append(self.take("arts"))
            self.reveal_at = self.nmoves
        items = [c for c in self.items if c]
        while len(items) < D.ROW - r and self.item_deck:
            items.append(self.take("items"))
            self.reveal_at = self.nmoves
        self.arts, self.items = arts, items

    # --- piles ---------------------------------------------------------------------------------------
    _PILES = {"items": "item_deck", "arts": "art_deck", "pile1": "pile1", "pile2": "pile2", "gpile": "gpile"}

    def pile_names(self) -> list[str]:
        """The piles drawn from: items, artifacts, the two site piles, guardians, and each seat's deck."""
        return list(self._PILES) + [f"deck{i}" for i in range(self.players)]

    def pile(self, name: str) -> list:
        """A pile's cards: the top is the last card, but a seat's deck ("deck<seat>") starts with its top."""
        return self.p[int(name[4:])].deck if name.startswith("deck") else getattr(self, self._PILES[name])

    def mix_piles(self) -> None:
        """Every pile in no order (the rules by event): each card is drawn at random when it is drawn, from the
        pile's own event stream, so nobody knows an order beforehand (core/events.py)."""
        self.mix = {}
        for name in self.pile_names():
            E.mark_mixed(self.pile(name), self.mix.setdefault(name, []))

    def take(self, name: str, bottom: bool = False) -> int:
        """The top card of pile `name` (its bottom card with `bottom`); within an unordered run a random one."""
        at_end = bottom == name.startswith("deck")
        return E.draw(self.pile(name), self.mix.get(name, []), at_end, lambda: self.event_rng(name))

    def place(self, name: str, card: int, at_end: bool) -> None:
        """Put a known card at an end of pile `name` (at_end: after its last card)."""
        E.put(self.pile(name), self.mix.get(name, []), card, at_end)

    def reveal_top(self, pile: list, kind: str) -> None:
        """The rules by event: the card that comes face up on a face-down pile (an assistant stack, the rescue
        pile) is a random one of those left, drawn now from the `kind` stream (before: the setup's order)."""
        if self.ev is not None and len(pile) > 1:
            j = self.event_rng(kind).below(len(pile))
            pile[j], pile[-1] = pile[-1], pile[j]

    def take_hidden(self, pile: list, kind: str) -> int:
        """A card taken unseen from a hidden pile (the rival's temple bonus tile): its top, or by the rules by
        event a random one drawn now from the `kind` stream."""
        return pile.pop() if self.ev is None else pile.pop(self.event_rng(kind).below(len(pile)))

    # --- scoring ----------------------------------------------------------------------------------
    def research_vp(self, seat: int) -> int:
        p = self.p[seat]
        rows = D.ROWS[self.temple]
        g = D.TEMPLE_ARRIVAL_VP[p.arrival] if p.arrival >= 0 else (rows[self.row(p.glass)][1] if p.glass else 0)
        nb = rows[self.row(p.notebook)][3] if p.notebook else 0
        return g + nb

    def breakdown(self, seat: int) -> dict:
        p = self.p[seat]
        cards = [c for c in p.cards() if c != D.FEAR]
        fear = sum(1 for c in p.cards() if c == D.FEAR)
        b = {"research": self.research_vp(seat), "temple": sum(D.TEMPLE_STACK_VP[t] for t in p.tiles),
             "idols": D.IDOL_VP * (p.idols + p.slots), "slots": sum(D.EMPTY_SLOT_VP[p.slots:]),
             "guardians": D.GUARDIAN_VP * len(p.guardians), "cards": sum(D.CARDS[c][4] for c in cards),
             "fear": D.FEAR_VP * fear + D.FEAR_TILE_VP * p.fear_tiles}
        b["total"] = sum(b.values())
        return b

    def scores(self) -> list[int]:
        return [self.breakdown(i)["total"] for i in range(self.players)]

    def tiebreak(self, seat: int) -> tuple:
        """Earlier temple arrival wins a tie; if none of them arrived, research points."""
        p = self.p[seat]
        return (10 - p.arrival, 0) if p.arrival >= 0 else (0, self.research_vp(seat))

    def result(self) -> dict:
        """Ranks with the seed's tie-breaks. Solo: the one seat is ranked first (the contract needs a
        winner); `rival` and `beat_rival` (strictly more points, S4's reading) say how it went."""
        res = ranks_from_scores(self.scores(), [self.tiebreak(i) for i in range(self.players)])
        if self.rival is not None:
            res["rival"] = self.rival_breakdown()["total"]
            res["beat_rival"] = res["scores"][0] > res["rival"]
        return res

    # --- hidden information -----------------------------------------------------------------------
    def determinize(self, seat: int | None, rng: Rng) -> ArnakState:
        """Re-sample what `seat` cannot see: other hands (with their decks and drawn-aside cards), deck
        orders, the item/artifact decks, site and guardian piles, hidden assistants, bonus tiles."""
        s = self.clone()
        for i, p in enumerate(s.p):
            if i == seat:
                rng.shuffle(p.deck)
                continue
            pool = sorted(p.hand + p.deck + p.temp)
            rng.shuffle(pool)
            nh, nt = len(p.hand), len(p.temp)
            p.hand = sorted(pool[:nh])
            p.temp = pool[nh:nh + nt]
            p.deck = pool[nh + nt:]
        for pile in (s.item_deck, s.art_deck, s.pile1, s.pile2, s.gpile):
            pile.sort()
            rng.shuffle(pile)
        looking = seat is not None and seat == self.turn  # the pending decision shows that seat a hidden pile
        hidden = sorted(c for st in s.stacks for c in st[:-1])
        if not (looking and self.queue and self.queue[0][0] == "rescue") and len(s.rescue) > 1:
            hidden += s.rescue[:-1]
            nres = len(s.rescue) - 1
        else:
            nres = 0
        hidden.sort()
        rng.shuffle(hidden)
        at = 0
        for st in s.stacks:
            k = len(st) - 1
            if k > 0:
                st[:k] = hidden[at:at + k]
                at += k
        if nres:
            s.rescue[:nres] = hidden[at:at + nres]
        if not (looking and self.queue and self.queue[0][0] == "temple_bonus"):
            pool = sorted(s.temple_bonus + s.box)
            rng.shuffle(pool)
            k = len(s.temple_bonus)
            s.temple_bonus, s.box = pool[:k], sorted(pool[k:])
        if s.rival is not None:
            s.rival["stack"].sort()
            rng.shuffle(s.rival["stack"])
        s.rng = rng.fork()
        if s.ev is not None:
            s.ev = s.ev.resampled(rng)
        return s

    # --- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        from .view import make_view
        return make_view(self, seat)


class ArnakGame(Game):
    id = "arnak"
    title = "Lost Ruins of Arnak"
    min_players = 1
    max_players = 4
    # Values (and records) as before; the setup screen shows the labels. Values' sources: the reference's
    # section 19, C1 (snake costs) and C13 (exiled Fear), and section 17 (the rival's red tiles).
    options = (
        Option("temple", "Research track side", "bird", kind="choice", choices=("bird", "snake"),
               labels=("Bird temple (recommended for a first game)", "Snake temple"),
               help="The snake side adds assistants to rescue, and one research space costs an idol."),
        Option("snake_costs", "Snake temple tile costs", "recommended", kind="choice",
               choices=("recommended", "as-bird"),
               labels=("The snake side's own prices", "The same prices as the bird side"),
               help="Snake side only. Its own prices: A = 1 compass + 2 tablets, C = 1 coin + 1 arrowhead; or "
                    "play it with the bird side's prices."),
        Option("rival", "Solo rival", 0, kind="int", low=0, high=5,
               labels=("Easy — all five action pairs green", "Normal — one red action tile",
                       "Hard — two red action tiles", "Harder — three red action tiles",
                       "Expert — four red action tiles", "Master — all five action tiles red"),
               help="Solo game only. A red tile makes the rival take the highest-scoring card of the row, and "
                    "it still acts in round V."),
        Option("fear_exile", "Exiled Fear cards", "game", kind="choice", choices=("game", "fear-deck"),
               labels=("leave the game", "go back to the Fear deck"),
               help="The rules summary removes them from the game; the printed rulebook returns them to the "
                    "Fear deck."),
        # The rules a game is played by (data.py, "rules editions"): never offered, new games take the
        # current one; a record made before the option existed is read as edition 1 and replays as it was.
        Option("edition", "Rules edition", D.EDITION, kind="int", low=1, high=D.EDITION, hidden=True,
               legacy=D.LEGACY_EDITION),
        E.RANDOMNESS_OPTION,
    )
    state_class = ArnakState


GAME = ArnakGame()
