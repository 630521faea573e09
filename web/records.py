"""Game records in and out of the app: JSON files, links (#record=...) and embed URLs.

Pure Python (no browser calls), so it is tested in CPython. An exported record is the engine's
Record JSON plus optional "names" and "seats"; the same dict travels in a link fragment as
base64url(zlib(json)). Every import is validated by Record.from_json and a full replay, so a
corrupt or foreign file raises RecordError with a readable reason and changes nothing.

Outside input (a #record= link, an imported file, an embed's record=, a pasted link) is read by
one bounded parser (py_engine.core.safejson): text size, decompressed size (MAX_TEXT) and JSON
nesting depth are checked before json.loads, in linear time, so a 163-character link of 50 000
nested brackets is a clear RecordError instead of a dead page.

What leaves the device (`export_data` / `export_text`, hence share links, files and embed
snippets) depends on whether the game is over:
- unfinished: the *public* record (Record.to_json(public=True)): the commitment to the deal and
  the moves, no seed and no salt, so nobody can learn the hidden cards from it;
- finished: the full record (seed, salt, commitment, moves): anyone can replay it and check it
  against a public record shared earlier.
Callers that know the answer pass `finished=state.is_over()`; by default it is found by a replay.
Opening a public record (`load`, `parse_text`) raises SealedRecord, a RecordError whose message
says: "this is an unfinished game shared without its deal (...): it can be watched once the game
is over and shared again" — the app shows that message where it shows any import error.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, quote

from render.markup import tag
from session import clean_name, shown_name

from py_engine import GAMES
from py_engine.core import Record, RecordError, safejson
from py_engine.core.options import shown_options
from py_engine.core.record import SealedRecord, new_salt

__all__ = ["SealedRecord"]  # re-exported: callers tell a sealed record from a broken one

LINK_KEY = "record"
MAX_TEXT = 2_000_000  # bytes of JSON a record file / decompressed link may hold
MAX_LINK = 400_000  # characters of an encoded link
SEAT_KINDS = ("human", "bot")


@dataclass
class Imported:
    """A validated record with the names (and seat kinds, when known) of its players."""

    record: Record
    names: list[str]
    seats: list[dict] | None
    state: Any  # the State after the last move


def export_data(record: Record, seats: list[dict] | None = None, finished: bool | None = None) -> dict:
    """The record as a small JSON-safe dict, with the players' names and seat kinds: the full record
    once the game is over, else the public one without the deal (see the module doc). `finished`
    None: found by replaying the record. A record without a salt gets one (kept on `record`)."""
    if finished is None:
        finished = record.replay().is_over()
    if not finished and not record.salt:
        record.salt = new_salt()
    data = record.to_json(public=not finished)
    if seats:
        data["names"] = [s.get("name", "") for s in seats]
        data["seats"] = [{"kind": s["kind"] if s.get("kind") in SEAT_KINDS else "human",
                          **({"level": int(s.get("level", 1))} if s.get("kind") == "bot" else {})} for s in seats]
    return data


def export_text(record: Record, seats: list[dict] | None = None, finished: bool | None = None) -> str:
    return json.dumps(export_data(record, seats, finished), separators=(",", ":"))


def file_name(record: Record) -> str:
    """A download name; it never shows the seed (the file of an unfinished game holds none)."""
    return f"{record.game_id}-move{len(record.moves)}.json"


def read_json(text: str | bytes, what: str = "record") -> Any:
    """Outside JSON text through the bounded parser; RecordError says what is wrong."""
    try:
        return safejson.loads(text, max_chars=MAX_TEXT)
    except safejson.JsonInputError as exc:
        if exc.code == "size":
            raise RecordError(f"the {what} is too large to be a game record") from None
        if exc.code == "depth":
            raise RecordError(f"the {what} is nested too deeply to be a game record") from None
        raise RecordError("this is not an Explorers' Table game record (not JSON)") from None


def encode(data: dict) -> str:
    """base64url(zlib(compact json)) without padding: safe in a URL fragment or query string."""
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(text: str) -> Any:
    """Inverse of `encode`; any damage raises RecordError (size-bounded: no zip bombs)."""
    if not isinstance(text, str):
        raise RecordError("the link does not hold a readable game record")
    text = text.strip()
    if not text or len(text) > MAX_LINK:
        raise RecordError("the link is empty or too long")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        return safejson.loads(safejson.inflate(raw, MAX_TEXT), max_chars=MAX_TEXT)
    except safejson.JsonInputError as exc:
        if exc.code == "size":
            raise RecordError("the record in the link is too large") from None
        if exc.code == "depth":
            raise RecordError("the link holds data nested too deeply to be a game record") from None
        raise RecordError("the link does not hold a readable game record") from None
    except (binascii.Error, ValueError):
        raise RecordError("the link does not hold a readable game record") from None


def link(page_url: str, data: dict) -> str:
    """The app URL (any folder) with the record in its fragment."""
    return f"{page_url.split('#')[0]}#{LINK_KEY}={encode(data)}"


def fragment_record(fragment: str) -> str | None:
    """The encoded record of a '#record=...' fragment (or a whole link), else None."""
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
    try:
        pairs = parse_qsl(fragment.lstrip("#"), max_num_fields=64)
    except ValueError:
        return None
    return next((v for k, v in pairs if k == LINK_KEY), None)


def load(data: Any) -> Imported:
    """Validate a record dict (exported, or an autosave {"record", "seats"}) by replaying it."""
    seats = None
    if isinstance(data, dict) and isinstance(data.get("record"), dict) and "format" not in data:
        seats = data.get("seats")  # an autosave
        data = dict(data["record"], names=[s.get("name") for s in seats] if isinstance(seats, list)
                    and all(isinstance(s, dict) for s in seats) else None)
    try:
        record = Record.from_json(data)
        state = record.replay()
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise RecordError(f"the record is damaged ({type(exc).__name__})") from None
    raw_names = data.get("names") if isinstance(data.get("names"), list) else []
    names = [clean_name(raw_names[i] if i < len(raw_names) else None, f"Player {i + 1}")
             for i in range(record.players)]
    seats = clean_seats(seats if seats is not None else data.get("seats"), names)
    if seats is not None:  # the device's own default seat is "You" in the language of the page now
        names = [shown_name(n, s["kind"], s.get("you", False)) for n, s in zip(names, seats)]
    return Imported(record, names, seats, state)


def clean_seats(seats: Any, names: list[str]) -> list[dict] | None:
    """Seat kinds from a file, reduced to what this device can play (human / bot level 1-3)."""
    if not isinstance(seats, list) or len(seats) != len(names):
        return None
    out = []
    for name, s in zip(names, seats):
        if not isinstance(s, dict):
            return None
        if s.get("kind") == "bot":
            level = s.get("level")
            level = level if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= 3 else 1
            out.append({"kind": "bot", "level": level, "name": name})
        else:
            out.append({"kind": "human", "name": name, **({"you": True} if s.get("you") is True else {})})
    return out


def parse_text(text: str) -> Imported:
    """A record from a file's text or from a pasted link; RecordError explains what is wrong."""
    if not isinstance(text, str):
        raise RecordError("this is not an Explorers' Table game record (not text)")
    if len(text) > MAX_TEXT:
        raise RecordError("the file is too large to be a game record")
    stripped = text.strip()
    encoded = fragment_record(stripped) if not stripped.startswith(("{", "[")) else None
    if encoded is not None:
        return load(decode(encoded))
    return load(read_json(stripped, "file"))


