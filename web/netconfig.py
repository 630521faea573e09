"""Connection settings and one-link room invites: the defaults live here and nowhere else.

Settings (localStorage ``explorers.net``, written by the "Connection settings" form of web/netplay.py):
- ``mode``: "internet" (default: STUN servers and public relays, so a friend anywhere connects from one
  link), "local" (same network only: no third party at all, host ICE candidates only, no relay; the
  manual answer code carries the handshake) or "relay" (every byte through the TURN server below, so
  neither peer learns the other's address; without a TURN server no route exists);
- ``stun``: STUN server URLs (DEFAULT_STUN until changed);
- ``turn``: one TURN server (url, username, credential) or None;
- ``relays``: the rendezvous relays (WebSocket BitTorrent trackers, see docs/network.md) that carry the
  encrypted signalling of the one-link flow (DEFAULT_RELAYS until changed).

Everything a person types is checked by `from_form` (bounded; a bad value raises SettingsError with a
sentence for the person); what is read back from storage goes through `parse` (anything unusable
reads as the default). Room links (``#room=``) carry the room secret: see `RoomInvite`.
Pure Python: tested in CPython (tests/test_web_netconfig.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field

DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
DEFAULT_RELAYS = ("wss://tracker.webtorrent.dev", "wss://tracker.openwebtorrent.com", "wss://tracker.btorrent.xyz")
MODES = ("internet", "local", "relay")
MAX_SERVERS = 8
MAX_URL = 200
MAX_SECRET_FIELD = 128
NO_ROUTE_AFTER = 8.0  # seconds from the start of the ICE checks to "no route" (the issue asks for <= 10 s)
RELAY_WAIT = 6.0  # seconds for a relay to answer before the page falls back to answer codes
NO_HOST_AFTER = 10.0  # seconds of a relay answering and no host before the guest's page says what may be wrong
REJOIN_EVERY = 4.0  # seconds between a guest's joins of its room while the host does not answer
SECRET_BYTES = 16  # 128-bit room secret

_HOST = r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,190})"
_STUN = re.compile(r"stuns?:" + _HOST + r"(:\d{1,5})?")
_TURN = re.compile(r"turns?:" + _HOST + r"(:\d{1,5})?(\?transport=(udp|tcp))?")
_RELAY = re.compile(r"wss?://" + _HOST + r"(:\d{1,5})?(/[A-Za-z0-9._~/-]{0,100})?")
_PRINTABLE = re.compile(r"[\x20-\x7e]*")


class SettingsError(ValueError):
    """A settings value that cannot be used; the message is meant for the person."""


@dataclass
class Settings:
    mode: str = "internet"
    stun: list[str] = field(default_factory=lambda: list(DEFAULT_STUN))
    turn: dict | None = None  # {"url", "username", "credential"}
    relays: list[str] = field(default_factory=lambda: list(DEFAULT_RELAYS))

    def to_json(self) -> dict:
        return {"mode": self.mode, "stun": list(self.stun), "turn": dict(self.turn) if self.turn else None,
                "relays": list(self.relays)}

    def ice_servers(self) -> list[dict]:
        """RTCPeerConnection iceServers: none on the same network; the TURN server alone in relay mode."""
        turn = [{"urls": self.turn["url"], "username": self.turn["username"],
                 "credential": self.turn["credential"]}] if self.turn else []
        if self.mode == "local":
            return []
        if self.mode == "relay":
            return turn
        return [{"urls": u} for u in self.stun] + turn

    def ice_policy(self) -> str:
        return "relay" if self.mode == "relay" else "all"

    def rendezvous(self) -> list[str]:
        """The relays the one-link flow may use (none: same network only)."""
        return [] if self.mode == "local" else list(self.relays)


def _lines(text: str, what: str, pattern: re.Pattern, example: str) -> list[str]:
    if not isinstance(text, str):
        raise SettingsError(f"{what}: not text")
    if len(text) > MAX_SERVERS * (MAX_URL + 2):
        raise SettingsError(f"{what}: too long (at most {MAX_SERVERS} addresses)")
    out: list[str] = []
    for raw in text.split():
        url = raw.strip()
        if not url:
            continue
        if len(url) > MAX_URL:
            raise SettingsError(f"{what}: an address is longer than {MAX_URL} characters")
        if not pattern.fullmatch(url):
            raise SettingsError(f"{what}: “{url[:60]}” is not an address like {example}")
        port = re.search(r":(\d{1,5})(?:[/?]|$)", url.split("//", 1)[-1])
        if port and not 0 < int(port.group(1)) < 65536:
            raise SettingsError(f"{what}: port {port.group(1)} is out of range")
        if url not in out:
            out.append(url)
    if len(out) > MAX_SERVERS:
        raise SettingsError(f"{what}: at most {MAX_SERVERS} addresses")
    return out


def parse_turn(url: str, username: str, credential: str) -> dict | None:
    """A TURN server from three fields; all empty means none."""
    url, username, credential = (str(x or "").strip() for x in (url, username, credential))
    if not url and not username and not credential:
        return None
    if not url:
        raise SettingsError("TURN server: the address is missing (like turn:turn.example.org:3478)")
    if len(url) > MAX_URL or not _TURN.fullmatch(url):
        raise SettingsError(f"TURN server: “{url[:60]}” is not an address like turn:turn.example.org:3478")
    for what, value in (("user name", username), ("password", credential)):
        if not value:
            raise SettingsError(f"TURN server: the {what} is missing")
        if len(value) > MAX_SECRET_FIELD or not _PRINTABLE.fullmatch(value):
            raise SettingsError(f"TURN server: the {what} must be at most {MAX_SECRET_FIELD} plain characters")
    return {"url": url, "username": username, "credential": credential}


def from_form(mode: str, stun: str, relays: str, turn_url: str = "", turn_user: str = "",
              turn_credential: str = "") -> Settings:
    """The settings a person typed, checked; SettingsError says what is wrong."""
    if mode not in MODES:
        raise SettingsError(f"unknown connection mode “{str(mode)[:20]}”")
    s = Settings(mode=mode, stun=_lines(stun, "STUN servers", _STUN, "stun:stun.example.org:3478"),
                 turn=parse_turn(turn_url, turn_user, turn_credential),
                 relays=_lines(relays, "Relays", _RELAY, "wss://tracker.example.org"))
    return s


def parse(saved) -> Settings:
    """Settings read back from storage: each unusable part reads as its default."""
    s = Settings()
    if not isinstance(saved, dict):
        return s
    if saved.get("mode") in MODES:
        s.mode = saved["mode"]
    for key, pattern in (("stun", _STUN), ("relays", _RELAY)):
        value = saved.get(key)
        if isinstance(value, list) and all(isinstance(u, str) for u in value):
            try:
                setattr(s, key, _lines("\n".join(value), key, pattern, ""))
            except SettingsError:
                pass
    turn = saved.get("turn")
    if isinstance(turn, dict):
        try:
            s.turn = parse_turn(*(turn.get(k) if isinstance(turn.get(k), str) else "" for k in
                                  ("url", "username", "credential")))
        except SettingsError:
            s.turn = None
    return s


# --- room invites -----------------------------------------------------------------------------
ROOM_VERSION = "1"
_B64 = re.compile(r"[A-Za-z0-9_-]+")
_TABLE = re.compile(r"[0-9a-f]{16}")
_GAME = re.compile(r"[a-z0-9-]{1,64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
MAX_ROOM_LINK = 400


def new_secret() -> str:
    """A fresh room secret: 128 bits from the OS (crypto.getRandomValues under Pyodide), base64url."""
    return base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).rstrip(b"=").decode()


def room_id(secret: str, channel: str) -> str:
    """A room's name as the relays see it (Trystero hashes it again into the tracker's info hash): SHA-256 of
    the secret and the channel ("seat-2", "watch"), so a relay never learns the secret that keys the
    signalling's encryption, and each seat meets the host in a room of its own."""
    return hashlib.sha256(f"explorers-table/room/{secret}/{channel}".encode()).hexdigest()[:32]


