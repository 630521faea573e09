"""Invite links and answer codes: a WebRTC description cut down to what matters, packed, checked.

Only these SDP fields travel (see shared/reference/webrtc-signalling.md §3): ICE ufrag and pwd, the
sha-256 DTLS fingerprint, the setup role (implied by the kind: the offer is ``actpass``, the answer
``active``) and each UDP candidate as address, port and type. `sdp()` rebuilds a full data-channel
SDP from a fixed template. A code is ``base64url(header | body | crc32)``: the header byte holds the
format version and whether the body is raw-deflated; the CRC over header and body turns a typo, a
cut or otherwise damaged link into a clear `CodeError` instead of a connection that silently never
comes up. The CRC detects accidental damage only: it is no signature, anyone can recompute it, so a
code proves nothing about who made it. What protects a table is elsewhere: the invite token (single
use, checked by the host), the DTLS fingerprint (the browsers refuse a peer with another key), and
these checks on every decoded field:
- ICE ufrag and password follow the ICE grammar (RFC 8839: 4-256 / 22-256 characters of
  ALPHA / DIGIT / "+" / "/"), so no CR/LF or other character can add lines to the rebuilt SDP;
- the game id, token and candidate addresses have fixed alphabets and lengths;
- expiry: the host checks an answer against the time IT made the offer (`check_answer`), so a
  link whose "made" time was moved cannot keep an offer alive; the guest's `decode` also refuses a
  link older than MAX_AGE, or claiming to be made more than MAX_AGE in the future.

An offer also carries the game id, the seat, the table id (8 random bytes: a guest that already holds
a rejoin token for this table rejoins instead of joining), the invite token and the time it was made.
An answer carries the offer's ufrag, so the host can tell an answer meant for another seat's link.
Pure Python (no browser): tested in CPython.
"""

from __future__ import annotations

import base64
import ipaddress
import re
import time
import uuid
import zlib
from dataclasses import dataclass, field

from py_engine.core import safejson

VERSION = 1
MAX_AGE = 24 * 3600  # an invite older than this is refused as expired
MAX_CODE = 4000  # characters; anything longer is not one of ours
NOT_OURS = "this is not an Explorers' Table code"
CUT_SHORT = "the link or code was cut short (its end is missing): copy the whole of it again"
OFFER, ANSWER = 0, 1
TYPES = ("host", "srflx", "prflx", "relay")
_PRIORITY = {"host": 2122260223, "srflx": 1686052607, "prflx": 1845501695, "relay": 41885439}


class CodeError(ValueError):
    """A link or code that cannot be used; the message is meant for the person."""


_ICE = re.compile(r"[A-Za-z0-9+/]+")
_GAME = re.compile(r"[a-z0-9-]{1,64}")
_TOKEN = re.compile(r"[\x21-\x7e]{16,128}")


def ice_ok(ufrag: str, pwd: str) -> bool:
    """ICE credentials in the ICE grammar (RFC 8839): ufrag 4-256, pwd 22-256 ice-chars."""
    return (isinstance(ufrag, str) and isinstance(pwd, str) and 4 <= len(ufrag) <= 256 and 22 <= len(pwd) <= 256
            and bool(_ICE.fullmatch(ufrag)) and bool(_ICE.fullmatch(pwd)))


def check_answer(d: Description, ufrag: str, made: float, now: float | None = None) -> None:
    """The host's checks on an answer code pasted for the offer it made at `made` (its own clock)
    with ICE ufrag `ufrag`: an answer, for that offer, and the offer not older than MAX_AGE."""
    if d.kind != ANSWER:
        raise CodeError("that is an invite link, not an answer code — paste the code the guest's page shows")
    if d.offer_ufrag != ufrag:
        raise CodeError("it was made for another invite link (another seat's, or an older link) — ask the "
                        "guest to open the link shown here")
    if (time.time() if now is None else now) - made > MAX_AGE:
        raise CodeError("the invite link it answers has expired: send the guest the new link")


@dataclass
class Description:
    """The parts of an offer or answer that matter for a data channel."""

    kind: int  # OFFER or ANSWER
    ufrag: str
    pwd: str
    fingerprint: bytes  # 32 bytes of sha-256
    candidates: list[tuple[str, int, str]] = field(default_factory=list)  # (address, port, type)
    # offer only
    game: str = ""
    seat: int = 0
    table: bytes = b""
    token: str = ""
    made: int = 0  # unix seconds
    # answer only
    offer_ufrag: str = ""


