"""The one bounded parser for outside input (py_engine.core.safejson) and its use by the net protocol:
size, decompressed size and nesting depth are checked before json.loads, in time linear in the input.
Engine-only, so `python build.py test` also runs it inside Pyodide, where a deep link used to kill
the page ("Maximum call stack size exceeded"). Timing tests compare a hostile input with a benign one
of the same size (a ratio), never with a wall-clock limit."""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine.core import safejson
from py_engine.core.safejson import JsonInputError, inflate, loads, nesting_depth
from py_engine.net import messages
from py_engine.net.messages import ProtocolError

# the 163-character link of issue 14: base64url(zlib('[' * 50000 + ']' * 50000))
DEEP = "[" * 50000 + "]" * 50000
DEEP_LINK = base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")


def b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_the_deep_link_is_refused_before_json_loads():
    assert len(DEEP_LINK) <= 170
    raw = inflate(b64(DEEP_LINK), 2_000_000)
    assert len(raw) == 100_000
    with pytest.raises(JsonInputError) as exc:
        loads(raw, max_chars=2_000_000)
    assert exc.value.code == "depth"
    for text in (DEEP, '{"a":' * 50000 + "1" + "}" * 50000, "[" * 50000, '{"x":[' * 20000):
        with pytest.raises(JsonInputError) as exc:
            loads(text, max_chars=2_000_000)
        assert exc.value.code == "depth"


def test_depth_limit_is_exact_and_strings_do_not_count():
    assert loads("[" * 32 + "]" * 32, max_chars=100) == json.loads("[" * 32 + "]" * 32)
    with pytest.raises(JsonInputError):
        loads("[" * 33 + "]" * 33, max_chars=100)
    assert loads(json.dumps(["[" * 500, "{" * 500, '\\"[[[' * 100]), max_chars=10_000)[0] == "[" * 500
    cases = {"": 0, "1": 0, "[]": 1, '[[1],{"a":[2]}]': 3, '"[[["': 0, '["]]]", [[]]]': 3, '["\\"[[", [1]]': 2,
             '[[["abc': 3, "[[[\\": 3, '{"a":"\\\\"}': 1, '["\\\\\\"[", [[[]]]]': 4, '"' + '\\"' * 100: 0}
    for text, depth in cases.items():
        assert nesting_depth(text) == depth, text


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9', max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=25))
def test_depth_agrees_with_the_parsed_value(value):
    def depth(v):
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        return 0

    text = json.dumps(value)
    assert nesting_depth(text) == depth(value)
    assert loads(text, max_chars=len(text)) == value


def test_sizes_numbers_and_junk_give_json_input_errors():
    bad = {"size": ["x" * 101, b"x" * 500], "syntax": ["", "{", "NaN", "[Infinity]", "1e999", "[-1e400]", "1" * 5000,
                                                      b"\xff\xfe", "\ud800", "[1,]", "{'a':1}"]}
    for code, texts in bad.items():
        for text in texts:
            with pytest.raises(JsonInputError) as exc:
                loads(text, max_chars=100 if code == "size" else 10_000)
            assert exc.value.code == code, text
    with pytest.raises(JsonInputError):
        loads(None, max_chars=10)  # type: ignore[arg-type]
    assert loads(b'{"a": [1, 2.5, "\\u00e9"]}', max_chars=100) == {"a": [1, 2.5, "\u00e9"]}


def test_inflate_is_bounded():
    bomb = zlib.compress(b" " * 20_000_000, 9)
    assert len(bomb) < 30_000
    with pytest.raises(JsonInputError) as exc:
        inflate(bomb, 2_000_000)
    assert exc.value.code == "size"
    with pytest.raises(JsonInputError) as exc:
        inflate(zlib.compress(b"[1,2,3]" * 100)[:-6], 10_000)
    assert exc.value.code == "compressed"
    with pytest.raises(JsonInputError):
        inflate(b"not zlib at all", 10_000)
    assert inflate(zlib.compress(b"x" * 1000), 1000) == b"x" * 1000


def best_time(fn, text, reps: int = 4) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(reps):
            fn(text)
        best = min(best, time.perf_counter() - start)
    return best


def refuse(parse):
    def run(text):
        try:
            parse(text)
        except (ProtocolError, JsonInputError):
            pass
    return run


ARRAY = "[" + "1," * 29999 + "1]"  # benign, valid 60 KB message bodies
PAIRS = "[" + "[1]," * 14999 + "[1]]"
STRINGS = json.dumps(["a"] * 12000)  # 12 000 short strings, like a record's moves


@pytest.mark.parametrize("hostile,benign", [
    ('"' + '\\"' * 8191, '"' + "ab" * 8191),  # the input: was quadratic (0.8-2 s CPython, 5.6 s Pyodide)
    ('"' + '\\"' * 32767, '"' + "ab" * 32767),  # a 64 KB host message (hung a guest 29 s)
    ('["' + '\\"' * 30000 + '", ' + "[" * 40 + "]" * 40 + "]", '["' + "ab" * 30000 + '", ' + "[1]" * 40 + "]"),
    ("[" * 60000, PAIRS),
    ("[]" * 30000, PAIRS),
    ('"a"' * 20000, STRINGS),
], ids=["issue", "64k", "escapes-then-deep", "open-brackets", "pairs", "many-strings"])
def test_hostile_inputs_take_time_linear_in_their_size(hostile, benign):
    assert abs(len(hostile) - len(benign)) < len(benign) // 10
    for parse in (lambda t: messages.parse_host(t), lambda t: loads(t, max_chars=1_000_000), nesting_depth):
        slow, fast = best_time(refuse(parse), hostile), best_time(refuse(parse), benign)
        assert slow < 25 * fast, (slow, fast)  # quadratic would be hundreds of times slower


def test_net_messages_use_the_bounded_parser():
    for text in ("[" * 100000, DEEP, '{"v":1,"t":"ping","n":' + "[" * 40 + "1" + "]" * 40 + "}"):
        for parse in (messages.parse_guest, messages.parse_host):
            with pytest.raises(ProtocolError) as exc:
                parse(text)
            assert exc.value.code in ("malformed", "size")
    assert messages.nesting_depth is safejson.nesting_depth
    with pytest.raises(ProtocolError) as exc:
        messages.parse_host('{"v":1,"t":"ping","n":1e999}')
    assert exc.value.code == "malformed"
