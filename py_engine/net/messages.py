"""Wire format of the multiplayer protocol: versioned JSON objects, one per data-channel message.

Every message is a JSON object ``{"v": 1, "t": <type>, ...fields}``; no other field is allowed.

Guest → host (at most MAX_GUEST_CHARS characters and MAX_BRACKETS '[' + '{'):
  join    token: invite token, name: text (≤ 256 chars; the host keeps a cleaned ≤ 32)
  rejoin  token: the rejoin token from "seat"; got (optional): at a table dealt by mental poker, how many of
          the host's "mp" messages this seat has taken (the host sends the rest again)
  act     seq: number of the view the move was chosen on, action: one entry of that view's "legal"
  commit  commit: 64 hex digits, the commitment to this seat's share of a joint deal (record.seat_commitment;
          the answer to a "seat" with joint): no share is revealed before every contributing seat committed
  share   share: 64 hex digits, this seat's random share of a joint deal (the answer to "commits")
  mp      m: one message of a game dealt by mental poker (py_engine.games.lost_cities.fair: an object the
          seat's FairSeat checks); i (optional): its number in this seat's stream of "mp" messages (0, 1, …),
          so that one sent again after a reconnect is taken once; the size and bracket bounds above hold for it;
          s (host → guest, a table of more than two seats): the seat it comes from (the host's seat, or a guest's
          that the host relays: every seat's messages reach every other seat, each guest's numbered in one stream)
  chain   head: 64 hex digits, the head of this seat's hash chain (py_engine.net.chain; the answer to a "seat"
          with chain): its links are this seat's contributions to the game's random events
  link    seq: the move number of a "rand", link: this seat's next link (64 hex digits), revealed only then
  stop    kind: the name of the verdict on which this seat stopped a game dealt by mental poker (≤ 32 lowercase
          letters and "_", py_engine.core.mental_poker KINDS), detail (optional): its English sentence (≤ 300);
          the host stops too and records "the other seat stopped the game" (not a finding of its own)
  ping    n: int                      pong  n: the n of the host's ping
Host → guest:
  seat    seat, token (rejoin token: keep it), game, players, options, name, and (optional) deal: the
          commitment to the deal, 64 hex digits (py_engine.core.record.commitment); the seed itself
          never travels before the game is over; joint: true when the deal is made by all seats
          (then deal commits to the host's share and the guest answers with "share"); fair: the name of
          the group of a game dealt by mental poker (then the guest plays its own FairSeat and "mp" messages
          carry the deal and the moves); tiles: then the public seed of what the deal does not draw (the board
          game's tiles) chosen by the host alone: what a host of the previous version sends, refused with
          the verdict "bad_tiles" by a new seat of this version (a host of this version sends joint and
          deal, the commitment to its share of that seed, and "tiles" once every seat revealed its share);
          got: then how many of this seat's "mp" messages the host has taken
          (the guest sends the rest again); chain: the head of the host's hash chain (64 hex digits) at a table
          whose random events take every seat's contribution (the guest answers with "chain")
  view    seq, seat, view (= state.view(seat)), legal (encoded actions), to_move, over,
          table: [{seat, name, kind: local|bot|remote, connected}]
  over    seq, result ({scores, ranks, winners}), and (optional) record: the full finished record
          (Record.to_json(): seed, salt, deal, moves) with which the guest checks the commitment and
          replays the game against the views it was sent (Guest.verdict); links (optional): every revealed
          link, [move index, [host link, one per seat or null]] per move that drew randomness
  chains  heads: the heads of the hash chains, the host's first, then one per seat (64 hex digits or null)
  rand    seq: the move number of a move that draws randomness, now fixed; seats: the seats whose next link
          the move takes: the guest answers with "link"
  reject  code (REJECT_CODES; "dealt": the seat's cards of a game dealt by mental poker belong to another
          device, or the host lost part of the game), reason (readable), re (type of the refused message or null),
          seq (the table's seq; null for a connection that holds no seat) — nothing changed
  error   code: "replaced" (another connection rejoined this seat) | "closed" (the seat is no
          longer remote): this connection holds no seat any more
  ping    n: int                      pong  n: the n of the guest's ping
  mp      m: one message of the host's FairSeat, i: its number (as from the guest)
  commits commits: one entry per seat, the commitment of each seat that makes the joint deal with the host
          (64 hex digits) or null: sent when every remote seat has committed; the guests then reveal their shares
  stop    kind, detail (optional): as from the guest, the host's verdict; the guest stops too
  tiles   seed, share, salt, shares: at a table of a game dealt by mental poker whose public part (the board
          game's tiles) needs a seed, the seed made from every seat's share once all were revealed: the host's
          share (64 hex digits) and salt (32) that its "seat" committed to (record.share_commitment), and
          one entry per seat (64 hex digits or null for the host's seat); each guest checks them
          (record.joint_seed) before it lays the tiles

The parsers check size, nesting depth (py_engine.core.safejson, linear time, before json.loads), JSON
syntax, object shape, field types and the protocol version, and raise `ProtocolError` (a short code
and a readable reason); they never raise anything else.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from ..core import safejson

VERSION = 1
MAX_GUEST_CHARS = 16 * 1024  # a guest message larger than this is refused before parsing
MAX_HOST_CHARS = 4 * 1024 * 1024  # a host message larger than this is refused by the guest
MAX_BRACKETS = 256  # '[' + '{' in a guest message: bounds JSON nesting before parsing
MAX_SEQ = 2**53 - 1  # largest integer that survives a JavaScript round trip
MAX_SEATS = 64
MAX_DEPTH = 32  # JSON nesting accepted from either side
NAME_MAX = 32  # characters kept from a player-chosen name
TOKEN_MAX = 128
REASON_MAX = 300
SEAT_KINDS = ("local", "bot", "remote")

GUEST_TYPES = ("join", "rejoin", "act", "commit", "share", "mp", "stop", "chain", "link", "ping", "pong")
HOST_TYPES = ("seat", "view", "reject", "over", "error", "mp", "stop", "commits", "chains", "rand", "tiles", "ping",
              "pong")
MAX_LINKS = 8192  # entries of an "over" message's links (a party's chain has chain.LENGTH links)
KIND_MAX = 32  # characters of a verdict name in "stop"

# reject / error codes (the "code" field); the "reason" field is the readable text
REJECT_CODES = ("size", "malformed", "version", "type", "auth", "blocked", "seated", "not-seated", "closed",
                "over", "turn", "stale", "illegal", "internal", "dealt")
ERROR_CODES = ("replaced", "closed")


class ProtocolError(ValueError):
    """A message that breaks the protocol: `code` (one of REJECT_CODES) and a readable `reason`."""

    def __init__(self, code: str, reason: str, re: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.re = re


# --- small checks -------------------------------------------------------------------------------
def is_int(value: Any, low: int = 0, high: int = MAX_SEQ) -> bool:
    """True for an int (not a bool) with low <= value <= high."""
    return type(value) is int and low <= value <= high


def is_str(value: Any, high: int, low: int = 0) -> bool:
    return type(value) is str and low <= len(value) <= high


def is_hex(value: Any, length: int) -> bool:
    """Exactly `length` lowercase hex digits."""
    return type(value) is str and len(value) == length and all(c in "0123456789abcdef" for c in value)


_DROP = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}


def clean_text(value: str, limit: int) -> str:
    """Drop control, format (bidi overrides, zero-width), surrogate and private-use characters,
    squeeze whitespace, cap the length."""
    kept = "".join(" " if ch.isspace() else ch for ch in value if ch.isspace() or
                   unicodedata.category(ch) not in _DROP)
    return " ".join(kept.split())[:limit].strip()


def clean_name(value: Any, fallback: str) -> str:
    """A displayable player name: cleaned text of at most NAME_MAX characters, or `fallback`."""
    if type(value) is not str:
        return fallback
    return clean_text(value[:NAME_MAX * 8], NAME_MAX) or fallback


def canonical(value: Any) -> str:
    """One exact text per JSON value (true and 1 differ): how actions are compared."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def dumps(message: dict) -> str:
    """Serialise an outgoing message (compact, ASCII-only so no lone surrogate can break a channel)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


nesting_depth = safejson.nesting_depth  # deepest [ / { outside strings, linear time


def _load(text: Any, max_chars: int, max_brackets: int | None) -> dict:
    try:
        text = safejson.as_text(text, max_chars)
    except safejson.JsonInputError as exc:  # "size": too long; otherwise not (UTF-8) text
        if exc.code == "size":
            raise ProtocolError("size", f"message {exc.reason}") from None
        raise ProtocolError("malformed", f"message is {exc.reason}") from None
    if max_brackets is not None and text.count("[") + text.count("{") > max_brackets:
        raise ProtocolError("malformed", "message nested or bracketed too much")
    try:
        data = safejson.loads(text, max_chars=max_chars, max_depth=MAX_DEPTH)
    except safejson.JsonInputError as exc:  # JSON syntax, depth, >4300-digit ints, NaN, 1e999
        if exc.code == "depth":
            raise ProtocolError("malformed", "message nested too deeply") from None
        raise ProtocolError("malformed", "message is not valid JSON") from None
    if type(data) is not dict:
        raise ProtocolError("malformed", "message is not a JSON object")
    t = data.get("t")
    re = t if is_str(t, 16) else None
    v = data.get("v")
    if not is_int(v, 0):
        raise ProtocolError("malformed", "message has no protocol version \"v\"", re)
    if v != VERSION:
        raise ProtocolError("version", f"protocol version {v} is not supported (this side speaks {VERSION})", re)
    return data


def _shape(data: dict, types: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> tuple[str, dict]:
    t = data.get("t")
    if type(t) is not str or t not in types:
        shown = t[:16] if type(t) is str else type(t).__name__
        raise ProtocolError("type", f"unknown message type {shown!r}")
    required, optional = types[t]
    for key in required:
        if key not in data:
            raise ProtocolError("malformed", f"{t!r} message lacks field {key!r}", t)
    for key in data:
        if key not in ("v", "t") and key not in required and key not in optional:
            raise ProtocolError("malformed", f"{t!r} message has unknown field {key[:24]!r}", t)
    return t, data


def _need(ok: bool, t: str, field: str, what: str) -> None:
    if not ok:
        raise ProtocolError("malformed", f"{t!r} field {field!r} must be {what}", t)


def _stop_fields(m: dict) -> None:
    """A "stop" (either way): a verdict name and an optional short sentence."""
    kind = m["kind"]
    _need(is_str(kind, KIND_MAX, 1) and not kind.strip("abcdefghijklmnopqrstuvwxyz_"), "stop", "kind",
          f"a verdict name of 1–{KIND_MAX} lowercase letters and '_'")
    _need(m.get("detail") is None or is_str(m["detail"], REASON_MAX), "stop", "detail", "a short text or absent")
    _need(m.get("s") is None or (is_int(m["s"]) and m["s"] < 8), "stop", "s", "a seat number or absent")


# --- guest → host -------------------------------------------------------------------------------
_GUEST_SHAPES = {
    "join": (("token", "name"), ()),
    "rejoin": (("token",), ("got",)),
    "act": (("seq", "action"), ()),
    "commit": (("commit",), ()),
    "share": (("share",), ()),
    "mp": (("m",), ("i",)),
    "stop": (("kind",), ("detail",)),
    "chain": (("head",), ()),
    "link": (("seq", "link"), ()),
    "ping": (("n",), ()),
    "pong": (("n",), ()),
}


def parse_guest(text: Any) -> dict:
    """Check one guest → host message (size first, then JSON, shape, types, version)."""
    t, m = _shape(_load(text, MAX_GUEST_CHARS, MAX_BRACKETS), _GUEST_SHAPES)
    if t in ("join", "rejoin"):
        _need(is_str(m["token"], TOKEN_MAX, 1), t, "token", f"a string of 1–{TOKEN_MAX} characters")
        _need(m.get("got") is None or is_int(m["got"]), t, "got", "a whole number or absent")
    if t == "join":
        _need(is_str(m["name"], NAME_MAX * 8), t, "name", f"a string of at most {NAME_MAX * 8} characters")
    elif t == "act":
        _need(is_int(m["seq"]), t, "seq", "a whole number from 0 to 2**53-1")
        _need(type(m["action"]) is list and len(m["action"]) > 0, t, "action", "a non-empty list")
    elif t == "share":
        _need(is_hex(m["share"], 64), t, "share", "64 lowercase hex digits")
    elif t == "commit":
        _need(is_hex(m["commit"], 64), t, "commit", "64 lowercase hex digits")
    elif t == "mp":
        _need(type(m["m"]) is dict, t, "m", "an object")
        _need(m.get("i") is None or is_int(m["i"]), t, "i", "a whole number or absent")
    elif t == "stop":
        _stop_fields(m)
    elif t == "chain":
        _need(is_hex(m["head"], 64), t, "head", "64 lowercase hex digits")
    elif t == "link":
        _need(is_int(m["seq"]), t, "seq", "a whole number from 0 to 2**53-1")
        _need(is_hex(m["link"], 64), t, "link", "64 lowercase hex digits")
    elif t in ("ping", "pong"):
        _need(is_int(m["n"]), t, "n", "a whole number from 0 to 2**53-1")
    return m


def join(token: str, name: str) -> str:
    """Claim a seat with an invite token."""
    return dumps({"v": VERSION, "t": "join", "token": token, "name": name})


def rejoin(token: str, got: int | None = None) -> str:
    """Reclaim a seat with its rejoin token (after a reload or a dropped connection); `got`: the host's "mp"
    messages this seat has taken, at a table dealt by mental poker."""
    m = {"v": VERSION, "t": "rejoin", "token": token}
    if got is not None:
        m["got"] = got
    return dumps(m)


def act(seq: int, action: Any) -> str:
    """Play an encoded action, chosen against the view numbered `seq`."""
    return dumps({"v": VERSION, "t": "act", "seq": seq, "action": action})


def commit(value: str) -> str:
    """The commitment to this seat's share of a joint deal (64 hex digits)."""
    return dumps({"v": VERSION, "t": "commit", "commit": value})


