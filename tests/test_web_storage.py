"""web/dom.py storage_get in CPython (with a stand-in for the browser's localStorage): stored values go
through the bounded parser, so a poisoned value (deep nesting, junk) reads as empty instead of
crashing the page's Python on every start."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from .fakepage import pyodide_modules

WEB = str(Path(__file__).resolve().parent.parent / "web")


class FakeStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str):  # noqa: N802 (the browser's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


@pytest.fixture()
def dom(monkeypatch):
    storage = FakeStorage()
    fake_js = types.ModuleType("js")
    fake_js.localStorage = storage
    monkeypatch.setitem(sys.modules, "js", fake_js)
    for name, module in pyodide_modules(create_proxy=lambda fn: fn).items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.syspath_prepend(WEB)
    monkeypatch.delitem(sys.modules, "dom", raising=False)
    import dom as module

    yield module, storage
    sys.modules.pop("dom", None)


def test_storage_round_trip_and_poisoned_values(dom):
    module, storage = dom
    module.storage_set("k", {"a": [1, 2, {"b": "c"}]})
    assert module.storage_get("k") == {"a": [1, 2, {"b": "c"}]}
    assert module.storage_get("missing") is None
    for poison in ("[" * 50000 + "]" * 50000, '{"a":' * 40 + "1" + "}" * 40, "{not json", "NaN", "1e999",
                   '"' + '\\"' * 8191, "x" * (module.STORAGE_MAX + 1)):
        storage.items["k"] = poison
        assert module.storage_get("k") is None
    storage.items["k"] = json.dumps([[[[1]]]])
    assert module.storage_get("k") == [[[[1]]]]
