"""Play with friends over a peer-to-peer link, no server: host, guest and watcher screens over py_engine.net.

Two ways to connect (docs/network.md says what each third party sees):
- One link (the default, "Over the internet" in Connection settings). A table with a "Remote player" seat
  gets a `HostLink`, which joins one Trystero room per remote seat and one for watchers (web/room.py,
  public/match.js: rendezvous relays carry only encrypted signalling). Each seat's invite link is this
  page's address + ``#room=<room secret, table, game, seat, invite token>`` (web/netconfig.py). The guest
  opens it, clicks "Take my seat", and its page meets the host's in that seat's room: nothing goes back
  by hand. The host's panel says which way it connects (``net-path``).
- Answer codes (fallback: "Same network only", no relay answering within a few seconds, offline). For each
  remote seat one RTCPeerConnection (web/rtc.py) and a ``#join=<offer code>`` link (web/invite.py); the
  guest's page shows an answer code that the host pastes into that seat's field.
Either way the data channel carries py_engine.net's messages unchanged: the host hands each text to
`py_engine.net.Host` (`host.receive`); the guest plays on the shell's table screen through `RemoteTable`
(a `py_engine.net.Guest`: views in, legal actions out). Local seats act with `host.local_action`, bots
through the shell's pump (web/session.py).

Reconnecting:
- One link: a guest that reloads or drops comes back to its seat by itself. Its page keeps the table id,
  room secret and rejoin token in localStorage (``#playing`` after a reload); it joins its seat's room again
  every few seconds until the host answers, then sends "rejoin" with the token. A host that reloads resumes
  the table from its autosave (host.save() after every move) in the same rooms (the secret is kept with the
  table), and every guest reconnects so, without a new link.
- Answer codes: each reconnection takes a new handshake. The host's panel shows a fresh link for every remote
  seat that is not connected; a guest that reloads sees "Reconnect" with a field for the host's new link
  (pasting it in the address bar works too); opening it in the same browser rejoins instead of joining.
A seat whose guest is away waits, or the host clicks "Let a bot play" (and later "Back to the remote
player").

Watchers. The host's panel has a watch link (``#watch=``); a `WatchLink` page joins the table's watch room
and is sent the seats' names and view(None) after every change, never a seat's view; it sends nothing but
its request to watch. The host's panel lists the watchers, who are not seats, and can remove one.

ICE: STUN servers by default (netconfig.DEFAULT_STUN), none in "Same network only", only the TURN server in
"Through my TURN server only"; a connection that finds no path is reported within NO_ROUTE_AFTER seconds.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import secrets
import time

import bignum
import catalogue
import dom
import i18n
import invite
import js
import netconfig
import sharing
from i18n import N_, _, tdata, tr
from render import schema
from render.markup import Safe, join, tag, trusted
from room import Room
from rtc import NO_ROUTE, Peer
from session import LocalTable, deal_words

from py_engine import GAMES, get_game
from py_engine.core import IllegalAction, Record, safejson
from py_engine.net import Guest
from py_engine.net.messages import clean_name

GUEST_KEY = "explorers.guest"
NET_KEY = "explorers.net"  # connection settings (web/netconfig.py)
NAME_KEY = "explorers.name"
HOST_NAME = "Host"  # on the wire: the host's seat when it kept the default name; each guest shows it translated
PING_EVERY = 5.0  # seconds
SILENT_LIMIT = 20.0  # seconds without any message before a connection counts as lost
CONNECT_TIMEOUT = 30.0  # seconds from pasting an answer to an open channel
FAIR_TIMEOUT = 120.0  # seconds a connected seat may keep the mental-poker protocol waiting before it is refused
FAIR_BREATH = 0.02  # seconds between two pieces of mental-poker work: the browser delivers the messages that came
FAIR_IDLE = 0.1     # meanwhile and paints a frame; the longest wait with nothing to do (a message wakes it sooner)

_drafts: dict[str, str] = {}  # text typed into fields that a redraw must not wipe (data-draft)
_state: dict = {"app": None, "guest": None, "watch": None}


def now() -> float:
    return float(js.performance.now()) / 1000.0


OLD_STUN_KEY = "explorers.stun"  # before issue 38: a list of STUN URLs, host candidates only when empty


def net_settings() -> netconfig.Settings:
    """The connection settings (web/netconfig.py holds the defaults and the checks). STUN servers saved by an
    older version of the page are kept until the settings are saved again."""
    saved = dom.storage_get(NET_KEY)
    if saved is None:
        old = dom.storage_get(OLD_STUN_KEY)
        if isinstance(old, list) and old:
            saved = {"stun": old}
    return netconfig.parse(saved)


def page_base() -> str:
    return str(js.location.href).split("#", 1)[0]


@functools.lru_cache(maxsize=16)
def qr_svg(text: str) -> Safe:
    """The text as a QR code, inline SVG (segno: modules drawn as one path; no text of ours inside). Kept for the
    next redraws: making one took tens of milliseconds in Pyodide, at every redraw of a host's table."""
    try:
        import segno

        return trusted(segno.make(text, error="l").svg_inline(scale=3, border=2))
    except Exception as exc:  # a missing package must not break the panel
        return tag("p", {"class": "error"}, tr("No QR code: {reason}", reason=type(exc).__name__))


def code_box(element_id: str, text: str, label: str, testid: str) -> Safe:
    """A read-only field with Copy and a folded QR code."""
    return join(tag("div", {"class": "code-row"},
                    tag("input", {"readonly": True, "id": element_id, "data-testid": testid, "value": text,
                                  "aria-label": label}), " ",
                    tag("button", {"data-cmd": "net-copy", "data-arg": element_id, "data-testid": f"copy-{testid}"},
                        _("Copy"))),
                tag("details", {"class": "qr"}, tag("summary", None, _("QR code")), qr_svg(text)))


MODE_LABELS = {
    "internet": N_("Over the internet (one link; public relays and STUN servers help the two browsers meet)"),
    "local": N_("Same network only (no third party at all: invite link and answer code)"),
    "relay": N_("Through my TURN server only (neither browser learns the other's address)"),
}
NO_ROUTE_ADVICE = N_("No network path between the two browsers was found. Try: both on the same network (the same "
                     "Wi-Fi), or another network (a phone's hotspot), or add a TURN server in Connection settings.")


def settings_html() -> Safe:
    s = net_settings()
    mode = _drafts.get("net-mode", s.mode)
    turn = s.turn or {}
    fields = {"net-stun": "\n".join(s.stun), "net-relays": "\n".join(s.relays), "net-turn-url": turn.get("url", ""),
              "net-turn-user": turn.get("username", ""), "net-turn-cred": turn.get("credential", "")}
    val = {k: _drafts.get(k, v) for k, v in fields.items()}
    radios = [tag("label", {"class": "net-mode"},
                  tag("input", {"type": "radio", "name": "net-mode", "value": m, "data-draft": "net-mode",
                                "data-testid": f"net-mode-{m}", "checked": m == mode}), " ", _(MODE_LABELS[m]))
              for m in netconfig.MODES]
    error = _drafts.get("net-error", "")
    return tag("details", {"class": "net-settings", "data-testid": "net-settings",
                           "open": bool(error or _drafts.get("net-open"))},
               tag("summary", None, _("Connection settings")),
               tag("fieldset", None, tag("legend", None, _("How to connect")), radios),
               tag("label", None, _("STUN servers, one address per line"),
                   tag("textarea", {"rows": 2, "data-draft": "net-stun", "data-testid": "net-stun"}, val["net-stun"])),
               tag("label", None, _("Relays that help the two pages meet, one address per line"),
                   tag("textarea", {"rows": 2, "data-draft": "net-relays", "data-testid": "net-relays"},
                       val["net-relays"])),
               tag("fieldset", None, tag("legend", None, _("TURN server (optional)")),
                   tag("input", {"data-draft": "net-turn-url", "data-testid": "net-turn-url",
                                 "value": val["net-turn-url"], "aria-label": _("TURN server address"),
                                 "autocomplete": "off"}), " ",
                   tag("input", {"data-draft": "net-turn-user", "data-testid": "net-turn-user",
                                 "value": val["net-turn-user"], "aria-label": _("TURN user name"),
                                 "autocomplete": "off"}), " ",
                   tag("input", {"type": "password", "data-draft": "net-turn-cred", "data-testid": "net-turn-cred",
                                 "value": val["net-turn-cred"], "aria-label": _("TURN password"),
                                 "autocomplete": "off"})),
               tag("p", {"class": "error", "role": "alert", "data-testid": "net-settings-error"}, error)
               if error else None,
               tag("button", {"data-cmd": "net-save", "data-testid": "net-save"}, _("Save")))


def save_settings() -> bool:
    """The settings form, checked and stored; a bad value stays in the form with a message."""
    s = net_settings()
    turn = s.turn or {}
    get = _drafts.get
    try:
        new = netconfig.from_form(get("net-mode", s.mode), get("net-stun", "\n".join(s.stun)),
                                  get("net-relays", "\n".join(s.relays)), get("net-turn-url", turn.get("url", "")),
                                  get("net-turn-user", turn.get("username", "")),
                                  get("net-turn-cred", turn.get("credential", "")))
    except netconfig.SettingsError as exc:
        _drafts["net-error"] = tr("Not saved: {reason}.", reason=str(exc))
        return False
    dom.storage_set(NET_KEY, new.to_json())
    for key in ("net-mode", "net-stun", "net-relays", "net-turn-url", "net-turn-user", "net-turn-cred", "net-error"):
        _drafts.pop(key, None)
    _drafts["net-open"] = ""
    return True


# --- host -------------------------------------------------------------------------------------
def shuffling(fair) -> bool:
    """A deal by mental poker runs and no hand can be opened yet: what changes is the progress bar, drawn once
    a frame (dom.before_paint) rather than after each of the protocol's messages (a third of the seat's time)."""
    return fair is not None and fair.verdict is None and fair.progress() < 1


