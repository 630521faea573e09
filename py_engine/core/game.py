"""The Game / State contract shared by every engine (see DESIGN.md, "The engine contract")."""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalAction, RecordError
from .events import PER_EVENT, Events, is_contribution
from .options import Option, is_whole, normalize_options, saved_options
from .record import Record
from .rng import Rng, is_seed

Action = tuple  # actions are small immutable tuples of str / int (nested tuples allowed)

_MAX_DEPTH = 4
_MAX_LEN = 64


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any, depth: int = 0) -> Any:
    if isinstance(value, list):
        if depth >= _MAX_DEPTH or len(value) > _MAX_LEN:
            raise RecordError("action too deep or too long")
        return tuple(_decode(v, depth + 1) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        if isinstance(value, str) and len(value) > 64:
            raise RecordError("action text too long")
        return value
    raise RecordError("an action holds only lists, strings, numbers and booleans")


def ranks_from_scores(scores: list, tiebreak: list | None = None) -> dict:
    """Competition ranking (1, 1, 3): equal (score, tiebreak) share a rank; rank-1 seats win."""
    keys = [(s, tiebreak[i] if tiebreak else 0) for i, s in enumerate(scores)]
    ranks = [1 + sum(1 for other in keys if other > k) for k in keys]
    return {"scores": list(scores), "ranks": ranks, "winners": [i for i, r in enumerate(ranks) if r == 1]}


class Game:
    """A registered game. Subclasses set the class attributes and `state_class`."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    state_class: type = None  # type: ignore[assignment]

    def normalize_options(self, options: Any) -> dict:
        return normalize_options(self.options, options)

    def fair_seat(self, players: int, me: int, secret: bytes, options: dict | None, group: Any = None,
                  seed: int = 0) -> Any:
        """One seat of a game dealt by mental poker (hands no other device holds), or None: this game (or this
        player count) is not covered by the protocol and a remote table runs on the host's device. `seed`
        (public, the same for every seat) draws what is not dealt by the protocol (e.g. board tiles)."""
        return None

    def fair_resume(self, data: Any) -> Any:
        """The seat `fair_seat(...).to_json()` saved (ValueError for anything else), or None (see `fair_seat`)."""
        return None

    def fair_start(self, players: int, options: dict | None, fair: Any, seed: int = 0) -> State:
        """The start of a finished game dealt by mental poker, every round dealt from the seats' revealed secrets
        (`Record.fair`); RecordError when this game has no such deal or `fair` cannot deal it."""
        raise RecordError(f"{self.title} is not dealt by mental poker")

    def new(self, players: int = 2, seed: int = 0, options: dict | None = None) -> State:
        if not is_whole(players, self.min_players, self.max_players):
            raise RecordError(f"{self.title} takes {self.min_players}–{self.max_players} players")
        if not is_seed(seed):
            raise RecordError("the seed must be a whole number from 0 to 2**63-1 (legacy) or 2**64 to 2**128-1")
        opts = self.normalize_options(options)
        state = self.state_class.initial(self, players, Rng(seed), opts)
        if opts.get("randomness") == PER_EVENT:  # setup drew from Rng(seed); later events draw by kind and index
            state.ev = Events.from_seed(seed)
        state.record = Record(self.id, players, seed, dict(opts), [])
        return state

    def from_json(self, data: Any) -> State:
        if not isinstance(data, dict) or data.get("game") != self.id:
            raise RecordError(f"not a saved {self.title} state")
        try:
            state = self.state_class.load(self, data)
            state.record = Record.from_json(data["record"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"corrupt saved state: {exc}") from None
        return state

    def encode(self, action: Action) -> Any:
        return _encode(action)

    def upgrade_moves(self, moves: list, options: dict, players: int, seed: int) -> list:
        """A record's `[seat, encoded action]` moves rewritten from an older action encoding of this game
        into today's (Record.from_json and Record.replay call it before replaying). The default: unchanged.
        A game that changed its encoding overrides it; it returns `moves` itself when nothing is old,
        and raises RecordError naming a move it cannot translate exactly."""
        return moves

    def decode(self, value: Any) -> Action:
        action = _decode(value)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise RecordError("an action is a list that starts with its kind")
        return action

    def describe(self, action: Action) -> dict:
        """The action as data for web/ to word in the reader's language: {"key": "action", "params":
        {"action": <its JSON encoding>}} (a renderer's `move_text(action)` words it); games with their own
        message keys override this."""
        return {"key": "action", "params": {"action": self.encode(action)}}

    def info(self) -> dict:
        """JSON description for the game picker."""
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "options": [o.to_json() for o in self.options]}


class State:
    """One game in progress. Subclasses implement the rules; `apply` adds the checks and the record."""

    game: Game
    record: Record
    players: int
    rng: Rng
    ev: Events | None = None  # later randomness by event (core/events.py), or None: all from `rng`

    # --- to implement -------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> State:
        raise NotImplementedError

    @classmethod
    def load(cls, game: Game, data: dict) -> State:
        raise NotImplementedError

    @classmethod
    def blank(cls, game: Game, data: dict) -> State:
        """The start of a `load`: an empty state with its game, the player count (checked against the
        game's range: ValueError) and the options of the saved record (normalized, an option it does not name
        at its legacy value: options.saved_options); `load` fills in the rest."""
        s = cls.__new__(cls)
        s.game = game
        n = s.players = int(data["record"]["players"])
        if not game.min_players <= n <= game.max_players:
            raise ValueError("bad player count")
        s.opts = saved_options(game.options, data["record"]["options"])
        return s

    def dump(self) -> dict:
        raise NotImplementedError

    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def step(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal (no checks, no record): the fast path for search."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def scores(self) -> list:
        raise NotImplementedError

    def determinize(self, seat: int | None, rng: Rng) -> State:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    # --- shared -------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.to_move()

    def result(self) -> dict:
        return ranks_from_scores(self.scores())

    def check(self, seat: Any, action: Any) -> Action:
        """Return the action as a tuple if `seat` may play it now, else raise IllegalAction."""
        if type(seat) is not int or not 0 <= seat < self.players:  # type(): a bool is not a seat
            raise IllegalAction(f"there is no seat {seat!r}")
        movers = self.to_move()
        if not movers:
            raise IllegalAction("the game is over")
        if seat not in movers:
            raise IllegalAction(f"it is not seat {seat + 1}'s turn")
        if not isinstance(action, tuple):
            try:
                action = self.game.decode(action)
            except RecordError as exc:
                raise IllegalAction(str(exc)) from None
        fast = self.is_legal(seat, action)
        if fast is True:
            return action
        wanted = json.dumps(self.game.encode(action))
        if fast is None:
            # Generic: find an equal legal action, then compare encodings, not values: True == 1 in Python,
            # but a bool is never a card number. Exact equality implies ==, so no == match means illegal.
            legal = self.legal_actions(seat)
            try:
                found = legal[legal.index(action)]
            except ValueError:
                found = None
            if found is not None:
                if json.dumps(self.game.encode(found)) == wanted:
                    return found
                for other in legal:  # an == match that is not exact: look for an exact one
                    if json.dumps(self.game.encode(other)) == wanted:
                        return other
        raise IllegalAction(f"not a legal move now: {wanted}")

    def is_legal(self, seat: int, action: Action) -> bool | None:
        """Optional fast legality test used by `check` (the seat is valid and owes a decision; `action` is a
        tuple that may hold anything). A game that overrides it must answer exactly like membership in
        `legal_actions(seat)` with types compared too (`True` is not the card 1, `1.0` is not 1) and never
        raise. None (the default) means "not implemented": `check` then searches the legal list."""
        return None

    def apply(self, seat: int, action: Action, contribution: str | None = None) -> None:
        """Check and apply one decision, or raise IllegalAction leaving the state unchanged. `contribution`
        (64 hex digits, only where `takes_contributions()`) is mixed into every random event this move
        triggers and kept in `record.contributions` as [move index, contribution] (core/events.py)."""
        action = self.check(seat, action)
        if contribution is None:
            self.step(seat, action)
        else:
            ev = self.ev
            if ev is None or not is_contribution(contribution):
                raise IllegalAction("this game takes no such contribution to its randomness")
            ev.pending = contribution
            try:
                self.step(seat, action)
            finally:
                ev.pending = ""
            self.record.contributions.append([len(self.record.moves), contribution])
        self.record.moves.append([seat, self.game.encode(action)])

    # --- later randomness ---------------------------------------------------------------------
    def takes_contributions(self) -> bool:
        """Whether this game draws its later randomness by event, so `apply` takes a contribution."""
        return self.ev is not None

    def draws_randomness(self, seat: int, action: Action) -> bool:
        """Whether the legal `action` by `seat` would draw a random event (tried on a clone): the moves the network
        gathers a contribution for, and the ones an audit expects to find one on."""
        if self.ev is None:
            return False
        trial = self.clone()
        trial.step(seat, action)
        return trial.ev.total() != self.ev.total()

    def event_rng(self, kind: str) -> Rng:
        """The generator of this state's next random event of `kind`: its own stream (core/events.py), or the
        single generator of a game played by the legacy rules."""
        ev = self.ev
        return self.rng if ev is None else ev.rng(kind)

    # --- undo ---------------------------------------------------------------------------------
    def reveals(self, seat: int, action: Action) -> bool:
        """Whether `action` by `seat` showed someone hidden information (a checkpoint: never taken
        back). The safe default says every action does, so a game allows undo only by overriding this
        (judged from the action alone) or `undo_allowed`."""
        return True

    def undo_allowed(self, seat: int) -> int:
        """How many of the last decisions `seat` may take back: its own trailing moves after the last
        checkpoint, as long as no other player has acted since (0 = none; never once the game is over)."""
        if self.is_over():
            return 0
        n = 0
        for s, enc in reversed(self.record.moves):
            if s != seat or self.reveals(s, self.game.decode(enc)):
                break
            n += 1
        return n

    def undone(self, seat: int, k: int = 1) -> State:
        """A new State without `seat`'s last `k` decisions: the record replayed without them."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 < k <= self.undo_allowed(seat):
            raise IllegalAction("those moves cannot be taken back")
        record = self.record.copy()
        record.moves = record.moves[:-k]
        return record.replay()

    def to_json(self) -> dict:
        """A snapshot of the game as plain JSON data: it shares no list or dict with the live state, so
        editing it never changes the game (the JSON round trip also proves it JSON-safe)."""
        data = self.dump()
        data["game"] = self.game.id
        data["record"] = self.record.to_json()
        return json.loads(json.dumps(data))

    def play_out(self, rng: Rng, policy: Any = None) -> State:
        """Play random legal moves (or `policy(state, seat, rng)`) to the end; used by tests and bots."""
        while True:
            movers = self.to_move()
            if not movers:
                return self
            seat = movers[0]
            action = policy(self, seat, rng) if policy else rng.choice(self.legal_actions(seat))
            self.step(seat, action)