def embed_url(base_url: str, data: dict, mode: str = "position", move: int | None = None,
              seat: int | None = None, theme: str = "light", origin: str = "", ident: str = "",
              key: str = LINK_KEY) -> str:
    """The embed.html address showing this record (a position at `move`, or the replay), or with key "position"
    a position value (no mode: embed.html reads it as one); `origin`, when it is one (see `valid_origin`), is the
    only page the frame then talks to; `ident` (at most 64 printable characters) comes back in its events."""
    folder = base_url.split("#")[0].split("?")[0].rsplit("/", 1)[0] + "/"
    parts = ([f"mode={mode}"] if key == LINK_KEY else []) + [f"{key}={encode(data)}"]
    if move is not None:
        parts.append(f"move={move}")
    parts.append(f"seat={'spectator' if seat is None else seat}")
    if theme != "light":
        parts.append(f"theme={quote(theme)}")
    if valid_origin(origin):
        parts.append(f"origin={quote(origin.rstrip('/'), safe=':/')}")
    if ident and len(ident) <= 64 and ident.isprintable():
        parts.append(f"id={quote(ident, safe='')}")
    return f"{folder}embed.html?{'&'.join(parts)}"


EXAMPLE_SITE = "https://rules.example"  # a site address shown as an example, written the same in every language


