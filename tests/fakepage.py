"""Stand-ins for the browser modules the page's Python imports (`js`, `pyodide`, `pyodide.ffi`), for tests that
import web/ modules in CPython."""

from __future__ import annotations

import types


def pyodide_modules(**ffi: object) -> dict[str, types.ModuleType]:
    """`pyodide` and `pyodide.ffi` with the given names in ffi (e.g. create_proxy), for sys.modules."""
    module = types.ModuleType("pyodide.ffi")
    for name, value in ffi.items():
        setattr(module, name, value)
    package = types.ModuleType("pyodide")
    package.ffi = module
    return {"pyodide": package, "pyodide.ffi": module}