class FairPace:
    """When a seat's mental-poker loop works next. After a piece of work the browser breathes for a frame:
    with `asyncio.sleep(0)` the loop ran again before the data channel's messages and before any paint, so a
    seat rekeying the deck in the background took the other seat's rekeys and keys a second late, and a hand
    just opened was painted only when the deck was done. In a background tab it goes on at once, as before (no
    paint to wait for, and the browser stretches timers there to a second or more). With nothing to do it waits
    until a message comes (`wake`) or `FAIR_IDLE` has passed."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def wake(self) -> None:
        self.event.set()

    async def rest(self, worked: bool) -> None:
        if worked:  # a hidden tab paints nothing, and the browser would stretch a timer there to a second or more
            await asyncio.sleep(0 if dom.hidden() else FAIR_BREATH)
        else:
            try:
                await asyncio.wait_for(self.event.wait(), FAIR_IDLE)
            except TimeoutError:
                pass
        self.event.clear()


class SeatLink:
    """The connection state of one remote seat on the host."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.peer: Peer | None = None
        self.pid = ""
        self.link = ""
        self.ufrag = ""
        self.status = "preparing"  # preparing | waiting | connecting | open | lost | error
        self.error = ""
        self.serial = 0
        self.made = 0  # when this host made the current offer (its own clock): answers expire from it


