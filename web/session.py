"""A table played from this browser: a thin wrapper over `py_engine.net.Host` for every game.

Seats are dicts {"kind": "human" | "bot" | "remote", "name": str, "level": int}; "human" is the
Host's "local" kind. Local people act through `act`, bots through `bot_moves` (also `act`),
remote guests over data channels (web/netplay.py feeds `host.receive`). Whatever a call returns
for remote connections goes to `send` (a no-op until a network link is attached), so local-only
and networked tables share one code path.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import unicodedata
from collections.abc import AsyncIterator, Callable

from i18n import _, in_every_language, tr

from py_engine import get_game
from py_engine.bots import get_heuristics, make_bot
from py_engine.bots.heuristics import quick_move
from py_engine.core import IllegalAction, Record, RecordError, rng

try:  # the page's User Timing (web/dom.py); CPython tests have no browser, and no marks
    import dom
except ImportError:
    dom = None

NAME_MAX = 24
# Hands dealt by mental poker at a table of one local seat and remote seats only, for games that have it
# (py_engine.net.host: fair_secret; the Lost Cities card game, 2 seats, and the board game, 2-4 seats). Hot-seat
# and bot tables start at once as before; a table with a bot or a second local seat, and other games, deal
# jointly on the host's device (a bot's hand would be on the host's device anyway).
FAIR_HANDS = True
FAIR_HANDS_KEY = "explorers.fair-hands"  # localStorage true / false: this browser's own choice (e2e, trials)


def fair_hands() -> bool:
    """Whether a new table with a remote seat deals by mental poker: this browser's setting, else FAIR_HANDS.
    Without a page (CPython tests of this module) remote tables deal jointly, as every other game's do."""
    if dom is None:
        return False
    chosen = dom.storage_get(FAIR_HANDS_KEY)
    return chosen if isinstance(chosen, bool) else FAIR_HANDS
_KIND = {"human": "local", "bot": "bot", "remote": "remote"}


def new_seed() -> int:
    """The seed of a new game: 128 bits (py_engine.core.rng.new_seed, from `secrets`; under Pyodide
    the OS entropy behind `secrets` is the browser's crypto.getRandomValues), so nobody can search
    the seed space from the cards they see."""
    return rng.new_seed()


def clean_name(text: object, fallback: str) -> str:
    """Player-chosen names: no control characters, bounded length (escaped again when drawn)."""
    s = "".join(ch for ch in str(text or "") if unicodedata.category(ch)[0] != "C").strip()
    return s[:NAME_MAX] or fallback


def shown_name(name: str, kind: str = "human", you: bool = False) -> str:
    """The name a seat is shown by: the person at this device with the default name (`you`, or an older save
    whose name is "You" in any language) is "You" in the current language; typed names stay as typed."""
    if kind == "human" and (you or name in in_every_language("You")):
        return _("You")
    return name