def valid_origin(text: str) -> bool:
    """A web page's origin as the embed takes it: http(s)://host[:port], nothing after."""
    return bool(_ORIGIN.fullmatch(text))


# The embed code's frame for each game: (its widest size in px, its height there). The width is the one at
# which the board's smallest text is 11 px on screen (the board's width in board units x 11 / its smallest text
# in board units, measured at the first decision, and 3 % more); the height is the board's at that width plus
# the frame's status line and bar (72 px). Narrower (the code is responsive), the board scrolls inside its frame
# rather than shrink its text (public/legible.js).
EMBED_FRAMES = {"lost-cities": (720, 782), "lost-cities-board": (950, 698), "arnak": (950, 1165),
                "catan-ck": (850, 579), "islands": (910, 685)}
EMBED_FRAME = (720, 828)  # a game without its own entry


def iframe_snippet(url: str, title: str, game_id: str = "") -> str:
    """Copy-paste HTML for a rules page: a responsive iframe, at most as wide as the game's board needs to be
    read (`EMBED_FRAMES`), keeping the board's shape as it narrows."""
    width, height = EMBED_FRAMES.get(game_id, EMBED_FRAME)
    return str(tag("iframe", {"src": url, "title": title, "loading": "lazy",
                              "style": f"width:100%;max-width:{width}px;aspect-ratio:{width}/{height};border:0"}, ""))


EMBED_MODES = ("position", "replay", "play")
EMBED_KEYS = {"mode", "record", "position", "study", "move", "seat", "interactive", "game", "bot", "seed", "theme",
              "lang", "origin", "id"}
MAX_QUERY = MAX_LINK + 4096  # characters of an embed address's query
_DIGITS = re.compile(r"[0-9]{1,7}")
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]{1,190}(:[0-9]{1,5})?/?")
_CODE = re.compile(r"[A-Za-z0-9_-]+={0,2}")  # base64url, padding tolerated
_LANG = re.compile(r"[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})?")
_OPTION = re.compile(r"[A-Za-z0-9_]{1,32}")