class HostLink:
    """The host's side: one SeatLink per remote seat, all traffic through `table.host`."""

    def __init__(self, app, table: LocalTable) -> None:
        self.app, self.table = app, table
        table.link, table.send = self, self.send
        table.net.setdefault("table", secrets.token_hex(8))
        self.table_id = bytes.fromhex(table.net["table"])
        self.seats: dict[int, SeatLink] = {}
        self.peers: dict[str, Peer] = {}
        self.counter = 0
        self.closed = False
        for seat, row in enumerate(self.host.table()):  # "You" (in any language) reads wrong on a guest's screen
            if row["kind"] == "local" and row["name"] in i18n.in_every_language("You"):
                self.host.set_name(seat, HOST_NAME)
        self.rooms: dict[str, Room] = {}  # channel ("seat-N") -> the room that seat's guest meets this page in
        self.room_lost: dict[int, str] = {}  # seat -> why its room peer went
        self.watchers: dict[str, dict] = {}  # room peer id -> {"name", "pid"}: pages following the table
        self.watch_waiting: dict[str, int] = {}  # room peers of the watch room not yet watching: bad messages
        self.watch_key: tuple | None = None  # what the watchers were last sent
        self.room_state = "off"  # off (same network only) | starting | up | down (no relay answered) | error
        self.room_error = ""
        self.fair_pace = FairPace()
        self.refresh()
        self.start_room()
        dom.spawn(self._pinger())
        if self.host.fair is not None:
            dom.spawn(self._fair_loop())

    @property
    def host(self):
        return self.table.host

    def refresh(self) -> None:
        """Every remote seat without a connection gets a fresh link."""
        for seat in range(self.host.players):
            if self.host.seat_kind(seat) == "remote":
                sl = self.seats.setdefault(seat, SeatLink(seat))
                if self.host.peer_of(seat) is None and not self.host.invites().get(seat):
                    self.host.invite(seat)
                if sl.peer is None:
                    dom.spawn(self.prepare(seat))

    # --- the one-link rooms (web/room.py) -----------------------------------------------------
    def start_room(self) -> None:
        """Join a room per remote seat through the relays, unless the settings say same network only. The
        room secret is kept with the table (autosave), so a reloaded host meets its guests in the same rooms."""
        settings = net_settings()
        if not settings.rendezvous():
            self.room_state = "off"
            return
        if not netconfig.secret_ok(self.table.net.get("room")):
            self.table.net["room"] = netconfig.new_secret()
            self.app.autosave()
        self.room_state = "starting"
        self.ensure_rooms(settings)
        dom.spawn(self._relays_up())

    def ensure_rooms(self, settings: netconfig.Settings | None = None) -> None:
        """A room for every remote seat that has none yet (the host is the passive side of each)."""
        if self.room_state == "off" or self.closed:
            return
        settings = settings or net_settings()
        if "watch" not in self.rooms:
            room = Room(self.table.net["room"], "watch", settings, self.watch_event, passive=True)
            self.rooms["watch"] = room
            dom.spawn(self._room_start(room))
        for seat in range(self.host.players):
            channel = f"seat-{seat}"
            if self.host.seat_kind(seat) == "remote" and channel not in self.rooms:
                room = Room(self.table.net["room"], channel, settings,
                            lambda kind, peer_id, text, seat=seat: self.room_event(seat, kind, peer_id, text),
                            passive=True)
                self.rooms[channel] = room
                dom.spawn(self._room_start(room))

    async def _room_start(self, room: Room) -> None:
        try:
            await room.start()
        except Exception as exc:
            if self.rooms.get(room.channel) is room:
                self.room_state, self.room_error = "error", str(exc)[:200]
                self.app.redraw()

    async def _relays_up(self) -> None:
        """Say whether a relay answered within RELAY_WAIT seconds (then the answer codes are the way)."""
        waited = 0.0
        while not self.closed and self.room_state in ("starting", "down"):
            up = any(r.relays_up() for r in self.rooms.values())
            if up or (waited >= netconfig.RELAY_WAIT and self.room_state == "starting"):
                self.room_state = "up" if up else "down"
                self.app.redraw()
            await asyncio.sleep(0.2)
            waited += 0.2

    def close_rooms(self) -> None:
        for room in self.rooms.values():
            room.close()
        self.rooms.clear()

    def room_link(self, seat: int) -> str:
        token = self.host.invites().get(seat)
        if not self.rooms or not token:
            return ""
        code = netconfig.RoomInvite(self.table.net["room"], self.table_id.hex(), self.host.game.id, seat, token)
        return f"{page_base()}#room={code.encode()}"

    # --- watchers: pages that follow the table with view(None), never a seat's view ---------------
    def watch_link(self) -> str:
        if "watch" not in self.rooms:
            return ""
        code = netconfig.RoomInvite(self.table.net["room"], self.table_id.hex(), self.host.game.id)
        return f"{page_base()}#watch={code.encode()}"

    def watch_event(self, kind: str, peer_id: str, text: str) -> None:
        room = self.rooms.get("watch")
        if room is None:
            return
        if kind == "join":
            self.watch_waiting[peer_id] = 0
            room.hello(peer_id, self.table_id.hex())
        elif kind == "text":
            if peer_id in self.watchers:
                return  # a watcher has nothing more to say
            try:
                m = safejson.loads(text, max_chars=1000)
                if not (isinstance(m, dict) and m.get("v") == 1 and m.get("t") == "watch"):
                    raise ValueError("not a watch request")
            except Exception:
                bad = self.watch_waiting.get(peer_id, 0) + 1
                self.watch_waiting[peer_id] = bad
                if bad > 8:
                    room.drop(peer_id)
                return
            self.watch_waiting.pop(peer_id, None)
            self.watchers[peer_id] = {"name": clean_name(m.get("name"), "Watcher")}
            room.peer(peer_id).send(self.watch_message())
            self.app.redraw()
        elif kind == "noroute":
            self.room_error = tr("A watcher: {advice}", advice=_(NO_ROUTE_ADVICE))
            self.app.redraw()
        elif kind in ("leave", "flood"):
            if kind == "flood":
                room.drop(peer_id)
            self.watch_waiting.pop(peer_id, None)
            if self.watchers.pop(peer_id, None) is not None:
                self.app.redraw()

    def watch_message(self) -> str:
        """What every watcher gets: the seats' names and view(None), the view no seat's secret is in."""
        host = self.host
        view = None if host.dealing else host.view(None)
        return json.dumps({"v": 1, "t": "watching", "game": host.game.id, "seq": host.seq,
                           "names": [row["name"] for row in host.table()], "view": view},
                          separators=(",", ":"))

    def watch_update(self) -> None:
        """Send the watchers the table if it changed since they were last sent it."""
        if not self.watchers or "watch" not in self.rooms:
            return
        key = (self.host.seq, self.host.revision, self.host.dealing)
        if key == self.watch_key:
            return
        self.watch_key = key
        text = self.watch_message()
        room = self.rooms["watch"]
        for peer_id in list(self.watchers):
            room.peer(peer_id).send(text)

    def unwatch(self, peer_id: str) -> None:
        """The host removes a watcher: told so, then cut off for as long as this page lives."""
        room = self.rooms.get("watch")
        if room is None or self.watchers.pop(peer_id, None) is None:
            return
        room.peer(peer_id).send('{"v":1,"t":"removed"}')
        room.drop(peer_id)

    def watchers_html(self) -> Safe:
        link = self.watch_link()
        if not link:
            return Safe("")
        rows = [tag("li", {"data-testid": "watcher"}, w["name"], " ",
                    tag("button", {"data-cmd": "net-unwatch", "data-arg": peer_id, "data-testid": "unwatch"},
                        _("Remove")))
                for peer_id, w in self.watchers.items()]
        return tag("details", {"class": "net-watch", "data-testid": "net-watch", "open": bool(rows)},
                   tag("summary", None, tr("Watchers: {n}", n=len(rows))),
                   tag("p", None, _("Anyone with this link can follow the table and its log, never a hand:")),
                   code_box("watch-link", link, _("Link to watch this table"), "watch-link"),
                   tag("ul", {"class": "net-watchers"}, "", rows))

    def room_event(self, seat: int, kind: str, peer_id: str, text: str) -> None:
        room = self.rooms.get(f"seat-{seat}")
        if room is None:
            return
        pid = f"r{seat}:{peer_id}"
        if kind == "join":
            self.room_error = ""  # a connection came up: an older "no route" or cut-off alert is stale
            self.peers[pid] = room.peer(peer_id)
            self.host.last_seen[pid] = now()
            room.hello(peer_id, self.table_id.hex())  # "I am this table's host"
        elif kind == "hello" and text.startswith("c:") and len(text) == 34:  # a seated guest asks for proof
            token = (self.host.save()["seats"][seat] or {}).get("token")
            if isinstance(token, str) and token:
                room.hello(peer_id, "r:" + netconfig.host_proof(token, self.table_id.hex(), text[2:]))
        elif kind == "text":
            if pid in self.peers:
                self.message(pid, text)
                if self.host.seat_of(pid) is not None and self.room_lost.pop(seat, None):
                    self.app.redraw()
        elif kind in ("leave", "flood"):
            if kind == "flood":
                room.drop(peer_id)
                self.room_error = tr("A page in the room of seat {n} sent too many messages: it was cut off.",
                                     n=seat + 1)
                self.app.redraw()
            if pid in self.peers:
                self.lost(pid, _("it sent too many messages") if kind == "flood" else _("it left the room"))
        elif kind == "error":
            self.room_error = text[:200]
            self.app.redraw()
        elif kind == "noroute":
            self.room_error = tr("Seat {n}: {advice}", n=seat + 1, advice=_(NO_ROUTE_ADVICE))
            self.app.redraw()

    async def prepare(self, seat: int) -> None:
        sl = self.seats[seat]
        self._drop(sl)
        host = self.host
        token = host.invites().get(seat) or host.invite(seat)
        self.counter += 1
        pid = f"seat{seat + 1}-{self.counter}"
        try:
            peer = Peer(net_settings(), lambda: self.opened(pid), lambda text: self.message(pid, text),
                        lambda reason: self.lost(pid, reason))
        except Exception as exc:
            sl.status, sl.error = "error", f"This browser cannot open peer-to-peer connections ({exc})."
            self.app.redraw()
            return
        sl.peer, sl.pid, sl.status, sl.link, sl.serial = peer, pid, "preparing", "", sl.serial + 1
        self.peers[pid] = peer
        try:
            d = await peer.offer()
        except Exception as exc:
            sl.status, sl.error = "error", f"Could not prepare a connection: {exc}"
            self.app.redraw()
            return
        if sl.peer is not peer:
            return
        d.game, d.seat, d.table, d.token, d.made = self.host.game.id, seat, self.table_id, token, int(time.time())
        sl.made = d.made
        sl.link, sl.ufrag, sl.status = invite.invite_link(page_base(), d), d.ufrag, "waiting"
        self.app.redraw()

    def _drop(self, sl: SeatLink) -> None:
        if sl.peer is not None:
            self.peers.pop(sl.pid, None)
            sl.peer.close()
            sl.peer = None

    async def connect(self, seat: int) -> None:
        """Use the answer code pasted for a seat."""
        sl = self.seats.get(seat)
        if sl is None or sl.peer is None or sl.status not in ("waiting", "error"):
            return
        code = _drafts.get(f"answer-{seat}", "")
        sl.error = ""
        try:
            d = invite.decode(code)
            invite.check_answer(d, sl.ufrag, sl.made)  # expiry by the time this host made the offer
        except invite.CodeError as exc:
            sl.error = tr("Wrong answer code: {reason}.", reason=str(exc))
            self.app.redraw()
            return
        peer, serial = sl.peer, sl.serial
        try:
            await peer.accept(d)
        except Exception as exc:
            sl.error = tr("The browser could not use this answer code ({reason}).", reason=str(exc))
            self.app.redraw()
            return
        _drafts.pop(f"answer-{seat}", None)
        sl.status = "connecting"
        self.app.redraw()
        await asyncio.sleep(CONNECT_TIMEOUT)
        if sl.serial == serial and sl.status == "connecting":
            sl.error = _(NO_ROUTE_ADVICE)
            await self.prepare(seat)

    def settings_changed(self) -> None:
        """New connection settings: every seat not connected gets a new link made with them."""
        self.close_rooms()
        self.start_room()
        for seat, sl in self.seats.items():
            if self.host.seat_kind(seat) == "remote" and self.host.peer_of(seat) is None and sl.status != "open":
                sl.error = ""
                dom.spawn(self.prepare(seat))

    def seat_of_pid(self, pid: str) -> SeatLink | None:
        return next((sl for sl in self.seats.values() if sl.pid == pid), None)

    def opened(self, pid: str) -> None:
        sl = self.seat_of_pid(pid)
        if sl is not None:
            sl.status, sl.error = "open", ""
            self.host.last_seen[pid] = now()
            self.app.redraw()

    def message(self, pid: str, text: str) -> None:
        seq, rev, dealing = self.host.seq, self.host.revision, self.host.dealing
        outs = self.host.receive(pid, text, now())
        self.fair_pace.wake()
        self.send(outs)
        sl = self.seat_of_pid(pid)
        if sl is not None and any('"code":"dealt"' in out for _, out in outs):  # messages.reject: compact JSON
            sl.error = _("A browser that cannot go on with this game opened this seat's link: the seat's cards were "
                         "dealt to the browser that took it first, and only that one holds their keys.")
            self.app.redraw()
        if self.host.seq != seq or dealing != self.host.dealing:  # a move, or the last share started the game
            self.app.autosave()
            self.after_change()
        elif self.host.revision != rev:
            self.app.autosave()
            if shuffling(self.host.fair):
                dom.before_paint("table", self.app.after_change)  # one key: a pending after_change is kept
            else:
                self.app.redraw()

    def after_change(self) -> None:
        if shuffling(self.host.fair):
            dom.before_paint("table", self.app.after_change)
        else:
            self.app.after_change()

    def send(self, outs) -> None:
        for pid, text in outs:
            peer = self.peers.get(pid)
            if peer is not None:
                peer.send(text)
        self.watch_update()

    def lost(self, pid: str, reason: str) -> None:
        peer = self.peers.pop(pid, None)
        if peer is not None:
            peer.close()
        sl = self.seat_of_pid(pid)
        was_seated = self.host.seat_of(pid) is not None
        seat = self.host.seat_of(pid)
        self.send(self.host.disconnect(pid))
        if self.closed:
            return
        if sl is None:  # a peer of the room: its seat (if any) waits for it to come back through the room
            if seat is not None:
                self.room_lost[seat] = tr("{name} lost the connection ({reason}). The seat waits: the player comes "
                                          "back by opening the page again, or let a bot play.",
                                          name=self.table.names[seat], reason=reason)
                self.app.autosave()
                self.app.redraw()
            return
        sl.peer = None
        name = self.table.names[sl.seat]
        sl.error = (tr("{name} lost the connection ({reason}). The seat waits: send the new link below to rejoin, "
                       "or let a bot play.", name=name, reason=reason) if was_seated
                    else _(NO_ROUTE_ADVICE) if reason == NO_ROUTE
                    else tr("Connection failed ({reason}). A new link is ready.", reason=reason))
        sl.status, sl.link = "lost", ""
        self.app.autosave()
        self.app.redraw()
        if self.host.seat_kind(sl.seat) == "remote":
            dom.spawn(self.prepare(sl.seat))

    async def _pinger(self) -> None:
        while not self.closed:
            await asyncio.sleep(PING_EVERY)
            t = now()
            for pid in list(self.peers):
                if self.host.seat_of(pid) is None:
                    continue
                if t - self.host.last_seen.get(pid, t) > SILENT_LIMIT:
                    self.lost(pid, "no answer for 20 seconds")
                else:
                    self.send(self.host.ping(pid, t))

    async def _fair_loop(self) -> None:
        """A game dealt by mental poker (py_engine.net.host): this seat's protocol work one small piece at a
        time, back to the event loop between pieces so the page stays live; a guest that keeps the protocol
        waiting while connected is refused after FAIR_TIMEOUT."""
        since = None
        await bignum.load()
        while not self.closed and self.host.fair is not None:
            bignum.attach(self.host.fair)
            outs = self.host.poll()
            self.send(outs)
            if outs:
                self.app.autosave()
                self.after_change()
            fair = self.host.fair
            connected = any(self.host.peer_of(s) is not None for s in range(self.host.players))
            if fair.verdict is None and self.host.waiting() and connected:
                since = since if since is not None else now()
                if now() - since > FAIR_TIMEOUT:
                    self.send(self.host.fair_refused())
                    self.app.autosave()
                    self.app.after_change()
            else:
                since = None
            await self.fair_pace.rest(bool(outs))

    def bot_takes_over(self, seat: int) -> None:
        sl = self.seats.get(seat)
        if sl is not None:
            self._drop(sl)
            sl.status, sl.error, sl.link = "bot", "", ""
        self.table.set_kind(seat, "bot")
        self.app.autosave()
        self.app.after_change()

    def back_to_remote(self, seat: int) -> None:
        self.table.set_kind(seat, "remote")
        self.refresh()
        self.ensure_rooms()
        self.app.autosave()
        self.app.after_change()

    def close(self) -> None:
        self.closed = True
        self.close_rooms()
        for sl in self.seats.values():
            self._drop(sl)
        for peer in self.peers.values():
            peer.close()
        self.peers.clear()

    # --- drawing --------------------------------------------------------------------------
    def path_html(self) -> Safe:
        """Which way the guests connect, said plainly."""
        if not any(self.host.seat_kind(s) == "remote" for s in range(self.host.players)):
            return Safe("")
        state = self.room_state
        text = {"off": _("Same network only: each player gets an invite link and sends back an answer code."),
                "starting": _("Joining this table's room through the relays…"),
                "up": _("One link: the player's page finds this one through the relays; no code to send back."),
                "down": _("No relay answered: use the invite link and answer code of each seat below."),
                }.get(state) or tr("The relays cannot be used ({reason}): use the answer codes below.",
                                   reason=self.room_error)
        extra = tag("p", {"class": "error", "role": "alert", "data-testid": "net-room-alert"}, self.room_error) \
            if self.room_error and state == "up" else None
        return join(tag("p", {"class": "net-status", "data-testid": "net-path", "data-state": state}, text), extra)

    def panel_html(self) -> Safe:
        rows = []
        for seat, row in enumerate(self.host.table()):
            kind = row["kind"]
            name = tag("strong", {"data-testid": f"net-name-{seat}"}, row["name"])
            sl = self.seats.get(seat)
            if kind == "local":
                rows.append(tag("li", None, name, " ", tag("span", {"class": "net-kind"}, _("at this screen"))))
                continue
            if kind == "bot":
                back = join(" ", tag("button", {"data-cmd": "net-remote", "data-arg": seat,
                                                "data-testid": f"net-back-{seat}"}, _("Back to the remote player"))) \
                    if sl is not None else None
                rows.append(tag("li", None, name, " ", tag("span", {"class": "net-kind"}, _("bot")), back))
                continue
            if row["connected"]:
                rtt = self.host.rtt.get(sl.pid) if sl else None
                ms = f" · {rtt * 1000:.0f} ms" if rtt is not None else ""
                rows.append(tag("li", {"data-testid": f"net-seat-{seat}", "data-state": "connected"}, name, " ",
                                tag("span", {"class": "net-ok"}, _("connected"), ms)))
                continue
            body = []
            link = self.room_link(seat)
            if link:
                body += [tag("p", None, tr("Send this link to the player of seat {n}:", n=seat + 1)),
                         code_box(f"room-{seat}", link, tr("Invite link for seat {n}", n=seat + 1),
                                  f"room-link-{seat}")]
            if self.room_lost.get(seat):
                body.append(tag("p", {"class": "error", "role": "alert", "data-testid": f"net-room-error-{seat}"},
                                self.room_lost[seat]))
            manual = body if not self.rooms else []
            if sl is None or sl.status == "preparing":
                manual.append(tag("p", {"class": "net-status"}, _("Preparing an invite link…")))
            elif sl.status in ("waiting", "error", "lost") and sl.link:
                draft = _drafts.get(f"answer-{seat}", "")
                manual += [tag("p", None, tr("Send this link to the player of seat {n}:", n=seat + 1)),
                         code_box(f"invite-{seat}", sl.link, tr("Invite link for seat {n}", n=seat + 1),
                                  f"invite-{seat}"),
                         tag("label", {"class": "answer"}, _("Their answer code"), " ",
                             tag("input", {"data-draft": f"answer-{seat}", "data-testid": f"answer-in-{seat}",
                                           "value": draft, "autocomplete": "off", "spellcheck": "false"})),
                         " ", tag("button", {"class": "primary", "data-cmd": "net-connect", "data-arg": seat,
                                             "data-testid": f"answer-ok-{seat}"}, _("Connect"))]
            elif sl.status == "connecting":
                manual.append(tag("p", {"class": "net-status"}, _("Connecting…")))
            elif sl.status == "open":
                manual.append(tag("p", {"class": "net-status"},
                                  _("Connected, waiting for the guest to take the seat…")))
            if sl is not None and sl.error:
                manual.append(tag("p", {"class": "error", "role": "alert", "data-testid": f"net-error-{seat}"},
                                  sl.error))
            if self.rooms:
                body.append(tag("details", {"class": "net-manual", "data-testid": f"net-manual-{seat}",
                                            "open": self.room_state in ("down", "error") or bool(sl and sl.error)},
                                tag("summary", None, _("Or connect with an answer code (same network, no relay)")),
                                manual))
            if sl is not None and sl.status != "open" and self.host.fair is None:
                body.append(tag("p", None, tag("button", {"data-cmd": "net-bot", "data-arg": seat,
                                                          "data-testid": f"net-bot-{seat}"},
                                               _("Let a bot play this seat"))))
            rows.append(tag("li", {"data-testid": f"net-seat-{seat}", "data-state": sl.status if sl else "preparing"},
                            name, " ", tag("span", {"class": "net-wait"}, _("remote · not connected")), body))
        path = self.path_html()
        if self.host.fair is not None:
            names = [row["name"] for row in self.host.table()]
            busy = "1" if self.host.fair.drawing() else "0"  # my deck draw waits for the guest's key
            return tag("section", {"class": "net", "data-testid": "net-panel", "data-pending": busy},
                       tag("h2", None, _("Players")), path,
                       fair_html(self.host.fair, names), tag("ol", {"class": "net-seats"}, "", rows),
                       self.watchers_html(), settings_html())
        if self.host.state.record.host_share:
            sealed = tag("p", {"class": "net-deal", "data-testid": "deal-sealed", "data-state": "joint",
                               "title": _("SHA-256 commitment to the host's share of the deal, sent before any guest "
                                          "sent theirs: each guest checks it when the game ends")},
                         tr("The deal is made by all of you together ({code}…): no player can choose it.",
                            code=self.host.commitment[:12]))
        else:
            sealed = tag("p", {"class": "net-deal", "data-testid": "deal-sealed",
                               "title": _("SHA-256 commitment to the seed: each guest checks it when the game ends")},
                         tr("Deal sealed ({code}…): the guests check it when the game ends.",
                            code=self.host.commitment[:12]))
        return tag("section", {"class": "net", "data-testid": "net-panel"}, tag("h2", None, _("Players")), path, sealed,
                   trust_html(), tag("ol", {"class": "net-seats"}, "", rows), self.watchers_html(), settings_html())


