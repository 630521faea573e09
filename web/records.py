"""Game records in and out of the app: JSON files, links (#record=...) and embed URLs.

Pure Python (no browser calls), so it is tested in CPython. An exported record is the engine's
Record JSON plus optional "names" and "seats"; the same dict travels in a link fragment as
base64url(zlib(json)). Every import is validated by Record.from_json and a full replay, so a
corrupt or foreign file raises RecordError with a readable reason and changes nothing.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, quote

from session import clean_name

from py_engine import GAMES
from py_engine.core import Record, RecordError

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


def export_data(record: Record, seats: list[dict] | None = None) -> dict:
    """The record as a small JSON-safe dict, with the players' names and seat kinds."""
    data = record.to_json()
    if seats:
        data["names"] = [s.get("name", "") for s in seats]
        data["seats"] = [{"kind": s["kind"] if s.get("kind") in SEAT_KINDS else "human",
                          **({"level": int(s.get("level", 1))} if s.get("kind") == "bot" else {})} for s in seats]
    return data


def export_text(record: Record, seats: list[dict] | None = None) -> str:
    return json.dumps(export_data(record, seats), separators=(",", ":"))


def file_name(record: Record) -> str:
    return f"{record.game_id}-{record.seed}-move{len(record.moves)}.json"


def encode(data: dict) -> str:
    """base64url(zlib(compact json)) without padding: safe in a URL fragment or query string."""
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(text: str) -> Any:
    """Inverse of `encode`; any damage raises RecordError (size-bounded: no zip bombs)."""
    text = text.strip()
    if not text or len(text) > MAX_LINK:
        raise RecordError("the link is empty or too long")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        out = inflater.decompress(raw, MAX_TEXT)
        if inflater.unconsumed_tail:
            raise RecordError("the record in the link is too large")
        return json.loads(out.decode())
    except RecordError:
        raise
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError("the link does not hold a readable game record") from None


def link(page_url: str, data: dict) -> str:
    """The app URL (any folder) with the record in its fragment."""
    return f"{page_url.split('#')[0]}#{LINK_KEY}={encode(data)}"


def fragment_record(fragment: str) -> str | None:
    """The encoded record of a '#record=...' fragment (or a whole link), else None."""
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
    values = parse_qs(fragment.lstrip("#")).get(LINK_KEY)
    return values[0] if values else None


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
            out.append({"kind": "human", "name": name})
    return out


def parse_text(text: str) -> Imported:
    """A record from a file's text or from a pasted link; RecordError explains what is wrong."""
    if len(text) > MAX_TEXT:
        raise RecordError("the file is too large to be a game record")
    stripped = text.strip()
    encoded = fragment_record(stripped) if not stripped.startswith(("{", "[")) else None
    if encoded is not None:
        return load(decode(encoded))
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        raise RecordError("this is not an Explorers' Table game record (not JSON)") from None
    return load(data)


def embed_url(base_url: str, data: dict, mode: str = "position", move: int | None = None,
              seat: int | None = None, theme: str = "light") -> str:
    """The embed.html address showing this record (a position at `move`, or the replay)."""
    folder = base_url.split("#")[0].split("?")[0].rsplit("/", 1)[0] + "/"
    parts = [f"mode={mode}", f"{LINK_KEY}={encode(data)}"]
    if move is not None:
        parts.append(f"move={move}")
    parts.append(f"seat={'spectator' if seat is None else seat}")
    if theme != "light":
        parts.append(f"theme={quote(theme)}")
    return f"{folder}embed.html?{'&'.join(parts)}"


def iframe_snippet(url: str, title: str) -> str:
    """Copy-paste HTML for a rules page: a responsive iframe (the board scales to its box)."""
    safe = url.replace("&", "&amp;").replace('"', "&quot;")
    label = title.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return (f'<iframe src="{safe}" title="{label}" loading="lazy" '
            f'style="width:100%;max-width:720px;aspect-ratio:1/1;border:0"></iframe>')


EMBED_MODES = ("position", "replay", "play")


def embed_params(query: str) -> dict:
    """embed.html's URL parameters, validated with safe defaults (see web/embed.py for the list)."""
    q = {k: v[0] for k, v in parse_qs(query.lstrip("?")).items() if v}

    def whole(name: str, default: int | None, low: int, high: int) -> int | None:
        try:
            return max(low, min(high, int(q[name])))
        except (KeyError, ValueError):
            return default

    seat = q.get("seat", "spectator")
    origin = q.get("origin", "")
    return {
        "mode": q.get("mode") if q.get("mode") in EMBED_MODES else ("play" if "record" not in q else "position"),
        "record": q.get("record"),
        "move": whole("move", None, 0, 1_000_000),
        "seat": int(seat) if seat.isdigit() and int(seat) < 8 else None,
        "interactive": q.get("interactive", "0") in ("1", "true", "yes"),
        "game": q.get("game") or next(iter(GAMES)),
        "bot": whole("bot", 1, 1, 3),
        "seed": whole("seed", None, 0, 2**31 - 1),
        "theme": "dark" if q.get("theme") == "dark" else "light",
        "lang": "en",  # the only language so far; the parameter is read so pages can already pass it
        "lang_asked": q.get("lang", "en")[:16],
        "origin": origin if origin.startswith(("https://", "http://")) and len(origin) < 200 else "",
        "id": q.get("id", "")[:64],
        "options": {k: v for k, v in q.items() if k not in EMBED_KEYS},
    }


EMBED_KEYS = {"mode", "record", "move", "seat", "interactive", "game", "bot", "seed", "theme", "lang", "origin", "id"}


def origin_allowed(event_origin: str, allowed: str) -> bool:
    """Commands are taken only from the origin named by the embedding page (none named: none taken)."""
    return bool(allowed) and event_origin == allowed.rstrip("/")


def game_options(game, raw: dict) -> dict:
    """Game options from URL text (ints and booleans parsed), normalized by the game; bad ones dropped."""
    known = {o.name: o for o in game.options}
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