def share(value: str) -> str:
    """This seat's share of a joint deal (64 hex digits)."""
    return dumps({"v": VERSION, "t": "share", "share": value})


def mp(m: dict, i: int | None = None, s: int | None = None) -> str:
    """One mental-poker message (either way); `i`: its number in the sender's stream; `s` (host → guest at a
    table of more than two seats): the seat it comes from (the host's own, or a guest's it relays)."""
    out = {"v": VERSION, "t": "mp", "m": m}
    if i is not None:
        out["i"] = i
    if s is not None:
        out["s"] = s
    return dumps(out)


def stop(kind: str, detail: str = "", s: int | None = None) -> str:
    """This seat stopped a game dealt by mental poker on the verdict `kind` (either way); `s` (host → guest at a
    table of more than two seats): the seat that stopped it."""
    out = {"v": VERSION, "t": "stop", "kind": kind, "detail": detail[:REASON_MAX]}
    if s is not None:
        out["s"] = s
    return dumps(out)


def chain(head: str) -> str:
    """The head of this seat's hash chain (its contributions to random events)."""
    return dumps({"v": VERSION, "t": "chain", "head": head})


def link(seq: int, value: str) -> str:
    """This seat's next link, for the move numbered `seq` that draws randomness."""
    return dumps({"v": VERSION, "t": "link", "seq": seq, "link": value})


