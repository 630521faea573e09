"""One bounded parser for every input that comes from outside: peers, links, files, embeds, storage.

`loads(text, max_chars=..., max_depth=...)` checks, in this order and in time linear in the input:
1. the size (characters of text, or bytes before UTF-8 decoding);
2. the [ / { nesting depth outside string literals, BEFORE `json.loads` runs (the C parser recurses
   once per level: in Pyodide a few thousand levels exhaust the WebAssembly stack and kill the page
   with "Maximum call stack size exceeded", which no `except` can catch);
3. the JSON itself, without NaN / Infinity / overflowing floats / >4300-digit integers.

`inflate(data, max_out)` decompresses zlib data to at most `max_out` bytes (a zip bomb stops there).

Every failure raises `JsonInputError` (a ValueError) with `code` ("size", "depth", "syntax" or
"compressed") and a readable `reason`; nothing else escapes. Stdlib only (runs in Pyodide too).
"""

from __future__ import annotations

import json
import re
import zlib
from itertools import accumulate
from typing import Any

MAX_DEPTH = 32  # nesting accepted by default: a record is ~8 deep, a host view message ~12

# A string literal: possessive, so it never backtracks; an unterminated one (no closing quote) is
# matched by the second branch to the end of the text, so the scan never restarts inside it (the
# old `re.sub` of a backtracking pattern took quadratic time on '"' + '\\"' * n). Removing an
# unterminated tail is right: the JSON parser fails where it starts and reads nothing after it.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"|"[\s\S]*', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonInputError(ValueError):
    """Outside input that was refused: `code` in {"size", "depth", "syntax", "compressed"}."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def nesting_depth(text: str, stop: int | None = None) -> int:
    """Deepest [ / { nesting outside string literals, in linear time (an unterminated string ends
    the scan: the JSON parser stops there too). With `stop`, the scan may end as soon as the depth
    is known to exceed it (the result is then some depth > stop)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for start in range(0, len(brackets), 4096):
        levels = list(accumulate(map(_STEP.__getitem__, brackets[start:start + 4096]), initial=depth))
        deepest, depth = max(deepest, max(levels)), levels[-1]
        if stop is not None and deepest > stop:
            break
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("number out of range")
    return value


def as_text(text: Any, max_chars: int) -> str:
    """Outside input as a str of at most `max_chars` characters: bytes are UTF-8-decoded once their length
    allows it (at most 4 bytes a character); anything else raises JsonInputError ("size" or "syntax")."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > max_chars * 4:
            raise JsonInputError("size", f"larger than {max_chars} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JsonInputError("syntax", "not UTF-8 text") from None
    if type(text) is not str:
        raise JsonInputError("syntax", "not text")
    if len(text) > max_chars:
        raise JsonInputError("size", f"larger than {max_chars} characters")
    return text


def loads(text: str | bytes | bytearray | memoryview, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """Parse outside JSON text within the limits, or raise JsonInputError."""
    text = as_text(text, max_chars)
    if nesting_depth(text, max_depth) > max_depth:
        raise JsonInputError("depth", f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError, MemoryError, TypeError):
        raise JsonInputError("syntax", "not valid JSON") from None


def inflate(data: bytes, max_out: int, wbits: int = zlib.MAX_WBITS) -> bytes:
    """zlib-decompress at most `max_out` bytes; more output, or damaged data, raises JsonInputError."""
    try:
        inflater = zlib.decompressobj(wbits)
        out = inflater.decompress(data, max_out)
        if inflater.unconsumed_tail or len(inflater.decompress(b"", 1)) > 0:
            raise JsonInputError("size", f"decompresses to more than {max_out} bytes")
        if not inflater.eof:
            raise JsonInputError("compressed", "the compressed data is cut short")
    except zlib.error:
        raise JsonInputError("compressed", "the compressed data is damaged") from None
    return out