# --- guest ------------------------------------------------------------------------------------
class _GuestState:
    """What the shell reads from `table.state` on a guest: only this seat's latest view."""

    def __init__(self, link: GuestLink) -> None:
        self.link = link

    def view(self, seat=None) -> dict:
        return self.link.guest.view

    def to_move(self) -> tuple:
        return tuple(self.link.guest.to_move)

    def scores(self):
        result = self.link.guest.result
        return result["scores"] if result else None


class RemoteTable:
    """The shell's table interface for a guest: the host decides, this only sends moves."""

    autosave_key = GUEST_KEY

    def __init__(self, link: GuestLink) -> None:
        self.link = link
        self.game = get_game(link.guest.game_id)
        self.state = _GuestState(link)
        self.bots: dict = {}
        self.pending = False
        self.queued: list = []  # the rest of one click's moves (shell.activate), sent one view at a time

    @property
    def names(self) -> list[str]:
        """The seats' names; the host's default name is shown in this page's language."""
        return [_("Host") if row["name"] == HOST_NAME else row["name"] for row in self.link.guest.table]

    def humans(self) -> list[int]:
        return [self.link.guest.seat]

    @property
    def dealing_words(self) -> str | None:
        """While this seat's deal by mental poker keeps the game from going on: what it waits for; else None."""
        return deal_words(self.link.guest.fair)

    def bot_to_move(self) -> None:
        return None

    async def bot_moves(self, going, before, pause: float = 0.05, pacer=None):
        """No bots play here (the host plays them): an empty stream of moves (the page's bot loop calls it as
        it calls session.LocalTable.bot_moves, pacer included)."""
        return
        yield

    def remote_seats(self) -> list[int]:
        """Every seat: this table lives on the host (no undo, no local record)."""
        return list(range(len(self.link.guest.table)))

    def played(self) -> list | None:
        """The moves made so far when this seat plays its own FairSeat (a game dealt by mental poker), else
        None: the host keeps the record."""
        fair = self.link.guest.fair
        return fair.state.record.moves if fair is not None else None

    def legal(self, seat) -> list:
        g = self.link.guest
        if seat != g.seat or self.pending or not g.seated or not self.link.connected:
            return []
        return g.legal

    def act(self, seat: int, encoded) -> None:
        if not self.link.connected:
            raise IllegalAction("not connected to the host")
        try:
            texts = self.link.guest.play(encoded)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        self.pending = True
        self.link.persist()
        for text in texts:
            self.link.send(text)

    def send_queued(self) -> bool:
        """Send the next queued move if the host's latest view still allows it (else drop the queue)."""
        if not self.queued:
            return False
        encoded = self.queued.pop(0)
        if encoded not in self.legal(self.link.guest.seat):
            self.queued = []
            return False
        self.act(self.link.guest.seat, encoded)
        return True

    def record(self) -> Record | None:
        """The whole game once it is over and this seat checked it (py_engine.net.Guest.final_record): a guest
        then watches, saves and shares it like any finished game. None before: the host keeps the record."""
        return self.link.guest.final_record()

    @property
    def seats(self) -> list[dict]:
        """The seats as a saved game keeps them: this device's person, the host's bots, everyone else human."""
        me = self.link.guest.seat
        return [{"kind": "human", "name": n, "you": True} if i == me else
                {"kind": "bot", "level": 1, "name": n} if row.get("kind") == "bot" else {"kind": "human", "name": n}
                for i, (n, row) in enumerate(zip(self.names, self.link.guest.table))]

    def save(self) -> dict:
        return self.link.saved()

    def record_json(self) -> str:
        record = self.record()
        return "null" if record is None else json.dumps(record.to_json())

    def panel_html(self) -> str:
        return self.link.panel_html()


# The guest's fair-play verdict (py_engine.net.guest: a key, the move concerned, and the English text).
VERDICTS = {
    "verified": N_("Deal verified: the cards were dealt as the host promised at the start, and every move and view "
                   "agrees."),
    "no-commitment": N_("Warning: the host made no commitment to the deal at the start, so it cannot be checked."),
    "commitment-changed": N_("Warning: the host changed its commitment to the deal during the game."),
    "two-views": N_("Warning: the host showed two different positions for move {move}."),
    "not-revealed": N_("Warning: the host did not reveal the deal at the end, so it cannot be checked."),
    "unreadable": N_("Warning: the host revealed an unreadable record."),
    "other-table": N_("Warning: the revealed record is of another game or table."),
    "commitment-mismatch": N_("Warning: the revealed deal is not the one the host committed to at the start."),
    "wrong-end": N_("Warning: the revealed record does not end at the last move the host announced."),
    "view-mismatch": N_("Warning: the position after move {move} is not what the host showed you then."),
    "illegal-move": N_("Warning: the revealed record holds an illegal move."),
    "not-replayable": N_("Warning: the revealed record cannot be replayed."),
    "not-over": N_("Warning: the revealed record does not reach the end of the game."),
    "wrong-result": N_("Warning: the announced result is not the result of the revealed game."),
    "share-missing": N_("Warning: the deal was not made with your share, as the host promised."),
    "host-dealt": N_("Dealt by the host alone — verified to match its commitment, and every move and view agrees "
                     "(you sent no share, so the host could have chosen this deal)."),
    "redeal": N_("Warning: the host asked to deal your seat again (another seat, game or options) after you sent "
                 "your share."),
    "deal-void": N_("Warning: the deal is void: it was not made from the shares of exactly the seats that committed "
                    "to one (a seat was left out or changed after the commitments were shown)."),
    "chain-changed": N_("Warning: the host changed the head of a hash chain after your seat revealed a link."),
    "links-missing": N_("Warning: the host did not reveal the links of the random events."),
    "chain-broken": N_("Warning: the links of the random events do not follow the chains the seats committed to."),
    "no-contribution": N_("Warning: a random event did not take the contribution of every seat's link, so the host "
                          "could have foreseen it."),
    "link-unused": N_("Warning: the link your seat revealed for move {move} was not used for it."),
}


def verdict_text(verdict: dict) -> str:
    """The verdict in the interface language (English: the engine's own sentence, with its details)."""
    key, text = verdict.get("key"), str(verdict.get("text", ""))
    if i18n.language() == "en" or key not in VERDICTS:
        return text[:1].upper() + text[1:] + "."
    return tr(VERDICTS[key], move=verdict.get("move") if verdict.get("move") is not None else "?")


def deal_html(g: Guest) -> Safe:
    """The fair-play line on a guest's panel: the host's commitment while the game runs, then
    "Deal verified" or a warning once the host revealed the deal (py_engine.net.guest.verify)."""
    if not g.seated and g.verdict is None:
        return Safe("")
    if g.fair is not None and g.fair_lost:
        return tag("p", {"class": "error", "role": "alert", "data-testid": "deal-status", "data-state": "lost"},
                   _("This browser no longer holds the keys of your cards in this game, so the game cannot go on."))
    if g.fair is not None:
        return fair_html(g.fair, [str(r.get("name", "")) for r in g.table])
    if g.verdict is not None:
        ok = g.verdict["ok"]
        return tag("p", {"class": "net-ok" if ok else "error", "role": None if ok else "alert",
                         "data-testid": "deal-status", "data-state": "verified" if ok else "warning"},
                   verdict_text(g.verdict))
    if g.deal is None:
        return tag("p", {"class": "error", "data-testid": "deal-status", "data-state": "none"},
                   _("The host sealed no deal: this game cannot be checked for fair play."))
    if g.joint:
        return join(tag("p", {"class": "net-deal", "data-testid": "deal-status", "data-state": "joint",
                              "title": _("The host committed to its share of the deal before you sent yours; "
                                         "checked when the game ends")},
                        tr("The deal is made by all of you together ({code}…): no player can choose it.",
                           code=g.deal[:12])), trust_html())
    return join(tag("p", {"class": "net-deal", "data-testid": "deal-status", "data-state": "sealed",
                          "title": _("SHA-256 commitment to the seed, checked when the game ends")},
                    tr("Deal sealed by the host ({code}…): checked when the game ends.", code=g.deal[:12])),
                trust_html())