def ping(n: int) -> str:
    return dumps({"v": VERSION, "t": "ping", "n": n})


def pong(n: int) -> str:
    return dumps({"v": VERSION, "t": "pong", "n": n})


# --- host → guest -------------------------------------------------------------------------------
_HOST_SHAPES = {
    "seat": (("seat", "token", "game", "players", "options", "name"),
             ("deal", "joint", "fair", "got", "chain", "tiles")),
    "view": (("seq", "seat", "view", "legal", "to_move", "table", "over"), ()),
    "reject": (("code", "reason"), ("re", "seq")),
    "over": (("seq", "result"), ("record", "links")),
    "error": (("code", "reason"), ()),
    "mp": (("m",), ("i", "s")),
    "stop": (("kind",), ("detail", "s")),
    "commits": (("commits",), ()),
    "chains": (("heads",), ()),
    "rand": (("seq", "seats"), ()),
    "tiles": (("seed", "share", "salt", "shares"), ()),
    "ping": (("n",), ()),
    "pong": (("n",), ()),
}


def _table_ok(table: Any, players: int) -> bool:
    if type(table) is not list or len(table) != players:
        return False
    for i, row in enumerate(table):
        if (type(row) is not dict or set(row) != {"seat", "name", "kind", "connected"} or row["seat"] != i
                or not is_str(row["name"], NAME_MAX) or row["kind"] not in SEAT_KINDS
                or type(row["connected"]) is not bool):
            return False
    return True


