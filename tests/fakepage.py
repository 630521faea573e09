"""Stand-ins for the browser modules the page's Python imports (`js`, `pyodide`, `pyodide.ffi`), for tests that
import web/ modules in CPython."""

from __future__ import annotations

import math
import sys
import types
from unittest import mock


def pyodide_modules(**ffi: object) -> dict[str, types.ModuleType]:
    """`pyodide` and `pyodide.ffi` with the given names in ffi (e.g. create_proxy), for sys.modules."""
    module = types.ModuleType("pyodide.ffi")
    for name, value in ffi.items():
        setattr(module, name, value)
    package = types.ModuleType("pyodide")
    package.ffi = module
    return {"pyodide": package, "pyodide.ffi": module}


class FakeStorage:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802 - the DOM's name
        return self.data.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.data[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.data.pop(key, None)


def fake_browser() -> types.ModuleType:
    """A `js` module good enough for the pure parts of the page (no DOM is ever touched for real)."""
    js = mock.MagicMock(name="js")
    js.localStorage = FakeStorage()
    js.document.querySelectorAll.return_value = []
    js.document.activeElement = None
    js.location.hash = ""
    js.location.href = "http://localhost/index.html"
    js.location.search = ""
    js.performance.now.return_value = 1000.0
    js.Math.random.return_value = 0.25
    js.Math.floor.side_effect = math.floor
    js.window.parent = js.window
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.to_js = ffi.create_once_callable = lambda x, **kw: x
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    sys.modules.setdefault("pyodide", pyodide)
    sys.modules.setdefault("pyodide.ffi", ffi)
    sys.modules.setdefault("js", js)
    return sys.modules["js"]