# A cheat that stopped a game dealt by mental poker (py_engine.core.mental_poker: the verdict's kind).
CHEATS = {
    "wrong_key": N_("{name} showed a card with a key that does not open it. The game is stopped."),
    "not_dealt": N_("{name} played a card that was not dealt to them. The game is stopped."),
    "refused": N_("{name} stopped answering the shuffle. The game is stopped."),
    "bad_step": N_("{name} shuffled in a way their secret does not give. The game is stopped."),
    "malformed": N_("{name} sent a message that breaks the protocol. The game is stopped."),
    "illegal": N_("{name} made a move the rules do not allow. The game is stopped."),
    "not_residue": N_("{name} sent a shuffle with a marked card (a number outside the group). The game is stopped."),
    "unasked_key": N_("{name} sent a key for a card nobody drew. The game is stopped."),
    "redeal": N_("{name} asked to deal your seat again after the deal had begun. The game is stopped."),
    "stopped": N_("{name} stopped the game: their device found a broken rule ({kind})."),
    "bad_tiles": N_("The host laid the event tiles from a seed that was not made from every player's share. The "
                    "game is stopped."),
    # "refused" while the event tiles' seed was being made (py_engine.net: Host/Guest.waiting)
    "refused_tiles": N_("{name} stopped answering while the event tiles were being laid. The game is stopped."),
}


def cheat_key(verdict: dict) -> str:
    """The CHEATS entry of a verdict: its kind, told apart for a seat that stopped answering at the tiles."""
    kind = str(verdict.get("kind"))
    if kind == "refused" and "tiles" in str(verdict.get("detail", "")):
        return "refused_tiles"
    return kind


def cheat_kind(verdict: dict) -> str:
    """For a "stopped" verdict, what the other seat's device found (the kind it named, as data: shown as sent,
    escaped, at most 32 characters); "" otherwise."""
    if verdict.get("kind") != "stopped":
        return ""
    detail = str(verdict.get("detail", ""))  # "the other seat stopped the game: <kind> (<its detail>)"
    return detail.partition("stopped the game: ")[2].partition(" (")[0][:32]


def fair_html(fair, names: list[str]) -> Safe:
    """The fair-play lines of a game dealt by mental poker: the shuffle's progress, then the verdict (who
    cheated, or that the audit passed), and what each seat can trust."""
    many = getattr(fair, "players", 2) > 2  # the board game at 3-4 seats: every device shuffles
    trust = tag("p", {"class": "net-trust", "data-testid": "trust", "data-state": "fair"},
                _("Your hand is known only to you: the deck is shuffled by every player's device together, and "
                  "each card is opened only for the player who draws it.") if many else
                _("Your hand is known only to you: the deck is shuffled by both of your devices together, and "
                  "each card is opened only for the player who draws it."))
    v = fair.verdict
    if v is not None:
        seat = v.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        who = _("Host") if who == HOST_NAME else who
        if seat == -1:  # a wrong key among 3-4 seats: the audit would name the seat, the game stops first
            who = _("One of the other players")
        line = tag("p", {"class": "error", "role": "alert", "data-testid": "deal-status", "data-state": "cheat",
                         "data-kind": v.get("kind"), "title": str(v.get("detail", ""))},
                   tr(CHEATS.get(cheat_key(v), CHEATS["malformed"]), name=who, kind=cheat_kind(v)))
    elif fair.audited:
        line = tag("p", {"class": "net-ok", "data-testid": "deal-status", "data-state": "verified"},
                   _("Hands verified: all of you shuffled the deck, every card shown was dealt, and the audit "
                     "passed.") if many else
                   _("Hands verified: both of you shuffled the deck, every card shown was dealt, and the audit "
                     "passed."))
    elif fair.progress() < 1:
        pct = int(fair.progress() * 100)
        words = tr("Shuffling the deck together… {pct} %", pct=pct)
        line = tag("p", {"class": "net-deal", "data-testid": "deal-status", "data-state": "shuffling"},
                   tag("progress", {"max": 100, "value": pct, "aria-label": words}), " ", words)
    elif getattr(fair, "TILES", False) and fair.seed is None:  # the tiles' seed waits for every player's share
        line = tag("p", {"class": "net-deal", "data-testid": "deal-status", "data-state": "tiles"},
                   _("Laying the event tiles from every player's share…"))
    else:
        line = Safe("")
    return join(line, trust)


def trust_html() -> Safe:
    """What no protocol protects yet, said plainly: the host's device runs the game, hidden cards included."""
    return tag("p", {"class": "net-trust", "data-testid": "trust"},
               _("The host's device holds every hidden card of this game: play with people you trust not to "
                 "look."))


