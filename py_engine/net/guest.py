"""The guest side of a table: builds messages for the host and keeps the latest view it was sent.

Transport-agnostic: `receive` takes one raw text from the host's connection and returns an `Event`
(what happened, plus `reply` text to send back for a ping); it never raises. A malformed host
message gives an "invalid" event with the reason and leaves the guest unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import messages as msg
from .messages import ProtocolError, canonical


@dataclass(frozen=True)
class Event:
    """What a host message did. kind: "seat", "view", "over", "reject", "error", "ping", "pong" or
    "invalid"; `message` is the parsed message, `reply` a text to send back to the host (for a ping),
    `error` the reason an "invalid" message was refused."""

    kind: str
    message: dict | None = None
    reply: str | None = None
    error: str | None = None


def _plain(action: Any) -> Any:
    """An action as its JSON value (tuples become lists)."""
    if isinstance(action, (tuple, list)):
        return [_plain(a) for a in action]
    return action


class Guest:
    """Client state machine. Fields the UI reads: `seat`, `token` (keep it, e.g. in localStorage, to
    rejoin), `seated`, `game_id`, `players`, `options`, `name`, `seq`, `view`, `legal`, `to_move`,
    `table`, `over`, `result`, `last_reject`, `last_error`, `rtt`, and `my_turn`."""

    def __init__(self, *, seat: int | None = None, token: str | None = None, name: str = "") -> None:
        self.seat = seat
        self.token = token
        self.name = name
        self.seated = False  # True between a "seat" message and an "error" (replaced / closed)
        self.game_id: str | None = None
        self.players: int | None = None
        self.options: dict | None = None
        self.seq: int | None = None
        self.view: dict | None = None
        self.legal: list = []
        self.to_move: list[int] = []
        self.table: list[dict] = []
        self.over = False
        self.result: dict | None = None
        self.last_reject: dict | None = None
        self.last_error: dict | None = None
        self.rtt: float | None = None
        self._ping_n = 0
        self._ping_sent: tuple[int, float | None] | None = None

    # --- persistence (for a reload) -----------------------------------------------------------
    def save(self) -> dict:
        """What a reloading browser needs to rejoin: seat, token, name, game id."""
        return {"seat": self.seat, "token": self.token, "name": self.name, "game": self.game_id}

    @classmethod
    def restore(cls, saved: dict) -> Guest:
        g = cls(seat=saved.get("seat"), token=saved.get("token"), name=saved.get("name") or "")
        g.game_id = saved.get("game")
        return g

    @property
    def my_turn(self) -> bool:
        return self.seated and not self.over and self.seat in self.to_move and bool(self.legal)

    # --- outgoing -----------------------------------------------------------------------------
    def join(self, invite: str, name: str | None = None) -> str:
        """The message claiming a seat with an invite token."""
        if name is not None:
            self.name = name
        return msg.join(invite, self.name)

    def rejoin(self, token: str | None = None) -> str:
        """The message reclaiming our seat with the rejoin token (ours by default)."""
        token = token if token is not None else self.token
        if not token:
            raise ValueError("no rejoin token: join with an invite first")
        return msg.rejoin(token)

    def act(self, action: Any, *, check: bool = True) -> str:
        """The message playing `action` (tuple or encoded list) against the current view.
        With `check`, raises ValueError unless it is one of `legal`."""
        if self.seq is None:
            raise ValueError("no view yet")
        value = _plain(action)
        if check and canonical(value) not in {canonical(a) for a in self.legal}:
            raise ValueError("not one of the legal moves of the current view")
        return msg.act(self.seq, value)

    def ping(self, now: float | None = None) -> str:
        """A ping; the matching pong sets `rtt` when `now` is passed to both calls."""
        self._ping_n += 1
        self._ping_sent = (self._ping_n, now)
        return msg.ping(self._ping_n)

    # --- incoming -----------------------------------------------------------------------------
    def receive(self, text: Any, now: float | None = None) -> Event:
        """Take one host message; never raises."""
        try:
            m = msg.parse_host(text)
            return getattr(self, "_on_" + m["t"])(m, now)
        except ProtocolError as exc:
            return Event("invalid", error=f"{exc.code}: {exc.reason}")
        except Exception as exc:  # defensive: a guest must survive any host text
            return Event("invalid", error=f"internal: {type(exc).__name__}")

    def _on_seat(self, m: dict, now: float | None) -> Event:
        self.seat, self.token, self.game_id = m["seat"], m["token"], m["game"]
        self.players, self.options, self.name = m["players"], m["options"], m["name"]
        self.seated = True
        self.over, self.result = False, None
        return Event("seat", m)

    def _on_view(self, m: dict, now: float | None) -> Event:
        if not self.seated:
            raise ProtocolError("malformed", "a view arrived before a seat was assigned")
        if m["seat"] != self.seat or len(m["table"]) != self.players:
            raise ProtocolError("malformed", "a view for another seat or table arrived")
        self.seq, self.view, self.legal = m["seq"], m["view"], m["legal"]
        self.to_move, self.table, self.over = m["to_move"], m["table"], m["over"]
        if not self.over:
            self.result = None
        return Event("view", m)

    def _on_over(self, m: dict, now: float | None) -> Event:
        if not self.seated:
            raise ProtocolError("malformed", "a result arrived before a seat was assigned")
        self.over, self.result = True, m["result"]
        return Event("over", m)

    def _on_reject(self, m: dict, now: float | None) -> Event:
        self.last_reject = m
        return Event("reject", m)

    def _on_error(self, m: dict, now: float | None) -> Event:
        self.last_error = m
        self.seated = False
        self.legal = []
        return Event("error", m)

    def _on_ping(self, m: dict, now: float | None) -> Event:
        return Event("ping", m, reply=msg.pong(m["n"]))

    def _on_pong(self, m: dict, now: float | None) -> Event:
        sent = self._ping_sent
        if sent is not None and sent[0] == m["n"]:
            self._ping_sent = None
            if now is not None and sent[1] is not None:
                self.rtt = now - sent[1]
        return Event("pong", m)