def parse_host(text: Any) -> dict:
    """Check one host → guest message; raise ProtocolError on anything malformed."""
    t, m = _shape(_load(text, MAX_HOST_CHARS, None), _HOST_SHAPES)
    if t == "seat":
        _need(is_int(m["players"], 1, MAX_SEATS), t, "players", "a player count")
        _need(is_int(m["seat"], 0, m["players"] - 1), t, "seat", "a seat number below players")
        _need(is_str(m["token"], TOKEN_MAX, 1), t, "token", "a token string")
        _need(is_str(m["game"], 64, 1), t, "game", "a game id")
        _need(type(m["options"]) is dict, t, "options", "an object")
        _need(is_str(m["name"], NAME_MAX), t, "name", "a name")
        _need(m.get("deal") is None or is_hex(m["deal"], 64), t, "deal", "64 hex digits or null")
        _need(m.get("joint") in (None, False) or (m["joint"] is True and m.get("deal") is not None), t, "joint",
              "true (with a deal commitment), false or absent")
        _need(m.get("fair") is None or is_str(m["fair"], 64, 1), t, "fair", "a group name or absent")
        _need(m.get("got") is None or is_int(m["got"]), t, "got", "a whole number or absent")
        _need(m.get("chain") is None or is_hex(m["chain"], 64), t, "chain", "64 hex digits or absent")
        _need(m.get("tiles") is None or is_int(m["tiles"], 0, 2 ** 128 - 1), t, "tiles", "a whole number or absent")
    elif t == "view":
        _need(is_int(m["seq"]), t, "seq", "a whole number")
        _need(type(m["view"]) is dict, t, "view", "an object")
        _need(type(m["legal"]) is list and all(type(a) is list and a for a in m["legal"]), t, "legal",
              "a list of encoded actions")
        _need(type(m["table"]) is list and 1 <= len(m["table"]) <= MAX_SEATS, t, "table", "a list of seats")
        players = len(m["table"])
        _need(is_int(m["seat"], 0, players - 1), t, "seat", "a seat number")
        _need(_table_ok(m["table"], players), t, "table", "one {seat, name, kind, connected} entry per seat")
        _need(type(m["to_move"]) is list and all(is_int(s, 0, players - 1) for s in m["to_move"]), t, "to_move",
              "a list of seats")
        _need(type(m["over"]) is bool, t, "over", "true or false")
    elif t == "reject":
        _need(m["code"] in REJECT_CODES, t, "code", f"one of {', '.join(REJECT_CODES)}")
        _need(is_str(m["reason"], REASON_MAX), t, "reason", "a short text")
        _need(m.get("re") is None or is_str(m["re"], 16), t, "re", "a message type or null")
        _need(m.get("seq") is None or is_int(m["seq"]), t, "seq", "a whole number or null")
    elif t == "over":
        _need(is_int(m["seq"]), t, "seq", "a whole number")
        r = m["result"]
        _need(type(r) is dict and all(type(r.get(k)) is list for k in ("scores", "ranks", "winners")), t, "result",
              "an object with scores, ranks and winners lists")
        _need(m.get("record") is None or type(m["record"]) is dict, t, "record", "a record object or null")
        links = m.get("links")
        _need(links is None or (type(links) is list and len(links) <= MAX_LINKS and all(
            type(e) is list and len(e) == 2 and is_int(e[0]) and type(e[1]) is list and 1 <= len(e[1]) <= MAX_SEATS + 1
            and all(x is None or is_hex(x, 64) for x in e[1]) for e in links)), t, "links",
            "a list of [move number, [64 hex digits or null, …]]")
    elif t == "mp":
        _need(type(m["m"]) is dict, t, "m", "an object")
        _need(m.get("i") is None or is_int(m["i"]), t, "i", "a whole number or absent")
        _need(m.get("s") is None or (is_int(m["s"]) and m["s"] < 8), t, "s", "a seat number or absent")
    elif t == "error":
        _need(m["code"] in ERROR_CODES, t, "code", f"one of {', '.join(ERROR_CODES)}")
        _need(is_str(m["reason"], REASON_MAX), t, "reason", "a short text")
    elif t == "stop":
        _stop_fields(m)
    elif t == "commits":
        c = m["commits"]
        _need(type(c) is list and 1 <= len(c) <= MAX_SEATS and all(x is None or is_hex(x, 64) for x in c), t,
              "commits", "one entry per seat: 64 hex digits or null")
    elif t == "chains":
        h = m["heads"]
        _need(type(h) is list and 2 <= len(h) <= MAX_SEATS + 1 and is_hex(h[0], 64)
              and all(x is None or is_hex(x, 64) for x in h), t, "heads", "the host's head, then one per seat or null")
    elif t == "rand":
        _need(is_int(m["seq"]), t, "seq", "a whole number")
        _need(type(m["seats"]) is list and len(m["seats"]) <= MAX_SEATS
              and all(is_int(x, 0, MAX_SEATS - 1) for x in m["seats"]), t, "seats", "a list of seat numbers")
    elif t == "tiles":
        _need(is_int(m["seed"], 0, 2 ** 128 - 1), t, "seed", "a whole number from 0 to 2**128-1")
        _need(is_hex(m["share"], 64), t, "share", "64 lowercase hex digits")
        _need(is_hex(m["salt"], 32), t, "salt", "32 lowercase hex digits")
        sh = m["shares"]
        _need(type(sh) is list and 1 <= len(sh) <= MAX_SEATS and all(x is None or is_hex(x, 64) for x in sh), t,
              "shares", "one entry per seat: 64 hex digits or null")
    else:
        _need(is_int(m["n"]), t, "n", "a whole number")
    return m