class GuestLink:
    """The guest's side: one connection to the host, a `Guest`, and the joining screens."""

    def __init__(self, app) -> None:
        self.app = app
        self.guest = Guest()
        self.peer: Peer | None = None
        self.offer: invite.Description | None = None
        self.room_invite: netconfig.RoomInvite | None = None  # the #room= link this page came from
        self.room: Room | None = None
        self.host_id = ""  # the room peer that said it hosts this table
        self.room_state = ""  # looking | no-host | no-relay | host | error | off | "" (no room)
        self.looking_since = 0.0
        self.nonces: dict[str, str] = {}  # room peer -> the challenge it must answer to be taken for the host
        self.join_clicked = False
        self.phase = "idle"  # idle | error | answering | waiting | joining | playing | lost | reconnect
        self.error = ""
        self.answer = ""
        self.table: RemoteTable | None = None
        self.heard = 0.0
        self.rejoining = False
        self.watching = False
        self.fair_polling = False  # the mental-poker loop runs (a game dealt so)
        self.fair_pace = FairPace()
        self.good: tuple | None = None  # (seq, view, legal, to_move) of the last view this page could draw

    @property
    def connected(self) -> bool:
        return self.peer is not None and self.peer.open

    def stored(self) -> dict:
        saved = dom.storage_get(GUEST_KEY)
        return saved if isinstance(saved, dict) else {}

    def persist(self) -> None:
        """Keep this seat on this device: at a table dealt by mental poker after every message it takes or sends
        (its secret and what it took stay here, so a reload goes on where it stopped)."""
        dom.storage_set(GUEST_KEY, self.saved())

    def saved(self) -> dict:
        old = self.stored()
        table = self.table_hex() or old.get("table")
        used = list(old.get("used", [])) if old.get("table") == table else []
        if self.offer and self.offer.ufrag not in used:
            used = (used + [self.offer.ufrag])[-20:]
        room = self.room_invite.secret if self.room_invite else old.get("room") if old.get("table") == table else None
        return {"table": table, "guest": self.guest.save(), "used": used, "room": room}

    def table_hex(self) -> str:
        if self.room_invite is not None:
            return self.room_invite.table
        return self.offer.table.hex() if self.offer else ""

    # --- the one-link flow (web/room.py) -----------------------------------------------------
    def open_room(self, code: str) -> None:
        """A ``#room=`` link: join the table's room through the relays. A page that already holds a seat at
        this table (reload, dropped connection) takes it back by itself; else it asks for a name first."""
        try:
            inv = netconfig.decode_room(code)
            if inv.seat is None:
                raise netconfig.SettingsError("this is a link to watch, not to take a seat")
        except netconfig.SettingsError as exc:
            self.show("error", tr("This invite link cannot be used: {reason}.", reason=str(exc)))
            return
        self.room_invite, self.offer = inv, None
        saved = self.stored()
        if saved.get("table") == inv.table and (saved.get("guest") or {}).get("token"):
            self.guest = Guest.restore(saved["guest"])
            self.join_clicked = True  # our seat: back to it with no click
        self.enter_room()

    def enter_room(self) -> None:
        self.host_id, self.peer = "", None
        dom.spawn(bignum.load())  # ready if the table is dealt by mental poker (fetched once, then cached)
        settings = net_settings()
        on_table = self.table is not None and self.app.table is self.table and self.app.screen == "table"
        if not settings.rendezvous():
            if self.room is not None:
                self.room.close()
            self.room, self.room_state = None, "off"
        else:
            if self.room_state not in ("looking", "no-host"):
                self.looking_since = now()
            self.room_state = "looking"
            self._new_room(settings)
        if on_table:  # the table stays on screen; its panel says the connection is being made again
            self.app.redraw()
        else:
            self.show("room" if not self.guest.seated else self.phase if self.phase in ("joining", "lost")
                      else "joining")

    def _new_room(self, settings: netconfig.Settings) -> None:
        if self.room is not None:
            self.room.close()
        seat = self.room_invite.seat if self.room_invite.seat is not None else self.guest.seat
        self.room = Room(self.room_invite.secret, f"seat-{seat}", settings, self.room_event)
        dom.spawn(self._room_up(self.room))

    async def _room_up(self, room: Room) -> None:
        """Join; until the host answers, join again every few seconds: each new join announces new offers at
        once (Trystero then waits up to the relay's interval, often two minutes, between announces)."""
        try:
            await room.start()
        except Exception as exc:
            self.room_state, self.error = "error", str(exc)[:200]
            self.app.redraw()
            return
        up = await room.wait_relay()
        if room is self.room and not up:
            self.room_state = "no-relay"
            self.app.redraw()
            while room is self.room and not room.closed and not await room.wait_relay(2.0):
                pass
            if room is self.room and self.room_state == "no-relay":
                self.room_state = "looking"
                self.app.redraw()
        waited = 0.0
        while room is self.room and not room.closed and not self.host_id:
            await asyncio.sleep(0.25)
            waited += 0.25
            if self.room_state == "looking" and now() - self.looking_since > netconfig.NO_HOST_AFTER:
                self.room_state = "no-host"  # still looking, and saying why it may take long
                self.app.redraw()
            if waited >= netconfig.REJOIN_EVERY and room is self.room and not self.host_id and not room.connecting():
                self._new_room(room.settings)
                return

    def room_event(self, kind: str, peer_id: str, text: str) -> None:
        if kind == "hello":
            if self.host_id or not self.room_invite:
                return
            token = self.stored_token()
            if text == self.room_invite.table:
                if token:  # our rejoin token goes only to a page that proves it knows it: the host
                    self.nonces[peer_id] = secrets.token_hex(16)
                    self.room.hello(peer_id, "c:" + self.nonces[peer_id])
                else:
                    self.host_found(peer_id)
            elif text.startswith("r:") and peer_id in self.nonces and token:
                if hmac.compare_digest(text[2:], netconfig.host_proof(token, self.room_invite.table,
                                                                       self.nonces.pop(peer_id))):
                    self.host_found(peer_id)
                else:
                    self.error = _("A page in your seat's room claimed to be the host and could not prove it: "
                                   "it was ignored.")
                    self.room.drop(peer_id)
                    self.app.redraw()
        elif kind == "text":
            if peer_id == self.host_id and self.peer is not None:
                self.received(text)
        elif kind in ("leave", "flood") and peer_id == self.host_id:
            if kind == "flood":
                self.room.drop(peer_id)
            self.host_id, self.peer, self.room_state = "", None, "looking"
            self.looking_since = now()
            if self.guest.seated:
                self.phase = "lost"
                self.error = _("Connection to the host lost. Reconnecting by itself as soon as the host's page is "
                               "back…")
            self._new_room(self.room.settings)  # announce again at once: the host may be back in a moment
            self.app.redraw()
        elif kind == "error" and "password" in text:
            self.error = _("A page with another room secret tried to connect: it was refused.")
            self.app.redraw()
        elif kind == "noroute" and not self.host_id:
            self.room_state = "no-route"
            self.app.redraw()

    def stored_token(self) -> str:
        """This page's rejoin token for the table of its room link, if it holds a seat there."""
        saved = self.stored()
        token = (saved.get("guest") or {}).get("token")
        return token if saved.get("table") == self.table_hex() and isinstance(token, str) else ""

    def host_found(self, peer_id: str) -> None:
        self.nonces.clear()
        self.host_id = peer_id
        self.peer = self.room.peer(peer_id)
        self.room_state = "host"
        if self.join_clicked:
            self.claim()
        else:
            self.app.redraw()

    def room_join_clicked(self) -> None:
        self.join_clicked = True
        if self.host_id:
            self.claim()
        else:
            self.app.redraw()

    def claim(self) -> None:
        """Take the seat (join) or take it back (rejoin) over the open connection."""
        self.heard = now()
        saved = self.stored()
        name = _drafts.get("guest-name") or dom.storage_get(NAME_KEY) or "Guest"
        dom.storage_set(NAME_KEY, name)
        token = (saved.get("guest") or {}).get("token")
        if saved.get("table") == self.table_hex() and token:
            live = self.guest.fair if self.guest.token == token else None  # no reload: go on with this seat
            self.guest = Guest.restore(saved["guest"], fair=live)
            self.rejoining = True
            self.send(self.guest.rejoin())
        else:
            self.guest = Guest(name=name)
            self.rejoining = False
            token = self.room_invite.token if self.room_invite else self.offer.token
            self.send(self.guest.join(token, name))
        self.show("joining")  # the restored Guest has no view yet: the table comes back with the host's view
        if not self.watching:
            self.watching = True
            dom.spawn(self._watch())

    def show(self, phase: str, error: str = "") -> None:
        self.phase, self.error = phase, error
        if phase != "playing":
            self.app.screen, self.app.modal = "net", None
        self.app.redraw()

    def open_link(self, code: str) -> None:
        try:
            d = invite.decode(code)
            if d.kind != invite.OFFER:
                raise invite.CodeError("this is an answer code, not an invite link")
        except invite.CodeError as exc:
            self.show("error", f"This invite link cannot be used: {exc}.")
            return
        saved = self.stored()
        if saved.get("table") == d.table.hex() and d.ufrag in saved.get("used", []):
            self.guest = Guest.restore(saved.get("guest") or {})
            self.show("reconnect")
            return
        self.offer = d
        if self.room is not None:  # a code link replaces a room link
            self.room.close()
            self.room, self.room_invite, self.host_id, self.room_state = None, None, "", ""
        dom.spawn(self._answer(d))

    async def _answer(self, d: invite.Description) -> None:
        if self.peer is not None:
            self.peer.close()
        self.answer = ""
        self.show("answering")
        try:
            peer = Peer(net_settings(), self.opened, self.received, self.lost)
        except Exception as exc:
            self.show("error", f"This browser cannot open peer-to-peer connections ({exc}).")
            return
        self.peer = peer
        try:
            ans = await peer.answer(d)
        except Exception as exc:
            peer.close()
            self.show("error", f"This invite link cannot be used: the browser refused it ({exc}). "
                               "Ask the host for a new link.")
            return
        if self.peer is peer:
            self.answer = invite.encode(ans)
            self.show("waiting")

    def send(self, text: str) -> None:
        if self.peer is not None:
            self.peer.send(text)

    def opened(self) -> None:
        self.claim()

    def received(self, text: str) -> None:
        """One message from the host. Nothing raises out of here: a view this app cannot draw is refused
        (the last good one stays on screen) and any other failure becomes a message on the page."""
        try:
            self._received(text)
        except Exception as exc:  # defensive: a host message must never break the guest's page
            try:
                self.cannot_show(f"internal error {type(exc).__name__}")
            except Exception as again:  # even drawing the message failed: the console is all that is left
                js.console.error(f"host message not handled: {exc!r}; then {again!r}")

    def view_problem(self) -> str | None:
        """Why the host's latest view cannot be shown here (render.schema), None when it can."""
        g = self.guest
        names = [str(r.get("name", "")) if isinstance(r, dict) else "" for r in (g.table or [])]
        ui = {"me": g.seat, "names": names, "legal": g.legal, "selected": None}
        return schema.problem(str(g.game_id), g.view, ui)

    def drawn(self, draw) -> None:
        """Draw the host's latest view (`draw()`: the shell's redraw) and keep it as the last good one only
        once it was drawn; a view that fails to draw is refused like one the check refused."""
        try:
            draw()
        except Exception as exc:  # the check let it through, the page could not draw it: refuse it
            self.cannot_show(tr("the board could not be drawn ({error})", error=type(exc).__name__))
            return
        g = self.guest
        self.good = (g.seq, g.view, g.legal, g.to_move)

    def draw_fair(self) -> None:
        """Draw after the mental-poker protocol moved: once a frame (dom.before_paint), not after each of its
        messages (while the deck is rekeyed in the background they come several a second)."""
        dom.before_paint("table", lambda: self.drawn(self.app.after_change))

    def cannot_show(self, reason: str) -> None:
        """Refuse the host's latest view: back to the last good one, and say so; the page keeps working."""
        g = self.guest
        if self.good is not None:
            g.seq, g.view, g.legal, g.to_move = self.good
        else:
            g.view, g.legal = None, []
        message = tr("The host sent something this app cannot show ({reason}).", reason=reason)
        if self.table is not None and self.app.table is self.table and self.good is not None:
            self.app.error = self.refused = message
            self.app.redraw()
        else:
            self.show("error", message)

    def _received(self, text: str) -> None:
        self.heard = now()
        bignum.attach(self.guest.fair)
        ev = self.guest.receive(text, now())
        if ev.kind == "seat" and self.guest.fair is not None:
            bignum.attach(self.guest.fair)  # a new seat of a deal by mental poker: GMP from its first message on
            dom.spawn(bignum.load())
        self.fair_pace.wake()
        if ev.kind == "rand" and ev.reply:  # the link is kept before it leaves: after a reload, the same one
            self.persist()
        if ev.reply:
            self.send(ev.reply)
        for reply in ev.replies:
            self.send(reply)
        if ev.kind == "seat" and self.guest.fair is not None and not self.fair_polling:
            self.fair_polling = True
            dom.spawn(self._fair_loop())
        if ev.kind in ("commits", "stop", "chains", "rand", "tiles"):  # kept by Guest.save(): the commitments and
            self.persist()                         # chain heads shown, a verdict the host sent, a link revealed, the
            if ev.kind in ("stop", "tiles", "commits"):  # tiles laid (or a verdict on them)
                self.app.redraw()
            return
        if ev.kind == "mp":
            self.persist()
            if self.table is not None and self.app.table is self.table:
                if self.guest.over and self.table.record() is not None:  # audited: into the saved games
                    self.app.autosave()
                self.table.pending = False
                self.table.send_queued()
                self.draw_fair()
            return
        if ev.kind == "seat":
            dom.storage_set(GUEST_KEY, self.saved())
            js.history.replaceState(None, "", page_base() + "#playing")
            if self.guest.joint and self.good is None:
                self.show("joining")  # seated: the game starts once every seat has sent its share
        elif ev.kind == "view":
            bad = self.view_problem()
            if bad:
                self.cannot_show(bad)
                return
            shown = (self.phase, self.error, self.app.error)
            if self.good is not None and getattr(self, "refused", "") == self.app.error:
                self.app.error = ""  # a good view again: the refusal message goes
            if self.table is None or self.table.game.id != self.guest.game_id:
                self.table = RemoteTable(self)
            self.table.pending = False
            self.table.send_queued()
            self.phase, self.error = "playing", ""
            g = self.guest
            if self.good == (g.seq, g.view, g.legal, g.to_move) and shown == (self.phase, self.error, self.app.error) \
                    and self.app.table is self.table and self.app.screen == "table":
                return  # the view on screen again (a host sends one after each piece of its deal's work)
            if self.app.table is not self.table or self.app.screen != "table":
                self.drawn(lambda: self.app.begin(self.table))
            else:
                self.drawn(self.app.after_change)
        elif ev.kind == "over":
            if self.good is None or self.table is None or self.app.table is not self.table:
                self.cannot_show(_("the game ended before any position of it was shown"))
                return
            self.app.autosave()  # checked: the finished game goes into this device's saved games too
            self.drawn(self.app.after_change)
        elif ev.kind == "reject":
            m = ev.message
            if m.get("code") == "dealt":  # a game dealt by mental poker this page cannot go on with
                self.show("error", _("This seat's cards were dealt to the browser that first took it, and only that "
                                     "browser holds their keys: open the host's new link there. If it lost this "
                                     "game's data, or the host's table did, this game cannot go on."))
                return
            if m.get("re") == "rejoin" and self.rejoining and m.get("code") == "auth":
                self.rejoining = False  # the host does not know our token any more: use the invite
                self.guest = Guest(name=self.guest.name or "Guest")
                self.send(self.guest.join(self.room_invite.token if self.room_invite else self.offer.token,
                                          self.guest.name))
                return
            if self.table is not None:
                self.table.pending, self.table.queued = False, []
            if self.phase == "joining":
                self.show("error", tr("The host refused: {reason}.", reason=str(m.get("reason"))))
            else:
                self.app.error = tr("The host refused that: {reason}", reason=str(m.get("reason")))
                self.app.redraw()
        elif ev.kind == "error":
            self.error = f"{ev.message.get('reason')}."
            self.app.redraw()
        elif ev.kind == "invalid":  # refused by the protocol check (py_engine.net.messages): nothing changed
            self.cannot_show(str(ev.error or "a malformed message")[:200])

    async def _fair_loop(self) -> None:
        """This seat's mental-poker work, one small piece at a time between events (see HostLink._fair_loop)."""
        since = None
        try:
            while self.guest.fair is not None and self.peer is not None:
                bignum.attach(self.guest.fair)
                texts = self.guest.poll()
                if texts:
                    self.persist()
                for text in texts:
                    self.send(text)
                if texts and self.table is not None and self.app.table is self.table:
                    self.draw_fair()
                fair = self.guest.fair
                if fair.verdict is None and self.guest.waiting() and self.connected:
                    since = since if since is not None else now()
                    if now() - since > FAIR_TIMEOUT:
                        self.guest.fair_refused()
                        self.app.redraw()
                else:
                    since = None
                await self.fair_pace.rest(bool(texts))
        finally:
            self.fair_polling = False

    def lost(self, reason: str) -> None:
        self.peer = None
        if self.room_invite is not None and self.guest.seated:  # the room brings the host back: meet again
            self.phase = "lost"
            self.error = tr("Connection to the host lost ({reason}). Reconnecting by itself as soon as the host's "
                            "page answers…", reason=reason)
            self.enter_room()
            self.app.redraw()
            return
        if self.phase in ("waiting", "answering", "joining"):
            self.show("error", tr("Could not connect to the host: {reason}. Ask the host for a new link.",
                                  reason=reason))
            return
        self.phase = "lost"
        self.error = tr("Connection to the host lost ({reason}). The host may have closed or reloaded the page. "
                        "Your seat is kept: ask the host for the new link for your seat and open it here.",
                        reason=reason)
        self.app.redraw()

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(PING_EVERY)
            if self.connected and self.guest.seated and now() - self.heard > SILENT_LIMIT:
                peer, self.peer = self.peer, None
                peer.close()
                self.lost("the host stopped answering")

    # --- drawing --------------------------------------------------------------------------
    def relink_html(self) -> Safe:
        return tag("p", None, tag("label", None, _("New invite link"), " ",
                                  tag("input", {"data-draft": "relink", "data-testid": "relink-in",
                                                "value": _drafts.get("relink", ""), "autocomplete": "off"})),
                   " ", tag("button", {"class": "primary", "data-cmd": "net-relink", "data-testid": "relink-ok"},
                            _("Open")))

    def panel_html(self) -> Safe:
        g = self.guest
        if self.phase == "lost" or not self.connected:
            head = join(tag("p", {"class": "error", "role": "alert", "data-testid": "net-lost"},
                            self.error or _("Not connected.")), self.relink_html())
        else:
            ms = f" · {g.rtt * 1000:.0f} ms" if isinstance(g.rtt, (int, float)) else ""
            head = tag("p", {"class": "net-ok", "data-testid": "net-connected"}, _("Connected to the host"), ms)
            if self.error:
                head += tag("p", {"class": "error", "role": "alert"}, self.error)
        kinds = {"local": _("host screen"), "bot": _("bot"), "remote": _("remote")}
        rows = [tag("li", None, tr("{name} (you)", name=r["name"]) if r["seat"] == g.seat else r["name"], " ",
                    tag("span", {"class": "net-kind"}, kinds.get(r["kind"], r["kind"]),
                        "" if r["connected"] else " · " + _("not connected"))) for r in g.table]
        busy = "1" if (self.table is not None and self.table.pending) or (g.fair is not None and g.fair.drawing()) \
            else "0"
        return tag("section", {"class": "net", "data-testid": "net-panel", "data-pending": busy},
                   tag("h2", None, _("Players")), head, deal_html(g), tag("ol", {"class": "net-seats"}, "", rows))

    def room_screen_html(self) -> Safe:
        inv = self.room_invite
        title = tdata(catalogue.title(inv.game)) if inv and inv.game in GAMES else _("a game")
        seat = inv.seat if inv and inv.seat is not None else self.guest.seat
        head = tr("Join {title} — seat {n}", title=title, n=seat + 1) if isinstance(seat, int) \
            else tr("Join {title}", title=title)
        state = self.room_state
        status = {"off": _("This link meets the host through relays, but Connection settings say same network "
                           "only. Change that setting, or ask the host for the link with an answer code."),
                  "looking": _("Looking for the host through the relays…"),
                  "no-route": _(NO_ROUTE_ADVICE),
                  "no-host": _("Still looking: a relay answers, but the host's page is not in this room. The host "
                               "may have closed the page, or this link was changed or cut: ask for it again and "
                               "copy the whole of it."),
                  "host": _("Found the host."),
                  "no-relay": _("No relay answered. Check this device's internet connection, or ask the host for "
                                "the link with an answer code (under “Or connect with an answer code”).")
                  }.get(state) or tr("The relays cannot be used here ({reason}).", reason=self.error)
        if self.phase == "joining" and self.guest.seated and self.guest.joint:
            status = _("Seated. The game starts when every player has joined: the deal is made by all of you "
                       "together.")
        elif self.join_clicked and state == "host":
            status = _("Connected: taking your seat…")
        elif self.join_clicked and state == "looking":
            status = _("Looking for the host through the relays… you take your seat as soon as it answers.")
        name = _drafts.get("guest-name") or dom.storage_get(NAME_KEY) or _("Guest")
        alert = tag("p", {"class": "error", "role": "alert"}, self.error) \
            if self.error and state in ("looking", "host") else None
        return tag("main", {"class": "net-screen", "data-testid": "room-joining", "data-state": state},
                   tag("h1", None, head),
                   tag("p", None, tag("label", None, _("Your name"), " ",
                                      tag("input", {"data-draft": "guest-name", "data-testid": "guest-name",
                                                    "maxlength": 24, "value": name}))),
                   tag("p", None, tag("button", {"class": "primary", "data-cmd": "net-room-join",
                                                 "data-testid": "room-join", "disabled": self.join_clicked},
                                      _("Take my seat"))),
                   tag("p", {"class": "net-status", "role": "status", "data-testid": "join-status"}, status), alert,
                   settings_html(), tag("p", None, tag("button", {"data-cmd": "home"}, _("Cancel"))))

    def screen_html(self) -> Safe:
        d = self.offer
        title = tdata(catalogue.title(d.game)) if d and d.game in GAMES else _("a game")
        head = tr("Join {title} — seat {n}", title=title, n=d.seat + 1) if d else tr("Join {title}", title=title)
        if self.phase == "error":
            return tag("main", {"class": "net-screen"}, tag("h1", None, _("Join a game")),
                       tag("p", {"class": "error", "role": "alert", "data-testid": "join-error"}, self.error),
                       tag("p", None, _("If the host sent you a newer link, paste it here:")), self.relink_html())
        if self.phase == "reconnect":
            game = GAMES.get(self.guest.game_id)
            what = tr("seat {n} of {title}", n=self.guest.seat + 1, title=tdata(game.title)) \
                if game and isinstance(self.guest.seat, int) else _("your seat")
            return tag("main", {"class": "net-screen", "data-testid": "reconnect"}, tag("h1", None, _("Reconnect")),
                       tag("p", None, tr("You were playing {what}. Your seat is kept. This page lost its connection, "
                                         "and a link works only once: ask the host for the new link for your seat "
                                         "(the host's screen shows it next to your name) and open it here.",
                                         what=what)),
                       self.relink_html(), settings_html())
        if self.room_invite is not None and self.phase in ("room", "joining", "lost"):
            return self.room_screen_html()
        if self.phase == "answering" or not self.answer:
            return tag("main", {"class": "net-screen"}, tag("h1", None, head),
                       tag("p", None, _("Preparing your answer code…")))
        name = _drafts.get("guest-name") or dom.storage_get(NAME_KEY) or _("Guest")
        status = (_("Connected: taking your seat…") if self.phase == "joining"
                  else _("Waiting for the host to paste this code…"))
        if self.phase == "joining" and self.guest.seated and self.guest.joint:
            status = _("Seated. The game starts when every player has joined: the deal is made by all of you "
                       "together.")
        return tag("main", {"class": "net-screen", "data-testid": "joining"}, tag("h1", None, head),
                   tag("p", None, tag("label", None, _("Your name"), " ",
                                      tag("input", {"data-draft": "guest-name", "data-testid": "guest-name",
                                                    "maxlength": 24, "value": name}))),
                   tag("p", None, _("Send this answer code back to the host, who pastes it into the field for your "
                                    "seat:")),
                   code_box("answer-code", self.answer, _("Answer code"), "answer-code"),
                   tag("p", {"class": "net-status", "role": "status", "data-testid": "join-status"}, status),
                   settings_html(), tag("p", None, tag("button", {"data-cmd": "home"}, _("Cancel"))))