class LocalTable:
    autosave_key = "explorers.autosave"

    def __init__(self, game_id: str, players: int, seed: int, options: dict, seats: list[dict],
                 record: Record | None = None, saved_host: dict | None = None, net: dict | None = None) -> None:
        from py_engine.net import Host  # here: the home page starts without the net code (web/later.py)

        self.game = get_game(game_id)
        self.seats = [dict(s, name=clean_name(s.get("name"), f"Player {i + 1}")) for i, s in enumerate(seats)]
        kinds = [_KIND[s["kind"]] for s in self.seats]
        names = [s["name"] for s in self.seats]
        if saved_host is not None:
            self.host = Host.resume(saved_host)
        elif record is not None:
            self.host = Host.resume(record.to_json(), seats=kinds, names=names)
        else:
            # with a remote seat, the deal is made by all seats together (py_engine.net.host: joint)
            fair = secrets.token_bytes(32) if "remote" in kinds and fair_hands() else None
            self.host = Host(game_id, players, seed, options, seats=kinds, names=names, joint="remote" in kinds,
                             fair_secret=fair)
        self.seed = seed
        self.net = dict(net or {})  # network metadata kept with the autosave (e.g. the table id)
        self.bots = {i: self._bot(i, int(s.get("level", 1))) for i, s in enumerate(self.seats) if s["kind"] == "bot"}
        self.send = lambda outs: None  # set by a network link
        self.link = None  # the network link (web/netplay.py), if any seat is remote
        self.thought = (0.0, False)  # the last bot decision's thinking seconds and whether it searched

    def _bot(self, seat: int, level: int):
        return make_bot("search", game_id=self.game.id, level=level, seed=self.seed + 17 * seat)

    @property
    def state(self):
        return self.host.state

    @property
    def names(self) -> list[str]:
        """Seat names as shown now (the device's own default seat in the current language: shown_name)."""
        return [shown_name(row["name"], s["kind"], bool(s.get("you")))
                for s, row in zip(self.seats, self.host.table())]

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def remote_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote" or s.get("was_remote")]

    @property
    def dealing(self) -> bool:
        """A deal made by all seats that waits for a remote seat's share: the game has not started."""
        return self.host.dealing

    @property
    def dealing_words(self) -> str | None:
        """While a deal by mental poker keeps the game from going on: what it waits for, in words; else None."""
        return deal_words(self.host.fair)

    def bot_to_move(self) -> int | None:
        return next((s for s in self.host.waiting_for("bot") if s in self.bots), None)

    def moves(self) -> int:
        """Moves made so far in the game (the record's length)."""
        record = getattr(self.state, "record", None)
        return len(record.moves) if record is not None else 0

    async def think(self, seat: int, slice_ms: float = 25.0, limit: float | None = None):
        """The bot's decision for `seat`, thought in slices with the browser free between them; `limit`: the
        seconds its search may take (the turn's budget, web/pace.py), else its level's own cap."""
        began = time.perf_counter()
        bot = self.bots[seat]
        thinker = bot.start(self.state, seat)
        if limit is not None:
            thinker.limit(limit - (time.perf_counter() - began))
        thought, slices = time.perf_counter() - began, 0  # thinking: start() and the slices, not the yields
        while True:
            t0 = time.perf_counter()
            done = thinker.step(slice_ms)
            thought, slices = thought + time.perf_counter() - t0, slices + 1
            if done:
                break
            await asyncio.sleep(0)
        action = thinker.result()
        self.thought = (thought, bool(getattr(thinker, "rollouts", 0)))  # seconds, whether it searched
        if dom is not None:  # one User Timing measure per decision, the yields included (tests/bench_bots_web.py)
            dom.measure("explorers:bot-move", (time.perf_counter() - began) * 1000.0,
                        {"game": self.game.id, "seat": seat, "level": bot.level, "think_ms": round(thought * 1e3, 1),
                         "slices": slices, "rollouts": getattr(thinker, "rollouts", None),
                         "limit_ms": None if limit is None else round(limit * 1e3, 1)})
        return action

    async def bot_moves(self, going: Callable[[], bool], before: Callable[[], None],
                        pause: float = 0.05, pacer=None) -> AsyncIterator[tuple[int, object]]:
        """Play the bots' decisions one at a time while `going()`; each is thought in slices after
        `before()` (a redraw) and a `pause`, then played and yielded as (seat, action). A decision the
        table moved past while the bot thought (a remote move) is dropped and thought again.

        With a `pacer` (web/pace.py TurnPacer) the turn sets the pace: each decision's search gets the
        pacer's share of the turn's budget, and after the caller has handled a move (its redraw) the move
        stays shown for the pacer's pause; `before()` is then called for the first decision only (the
        caller redraws after every move)."""
        first = True
        while going() and (seat := self.bot_to_move()) is not None:
            if pacer is None or first:
                before()
            first = False
            await asyncio.sleep(pause)
            limit = None
            if pacer is not None:
                limit = pacer.begin(self.game.id, seat, self.bots[seat].level, self.moves())
            choices = len(self.state.legal_actions(seat))
            action = await self.think(seat, limit=limit)
            if not going():
                return
            try:
                self.act(seat, action)
            except IllegalAction:
                continue
            wait, quick = 0.0, False
            if pacer is not None:
                quick = quick_move(get_heuristics(self.game.id), action, choices)
                wait = pacer.played(quick, self.bot_to_move(), self.moves(), *self.thought)
            yield seat, action
            if pacer is None:
                continue
            shown = time.perf_counter()
            if wait:
                await asyncio.sleep(wait)
            if dom is not None:  # one measure per move shown: how long it stayed (e2e/test_bot_pace.py)
                dom.measure("explorers:bot-pause", (time.perf_counter() - shown) * 1000.0,
                            {"game": self.game.id, "seat": seat, "quick": quick, "planned_ms": round(wait * 1e3, 1)})

    def legal(self, seat: int | None) -> list:
        if seat is None or self.host.seat_kind(seat) == "remote":
            return []
        return self.host.legal(seat)

    def act(self, seat: int, action) -> None:
        """Play for a local person or a bot (raises IllegalAction, leaving the state unchanged)."""
        self.send(self.host.local_action(seat, action))

    def set_kind(self, seat: int, kind: str, level: int = 2) -> None:
        """Switch a seat between "human", "bot" and "remote" (a bot takes over a lost guest, and back)."""
        s = self.seats[seat]
        if s["kind"] == "remote":
            s["was_remote"] = True
        s["kind"] = kind
        self.bots.pop(seat, None)
        if kind == "bot":
            s.setdefault("level", level)
            self.bots[seat] = self._bot(seat, int(s["level"]))
        self.send(self.host.set_seat_kind(seat, _KIND[kind]))

    def record(self) -> Record:
        """The game's record. A table dealt by mental poker has its own (py_engine.net.Host.fair_record): the
        whole game, replayable by anyone, once the audit passed; before, this seat's moves and no deal (it
        holds no card this seat may not know, and cannot be watched until then)."""
        fair = self.host.fair_record()
        return fair if fair is not None else self.state.record

    def played(self) -> list:
        """The moves made so far, [seat, encoded action] (a table dealt by mental poker: the same public moves)."""
        return self.state.record.moves

    def save(self) -> dict:
        record, host = self.record(), self.host.save()
        if self.host.fair is not None and record.fair.get("secrets"):  # audited: the record says everything, the
            host = dict(host, record=record.to_json())  # seat's protocol log (hundreds of KB) is not kept
            host.pop("fair", None)
        return {"record": record.to_json(), "seats": self.seats, "host": host, "net": self.net}

    @classmethod
    def load(cls, data: dict) -> LocalTable:
        record = Record.from_json(data["record"])
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != record.players:
            raise ValueError("the seats do not match the record")
        if any(not isinstance(s, dict) or s.get("kind") not in _KIND for s in seats):
            raise RecordError("bad seat entry in the saved table")
        host = data.get("host")
        return cls(record.game_id, record.players, record.seed, record.options, seats,
                   record=None if host else record, saved_host=host, net=data.get("net"))

    def record_json(self) -> str:
        return json.dumps(self.record().to_json())

    def panel_html(self) -> str:
        """The network panel (invite links, answer codes, seat status); empty for a local table."""
        return self.link.panel_html() if self.link else ""


def deal_words(fair) -> str | None:
    """While a deal by mental poker keeps this seat from playing and no cheat stopped it, what it waits for in
    words ("Shuffling the deck together… 40 %", "Laying the event tiles…"); None once the game can go on (or
    without such a deal)."""
    if fair is None or fair.verdict is not None:
        return None
    done = fair.progress()
    if done < 1:
        return tr("Shuffling the deck together… {pct} %", pct=int(done * 100))
    if getattr(fair, "TILES", False) and fair.seed is None:  # the board game's tiles wait for every share
        return _("Laying the event tiles from every player's share…")
    return None