# --- SDP --------------------------------------------------------------------------------------
def parse_sdp(sdp: str, kind: int) -> Description:
    """Pick the fields that matter out of a browser's full SDP."""
    ufrag = pwd = ""
    fp = b""
    cands: list[tuple[str, int, str]] = []
    for line in sdp.replace("\r\n", "\n").split("\n"):
        line = line.strip()
        if line.startswith("a=ice-ufrag:") and not ufrag:
            ufrag = line[12:]
        elif line.startswith("a=ice-pwd:") and not pwd:
            pwd = line[10:]
        elif line.startswith("a=fingerprint:sha-256 ") and not fp:
            fp = bytes.fromhex(line[22:].replace(":", ""))
        elif line.startswith("a=candidate:"):
            parts = line[12:].split()
            if len(parts) >= 8 and parts[1] == "1" and parts[2].lower() == "udp" and parts[6] == "typ":
                addr, port, typ = parts[4], int(parts[5]), parts[7]
                if typ in TYPES and (addr, port, typ) not in cands:
                    cands.append((addr, port, typ))
    if not ufrag or not pwd or len(fp) != 32:
        raise CodeError("the browser produced a description without ICE credentials or a sha-256 fingerprint")
    if not ice_ok(ufrag, pwd):
        raise CodeError("the browser produced ICE credentials outside the ICE grammar")
    return Description(kind, ufrag, pwd, fp, cands)