# --- watchers ---------------------------------------------------------------------------------
class _Watched:
    """What a watcher knows of the table, shaped like the parts of py_engine.net.Guest that RemoteTable reads:
    view(None) and the seats' names, no seat, nothing to play."""

    def __init__(self, game_id: str) -> None:
        self.game_id, self.seat, self.fair, self.result = game_id, None, None, None
        self.view: dict | None = None
        self.table: list[dict] = []
        self.legal: list = []
        self.seated = False

    @property
    def to_move(self) -> list:
        return list((self.view or {}).get("to_move") or [])

    def final_record(self) -> None:
        return None


class WatchTable(RemoteTable):
    """The shell's table for a watcher: nobody's eyes (viewer None), no moves, nothing saved."""

    autosave_key = "explorers.watching"

    def humans(self) -> list[int]:
        return []

    def legal(self, seat) -> list:
        return []

    def act(self, seat: int, encoded) -> None:
        raise IllegalAction("a watcher does not play")

    def played(self) -> None:
        return None

    @property
    def seats(self) -> list[dict]:
        return [{"kind": "human", "name": n} for n in self.names]

    @property
    def dealing_words(self) -> None:
        """A watcher is dealt nothing and waits for no deal (its link's guest has no fair seat)."""
        return None


class WatchLink:
    """A page following a table from a ``#watch=`` link: it joins the table's watch room, says it wants to
    watch, and draws every view(None) the host sends, after the same checks a guest makes (bounded parser,
    render.schema); it sends nothing else."""

    MAX_TEXT = 2_000_000

    def __init__(self, app) -> None:
        self.app = app
        self.active = False
        self.invite: netconfig.RoomInvite | None = None
        self.room: Room | None = None
        self.host_id = ""
        self.state = ""  # looking | watching | removed | error | off
        self.error = ""
        self.guest = _Watched("")
        self.table: WatchTable | None = None
        self.heard = 0.0

    @property
    def connected(self) -> bool:
        return bool(self.host_id) and self.state == "watching"

    def open(self, code: str) -> None:
        self.active = True
        try:
            inv = netconfig.decode_room(code)
            if inv.seat is not None:
                raise netconfig.SettingsError("this is a link to take a seat, not to watch")
        except netconfig.SettingsError as exc:
            self.show("error", tr("This link cannot be used: {reason}.", reason=str(exc)))
            return
        self.invite, self.guest = inv, _Watched(inv.game)
        self.enter()

    def show(self, state: str, error: str = "") -> None:
        self.state, self.error = state, error
        if state == "removed" or not (self.table is not None and self.app.table is self.table
                                      and self.app.screen == "table"):
            self.app.screen, self.app.modal = "net", None
        self.app.redraw()

    def enter(self) -> None:
        if self.room is not None:
            self.room.close()
        self.host_id = ""
        settings = net_settings()
        if not settings.rendezvous():
            self.room = None
            self.show("off")
            return
        self.room = Room(self.invite.secret, "watch", settings, self.event)
        self.show("looking")
        dom.spawn(self._up(self.room))

    async def _up(self, room: Room) -> None:
        try:
            await room.start()
        except Exception as exc:
            self.show("error", str(exc)[:200])
            return
        waited = 0.0
        while room is self.room and not room.closed and not self.host_id:  # join again until the host answers
            await asyncio.sleep(0.25)
            waited += 0.25
            if waited >= netconfig.REJOIN_EVERY and room is self.room and not self.host_id and not room.connecting():
                self.enter()
                return

    def event(self, kind: str, peer_id: str, text: str) -> None:
        if self.state == "removed":
            return
        if kind == "hello" and not self.host_id and self.invite and text == self.invite.table:
            self.host_id = peer_id
            name = dom.storage_get(NAME_KEY)
            self.room.peer(peer_id).send(json.dumps({"v": 1, "t": "watch", "name": name if isinstance(name, str)
                                                     else "Watcher"}))
        elif kind == "text" and peer_id == self.host_id:
            try:
                self.received(text)
            except Exception as exc:  # a host message must never break the page
                self.error = tr("The host sent something this app cannot show ({reason}).",
                                reason=type(exc).__name__)
                self.app.redraw()
        elif kind in ("leave", "flood") and peer_id == self.host_id:
            if kind == "flood":
                self.room.drop(peer_id)
            self.enter()  # the host may be back in a moment (a reload): look for it again
        elif kind == "noroute" and not self.host_id:
            self.show("looking", _(NO_ROUTE_ADVICE))

    def received(self, text: str) -> None:
        m = safejson.loads(text, max_chars=self.MAX_TEXT)
        if not isinstance(m, dict) or m.get("v") != 1:
            raise ValueError("not a message")
        if m.get("t") == "removed":
            self.state = "removed"
            if self.room is not None:
                self.room.close()
            self.show("removed")
            return
        if m.get("t") != "watching" or m.get("game") != self.invite.game or m.get("game") not in GAMES:
            raise ValueError("not a view of this table's game")
        names = m.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) > 8:
            raise ValueError("bad names")
        view = m.get("view")
        if view is None:  # the deal is being made
            self.guest.table = [{"seat": i, "name": clean_name(n, "?"), "kind": "remote", "connected": True}
                                for i, n in enumerate(names)]
            self.show("looking-deal")
            return
        problem = schema.problem(self.invite.game, view, {"me": None, "names": names, "legal": [], "selected": None})
        if problem or not isinstance(view, dict) or view.get("seat") is not None:
            raise ValueError(problem or "a seat's view")
        self.guest.view = view
        self.guest.table = [{"seat": i, "name": clean_name(n, "?"), "kind": "remote", "connected": True}
                            for i, n in enumerate(names)]
        self.state = "watching"
        if self.table is None:
            self.table = WatchTable(self)
        if self.app.table is not self.table or self.app.screen != "table":
            self.app.begin(self.table)
        else:
            self.app.after_change()

    # RemoteTable reads these from its link
    def persist(self) -> None:
        return None

    def send(self, text: str) -> None:
        return None

    def saved(self) -> dict:
        return {}

    def panel_html(self) -> Safe:
        watching = self.state == "watching"
        line = tag("p", {"class": "net-ok" if watching else "error", "data-testid": "watch-status",
                         "data-state": self.state},
                   _("Watching: you see the table and its log, never a hand.") if watching
                   else _("Connection to the host lost. Reconnecting by itself…"))
        err = tag("p", {"class": "error", "role": "alert"}, self.error) if self.error else None
        return tag("section", {"class": "net", "data-testid": "net-panel"}, tag("h2", None, _("Watching")), line, err)

    def screen_html(self) -> Safe:
        inv = self.invite
        title = tdata(catalogue.title(inv.game)) if inv and inv.game in GAMES else _("a game")
        text = {"off": _("This link meets the host through relays, but Connection settings say same network only. "
                         "Change that setting to watch."),
                "looking": _("Looking for the host through the relays…"),
                "looking-deal": _("Found the table: the game starts when every player has joined."),
                "removed": _("The host removed you from the watchers."),
                }.get(self.state, self.error or _("Looking for the host through the relays…"))
        return tag("main", {"class": "net-screen", "data-testid": "watch-screen", "data-state": self.state},
                   tag("h1", None, tr("Watch {title}", title=title)),
                   tag("p", {"class": "net-status", "role": "status", "data-testid": "watch-status"}, text),
                   tag("p", {"class": "error", "role": "alert"}, self.error)
                   if self.error and self.state == "looking" else None,
                   settings_html(), tag("p", None, tag("button", {"data-cmd": "home"}, _("Cancel"))))