def embed_params(query: str) -> dict:
    """embed.html's URL parameters (see web/embed.py for the list), every one checked and bounded.
    Any bad value raises RecordError naming the parameter, so the frame shows a clear message:
    numbers are ASCII digits (no '²', no 4,300-digit seats), words come from their lists, the
    record is a link code of at most MAX_LINK characters, text parameters are short."""
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        raise RecordError("the embed address is too long")
    try:
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=64)
    except ValueError:
        raise RecordError("the embed address has too many parameters") from None
    q: dict[str, str] = {}
    for key, value in pairs:
        q.setdefault(key, value)

    def bad(name: str, what: str) -> RecordError:
        shown = q[name][:24] + ("…" if len(q[name]) > 24 else "")
        return RecordError(f"the parameter {name}={shown!r} is not valid: {what}")

    def whole(name: str, default: int | None, low: int, high: int) -> int | None:
        if name not in q:
            return default
        if not _DIGITS.fullmatch(q[name]) or not low <= int(q[name]) <= high:
            raise bad(name, f"it must be a whole number from {low} to {high}")
        return int(q[name])

    def choice(name: str, default: str, allowed: tuple) -> str:
        value = q.get(name, default)
        if value not in allowed:
            raise bad(name, "it must be one of " + ", ".join(allowed))
        return value

    record = q.get("record")
    if record is not None and (len(record) > MAX_LINK or not _CODE.fullmatch(record)):
        raise bad("record", "it is not a game record code")
    position = q.get("position")
    if position is not None and (len(position) > MAX_LINK or not _CODE.fullmatch(position)):
        raise bad("position", "it is not a position code")
    study = q.get("study")
    if study is not None and (len(study) > MAX_LINK or not _CODE.fullmatch(study)):
        raise bad("study", "it is not a study code")
    seat_text = q.get("seat", "spectator")
    if seat_text != "spectator" and not (_DIGITS.fullmatch(seat_text) and int(seat_text) < 8):
        raise bad("seat", "it must be a seat number from 0 to 7 or 'spectator'")
    game = q.get("game") or next(iter(GAMES))
    if game not in GAMES:
        raise bad("game", "this app has no game of that name (" + ", ".join(GAMES) + ")")
    origin = q.get("origin", "")
    if origin and not _ORIGIN.fullmatch(origin):
        raise bad("origin", "it must be the embedding page's origin, like https://rules.example")
    lang = q.get("lang", "en")
    if not _LANG.fullmatch(lang):
        raise bad("lang", "it must be a language code like en or pt-BR")
    ident = q.get("id", "")
    if len(ident) > 64 or not ident.isprintable():
        raise bad("id", "it must be printable text of at most 64 characters")
    options = {k: v for k, v in q.items() if k not in EMBED_KEYS}
    for name, value in options.items():
        if not _OPTION.fullmatch(name) or len(value) > 64:
            raise RecordError(f"the game option {name[:32]!r} is not valid: a short name and value")
    return {
        "mode": choice("mode", "position" if record is not None or position is not None or study is not None
                       else "play", EMBED_MODES),
        "record": record,
        "position": position,
        "study": study,
        "seat_set": "seat" in q,
        "move": whole("move", None, 0, 1_000_000),
        "seat": None if seat_text == "spectator" else int(seat_text),
        "interactive": choice("interactive", "0", ("0", "1", "true", "false", "yes", "no")) in ("1", "true", "yes"),
        "game": game,
        "bot": whole("bot", 1, 1, 3),
        "seed": whole("seed", None, 0, 2**31 - 1),
        "theme": choice("theme", "light", ("light", "dark")),
        "lang": "en",  # the only language so far; the parameter is read so pages can already pass it
        "lang_asked": lang,
        "origin": origin.rstrip("/"),
        "id": ident,
        "options": options,
    }


def origin_allowed(event_origin: str, allowed: str) -> bool:
    """Commands are taken only from the origin named by the embedding page (none named: none taken)."""
    return bool(allowed) and event_origin == allowed.rstrip("/")


def game_options(game, raw: dict) -> dict:
    """Game options from URL text (ints and booleans parsed), normalized by the game; bad ones dropped, and
    hidden ones (a rules edition: a new game takes the current one)."""
    known = {o.name: o for o in shown_options(game.options)}
    out = {}
    for name, text in raw.items():
        opt = known.get(name)
        if opt is None:
            continue
        if opt.kind == "bool":
            out[name] = text in ("1", "true", "yes")
        elif opt.kind == "int":
            try:
                out[name] = int(text)
            except ValueError:
                continue
        else:
            out[name] = text
    try:
        return game.normalize_options(out)
    except (RecordError, ValueError):
        return game.normalize_options({})
