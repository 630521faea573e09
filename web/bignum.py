"""Faster big-number arithmetic for tables dealt by mental poker (py_engine.core.mental_poker).

A 2048-bit modular exponentiation takes about 30 ms with Python's pow() in Pyodide and 15 ms with GMP compiled
to WebAssembly (public/bignum.js, the gmp-wasm package); a Jacobi symbol 2.5 ms and 0.15 ms. A deal makes
hundreds of each, so `attach` gives a seat's `Powers` GMP's versions of the same two functions, once the module
has loaded (`load`, started when a fair table starts or a room link is opened: the home page never loads it).
The module is checked against Python on known values when it loads; if it fails to load or to agree, the
seat keeps Python's functions (slower, same results).
"""

from __future__ import annotations

import asyncio

import js

from py_engine.core import mental_poker as mp

_lib: list = []  # [the loaded module's functions, or None when it could not load]
_loading: list = []


async def load() -> bool:
    """Import public/bignum.js once (a second call waits for the first); True when its functions are in use."""
    if _loading:
        while not _lib:
            await asyncio.sleep(0.02)
    if not _lib:
        _loading.append(True)
        lib = None
        try:
            importer = js.Function.new("u", "return import(u)")
            module = await importer(str(js.URL.new("./bignum.js", js.document.baseURI).href))
            lib = await module.load()
            if not _agrees(lib):
                lib = None
        except Exception:  # no module, no WebAssembly, a failed compile: Python's functions stay
            lib = None
        _lib.append(lib)
    return _lib[0] is not None


def _agrees(lib) -> bool:
    p, x = mp.GROUP14.p, 0x5EED_CAFE_F00D ** 9
    for e in (1, 65537, mp.GROUP14.q - 3):
        if int(str(lib.powm(format(x, "x"), format(e, "x"), format(p, "x"))), 16) != pow(x, e, p):
            return False
    return all(int(lib.jacobi(format(a, "x"), format(p, "x"))) == mp.jacobi(a, p) for a in (x, p - 1, 4))


def power(x: int, e: int, p: int) -> int:
    """x^e mod p (x >= 0, e >= 0, p odd > 1), as pow() gives it."""
    lib = _lib[0] if _lib else None
    if lib is None or x < 0 or e < 0 or p < 3 or not p & 1:
        return pow(x, e, p)
    return int(str(lib.powm(format(x, "x"), format(e, "x"), format(p, "x"))), 16)


def symbol(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0, as mental_poker.jacobi gives it."""
    lib = _lib[0] if _lib else None
    if lib is None or a < 0 or n < 3 or not n & 1:
        return mp.jacobi(a, n)
    return int(lib.jacobi(format(a, "x"), format(n, "x")))


def attach(fair) -> None:
    """Give a fair seat (FairSeatBase) GMP's functions, once the module is loaded; else nothing changes."""
    powers = getattr(fair, "powers", None)
    if powers is not None and _lib and _lib[0] is not None:
        powers.compute, powers.symbol = power, symbol