# --- shell hooks ------------------------------------------------------------------------------
def install(app) -> None:
    """Called once at start: styles, listeners, and the start-up screen (joining / resumed host)."""
    _state["app"] = app
    css = js.document.createElement("link")
    css.rel, css.href = "stylesheet", "./css/net.css"
    js.document.head.appendChild(css)
    dom.listen(dom.by_id("app"), "input", _on_input)
    dom.listen(js.window, "hashchange", lambda e: _on_hash(app))
    if not _on_hash(app):
        _resume_host(app)


def _on_input(event) -> None:
    el = event.target
    key = el.getAttribute("data-draft") if el.getAttribute else None
    if key:
        _drafts[key] = str(el.value)


def guest_link(app) -> GuestLink:
    if _state["guest"] is None:
        _state["guest"] = GuestLink(app)
    return _state["guest"]


def _on_hash(app) -> bool:
    h = str(js.location.hash or "")
    if h.startswith("#join="):
        guest_link(app).open_link(h[6:])
        return True
    if h.startswith("#room="):
        guest_link(app).open_room(h[6:])
        return True
    if h.startswith("#watch="):
        if _state["watch"] is None:
            _state["watch"] = WatchLink(app)
        _state["watch"].open(h[7:])
        return True
    if h == "#playing":
        saved = dom.storage_get(GUEST_KEY)
        if isinstance(saved, dict) and (saved.get("guest") or {}).get("token"):
            link = guest_link(app)
            link.guest = Guest.restore(saved["guest"])
            if netconfig.secret_ok(saved.get("room")) and isinstance(saved.get("table"), str) \
                    and net_settings().rendezvous():  # a seat taken from a room link: back through the room
                game = saved["guest"].get("game") if isinstance(saved["guest"].get("game"), str) else ""
                link.room_invite = netconfig.RoomInvite(saved["room"], saved["table"], game)
                link.join_clicked = True
                link.phase = "joining"
                link.enter_room()
                return True
            link.show("reconnect")
            return True
    return False


def _resume_host(app) -> None:
    saved = sharing.host_to_resume()
    if saved is None:
        return
    try:
        table = LocalTable.load(saved)
    except Exception as exc:
        js.console.warn(f"autosave not resumed: {exc}")
        return
    table.save_id = saved.get("save_id")  # the same slot of the saved games (web/saves.py)
    if table.remote_seats() and not table.state.is_over():
        app.begin(table)


def attach(app, table) -> None:
    """Called by the shell when a table starts: tables with remote seats get a HostLink."""
    old = getattr(app, "_host_link", None)
    if old is not None and old.table is not table:
        old.close()
        app._host_link = None
    if isinstance(table, LocalTable) and table.remote_seats() and table.link is None:
        app._host_link = HostLink(app, table)


def screen_html(app) -> str:
    w = _state["watch"]
    if w is not None and w.active:
        return w.screen_html()
    return guest_link(app).screen_html()


def command(app, cmd: str, arg: str | None) -> None:
    """UI commands named net-*."""
    link = app.table.link if isinstance(app.table, LocalTable) else None
    if cmd == "net-copy" and arg:
        el = js.document.getElementById(arg)
        if el:
            el.select()
            try:
                js.document.execCommand("copy")
            except Exception:
                pass
        return
    if cmd == "net-save":
        if save_settings():
            g = _state["guest"]
            if link:
                link.settings_changed()
            elif _state["watch"] is not None and _state["watch"].active and app.screen == "net":
                _state["watch"].enter()
            elif g is not None and g.room_invite is not None and app.screen == "net":
                g.enter_room()  # looking for the host again, with the new settings
    elif cmd == "net-connect" and link:
        dom.spawn(link.connect(int(arg)))
    elif cmd == "net-bot" and link:
        link.bot_takes_over(int(arg))
        return
    elif cmd == "net-remote" and link:
        link.back_to_remote(int(arg))
        return
    elif cmd == "net-unwatch" and link and arg:
        link.unwatch(str(arg))
    elif cmd == "net-room-join":
        guest_link(app).room_join_clicked()
        return
    elif cmd == "net-relink":
        code = _drafts.pop("relink", "").strip()
        guest_link(app).open_link(code)
        return
    app.redraw()
