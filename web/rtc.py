"""One WebRTC peer connection with one data channel, through Pyodide's JS bridge.

Non-trickle: `offer()` / `answer()` wait until ICE gathering is complete and return the cut-down
description (web/invite.py); the other side's description is rebuilt into a full SDP. The channel is
pre-negotiated (id 0) on both sides, so no ``datachannel`` event is needed. Every JS callback is a
proxy made here and destroyed by `close()`. Texts longer than CHUNK characters are sent in parts
("+" then a final "=" prefix); protocol messages always start with "{".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import invite
import js
from netconfig import NO_ROUTE_AFTER
from pyodide.ffi import create_proxy, to_js

CHUNK = 16000  # characters per data-channel message (cross-browser safe size)
MAX_TEXT = 4 * 1024 * 1024
GATHER_TIMEOUT = 8.0  # seconds; after that the candidates found so far are used
NO_ROUTE = "the connection failed: no network path between the two browsers"
LOST_AFTER = 6.0  # seconds in "disconnected" before the connection counts as lost


def _js(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


class Peer:
    """`on_open()`, `on_message(text)` and `on_lost(reason)` are called at most as described:
    on_lost once, when the channel closes or the connection fails."""

    def __init__(self, settings, on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_lost: Callable[[str], None]) -> None:
        """`settings`: a netconfig.Settings (ICE servers and policy)."""
        self.on_open, self.on_message, self.on_lost = on_open, on_message, on_lost
        self.pc = js.RTCPeerConnection.new(_js({"iceServers": settings.ice_servers(),
                                                "iceTransportPolicy": settings.ice_policy()}))
        self.channel = self.pc.createDataChannel("table", _js({"negotiated": True, "id": 0, "ordered": True}))
        self._listeners: list = []
        self._buffer: list[str] = []
        self._size = 0
        self.open = False
        self.closed = False
        self._listen(self.channel, "open", self._opened)
        self._listen(self.channel, "message", lambda e: self._received(e.data))
        self._listen(self.channel, "close", lambda e: self._lost("the connection was closed"))
        self._listen(self.pc, "connectionstatechange", self._state_changed)

    def _listen(self, target, event: str, fn) -> None:
        proxy = create_proxy(fn)
        self._listeners.append((target, event, proxy))
        target.addEventListener(event, proxy)

    # --- handshake ----------------------------------------------------------------------------
    async def _gathered(self) -> None:
        waited = 0.0
        while self.pc.iceGatheringState != "complete" and waited < GATHER_TIMEOUT:
            await asyncio.sleep(0.05)
            waited += 0.05

    async def offer(self) -> invite.Description:
        await self.pc.setLocalDescription(await self.pc.createOffer())
        await self._gathered()
        return invite.parse_sdp(self.pc.localDescription.sdp, invite.OFFER)

    async def answer(self, offer: invite.Description) -> invite.Description:
        await self.pc.setRemoteDescription(_js({"type": "offer", "sdp": invite.sdp(offer)}))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        await self._gathered()
        d = invite.parse_sdp(self.pc.localDescription.sdp, invite.ANSWER)
        d.offer_ufrag = offer.ufrag
        return d

    async def accept(self, answer: invite.Description) -> None:
        await self.pc.setRemoteDescription(_js({"type": "answer", "sdp": invite.sdp(answer)}))
        asyncio.ensure_future(self._route_watch())

    async def _route_watch(self) -> None:
        """Both descriptions are set, so the ICE checks run: no open channel within NO_ROUTE_AFTER seconds
        means no route (the browser alone may wait half a minute or for ever when no candidate pair exists)."""
        waited = 0.0
        while waited < NO_ROUTE_AFTER and not self.open and not self.closed:
            if self.pc.iceConnectionState == "failed":
                break
            await asyncio.sleep(0.1)
            waited += 0.1
        if not self.open and not self.closed:
            self._lost(NO_ROUTE)

    # --- traffic ------------------------------------------------------------------------------
    def send(self, text: str) -> bool:
        if not self.open or self.closed:
            return False
        try:
            if len(text) <= CHUNK:
                self.channel.send(text)
            else:
                parts = [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)]
                for part in parts[:-1]:
                    self.channel.send("+" + part)
                self.channel.send("=" + parts[-1])
            return True
        except Exception:  # the channel closed under us: its close event reports the loss
            return False

    def _received(self, data) -> None:
        if not isinstance(data, str):
            return  # binary messages are not part of the protocol
        if data[:1] in ("+", "="):
            self._size += len(data)
            if self._size > MAX_TEXT:
                self._buffer, self._size = [], 0
                return
            self._buffer.append(data[1:])
            if data[0] == "+":
                return
            data, self._buffer, self._size = "".join(self._buffer), [], 0
        self.on_message(data)

    def _opened(self, event=None) -> None:
        if not self.closed:
            self.open = True
            self.on_open()

    def _state_changed(self, event=None) -> None:
        state = self.pc.connectionState
        if state == "failed":
            self._lost("the connection failed (no network path between the two browsers)")
        elif state == "closed":
            self._lost("the connection was closed")
        elif state == "disconnected":
            asyncio.ensure_future(self._maybe_lost())

    async def _maybe_lost(self) -> None:
        await asyncio.sleep(LOST_AFTER)
        if not self.closed and self.pc.connectionState in ("disconnected", "failed"):
            self._lost("the connection was interrupted")

    def _lost(self, reason: str) -> None:
        if self.closed:
            return
        was_open = self.open
        self.close()
        if was_open or reason.startswith("the connection failed"):
            self.on_lost(reason)

    def close(self) -> None:
        """Close the channel and the connection and destroy every proxy (idempotent)."""
        if self.closed:
            return
        self.closed, self.open = True, False
        # deferred: close() may run inside one of the callbacks it is about to destroy
        asyncio.get_event_loop().call_soon(self._release)

    def _release(self) -> None:
        for target, event, proxy in self._listeners:
            try:
                target.removeEventListener(event, proxy)
            except Exception:
                pass
            proxy.destroy()
        self._listeners = []
        for thing in (self.channel, self.pc):
            try:
                thing.close()
            except Exception:
                pass