def sdp(d: Description) -> str:
    """A full SDP for setRemoteDescription, rebuilt from the kept fields."""
    lines = ["v=0", f"o=- {int.from_bytes(d.fingerprint[:6], 'big')} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
             "a=group:BUNDLE 0", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0"]
    for i, (addr, port, typ) in enumerate(d.candidates):
        extra = "" if typ == "host" else " raddr 0.0.0.0 rport 0"
        lines.append(f"a=candidate:{i + 1} 1 udp {_PRIORITY[typ] - i} {addr} {port} typ {typ}{extra}")
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{d.ufrag}", f"a=ice-pwd:{d.pwd}",
              "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in d.fingerprint),
              "a=setup:" + ("actpass" if d.kind == OFFER else "active"), "a=mid:0", "a=sctp-port:5000",
              "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


# --- binary packing ---------------------------------------------------------------------------
def _short(text: str | bytes) -> bytes:
    data = text.encode("utf-8") if isinstance(text, str) else text
    if len(data) > 255:
        raise CodeError("a field is too long to pack")
    return bytes([len(data)]) + data


_MDNS = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$")


def _pack_candidate(addr: str, port: int, typ: str) -> bytes:
    t = TYPES.index(typ)
    if _MDNS.match(addr.lower()):
        fam, raw = 2, uuid.UUID(addr[:-6]).bytes
    else:
        try:
            ip = ipaddress.ip_address(addr)
            fam, raw = (0, ip.packed) if ip.version == 4 else (1, ip.packed)
        except ValueError:
            fam, raw = 3, _short(addr)
    return bytes([fam << 4 | t]) + raw + port.to_bytes(2, "big")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise CodeError("the code is cut short")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def short(self) -> bytes:
        return self.take(self.byte())

    def text(self) -> str:
        try:
            return self.short().decode("utf-8")
        except UnicodeDecodeError:
            raise CodeError("the code is damaged") from None


def _unpack_candidate(r: _Reader) -> tuple[str, int, str]:
    head = r.byte()
    fam, t = head >> 4, head & 15
    if t >= len(TYPES) or fam > 3:
        raise CodeError("the code is damaged")
    if fam == 0:
        addr = str(ipaddress.IPv4Address(r.take(4)))
    elif fam == 1:
        addr = str(ipaddress.IPv6Address(r.take(16)))
    elif fam == 2:
        addr = str(uuid.UUID(bytes=r.take(16))) + ".local"
    else:
        addr = r.text()
        if not re.fullmatch(r"[A-Za-z0-9.:-]{1,253}", addr):
            raise CodeError("the code is damaged")
    return addr, int.from_bytes(r.take(2), "big"), TYPES[t]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def encode(d: Description) -> str:
    """Pack a description into a code (URL-safe, no padding)."""
    if not ice_ok(d.ufrag, d.pwd) or len(d.fingerprint) != 32:
        raise CodeError("a description needs ICE credentials in the ICE grammar and a sha-256 fingerprint")
    body = bytes([d.kind]) + _short(d.ufrag) + _short(d.pwd) + d.fingerprint
    if d.kind == OFFER:
        body += _short(d.game) + bytes([d.seat]) + d.table[:8].ljust(8, b"\0") + _short(d.token)
        body += int(d.made).to_bytes(4, "big")
    else:
        body += _short(d.offer_ufrag)
    cands = d.candidates[:15]
    body += bytes([len(cands)]) + b"".join(_pack_candidate(*c) for c in cands)
    squeezed = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeezed.compress(body) + squeezed.flush()
    flag, payload = (0x80, packed) if len(packed) < len(body) else (0, body)
    blob = bytes([VERSION | flag]) + payload
    return _b64(blob + zlib.crc32(blob).to_bytes(4, "big"))


def decode(code: str, *, now: float | None = None) -> Description:
    """Unpack a code, or raise CodeError with a reason a person can act on."""
    code = "".join((code or "").split())
    if "#join=" in code:
        code = code.split("#join=", 1)[1]
    if not code:
        raise CodeError("the code is empty")
    if len(code) > MAX_CODE:
        raise CodeError(f"the code is too long ({len(code)} characters; a code has at most {MAX_CODE}): copy only "
                        "the code, once")
    if not re.fullmatch(r"[A-Za-z0-9_-]+", code):
        raise CodeError("this is not an Explorers' Table code (it has characters a code never has)")
    ours = _starts_like_ours(code)
    try:
        blob = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        # 4k+1 characters is never base64: most likely a code cut one character into its next group
        head = base64.urlsafe_b64decode(code[:-1] + "=" * (-len(code[:-1]) % 4)) if len(code) % 4 == 1 else None
        if ours and head is not None and (len(head) < 6 or _cut_short(head)):
            raise CodeError(CUT_SHORT) from None
        raise CodeError(NOT_OURS) from None
    if len(blob) < 6:
        raise CodeError(CUT_SHORT if ours else NOT_OURS)
    version, payload, crc = blob[0] & 0x7F, blob[1:-4], blob[-4:]
    if zlib.crc32(blob[:-4]).to_bytes(4, "big") != crc:
        if ours and _cut_short(blob):
            raise CodeError(CUT_SHORT)
        raise CodeError("the code is damaged or was changed (checksum mismatch): copy it again, whole")
    if version != VERSION:
        raise CodeError(f"the code was made by another version of the app (format {version}, this page reads "
                        f"{VERSION}): reload both pages")
    body = payload
    if blob[0] & 0x80:
        try:
            body = safejson.inflate(payload, 4096, wbits=-15)
        except safejson.JsonInputError:
            raise CodeError("the code is damaged") from None
    try:
        return _read(_Reader(body), now)
    except (ValueError, IndexError) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("the code is damaged") from None


def _starts_like_ours(code: str) -> bool:
    """Every code this app makes starts with its format byte (VERSION, high bit = compressed): a short or
    broken text that does not is called no code of ours rather than one cut short."""
    whole = len(code) * 6 // 8
    if whole == 0:
        return code[:1] in {_b64(bytes([VERSION]))[0], _b64(bytes([VERSION | 0x80]))[0]}
    head = base64.urlsafe_b64decode(code[:4] + "=" * (-len(code[:4]) % 4))
    return head[0] & 0x7F == VERSION


def _cut_short(blob: bytes) -> bool:
    """A code whose checksum fails because its end is missing: what follows the header (the bytes taken for
    the checksum included) holds no whole description, or a whole one followed by less than 4 checksum bytes."""
    rest = blob[1:]
    if blob[0] & 0x80:
        inflater = zlib.decompressobj(-15)
        try:
            inflater.decompress(rest, 4096)
        except zlib.error:
            return False
        return not inflater.eof or len(inflater.unused_data) < 4
    reader = _Reader(rest)
    try:
        _read(reader, None)
    except CodeError as exc:
        return "cut short" in str(exc)
    except (ValueError, IndexError):
        return False
    return len(rest) - reader.pos < 4


def _read(r: _Reader, now: float | None) -> Description:
    kind = r.byte()
    if kind not in (OFFER, ANSWER):
        raise CodeError("the code is damaged")
    d = Description(kind, r.text(), r.text(), r.take(32))
    if not ice_ok(d.ufrag, d.pwd):
        raise CodeError("the code is damaged (its connection credentials have characters they never have)")
    if kind == OFFER:
        d.game, d.seat, d.table, d.token = r.text(), r.byte(), r.take(8), r.text()
        if not _GAME.fullmatch(d.game) or not _TOKEN.fullmatch(d.token):
            raise CodeError("the code is damaged (its game or invite token is not one an app makes)")
        d.made = int.from_bytes(r.take(4), "big")
        age = (time.time() if now is None else now) - d.made
        if age > MAX_AGE:
            raise CodeError(f"this invite link has expired (it was made {int(age // 3600)} hours ago): "
                            "ask the host for a new link")
        if age < -MAX_AGE:
            raise CodeError("this invite link claims to be made in the future: ask the host for a new link "
                            "(or check this device's clock)")
    else:
        d.offer_ufrag = r.text()
        if not _ICE.fullmatch(d.offer_ufrag) or not 4 <= len(d.offer_ufrag) <= 256:
            raise CodeError("the code is damaged (its offer reference has characters it never has)")
    d.candidates = [_unpack_candidate(r) for _ in range(r.byte())]
    if r.pos != len(r.data):
        raise CodeError("the code is damaged")
    return d


def invite_link(base: str, d: Description) -> str:
    """The site's own address (without fragment) + ``#join=<offer code>``."""
    return base.split("#", 1)[0] + "#join=" + encode(d)