def host_proof(token: str, table: str, nonce: str) -> str:
    """The host's answer to a returning guest's challenge: HMAC-SHA-256 of the table id and the guest's nonce
    under the guest's rejoin token, which only the host and that guest know. A guest sends its token to no
    page of the room that cannot answer (another page holding the same link could pretend to be the host)."""
    return hmac.new(token.encode(), f"{table}:{nonce}".encode(), hashlib.sha256).hexdigest()


def secret_ok(secret) -> bool:
    return isinstance(secret, str) and len(secret) == 22 and bool(_B64.fullmatch(secret))


@dataclass
class RoomInvite:
    """What a ``#room=`` (seat) or ``#watch=`` link carries: the room secret (the relays see only a hash of
    it, and it keys the encryption of the signalling), the table id, and for a seat its number and
    single-use invite token."""

    secret: str
    table: str  # 16 hex digits
    game: str
    seat: int | None = None
    token: str = ""

    def encode(self) -> str:
        parts = [ROOM_VERSION, self.secret, self.table, self.game]
        if self.seat is not None:
            parts += [str(self.seat), self.token]
        return ".".join(parts)


def decode_room(code: str) -> RoomInvite:
    """A room link's fragment (after ``#room=`` or ``#watch=``), checked field by field; SettingsError
    says what is wrong."""
    if not isinstance(code, str) or len(code) > MAX_ROOM_LINK:
        raise SettingsError("this link is too long to be one of ours")
    parts = code.strip().split(".")
    if not parts or parts[0] != ROOM_VERSION:
        raise SettingsError("this link was made by another version of the app, or it is damaged")
    if len(parts) not in (4, 6):
        raise SettingsError("this link was cut short or changed: copy the whole of it again")
    _, secret, table, game = parts[:4]
    if not secret_ok(secret):
        raise SettingsError("the room secret in this link is damaged: copy the whole link again")
    if not _TABLE.fullmatch(table) or not _GAME.fullmatch(game):
        raise SettingsError("this link is damaged: copy the whole of it again")
    invite = RoomInvite(secret, table, game)
    if len(parts) == 6:
        seat, token = parts[4], parts[5]
        if not seat.isdigit() or len(seat) > 2 or not _TOKEN.fullmatch(token):
            raise SettingsError("the seat in this link is damaged: copy the whole link again")
        invite.seat, invite.token = int(seat), token
    return invite
