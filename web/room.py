"""The one-link flow's transport: Trystero rooms (public/match.js) seen from Python.

`Room` joins the room named by a room secret and a channel (netconfig.room_id: the relays see a hash of
them) through the relays of the connection settings. The host has one room per remote seat, so guests
never connect to each other, and is the passive side of each: it makes no offers and answers every offer
at once. Every peer that passes Trystero's password handshake (same secret) shows up as a `RoomPeer`,
which sends like rtc.Peer, so py_engine.net's Host and Guest run over it unchanged. public/match.js is
imported here, on first use only: the home page never loads it.
Events reach `on_event(kind, peer_id, text)`: "join", "leave", "text", "hello", "error", "flood", and
"noroute" (a connection's ICE checks found no path within netconfig.NO_ROUTE_AFTER seconds).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import js
import netconfig
from pyodide.ffi import create_proxy, to_js

_module: list = []


async def load():
    """public/match.js, imported once (relative to the page, so a site under a sub-path works)."""
    if not _module:
        importer = js.Function.new("u", "return import(u)")
        _module.append(await importer(str(js.URL.new("./match.js", js.document.baseURI).href)))
    return _module[0]


class RoomPeer:
    """One peer of the room, with rtc.Peer's sending side (`send`, `open`, `closed`, `close`)."""

    def __init__(self, room: Room, peer_id: str) -> None:
        self.room, self.peer_id = room, peer_id
        self.open, self.closed = True, False

    def send(self, text: str) -> bool:
        if self.closed or self.room.handle is None:
            return False
        self.room.handle.send(self.peer_id, text)
        return True

    def close(self) -> None:
        self.open, self.closed = False, True


class Room:
    def __init__(self, secret: str, channel: str, settings: netconfig.Settings,
                 on_event: Callable[[str, str, str], None], passive: bool = False) -> None:
        """`channel`: "seat-N" or "watch" (netconfig.room_id); `passive`: the host's side (match.js)."""
        self.secret, self.channel, self.settings, self.on_event = secret, channel, settings, on_event
        self.passive = passive
        self.handle = None
        self.closed = False
        self.error = ""
        self._proxy = create_proxy(self._event)

    def _event(self, kind, peer_id, text) -> None:
        if not self.closed:
            self.on_event(str(kind), str(peer_id), str(text))

    async def start(self) -> None:
        """Join the room; raises when the browser cannot (no WebRTC, the module failed to load)."""
        mod = await load()
        opts = {"roomId": netconfig.room_id(self.secret, self.channel), "secret": self.secret,
                "passive": self.passive, "noRouteMs": int(netconfig.NO_ROUTE_AFTER * 1000),
                "relays": json.dumps(self.settings.rendezvous()),
                "iceServers": json.dumps(self.settings.ice_servers()), "policy": self.settings.ice_policy()}
        handle = await mod.open(to_js(opts, dict_converter=js.Object.fromEntries), self._proxy)
        if self.closed:
            handle.leave()
            return
        self.handle = handle

    async def wait_relay(self, seconds: float = netconfig.RELAY_WAIT) -> bool:
        """True once a relay answered, False if none did within `seconds`."""
        waited = 0.0
        while waited < seconds and not self.closed:
            if self.relays_up():
                return True
            await asyncio.sleep(0.1)
            waited += 0.1
        return self.relays_up() > 0

    def relays_up(self) -> int:
        try:
            return int(self.handle.relaysUp()) if self.handle is not None else 0
        except Exception:
            return 0

    def connecting(self) -> int:
        """Connections of this room whose ICE checks run (both descriptions set, not connected yet)."""
        try:
            return int(self.handle.connecting()) if self.handle is not None else 0
        except Exception:
            return 0

    def peer(self, peer_id: str) -> RoomPeer:
        return RoomPeer(self, peer_id)

    def hello(self, peer_id: str, text: str) -> None:
        if self.handle is not None:
            self.handle.hello(peer_id, text)

    def drop(self, peer_id: str) -> None:
        """Ignore this peer from now on (it flooded or broke the protocol)."""
        if self.handle is not None:
            self.handle.drop(peer_id)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.handle is not None:
            try:
                self.handle.leave()
            except Exception:
                pass
        # the callback proxy is kept: Trystero may still call it while it leaves (it then does nothing)