def seat(seat: int, token: str, game: str, players: int, options: dict, name: str, deal: str | None = None,
         joint: bool = False, fair: str | None = None, got: int | None = None, chain: str | None = None,
         tiles: int | None = None) -> str:
    m = {"v": VERSION, "t": "seat", "seat": seat, "token": token, "game": game, "players": players,
         "options": options, "name": name, "deal": deal}
    if chain is not None:
        m["chain"] = chain
    if joint:
        m["joint"] = True
    if fair:
        m["fair"] = fair
        if got is not None:
            m["got"] = got
        if tiles is not None:
            m["tiles"] = tiles
    return dumps(m)


def view(seq: int, seat: int, view: dict, legal: list, to_move: list, table: list, over: bool) -> str:
    return dumps({"v": VERSION, "t": "view", "seq": seq, "seat": seat, "view": view, "legal": legal,
                  "to_move": to_move, "table": table, "over": over})


def reject(code: str, reason: str, re: str | None = None, seq: int | None = None) -> str:
    return dumps({"v": VERSION, "t": "reject", "code": code, "reason": reason[:REASON_MAX], "re": re, "seq": seq})


def over(seq: int, result: dict, record: dict | None = None, links: list | None = None) -> str:
    m = {"v": VERSION, "t": "over", "seq": seq, "result": result, "record": record}
    if links is not None:
        m["links"] = links
    return dumps(m)


def chains(heads: list) -> str:
    """The heads of every party's hash chain: the host's, then one per seat (None: none yet)."""
    return dumps({"v": VERSION, "t": "chains", "heads": heads})


def rand(seq: int, seats: list) -> str:
    """The move numbered `seq` draws randomness and is fixed: the seats listed reveal their next link."""
    return dumps({"v": VERSION, "t": "rand", "seq": seq, "seats": seats})


def commits(values: list) -> str:
    """Every seat's commitment to its share of a joint deal (None for a seat that makes none)."""
    return dumps({"v": VERSION, "t": "commits", "commits": values})


def tiles(seed: int, share: str, salt: str, shares: list) -> str:
    """The public seed made from every seat's share, with the shares that make it (see the module doc)."""
    return dumps({"v": VERSION, "t": "tiles", "seed": seed, "share": share, "salt": salt, "shares": shares})


def error(code: str, reason: str) -> str:
    return dumps({"v": VERSION, "t": "error", "code": code, "reason": reason[:REASON_MAX]})
